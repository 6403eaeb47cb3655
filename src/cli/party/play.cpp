// `broadside play party`: you place a fleet, bots take the other seats, and the program is the
// host, firing the torpedoes with a short pause (or on Enter). Everything shown comes from your
// seat's observation and the public events.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include <unistd.h>

#include "ai/party/bot.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/party/play.h"
#include "cli/play_input.h"
#include "games/party/board.h"

namespace broadside::cli {

namespace {

constexpr int kMe = 1;

struct PlayArgs {
    int players = 4;
    std::string edition = "rainbow";
    std::uint64_t seed = 0;
    bool has_seed = false;
    int pause_ms = 700;
    bool on_enter = false;
    std::string save;
};

bool read_line(std::istream& in, std::ostream& out, const PartyPlaySettings& s, std::string& line) {
    out << std::flush;
    if (!std::getline(in, line)) return false;
    if (s.echo_input) out << line << "\n";
    return true;
}

std::string seat_list(const nlohmann::json& seats, std::size_t most = 10) {
    std::string text;
    std::size_t shown = 0;
    for (const auto& seat : seats) {
        if (shown == most) {
            text += " and " + std::to_string(seats.size() - most) + " more";
            break;
        }
        text += (text.empty() ? "" : ", ") +
                (seat.get<int>() == kMe ? std::string("you") : "player " + seat.dump());
        ++shown;
    }
    return text.empty() ? "nobody" : text;
}

bool contains_me(const nlohmann::json& seats) {
    for (const auto& s : seats) {
        if (s.get<int>() == kMe) return true;
    }
    return false;
}

// Asks for the fleet ship by ship; returns the place action, or null if the player quit.
nlohmann::json ask_fleet(std::istream& in, std::ostream& out, const PartyPlaySettings& s,
                         const party::RandomPlacer& placer, Rng& rng) {
    using namespace party;
    out << "Place your fleet on the 6x6 sea (columns A-F, rows 1-6): a cell and a direction for "
           "each ship, e.g. \"A1 right\" (along row 1) or \"C3 down\" (down column C).\n"
           "\"auto\" places the whole fleet at random; \"quit\" leaves.\n";
    nlohmann::json ships = nlohmann::json::array();
    CellMask used = 0;
    for (int i = 0; i < kShips;) {
        const auto idx = static_cast<std::size_t>(i);
        out << ship_names()[idx] << " (" << kShipLengths[idx] << "): ";
        std::string line;
        if (!read_line(in, out, s, line)) return nullptr;
        const auto cmd = command_of(line);
        if (cmd == PlayCommand::kQuit) return nullptr;
        if (cmd == PlayCommand::kAuto) return placer.place_action(rng);
        auto p = parse_placement(trim(line));
        if (!p) {
            out << "  " << p.error().message << "\n";
            continue;
        }
        const CellMask m = ship_mask(*p, i);
        if (m == 0) {
            out << "  The " << ship_names()[idx] << " does not fit there: the sea is A1 to F6.\n";
            continue;
        }
        if (m & used) {
            out << "  That overlaps a ship you have placed.\n";
            continue;
        }
        used |= m;
        ships.push_back(placement_name(*p));
        ++i;
    }
    return {{"type", "place"}, {"ships", ships}};
}

void narrate(const nlohmann::json& e, std::ostream& out) {
    const std::string type = e["type"];
    if (type == "torpedo") {
        const std::string results = e["results"];
        const char mine = results[static_cast<std::size_t>(kMe)];
        const auto& c = e["counts"];
        out << "Torpedo " << e["number"].get<int>() << " of 30 has hit square "
            << e["cell"].get<std::string>() << ": you "
            << (mine == 'm'   ? "miss"
                : mine == 'h' ? "HIT"
                              : "SUNK")
            << ".  All players: " << c["miss"].get<int>() << " miss, " << c["hit"].get<int>()
            << " hit, " << c["sunk"].get<int>() << " sunk\n";
    } else if (type == "count") {
        out << "\nAll 30 torpedoes are fired. The most ships afloat: " << e["most"].get<int>()
            << ".\n";
    } else if (type == "tiebreak_starts") {
        out << "Tiebreak between " << e["players"].size() << " players: " << seat_list(e["players"])
            << ". The 6 remaining torpedoes are SUPER torpedoes: a player whose ship is hit is "
               "eliminated at once; the last one eliminated wins.\n";
        if (contains_me(e["players"])) out << "You are in the tiebreak.\n";
    } else if (type == "super_torpedo") {
        out << "Super torpedo " << e["number"].get<int>() << " of 6 hits "
            << e["cell"].get<std::string>() << ": eliminated " << seat_list(e["eliminated"]) << "; "
            << e["remaining"].size() << " still in\n";
    } else if (type == "game_over") {
        const auto& w = e["winners"];
        const std::string how = e["how"];
        out << "\nGame over: ";
        if (w.size() == 1) {
            out << (w[0].get<int>() == kMe ? "you win" : "player " + w[0].dump() + " wins");
        } else {
            out << seat_list(w) << " share the win";
        }
        if (how == "most_afloat") out << " with the most ships afloat.\n";
        if (how == "last_standing") out << ": the last one left in the tiebreak.\n";
        if (how == "eliminated_together") {
            out << ": the last ones eliminated, by the same super torpedo.\n";
        }
        if (how == "survived_all_six") out << ": still in after all six super torpedoes.\n";
    }
}

}  // namespace

int run_party_session(Match& match, const PartyPlaySettings& s, std::istream& in,
                      std::ostream& out) {
    const party::RandomPlacer placer;
    const int seats = match.seat_count();
    out << "Rainbow & European Battleships (" << match.options()["edition"].get<std::string>()
        << "), " << seats - 1 << " player(s); you are player 1. Seed " << s.seed << ".\n";
    Rng my_rng(party::bot_seed(s.seed, kMe));
    const auto mine = ask_fleet(in, out, s, placer, my_rng);
    if (mine.is_null()) {
        out << "Bye.\n";
        return kExitOk;
    }
    if (auto r = match.act(kMe, mine); !r) throw std::runtime_error(r.error().message);
    for (int seat = 2; seat < seats; ++seat) {
        Rng rng(party::bot_seed(s.seed, seat));
        if (auto r = match.act(seat, party::bot_action(match.legal_actions(seat), placer, rng));
            !r) {
            throw std::runtime_error(r.error().message);
        }
    }
    out << "\nEvery fleet is placed. Your sea:\n"
        << render_party_board(match.observation(kMe), s.colour);
    bool input_open = true;
    while (!match.is_over()) {
        if (s.on_enter && input_open) {
            out << "[Enter] to fire the next torpedo, \"quit\" to leave: ";
            std::string line;
            input_open = read_line(in, out, s, line);
            if (input_open && command_of(line) == PlayCommand::kQuit) break;
        } else if (s.pause_ms > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(s.pause_ms));
        }
        auto events = match.act(0, {{"type", "fire"}});
        if (!events) throw std::runtime_error(events.error().message);
        out << "\n";
        for (const auto& e : *events) narrate(e, out);
        const auto obs = match.observation(kMe);
        out << render_party_board(obs, s.colour) << render_party_scoreboard(obs, kMe);
    }
    if (!match.is_over()) out << "You left the party.\n";
    if (!s.save_path.empty()) {
        write_record(s.save_path, match.record_unchecked());
        out << "Record saved to " << s.save_path << ".\n";
    }
    return kExitOk;
}

namespace {

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

int run_play(const PlayArgs& args) {
    const nlohmann::json options{
        {"players", args.players}, {"edition", args.edition}, {"host", "person"}};
    PartyPlaySettings settings;
    settings.seed = args.has_seed ? args.seed : fresh_seed();
    auto match = Match::create("party", options, settings.seed);
    if (!match) throw UsageError(match.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    settings.pause_ms = std::max(0, args.pause_ms);
    settings.on_enter = args.on_enter;
    settings.save_path = args.save;
    const char* no_colour = std::getenv("NO_COLOR");
    settings.colour = stdout_is_terminal() && (no_colour == nullptr || *no_colour == '\0');
    settings.echo_input = isatty(STDIN_FILENO) == 0;
    return run_party_session(*match, settings, std::cin, std::cout);
}

}  // namespace

void add_play_party(CLI::App& play, Runner& run) {
    auto args = std::make_shared<PlayArgs>();
    auto* cmd = play.add_subcommand(
        "party", "Rainbow Armada / European Navy: survive the host's 30 torpedoes");
    cmd->footer(
        "You are player 1; bots place fleets for the others and the program fires as the host. "
        "Place each ship with 'A1 right' or 'C3 down' (columns A-F, rows 1-6), or 'auto'.");
    cmd->add_option("--players", args->players, "Players, you included")
        ->check(CLI::Range(1, 100'000))
        ->capture_default_str();
    cmd->add_option("--edition", args->edition,
                    "rainbow (Rainbow Armada) or european (European Navy)")
        ->check(CLI::IsMember({"rainbow", "european"}))
        ->capture_default_str();
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and fleet give the same match (default: a "
                                 "fresh one, printed)");
    cmd->add_option("--pause-ms", args->pause_ms, "Pause between torpedoes, in milliseconds")
        ->capture_default_str();
    cmd->add_flag("--enter", args->on_enter, "Fire each torpedo when you press Enter");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end");
    cmd->callback([args, seed, &run] {
        args->has_seed = seed->count() > 0;
        run = [args] { return run_play(*args); };
    });
}

}  // namespace broadside::cli

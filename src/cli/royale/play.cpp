// `broadside play royale`: you (seat 0) against N-1 built-in bots on one shared grid.
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include <unistd.h>

#include "ai/royale/bot.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/royale/common.h"
#include "cli/royale/render.h"
#include "games/royale/instance.h"
#include "match/match.h"

namespace broadside::cli {

namespace {

struct RoyalePlayArgs {
    RoyaleFlags flags;
    std::string bot = royale::default_bot_name();
    std::uint64_t seed = 0;
    bool has_seed = false;
    std::string save;
};

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// A typed command as a protocol action, or an error sentence.
Result<json> command_action(const std::vector<std::string>& w, const json& observation) {
    const std::string& verb = w[0];
    auto upper = [](std::string s) {
        for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        return s;
    };
    if (verb == "discard") {
        json cards = json::array();
        for (std::size_t i = 1; i < w.size(); ++i) cards.push_back(upper(w[i]));
        return json{{"type", "discard"}, {"cards", cards}};
    }
    if (verb == "roll" || verb == "end") return json{{"type", verb}};
    if (verb == "sonar") {
        if (w.size() < 2) return make_error("usage", "Name a row or column: sonar C, sonar 7.");
        json a{{"type", "sonar"}, {"line", w[1]}};
        if (w.size() > 2) a["source"] = w[2];
        return a;
    }
    if (verb == "fire" || verb == "bonus") {
        json a{{"type", verb}, {"cells", json::array()}};
        for (std::size_t i = 1; i < w.size(); ++i) {
            // A claimed card's id names the bonus card.
            bool is_card = false;
            if (verb == "bonus") {
                for (const auto& c :
                     observation["seats"][observation["seat"].get<int>()]["claimed"]) {
                    if (c["id"] == upper(w[i])) is_card = true;
                }
            }
            if (is_card) {
                a["card"] = upper(w[i]);
            } else {
                a["cells"].push_back(w[i]);
            }
        }
        if (a["cells"].empty())
            return make_error("usage", "Name the coordinates: " + verb + " A9.");
        return a;
    }
    return make_error("usage", "Unknown command \"" + verb + "\"; type help.");
}

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

int run_royale_play(const RoyalePlayArgs& args) {
    const json options = royale_options_json(args.flags);
    if (auto b = royale::make_bot(args.bot); !b) throw UsageError(b.error().message);
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    auto created = Match::create("royale", options, seed);
    if (!created) throw UsageError(created.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    Match match = std::move(*created);
    const auto& game = dynamic_cast<const royale::RoyaleGame&>(match.instance());
    const int me = 0;
    std::vector<std::unique_ptr<royale::Bot>> bots;
    std::vector<Rng> rngs;
    for (int s = 0; s < match.seat_count(); ++s) {
        bots.push_back(std::move(royale::make_bot(args.bot).value()));
        rngs.emplace_back(royale::bot_seed(seed, s));
    }
    std::ostream& out = std::cout;
    out << "Battleship Royale (" << args.flags.mode << "), " << match.seat_count()
        << " players: you are seat 0, seats 1-" << match.seat_count() - 1 << " are '" << args.bot
        << "' bots. Seed " << seed << ". Type help for the commands.\n\n";
    std::int64_t seen = 0;
    auto show_events = [&] {
        for (const auto& e : match.events_for(me, seen)) out << narrate_royale(e, me) << "\n";
        seen = match.last_event_number();
    };
    auto save = [&] {
        if (args.save.empty()) return;
        write_record(args.save, match.record_unchecked());
    };
    bool show_board = true;
    const bool echo = isatty(STDIN_FILENO) == 0;
    while (!match.is_over()) {
        const auto to_act = match.seats_to_act();
        // Bots act first; in the discard phase they choose before you (unseen).
        int bot_seat = -1;
        for (int s : to_act)
            if (s != me) bot_seat = s;
        if (bot_seat >= 0) {
            const auto obs = game.observe_seat(bot_seat);
            const json action =
                royale::to_json(bots[bot_seat]->choose(obs, rngs[bot_seat]), obs.deck());
            auto r = match.act(bot_seat, action);
            if (!r) throw std::logic_error("a bot's action was rejected: " + r.error().message);
            show_board = true;
            continue;
        }
        show_events();
        const json observation = match.observation(me);
        if (show_board) {
            out << "\n" << render_royale(observation);
            show_board = false;
        }
        const json legal = match.legal_actions(me);
        std::string can;
        for (const auto& a : legal["actions"])
            can += (can.empty() ? "" : ", ") + a["type"].get<std::string>();
        out << "\n[" << can << "] > " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            out << "\nInput ended; the game is left unfinished.\n";
            save();
            return kExitOk;
        }
        if (echo) out << line << "\n";  // a transcript of piped input reads like a session
        const auto w = words(line);
        if (w.empty()) continue;
        if (w[0] == "quit" || w[0] == "exit") {
            out << "You left the game.\n";
            save();
            return kExitOk;
        }
        if (w[0] == "help") {
            out << royale_help();
            continue;
        }
        if (w[0] == "board") {
            show_board = true;
            continue;
        }
        auto action = command_action(w, observation);
        if (!action) {
            out << action.error().message << "\n";
            continue;
        }
        auto r = match.act(me, *action);
        if (!r) {
            out << r.error().message << "\n";
            continue;
        }
        show_board = true;
    }
    show_events();
    out << "\n" << render_royale(match.observation(me));
    const json hands = match.instance().reveal()["hands"];
    out << "\nThe hands were:\n";
    for (std::size_t s = 0; s < hands.size(); ++s) {
        out << "  seat " << s << ": kept " << hands[s]["kept"].dump() << ", discarded "
            << hands[s]["discarded"].dump() << "\n";
    }
    save();
    return kExitOk;
}

}  // namespace

void add_play_royale(CLI::App& play, Runner& run) {
    auto args = std::make_shared<RoyalePlayArgs>();
    auto* cmd = play.add_subcommand("royale", "Battleship Royale: you and N-1 bots on one grid");
    cmd->footer(
        "You are seat 0. Choose discards with 'discard S03 S17', then 'fire A9' (Advanced: "
        "'sonar C', 'roll', 'fire A9 B9 C3'). Type 'help' during the game for every command.");
    cmd->add_option("--bot", args->bot, "The bots' kind: random or royale")->capture_default_str();
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and moves give the same game (default: "
                                 "a fresh one, printed)");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end (or on quit)");
    add_royale_flags(*cmd, args->flags);
    cmd->callback([args, seed, &run] {
        args->has_seed = seed->count() > 0;
        run = [args] { return run_royale_play(*args); };
    });
}

}  // namespace broadside::cli

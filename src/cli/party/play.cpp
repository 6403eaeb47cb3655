// `broadside play party`: you place a fleet, bots take the other seats, and the program is the
// host, firing the torpedoes with a short pause (or on Enter). Everything shown comes from your
// seat's observation and the public events.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "ai/party/bot.h"
#include "cli/classic/play_render.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "cli/leave_prompt.h"
#include "cli/party/host.h"
#include "cli/party/play.h"
#include "cli/play_input.h"
#include "cli/seat_names.h"
#include "games/party/board.h"
#include "games/party/options.h"
#include "seats/bot_registry.h"

namespace broadside::cli {

namespace {

constexpr int kMe = 1;

struct PlayArgs {
    int players = 4;
    std::string edition = "rainbow";
    std::uint64_t seed = 0;
    bool has_seed = false;
    int pause_ms = 700;
    bool pause_given = false;
    bool on_enter = false;
    bool host = false;
    std::string save;
    std::string resume;  // FILE: go on with the unfinished game saved there
    PeopleFlags people;
};

std::string seats_text(const nlohmann::json& seats, int me, const std::vector<std::string>& names,
                       std::size_t most = 10) {
    std::string text;
    std::size_t shown = 0;
    for (const auto& seat : seats) {
        if (shown == most) {
            text += " and " + std::to_string(seats.size() - most) + " more";
            break;
        }
        const int k = seat.get<int>();
        text += (text.empty() ? "" : ", ") +
                (k == me ? std::string("you")
                 : k < static_cast<int>(names.size()) && !names[static_cast<std::size_t>(k)].empty()
                     ? names[static_cast<std::size_t>(k)]
                     : "player " + seat.dump());
        ++shown;
    }
    return text.empty() ? "nobody" : text;
}

bool contains(const nlohmann::json& seats, int me) {
    for (const auto& s : seats) {
        if (s.get<int>() == me) return true;
    }
    return false;
}

void say(std::ostream& out, const std::string& text) {
    for (const auto& line : wrap(text, 78)) out << line << "\n";
}

std::string draft_board(const std::vector<std::string>& placements) {
    return render_party_draft(placements);
}

}  // namespace

std::string render_party_draft(const std::vector<std::string>& placements) {
    using namespace party;
    std::array<char, kCells> cells;
    cells.fill('.');
    for (std::size_t i = 0; i < placements.size(); ++i) {
        auto p = parse_placement(placements[i]);
        if (!p) continue;
        const CellMask m = ship_mask(*p, static_cast<int>(i));
        for (int c = 0; c < kCells; ++c) {
            if (m >> c & 1U) cells[static_cast<std::size_t>(c)] = kPartyShipLetters[i];
        }
    }
    std::string text = "     A B C D E F\n";
    for (int r = 0; r < kSide; ++r) {
        text += "  " + std::to_string(r + 1) + " ";
        for (int c = 0; c < kSide; ++c)
            text += std::string(" ") + cells[static_cast<std::size_t>(r * kSide + c)];
        text += "\n";
    }
    return text;
}

namespace {

// A placement of the next ship that is valid now (for `help`): the first cell where it fits the
// way a cell alone runs, else the first where it fits the other way.
std::string example_placement(const std::vector<std::string>& ships, bool across) {
    using namespace party;
    const int next = static_cast<int>(ships.size());
    CellMask used = 0;
    for (int i = 0; i < next; ++i) {
        used |= ship_mask(*parse_placement(ships[static_cast<std::size_t>(i)]), i);
    }
    for (const char* way : {across ? "right" : "down", across ? "down" : "right"}) {
        for (int r = 0; r < kSide; ++r) {
            for (int c = 0; c < kSide; ++c) {
                const std::string text =
                    std::string(1, static_cast<char>('A' + c)) + std::to_string(r + 1) + " " + way;
                const auto p = parse_placement(text);
                if (!p) continue;
                const CellMask m = ship_mask(*p, next);
                if (m != 0 && (m & used) == 0) return text;
            }
        }
    }
    return "A1 right";
}

// Asks for the fleet ship by ship (undo, rotate, auto then ok or again); returns the place
// action, or null if the player leaves.
nlohmann::json ask_fleet(Console& console, const party::RandomPlacer& placer, Rng& rng,
                         const std::string& save_path) {
    using namespace party;
    std::ostream& out = console.out();
    say(out,
        "Place your fleet on the 6x6 sea (columns A-F, rows 1-6): a cell and a direction for "
        "each ship, e.g. \"A1 right\" (along row 1) or \"C3 down\" (down column C); a cell "
        "alone runs right (rotate turns that). auto places the remaining ships at random, "
        "undo takes back a ship, quit leaves.");
    std::vector<std::string> ships;
    bool across = true;
    while (static_cast<int>(ships.size()) < kShips) {
        const auto idx = ships.size();
        auto answer =
            console.ask(ship_names()[idx] + " (" + std::to_string(kShipLengths[idx]) + "): ");
        if (!answer) return nullptr;
        const std::string line = trim(*answer);
        const auto cmd = command_of(line);
        if (cmd == PlayCommand::kQuit) {
            if (confirm_leave(console, save_path)) return nullptr;
            continue;
        }
        if (cmd == PlayCommand::kHelp) {
            // The example is one the ship fits now; its cell alone fits too when it runs the
            // way a cell alone does.
            const std::string example = example_placement(ships, across);
            const std::string cell = example.substr(0, example.find(' '));
            const std::string way = across ? "right" : "down";
            say(out, example + " places the " + ship_names()[idx] + "; " +
                         (example == cell + " " + way ? cell : std::string("a cell")) +
                         " alone runs " + way + "; rotate, undo, auto, board, quit.");
            continue;
        }
        if (cmd == PlayCommand::kBoard) {
            out << draft_board(ships);
            continue;
        }
        if (cmd == PlayCommand::kRotate) {
            across = !across;
            say(out, std::string("A ship given by its cell alone now runs ") +
                         (across ? "right." : "down."));
            continue;
        }
        if (cmd == PlayCommand::kUndo) {
            if (ships.empty()) {
                say(out, "  There is no ship to take back yet.");
            } else {
                ships.pop_back();
                out << draft_board(ships);
            }
            continue;
        }
        if (cmd == PlayCommand::kAuto) {
            // The remaining ships at random around the ones placed, shown, then kept or drawn
            // again.
            std::vector<Placement> placed;
            for (const auto& s : ships) placed.push_back(parse_placement(s).value());
            while (true) {
                const auto layout = placer.complete(placed, rng);
                if (!layout) {
                    say(out,
                        "  The remaining ships do not fit around the ones you placed; type "
                        "undo to take some back, or place them yourself.");
                    break;
                }
                nlohmann::json action{{"type", "place"}, {"ships", nlohmann::json::array()}};
                std::vector<std::string> drawn;
                for (const auto& p : *layout) {
                    drawn.push_back(placement_name(p));
                    action["ships"].push_back(drawn.back());
                }
                out << draft_board(drawn);
                // ok keeps it, again draws another, undo keeps all but the last ship (to place
                // by hand), quit asks first; anything else asks again (as classic's auto does).
                enum class Next { kKeep, kAgain, kUndo, kLeave } next = Next::kAgain;
                while (true) {
                    auto keep = console.ask("Keep this fleet? ok, or again for another: ");
                    if (!keep) return nullptr;
                    const std::string word = lower(trim(*keep));
                    if (word == "ok" || word == "yes" || word == "y" || word == "o") {
                        next = Next::kKeep;
                    } else if (word == "again" || word == "a" ||
                               command_of(word) == PlayCommand::kAuto) {
                        next = Next::kAgain;
                    } else if (command_of(word) == PlayCommand::kUndo) {
                        next = Next::kUndo;
                    } else if (command_of(word) == PlayCommand::kQuit) {
                        if (!confirm_leave(console, save_path)) continue;
                        next = Next::kLeave;
                    } else {
                        say(out,
                            "  Type ok to keep this fleet, again for another, or undo to place "
                            "the last ship yourself.");
                        continue;
                    }
                    break;
                }
                if (next == Next::kKeep) return action;
                if (next == Next::kLeave) return nullptr;
                if (next == Next::kUndo) {
                    drawn.pop_back();
                    ships = drawn;
                    out << draft_board(ships);
                    break;
                }
            }
            continue;
        }
        std::string text = line;
        if (parse_cell(text)) text += across ? " right" : " down";
        auto p = parse_placement(text);
        if (!p) {
            say(out, "  " + p.error().message);
            continue;
        }
        const CellMask m = ship_mask(*p, static_cast<int>(idx));
        if (m == 0) {
            say(out, "  The " + ship_names()[idx] + " does not fit there: the sea is A1 to F6.");
            continue;
        }
        CellMask used = 0;
        for (std::size_t i = 0; i < ships.size(); ++i) {
            used |= ship_mask(*parse_placement(ships[i]), static_cast<int>(i));
        }
        if (m & used) {
            say(out, "  That overlaps a ship you have placed.");
            continue;
        }
        ships.push_back(placement_name(*p));
        out << draft_board(ships);
    }
    return {{"type", "place"}, {"ships", ships}};
}

std::string call_word(char result) {
    return result == 'm' ? "miss" : result == 'h' ? "HIT" : "SUNK";
}

// One event in words. `me` is the seat shown as "you" (-1 on a screen for everyone, where each
// person's result is given by name: the players call theirs out loud in the room anyway).
void narrate(const nlohmann::json& e, int me, const std::vector<std::string>& names,
             std::ostream& out, int people) {
    const std::string type = e["type"];
    const auto seat_list = [&](const nlohmann::json& seats) {
        return seats_text(seats, me, names);
    };
    const auto contains_me = [&](const nlohmann::json& seats) {
        return me >= 0 && contains(seats, me);
    };
    // Protocol 2 (docs/protocol.md): a seat's view has its own result ("you", "you_tied",
    // "you_won") and lists of seats only at small tables (null beyond, with counts); the full
    // events of a local screen have every result.
    const auto listed = [](const nlohmann::json& seats) {
        return seats.is_array() ? seats : nlohmann::json::array();
    };
    const auto count_of = [&](const char* list, const char* count) {
        return e.contains(list) && e[list].is_array() ? static_cast<int>(e[list].size())
                                                      : e.value(count, 0);
    };
    if (type == "torpedo") {
        const std::string results = e.value("results", "");
        const auto& c = e["counts"];
        out << "Torpedo " << e["number"].get<int>() << " of 30 has hit square "
            << e["cell"].get<std::string>() << ": ";
        if (me >= 0 && e.contains("you")) {
            out << "you " << e["you"].get<std::string>();
        } else if (me >= 0 && static_cast<std::size_t>(me) < results.size()) {
            out << "you " << call_word(results[static_cast<std::size_t>(me)]);
        } else {
            bool first = true;
            for (std::size_t k = 1; k < names.size() && k < results.size(); ++k) {
                if (names[k].empty() || (people >= 0 && static_cast<int>(k) > people)) continue;
                out << (first ? "" : ", ") << names[k] << " " << call_word(results[k]);
                first = false;
            }
        }
        out << ".  All players: " << c["miss"].get<int>() << " miss, " << c["hit"].get<int>()
            << " hit, " << c["sunk"].get<int>() << " sunk\n";
    } else if (type == "count") {
        out << "\nAll 30 torpedoes are fired. The most ships afloat: " << e["most"].get<int>()
            << ".\n";
    } else if (type == "tiebreak_starts") {
        const auto players = listed(e["players"]);
        out << "Tiebreak between " << count_of("players", "tied_count") << " players";
        if (!players.empty()) out << ": " << seat_list(players);
        out << ". The 6 remaining torpedoes are SUPER torpedoes: a player whose ship is hit is "
               "eliminated at once; the last one eliminated wins.\n";
        if (e.value("you_tied", false) || contains_me(players)) out << "You are in the tiebreak.\n";
    } else if (type == "super_torpedo") {
        const auto eliminated = listed(e["eliminated"]);
        out << "Super torpedo " << e["number"].get<int>() << " of 6 hits "
            << e["cell"].get<std::string>() << ": eliminated "
            << (eliminated.empty() && e.value("eliminated_count", 0) > 0
                    ? std::to_string(e.value("eliminated_count", 0)) +
                          (e.value("eliminated_count", 0) == 1 ? " player" : " players")
                    : seat_list(eliminated))
            << "; " << count_of("remaining", "remaining_count") << " still in\n";
        if (e.value("you", "") == "eliminated") out << "You are eliminated.\n";
    } else if (type == "game_over") {
        const auto w = listed(e["winners"]);
        const int winners = count_of("winners", "winners_count");
        const std::string how = e["how"];
        out << "\nGame over: ";
        if (e.value("you_won", false) && winners == 1) {
            out << "you win";
        } else if (winners == 1 && !w.empty()) {
            out << (w[0].get<int>() == me ? std::string("you win") : seat_list(w) + " wins");
        } else if (winners == 0) {
            out << "nobody wins";
        } else {
            out << (w.empty() ? std::to_string(winners) + " players" : seat_list(w))
                << (e.value("you_won", false) ? " (you among them)" : "") << " share the win";
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

namespace {

// `look NAME`: NAME's own sea, behind a pass screen to them and a pass screen back to everyone.
void look(const Match& match, const std::vector<std::string>& names, const std::string& who,
          const PartyPlaySettings& s, Console& console) {
    int seat = -1;
    for (std::size_t k = 1; k < names.size(); ++k) {
        if (!names[k].empty() && lower(names[k]) == lower(who)) seat = static_cast<int>(k);
    }
    if (seat < 0) {
        std::string list;
        for (const auto& n : names) {
            if (!n.empty()) list += (list.empty() ? "" : ", ") + n;
        }
        console.out() << "Whose sea? Say look and a name: " << list << ".\n";
        return;
    }
    if (!console.pass_to(names[static_cast<std::size_t>(seat)])) return;
    console.set_player(seat);
    console.out() << names[static_cast<std::size_t>(seat)] << "'s sea:\n"
                  << render_party_board(match.observation(seat), s.colour);
    console.ask("Enter hides it: ");
    console.pass_to("everyone");
}

// One person's fleet, behind their own pass screen when several share the terminal. Null if
// they leave.
nlohmann::json place_for(int seat, const std::string& name, bool hot_seat,
                         const PartyPlaySettings& s, const party::RandomPlacer& placer,
                         Console& console) {
    if (hot_seat) {
        if (!console.pass_to(name)) return nullptr;
        console.set_player(seat);
        console.out() << name << ", place your fleet where nobody else can see.\n";
    }
    Rng rng(party::bot_seed(s.seed, seat));
    return ask_fleet(console, placer, rng, s.save_path);
}

}  // namespace

void narrate_party(const nlohmann::json& event, int me, const std::vector<std::string>& names,
                   std::ostream& out, int people) {
    // Wrapped to 80 columns: a call with every person's result by name runs long.
    std::ostringstream text;
    narrate(event, me, names, text, people);
    std::istringstream lines(text.str());
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) {
            out << "\n";
            continue;
        }
        for (const auto& part : wrap(line, 78)) out << part << "\n";
    }
}

namespace {

void say_left(std::ostream& out, bool interrupted, bool hot_seat) {
    out << (interrupted ? "Interrupted. " : "")
        << (hot_seat ? "The party was left.\n" : "You left the party.\n");
}

// With --save: the record as it stands (finished or not), with what `play --resume` needs
// beyond the match: who sat where (`seats`: each seat's name, the host is seat 0, for `replay`).
void save_party(std::ostream& out, const Match& match, const PartyPlaySettings& s,
                const std::vector<std::string>& names, bool hot_seat) {
    if (s.save_path.empty()) return;
    nlohmann::json record = match.is_over() ? match.record().value() : match.record_unchecked();
    nlohmann::json seat_names = names;
    seat_names[0] = "the host";
    if (!hot_seat) seat_names[kMe] = "You";
    record["play"] = {
        {"names", s.names}, {"enter", s.on_enter}, {"pause_ms", s.pause_ms}, {"seats", seat_names}};
    write_record(s.save_path, record);
    out << "Saved the " << (match.is_over() ? "" : "unfinished ") << "game record to "
        << s.save_path << ".\n";
}

}  // namespace

int run_party_session(Match& match, const PartyPlaySettings& s, Console& console) {
    const party::RandomPlacer placer;
    std::ostream& out = console.out();
    const int seats = match.seat_count();
    const int people = static_cast<int>(s.names.size());
    const bool hot_seat = people > 1;
    // Seat k (1..people) is a person; the rest are bots. Seat 0 is the host: this program.
    std::vector<std::string> names(static_cast<std::size_t>(seats), "");
    for (int p = 0; p < people; ++p)
        names[static_cast<std::size_t>(p + 1)] = s.names[static_cast<std::size_t>(p)];
    // Every bot has a short name of its own: "Bot 1" is the first seat after the people.
    for (int seat = people + 1; seat < seats; ++seat) {
        names[static_cast<std::size_t>(seat)] = bot_seat_name(seat - people);
    }
    // The edition's own name, as README.md and the printed sheet call it.
    const auto edition = match.options()["edition"] == "european" ? party::Edition::kEuropean
                                                                  : party::Edition::kRainbow;
    say(out, party::edition_name(edition) + ", " + std::to_string(seats - 1) +
                 (seats - 1 == 1 ? " player" : " players") + "; " +
                 (hot_seat ? "people at seats 1 to " + std::to_string(people)
                           : std::string("you are player 1")) +
                 ". Seed " + std::to_string(s.seed) + ".");
    const auto still_to_place = [&](int seat) {
        const auto to_act = match.seats_to_act();
        return std::find(to_act.begin(), to_act.end(), seat) != to_act.end() &&
               match.observation(0)["phase"] == "placement";
    };
    if (match.last_event_number() > 0)
        out << "Resumed: the game goes on from where it was saved.\n";
    for (int p = 1; p <= people; ++p) {
        if (!still_to_place(p)) continue;  // placed before the game was saved
        const auto fleet =
            place_for(p, names[static_cast<std::size_t>(p)], hot_seat, s, placer, console);
        if (fleet.is_null()) {
            // Left while placing: said and saved as a leave after placement is.
            say_left(out, console.interrupted(), hot_seat);
            save_party(out, match, s, names, hot_seat);
            return kExitOk;
        }
        if (auto r = match.act(p, fleet); !r) throw std::runtime_error(r.error().message);
    }
    for (int seat = people + 1; seat < seats; ++seat) {
        if (!still_to_place(seat)) continue;
        Rng rng(party::bot_seed(s.seed, seat));
        if (auto r = match.act(seat, party::bot_action(match.legal_actions(seat), placer, rng));
            !r) {
            throw std::runtime_error(r.error().message);
        }
    }
    const int me = hot_seat ? -1 : kMe;
    if (hot_seat) {
        // From here on the screen is for everyone: the calls and the counts are public; a
        // person's own sea is shown only behind their pass screen (`look NAME`).
        if (!console.pass_to("everyone")) return kExitOk;
        say(out,
            "Every fleet is placed. The torpedoes are public: each screen shows the call, "
            "each person's result and the scoreboard. 'look Ann' shows Ann her sea.");
    } else {
        out << "\nEvery fleet is placed. Your sea:\n"
            << render_party_board(match.observation(kMe), s.colour);
    }
    bool input_open = true;
    bool left = false;
    std::string last_call;  // the last torpedo's words, which the end screen repeats
    while (!match.is_over()) {
        if (s.on_enter && input_open) {
            auto line = console.ask(std::string("[Enter] fires the next torpedo") +
                                    (hot_seat ? "; look NAME; quit: " : "; 'quit' leaves: "));
            input_open = line.has_value();
            if (input_open) {
                const std::string word = lower(trim(*line));
                if (command_of(word) == PlayCommand::kQuit) {
                    if (confirm_leave(console, s.save_path)) {
                        left = true;
                        break;
                    }
                    continue;
                }
                if (hot_seat && word.rfind("look", 0) == 0) {
                    // Only a person's sea can be looked at, never a bot's.
                    const std::vector<std::string> persons(
                        names.begin(), names.begin() + std::min<std::ptrdiff_t>(people + 1, seats));
                    look(match, persons, trim(line->substr(std::min<std::size_t>(line->size(), 4))),
                         s, console);
                    continue;
                }
                if (command_of(word) == PlayCommand::kHelp) {
                    say(out, std::string("Enter fires the next torpedo; ") +
                                 (hot_seat ? "look NAME shows NAME their sea (behind a pass "
                                             "screen); "
                                           : "") +
                                 "quit leaves (asks first).");
                    continue;
                }
            }
        } else if (s.pause_ms > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(s.pause_ms));
        }
        if (console.interrupted()) {
            left = true;
            break;
        }
        const auto before = match.last_event_number();
        auto events = match.act(0, {{"type", "fire"}});
        if (!events) throw std::runtime_error(events.error().message);
        // One screen per torpedo: its call, then your sea (or, for everyone, no sea) and the
        // scoreboard; a resized terminal gets it again. This screen is local and shows every
        // person's result, so it reads the full events.
        std::ostringstream call;
        for (const auto& e : match.full_events(before)) narrate_party(e, me, names, call, people);
        const std::string called = call.str();
        last_call = called;
        const auto draw = [&match, &s, &names, &console, hot_seat, called] {
            console.begin_screen();
            std::ostream& o = console.out();
            o << called;
            if (hot_seat) {
                o << render_party_scoreboard(match.observation(0), -1, names);
            } else {
                const auto obs = match.observation(kMe);
                o << render_party_board(obs, s.colour) << render_party_scoreboard(obs, kMe, names);
            }
        };
        draw();
        console.on_resize(draw);
    }
    console.on_resize(nullptr);
    if (match.is_over() && hot_seat) {
        // Nothing is secret any more: a screen of its own with the last call and every
        // person's sea, four side by side, so that it fits 80 columns and (up to eight
        // people) 24 rows.
        console.begin_screen();
        out << last_call;
        std::string legend;
        for (int first = 1; first <= people; first += 4) {
            std::vector<std::vector<std::string>> boards;
            std::vector<std::string> titles;
            for (int p = first; p < first + 4 && p <= people; ++p) {
                std::istringstream text(render_party_board(match.observation(p), s.colour));
                std::vector<std::string> rows;
                for (std::string row; std::getline(text, row);) rows.push_back(row);
                legend = rows.back();
                rows.pop_back();
                boards.push_back(rows);
                titles.push_back(names[static_cast<std::size_t>(p)] + "'s sea:");
            }
            const auto padded = [](const std::string& text, std::size_t width) {
                const auto shown = static_cast<std::size_t>(visible_width(text));
                return text + std::string(shown < width ? width - shown : 1, ' ');
            };
            out << "\n";
            for (std::size_t i = 0; i < titles.size(); ++i) out << padded("  " + titles[i], 20);
            out << "\n";
            for (std::size_t r = 0; r < boards.front().size(); ++r) {
                for (const auto& board : boards) out << padded(board[r], 20);
                out << "\n";
            }
        }
        out << legend << "\n";
    }
    if (left || !match.is_over()) say_left(out, console.interrupted(), hot_seat);
    save_party(out, match, s, names, hot_seat);
    return kExitOk;
}

namespace {

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

// `--resume FILE`: the saved match rebuilt (the bots' placements come from the seed alone, so
// replaying the actions is enough), the same people; on Enter or with the pause as before.
int resume_play(const PlayArgs& args) {
    const nlohmann::json record = load_unfinished_record(args.resume, {"party"});
    auto match = replay(record);
    if (!match) throw UsageError("--resume: " + match.error().message);
    PartyPlaySettings settings;
    settings.seed = record["seed"].get<std::uint64_t>();
    settings.names = record.value("play", nlohmann::json::object())
                         .value("names", std::vector<std::string>{"Player 1"});
    if (settings.names.empty() || static_cast<int>(settings.names.size()) >= match->seat_count()) {
        settings.names = {"Player 1"};
    }
    // The pace as it was, unless given again.
    const auto play = record.value("play", nlohmann::json::object());
    settings.pause_ms = args.pause_given ? std::max(0, args.pause_ms)
                                         : std::max(0, play.value("pause_ms", args.pause_ms));
    settings.on_enter = args.on_enter || (!args.pause_given && play.value("enter", false));
    settings.save_path = args.save.empty() ? args.resume : args.save;
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    settings.colour = console.info().colour;
    return run_party_session(*match, settings, console);
}

int run_play(const PlayArgs& args) {
    if (!args.resume.empty()) return resume_play(args);
    const bool host = args.host || args.people.humans == 0;
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    if (host) {
        if (!args.save.empty()) {
            throw UsageError(
                "--save: a hosted game is played on paper, so there is no record; "
                "the seed (printed) calls the same squares again.");
        }
        if (args.people.humans > 1) throw UsageError("--host is --humans 0: leave out --humans.");
        PartyHostSettings settings;
        settings.seed = seed;
        settings.edition = args.edition;
        settings.pause_ms = args.pause_given ? std::max(0, args.pause_ms) : 0;
        return run_party_host(settings, console);
    }
    if (args.people.humans > args.players) {
        throw UsageError("--humans " + std::to_string(args.people.humans) + " is more than the " +
                         std::to_string(args.players) + " players; raise --players.");
    }
    const nlohmann::json options{
        {"players", args.players}, {"edition", args.edition}, {"host", "person"}};
    PartyPlaySettings settings;
    settings.seed = seed;
    auto match = Match::create("party", options, settings.seed);
    if (!match) throw UsageError(match.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    settings.names = people_names(args.people);
    settings.pause_ms = std::max(0, args.pause_ms);
    // Several people need time to read each call (and to `look`): Enter, unless a pause is set.
    settings.on_enter = args.on_enter || (args.people.humans > 1 && !args.pause_given);
    settings.save_path = args.save;
    settings.colour = console.info().colour;
    return run_party_session(*match, settings, console);
}

}  // namespace

void add_play_party(CLI::App& play, Runner& run) {
    auto args = std::make_shared<PlayArgs>();
    auto* cmd = play.add_subcommand(
        "party", "Rainbow Armada / European Navy: survive the host's 30 torpedoes");
    cmd->footer(
        "You are player 1; bots place fleets for the others and the program fires as the host. "
        "Place each ship with 'A1 right' or 'C3 down' (columns A-F, rows 1-6), or 'auto'. With "
        "--humans N, N people share the terminal (each places behind a pass screen). With "
        "--host, the program only calls the torpedoes for a room playing on paper (sheets: "
        "broadside sheet party).\n\n" +
        seats::bots_help("party"));
    cmd->add_option("--players", args->players, "Players, people included")
        ->check(CLI::Range(1, 100'000))
        ->capture_default_str();
    cmd->add_option("--edition", args->edition,
                    "rainbow (Rainbow Armada) or european (European Navy)")
        ->check(CLI::IsMember({"rainbow", "european"}))
        ->capture_default_str();
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and fleet give the same match (default: a "
                                 "fresh one, printed)");
    auto* pause = cmd->add_option("--pause-ms", args->pause_ms,
                                  "Pause between torpedoes, in milliseconds (default 700; with "
                                  "--host or several people: each on Enter)");
    cmd->add_flag("--enter", args->on_enter, "Fire each torpedo when you press Enter");
    cmd->add_flag("--host", args->host,
                  "Host a room playing on paper: call the torpedoes, ask about the tiebreak "
                  "(the same as --humans 0)");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end");
    add_people_flags(*cmd, args->people, 0, 100'000);
    cmd->add_option("--resume", args->resume,
                    "Go on with the unfinished game saved in FILE: the same seed and people; it "
                    "is saved there again");
    cmd->callback([args, seed, pause, cmd, &run] {
        args->has_seed = seed->count() > 0;
        args->pause_given = pause->count() > 0;
        run = [args, cmd] {
            if (!args->resume.empty()) {
                refuse_with_resume(*cmd, {"--seed", "--players", "--edition", "--humans", "--names",
                                          "--level", "--host"});
            }
            return run_play(*args);
        };
    });
}

}  // namespace broadside::cli

#include "cli/classic/play_session.h"

#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "ai/classic/self_play.h"
#include "cli/classic/play_narrate.h"
#include "cli/classic/play_placement.h"
#include "cli/classic/play_render.h"
#include "cli/common.h"
#include "cli/play_input.h"
#include "games/classic/instance.h"
#include "seats/builtin_agent.h"

namespace broadside::cli {

namespace {

constexpr int kHuman = 0;
constexpr int kBot = 1;
constexpr int kColumns = 80;

// The generator behind `auto`: derived from the match seed, so the same seed and the same
// input give the same game, without touching the match's or the bot's generator.
constexpr std::uint64_t kAutoPlaceStream = 0xA070;

// Shows `prompt` and reads one line of input; nothing at end of input (treated like quit).
std::optional<std::string> read_answer(const std::string& prompt, const Style& style,
                                       const PlaySettings& settings, std::istream& in,
                                       std::ostream& out) {
    out << "  " << style.paint(prompt, Tone::kPrompt) << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
        out << "\n";
        return std::nullopt;
    }
    // Control characters (stray escape sequences from function keys) would be echoed back to
    // the terminal inside error messages.
    std::erase_if(line, [](char ch) {
        return (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') || ch == 0x7f;
    });
    if (settings.echo_input) out << line << "\n";
    return line;
}

// The running score of a session of several games against one bot.
struct SessionScore {
    int game = 1;  // the number of the game being played, from 1
    int won = 0;   // games the player won
    int lost = 0;  // games the bot won
};

class PlaySession {
public:
    PlaySession(Match& match, classic::Bot& bot, const PlaySettings& settings,
                const SessionScore& score, std::istream& in, std::ostream& out)
        : match_(match),
          score_(score),
          bot_(bot),
          settings_(settings),
          style_(settings.colour),
          in_(in),
          out_(out),
          options_(classic::parse_options(match.options(), match.game() == "salvo").value()),
          bot_rng_(classic::bot_seed(match.seed(), kBot)),
          auto_rng_(derive_seed(match.seed(), kAutoPlaceStream)) {}

    // Plays the game to its end (true) or until the player leaves (false), and saves it.
    bool run() {
        bot_.new_game();
        const bool finished = place_fleets() && fight();
        if (finished) {
            draw_end();
        } else {
            say_left();
        }
        save();
        return finished;
    }

private:
    // --- talking to the match -------------------------------------------------------------

    // Sends one action; on success the new events go to the news, on error the reason is
    // returned and nothing changed.
    std::optional<Error> send(int seat, const json& action) {
        auto r = match_.act(seat, action);
        if (!r) return r.error();
        for (const auto& event : match_.events_for(kHuman, seen_)) {
            for (auto& line : narrate(event, kHuman, style_)) news_.push_back(line);
            const std::string type = event.value("type", "");
            if (type == "shots" || type == "blast" ||
                (type == "weapon" && event.contains("shots") && !event["shots"].empty())) {
                const int seat_fired = event["seat"].get<int>();
                (seat_fired == kHuman ? my_last_ : enemy_last_) = shot_cells(event);
                if (type == "shots") ++volleys_[seat_fired];
            }
        }
        seen_ = match_.last_event_number();
        return std::nullopt;
    }

    // The bot sees only its own typed observation, never the state.
    void bot_move() {
        const auto& game = dynamic_cast<const classic::ClassicGame&>(match_.instance());
        const classic::Observation obs = game.observe_seat(kBot);
        classic::Action action;
        if (obs.phase() == classic::Phase::kPlacement) {
            action = classic::PlaceAction{bot_.place(obs, bot_rng_)};
        } else {
            action = bot_.decide(obs, bot_rng_);
        }
        if (auto err = send(kBot, classic::to_json(action))) {
            throw std::runtime_error("the " + settings_.bot_name +
                                     " bot made an illegal move: " + err->message);
        }
    }

    bool bot_to_act() const {
        for (int seat : match_.seats_to_act())
            if (seat == kBot) return true;
        return false;
    }

    json observation() const { return match_.observation(kHuman); }

    // --- placement ------------------------------------------------------------------------

    bool place_fleets() {
        if (bot_to_act()) bot_move();
        FleetDraft draft(options_.fleet, options_.board, options_.no_touch);
        draw_placement(draft);
        while (true) {
            while (!draft.complete()) {
                const ShipSpec& ship = draft.next();
                auto line = ask("Place your " + ship.name + " (" + std::to_string(ship.length) +
                                " cells), e.g. A1 right or C3 down: ");
                if (!line) return false;
                switch (command_of(*line)) {
                    case PlayCommand::kQuit: return false;
                    case PlayCommand::kHelp: help(); break;
                    case PlayCommand::kBoard: draw_placement(draft); break;
                    case PlayCommand::kUndo:
                        if (draft.undo()) {
                            draw_placement(draft);
                        } else {
                            warn("There is no ship to take back yet.");
                        }
                        break;
                    case PlayCommand::kAuto:
                        if (auto st = draft.fill_randomly(auto_rng_); !st) warn(st.error().message);
                        break;
                    case PlayCommand::kNone:
                        if (auto st = draft.add(trim(*line)); !st) {
                            warn(st.error().message);
                        } else if (!draft.complete()) {
                            draw_placement(draft);
                        }
                        break;
                }
            }
            // The whole layout goes to the rules once more, through the match.
            auto err = send(
                kHuman, classic::to_json(classic::Action{classic::PlaceAction{draft.layout()}}));
            if (!err) return true;
            warn(err->message + " Please place your fleet again.");
            draft.clear();
        }
    }

    // --- firing ---------------------------------------------------------------------------

    bool fight() {
        while (!match_.is_over()) {
            if (bot_to_act()) {
                bot_move();
                continue;
            }
            draw_battle();
            if (!take_shot()) return false;
        }
        return true;
    }

    // Asks until the player's volley (or weapon, or blast) is accepted; false if they leave.
    bool take_shot() {
        while (true) {
            const json obs = observation();
            const int due = obs["shots_due"].get<int>();
            const int blast = obs.value("blast_pending", 0);
            const std::string prompt =
                blast > 0
                    ? "Name your blast: " + std::to_string(blast) +
                          (blast == 1 ? " cell, e.g. E5: " : " touching cells, e.g. E5 E6 F7: ")
                : due == 1 ? "Your shot, e.g. B7 (help for commands): "
                : due == 0 ? "Nothing left to fire at: use a weapon (help lists them): "
                           : "Your salvo: " + std::to_string(due) + " shots, e.g. " +
                                 example_salvo(due) + ": ";
            auto line = ask(prompt);
            if (!line) return false;
            switch (command_of(*line)) {
                case PlayCommand::kQuit: return false;
                case PlayCommand::kHelp: help(); continue;
                case PlayCommand::kBoard: draw_battle(); continue;
                case PlayCommand::kAuto:
                case PlayCommand::kUndo:
                    warn("The fleets are placed; now fire at a cell such as B7.");
                    continue;
                case PlayCommand::kNone: break;
            }
            if (auto weapon = parse_weapon_command(*line, options_.board)) {
                if (!*weapon) {
                    warn(weapon->error().message);
                    continue;
                }
                if (auto err = send(kHuman, **weapon)) {
                    warn(err->message);
                    continue;
                }
                return true;
            }
            auto cells = parse_targets(*line, options_.board);
            if (!cells) {
                warn(cells.error().message);
                continue;
            }
            if (auto err =
                    send(kHuman, json{{"type", blast > 0 ? "blast" : "fire"}, {"cells", *cells}})) {
                warn(err->message);
                continue;
            }
            return true;
        }
    }

    std::string example_salvo(int due) const {
        static const char* const kExamples[] = {"B7", "C3", "D4"};
        std::string text;
        for (int i = 0; i < due && i < 3; ++i) text += (i ? " " : "") + std::string(kExamples[i]);
        return due > 3 ? text + " ..." : text;
    }

    // --- drawing --------------------------------------------------------------------------

    void begin_screen() {
        // A terminal redraws in place; a pipe gets one screen after another, a blank line apart.
        out_ << (settings_.clear_screen ? "\x1b[H\x1b[2J" : "\n")
             << style_.paint("BROADSIDE", Tone::kTitle) << "  " << match_.game() << " against the "
             << settings_.bot_name << " bot  " << style_.paint("|", Tone::kDim) << "  seed "
             << match_.seed();
        if (score_.game > 1) {
            out_ << "  " << style_.paint("|", Tone::kDim) << "  game " << score_.game << " (you "
                 << score_.won << ", bot " << score_.lost << ")";
        }
        out_ << "\n\n";
    }

    void print_news() {
        for (const auto& item : news_) {
            for (const auto& line : wrap(item, kColumns - 4)) out_ << "  " << line << "\n";
        }
        news_.clear();
    }

    void draw_placement(const FleetDraft& draft) {
        begin_screen();
        Grid grid(options_.board);
        draw_ships(grid, draft.fleet(), draft.placements());
        Block fleet;
        fleet.add(style_.paint("Your fleet", Tone::kTitle));
        fleet.add("");
        std::size_t name_width = 0;
        for (const auto& s : draft.fleet()) name_width = std::max(name_width, s.name.size());
        for (std::size_t i = 0; i < draft.fleet().size(); ++i) {
            const auto& s = draft.fleet()[i];
            std::string line = i == draft.placed() ? style_.paint(">", Tone::kPrompt) + " " : "  ";
            line += s.name + std::string(name_width - s.name.size() + 2, ' ') +
                    style_.paint(std::string(static_cast<std::size_t>(s.length), '#'), Tone::kShip);
            line += std::string(static_cast<std::size_t>(7 - std::min(s.length, 6)), ' ');
            if (i < draft.placed()) line += to_string(draft.layout()[i]);
            fleet.add(line);
        }
        if (options_.no_touch) {
            fleet.add("");
            fleet.add("No-touch rule: ships may not");
            fleet.add("touch, not even at a corner.");
        }
        out_ << join_blocks(grid_block("Your ocean", grid, style_), fleet, kColumns) << "\n";
        print_news();
        // A terminal clears the screen, so the instructions come back; a transcript needs them
        // once.
        if (!settings_.clear_screen && instructions_shown_) return;
        instructions_shown_ = true;
        for (const auto& line :
             wrap("Place each ship by its top or left end and a direction: A1 right or C3 down. "
                  "Type auto to place the rest at random, undo to take back the last ship, help "
                  "for all commands.",
                  kColumns - 4)) {
            out_ << "  " << style_.paint(line, Tone::kDim) << "\n";
        }
        out_ << "\n";
    }

    // Both grids, then (during the battle) the ships afloat on each side and the legend.
    void draw_boards(const json& obs, const Block& right_grid, bool with_status) {
        Grid ocean = ocean_grid(obs);
        ocean.set_recent(enemy_last_);
        Block left = grid_block("Your ocean", ocean, style_);
        out_ << join_blocks(left, right_grid, kColumns) << "\n";
        if (!with_status) return;
        Block mine = fleet_status(obs["my_fleet"], true, left.width, style_);
        mine.width = std::max(mine.width, left.width);
        out_ << join_blocks(mine, fleet_status(obs["enemy_fleet"], false, left.width, style_),
                            kColumns);
        if (obs.contains("weapons")) {
            out_ << join_blocks(weapons_status(obs, true, left.width, style_),
                                weapons_status(obs, false, left.width, style_), kColumns);
        }
        out_ << legend(style_) << "\n";
    }

    void draw_battle() {
        begin_screen();
        const json obs = observation();
        Grid targets = target_grid(obs);
        targets.set_recent(my_last_);
        draw_boards(obs, grid_block("Target grid", targets, style_), true);
        print_news();
    }

    void draw_end() {
        begin_screen();
        const json obs = observation();
        // The game is over, so the record (with the enemy's fleet) may be revealed.
        const json reveal = match_.record().value()["reveal"];
        std::vector<std::string> enemy_fleet;
        for (const auto& p : reveal["fleets"][kBot]) enemy_fleet.push_back(p.get<std::string>());
        Grid enemy = target_grid(obs);
        draw_ships(enemy, options_.fleet, enemy_fleet);
        enemy.set_recent(my_last_);
        // A finished game fits an 80x24 terminal without the status lines, which the result
        // sentences replace.
        draw_boards(obs, grid_block("Enemy ocean, revealed", enemy, style_), false);
        print_news();

        const json result = match_.result();
        if (result["winner"].is_null()) {
            out_ << "\n  " << style_.paint("Game over: a draw.", Tone::kTitle)
                 << " Neither side had anything left to do.\n";
            return;
        }
        const int winner = result["winner"].get<int>();
        const int my_shots = result["shots"][kHuman].get<int>();
        const int bot_shots = result["shots"][kBot].get<int>();
        std::string how = std::to_string(winner == kHuman ? my_shots : bot_shots) + " shots";
        if (options_.salvo) {
            how += " in " + std::to_string(volleys_[winner]) + " salvos";
        }
        out_ << "\n";
        if (winner == kHuman) {
            int afloat = 0;
            for (const auto& s : obs["my_fleet"]) afloat += s["sunk"].get<bool>() ? 0 : 1;
            out_ << "  " << style_.paint("Game over: you won in " + how + "!", Tone::kGood)
                 << "\n  " << afloat << " of your " << options_.fleet.size()
                 << " ships are still afloat; the " << settings_.bot_name << " bot fired "
                 << bot_shots << " shots.\n";
        } else {
            int sunk = 0;
            for (const auto& s : obs["enemy_fleet"]) sunk += s["sunk"].get<bool>() ? 1 : 0;
            out_ << "  "
                 << style_.paint(
                        "Game over: the " + settings_.bot_name + " bot won in " + how + ".",
                        Tone::kBad)
                 << "\n  You fired " << my_shots << " shots and sank " << sunk << " of "
                 << options_.fleet.size() << " enemy ships.\n";
        }
        std::string fleet_text = "The enemy fleet was:";
        for (std::size_t i = 0; i < enemy_fleet.size() && i < options_.fleet.size(); ++i) {
            fleet_text += (i ? ", " : " ") + options_.fleet[i].name + " " + enemy_fleet[i];
        }
        for (const auto& line : wrap(fleet_text + ".", kColumns - 4)) out_ << "  " << line << "\n";
    }

    void say_left() {
        out_ << "\n";
        print_news();
        out_ << "  You left the game (seed " << match_.seed() << ").\n";
    }

    void help() {
        out_ << "\n"
             << "  Commands:\n"
             << "    A1 right, C3 down   place the next ship by its top or left end (also: r, d)\n"
             << "    auto                place the remaining ships at random\n"
             << "    undo                take back the last ship placed\n"
             << "    B7                  fire at B7 (any case; spaces allowed: b 7)\n"
             << "    B7 C3 D4 ...        a Salvo volley: exactly as many cells as shots due\n";
        if (options_.weapons != 0) {
            out_ << "  Weapons (instead of your shot or salvo; docs/rules/weapons.md):\n"
                 << "    nuke D4             Tactical Nuke centred on D4 (once per game)\n"
                 << "    bomber G6           Bomber Flight over the 3x3 square around G6\n"
                 << "    torpedo F10         torpedo from an edge cell, away from that edge\n"
                 << "    torpedo A1 down     from a corner, say which way it runs\n"
                 << "    scuba               SCUBA attack on the enemy's smallest ship\n"
                 << "    experimental        roll the D6, then name that many touching cells\n";
        }
        out_ << "  Other commands:\n"
             << "    board               draw the boards again\n"
             << "    help                this list\n"
             << "    quit                leave the game (--save still writes the record)\n\n";
    }

    void warn(const std::string& message) {
        for (const auto& line : wrap(message, kColumns - 4)) {
            out_ << "  " << style_.paint(line, Tone::kWarn) << "\n";
        }
    }

    std::optional<std::string> ask(const std::string& prompt) {
        return read_answer(prompt, style_, settings_, in_, out_);
    }

    void save() {
        if (settings_.save_path.empty()) return;
        const json record = match_.is_over() ? match_.record().value() : match_.record_unchecked();
        // A session's games go one record per line, the first replacing what the file held.
        write_record(settings_.save_path, record, score_.game > 1);
        const std::string text = std::string("Saved the ") +
                                 (match_.is_over() ? "" : "unfinished ") + "game record to " +
                                 settings_.save_path + " (check it with: broadside replay " +
                                 settings_.save_path + ").";
        for (const auto& line : wrap(text, kColumns - 4)) out_ << "  " << line << "\n";
    }

    Match& match_;
    const SessionScore& score_;
    classic::Bot& bot_;
    const PlaySettings& settings_;
    Style style_;
    std::istream& in_;
    std::ostream& out_;
    classic::Options options_;  // the match's public options, typed
    Rng bot_rng_;
    Rng auto_rng_;
    std::int64_t seen_ = 0;                          // events of seat 0 already narrated
    std::vector<std::string> news_;                  // what happened since the last screen
    std::vector<std::string> my_last_, enemy_last_;  // each side's last volley
    int volleys_[2] = {0, 0};
    bool instructions_shown_ = false;
};

}  // namespace

int run_play_session(const std::function<Match(std::uint64_t seed)>& new_match, std::uint64_t seed,
                     classic::Bot& bot, const PlaySettings& settings, std::istream& in,
                     std::ostream& out) {
    const Style style(settings.colour);
    SessionScore score;
    bot.new_series();  // one opponent, the player, for the whole session
    for (;; ++score.game) {
        // Game k of the session plays seed + k - 1.
        Match match = new_match(seed + static_cast<std::uint64_t>(score.game - 1));
        if (!PlaySession(match, bot, settings, score, in, out).run()) return 0;
        const json result = match.result();
        if (!result["winner"].is_null())
            ++(result["winner"].get<int>() == kHuman ? score.won : score.lost);
        // The bot learns the player's habits: where the fleet was, where the shots went first.
        seats::tell_game_end(bot, match, kBot);
        out << "\n  Games: you " << score.won << ", the " << settings.bot_name << " bot "
            << score.lost << ".\n";
        while (true) {
            const auto answer = read_answer("Play again? (yes or no): ", style, settings, in, out);
            if (!answer) return 0;
            const auto again = parse_yes_no(*answer);
            if (again) {
                if (!*again) return 0;
                break;
            }
            out << "  " << style.paint("Please answer yes or no.", Tone::kWarn) << "\n";
        }
    }
}

}  // namespace broadside::cli

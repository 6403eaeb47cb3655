// `broadside play royale`: people (one, or several passing the terminal) and built-in bots on
// one shared grid.
#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>

#include "ai/royale/bot.h"
#include "cli/classic/play_render.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "cli/news.h"
#include "cli/play_input.h"
#include "cli/royale/common.h"
#include "cli/royale/render.h"
#include "cli/seat_names.h"
#include "games/royale/instance.h"
#include "match/match.h"
#include "seats/bot_registry.h"

namespace broadside::cli {

namespace {

struct RoyalePlayArgs {
    RoyaleFlags flags;
    std::string bot;  // empty: the level's bot
    std::uint64_t seed = 0;
    bool has_seed = false;
    std::string save;
    std::string resume;  // FILE: go on with the unfinished game saved there
    PeopleFlags people;
};

// Cells as forgiving as classic's: "fire b 7, C3" is "fire b7 c3".
std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    for (const auto& w : shot_words(line)) out.push_back(lower(w));
    return out;
}

std::string upper(std::string s) {
    for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return s;
}

bool is_cell(const std::string& word) {
    return static_cast<bool>(parse_cell(word, BoardSize{10, 10}));
}

// A typed command as a protocol action, or an error sentence. A line of bare coordinates
// fires, as in classic.
Result<json> command_action(std::vector<std::string> w, const json& observation) {
    if (is_cell(w[0])) w.insert(w.begin(), "fire");
    const std::string& verb = w[0];
    if (verb == "discard") {
        json cards = json::array();
        for (std::size_t i = 1; i < w.size(); ++i) cards.push_back(upper(w[i]));
        return json{{"type", "discard"}, {"cards", cards}};
    }
    if (verb == "roll" || verb == "end") return json{{"type", verb}};
    if (verb == "sonar") {
        if (w.size() < 2) return make_error("usage", "Name a row or column: sonar C, sonar 7.");
        json a{{"type", "sonar"}, {"line", upper(w[1])}};
        if (w.size() > 2) a["source"] = w[2];
        return a;
    }
    if (verb == "fire" || verb == "shoot" || verb == "bonus") {
        json a{{"type", verb == "bonus" ? "bonus" : "fire"}, {"cells", json::array()}};
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
                a["cells"].push_back(upper(w[i]));
            }
        }
        if (a["cells"].empty()) {
            return make_error("usage", "Name the coordinates: " + verb + " A9.");
        }
        return a;
    }
    return make_error("usage", "Unknown command \"" + verb + "\"; type help for the commands.");
}

// The player's own unsunk cards that a volley would hit: "your Battleship S04 at A6".
std::string own_targets(const json& action, const json& observation) {
    if (!action.contains("cells")) return "";
    std::string said;
    for (const auto& c : observation["my_cards"]) {
        if (c["sunk"].get<bool>()) continue;
        for (const auto& cell : action["cells"]) {
            for (const auto& mine : c["cells"]) {
                if (mine == cell) {
                    said += (said.empty() ? "" : ", ") + std::string("your ") +
                            c["ship"].get<std::string>() + " " + c["id"].get<std::string>() +
                            " at " + cell.get<std::string>();
                }
            }
        }
    }
    return said;
}

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

class RoyaleSession {
public:
    RoyaleSession(Match& match, const royale::Deck& deck, std::vector<std::string> people,
                  const std::string& bot_name, const RoyalePlayArgs& args, Console& console)
        : match_(match),
          game_(dynamic_cast<const royale::RoyaleGame&>(match.instance())),
          deck_(deck),
          people_(std::move(people)),
          bot_name_(bot_name),
          args_(args),
          console_(console),
          style_(console.info().colour),
          out_(console.out()),
          seen_(people_.size(), 0),
          news_(people_.size()) {
        for (int s = 0; s < match.seat_count(); ++s) {
            if (is_person(s)) {
                bots_.push_back(nullptr);
            } else {
                bots_.push_back(std::move(royale::make_bot(bot_name).value()));
            }
            rngs_.emplace_back(royale::bot_seed(match.seed(), s));
        }
        for (int s = 0; s < match.seat_count(); ++s) {
            names_.push_back(is_person(s)
                                 ? people_[s]
                                 : bot_seat_name(s - static_cast<int>(people_.size()) + 1));
        }
    }

    // The console outlives this game: it must not call back into it.
    ~RoyaleSession() { console_.on_resize(nullptr); }
    RoyaleSession(const RoyaleSession&) = delete;
    RoyaleSession& operator=(const RoyaleSession&) = delete;

    // `--resume`: plays the saved actions again, each bot choosing again at its turns (its
    // choice unused) so that its generator is where it was; then play goes on.
    void resume(const json& actions) {
        for (const auto& a : actions) {
            const int seat = a["seat"].get<int>();
            if (!is_person(seat)) {
                const auto obs = game_.observe_seat(seat);
                (void)bots_[seat]->choose(obs, rngs_[seat]);
            }
            auto r = match_.act(seat, a["action"]);
            if (!r)
                throw std::runtime_error("the saved game does not replay: " + r.error().message);
        }
        collect_news();
        for (auto& news : news_) {
            news.clear();
            news.push_back({"Resumed: the game goes on from where it was saved."});
        }
    }

    int run() {
        const int seats = match_.seat_count();
        const int n = static_cast<int>(people_.size());
        const std::string intro =
            "Battleship Royale (" + args_.flags.mode + "), " + std::to_string(seats) +
            " players: " + (n == 1 ? "you are seat 0" : people_list()) + "; " +
            (seats - n == 1 ? "1 '" + bot_name_ + "' bot"
                            : std::to_string(seats - n) + " '" + bot_name_ + "' bots") +
            ". Seed " + std::to_string(match_.seed()) + ". Type help for the commands.";
        for (const auto& line : wrap(intro, 78)) out_ << line << "\n";
        while (!match_.is_over()) {
            const auto to_act = match_.seats_to_act();
            int bot_seat = -1;
            for (int s : to_act) {
                if (!is_person(s)) bot_seat = s;
            }
            if (bot_seat >= 0) {
                bot_move(bot_seat);
                continue;
            }
            const int me = to_act.front();
            if (!show_to(me)) return leave();
            if (!take_turn(me)) return leave();
        }
        collect_news();
        // The last screen fits 24 rows with six players: the grid, the last news (the game's
        // end), and every hand, now that nothing is secret.
        // The last screen fits 24 rows with six players: the grid, the end of the news (the
        // result is the line never cut), and every hand, two to a line, now that nothing is
        // secret.
        const json hands = match_.instance().reveal()["hands"];
        std::string hand_text;
        for (std::size_t s = 0; s < hands.size(); ++s) {
            hand_text += (s == 0 ? "" : "; ") + names_[s] + " " + ids(hands[s]["kept"]) + " / " +
                         ids(hands[s]["discarded"]);
        }
        std::vector<std::string> hand_lines;
        for (const auto& line : wrap(hand_text, 76)) hand_lines.push_back("  " + line);
        for (auto& news : news_) {
            for (auto& item : news) item.own = item.text.rfind("Game over", 0) == 0;
        }
        // Below the news: the hands, the saving, and a row for the shell's prompt after it.
        draw(viewer_ < 0 ? 0 : viewer_,
             2 + static_cast<int>(hand_lines.size()) + (args_.save.empty() ? 0 : 1));
        out_ << "The hands (kept / discarded):\n";
        for (const auto& line : hand_lines) out_ << line << "\n";
        save();
        return kExitOk;
    }

private:
    bool is_person(int seat) const { return seat < static_cast<int>(people_.size()); }
    bool hot_seat() const { return people_.size() > 1; }

    std::string people_list() const {
        std::string text;
        for (std::size_t i = 0; i < people_.size(); ++i) {
            text += (i == 0                    ? ""
                     : i + 1 == people_.size() ? " and "
                                               : ", ") +
                    people_[i] + " (seat " + std::to_string(i) + ")";
        }
        return text;
    }

    static std::string ids(const json& cards) {
        std::string text;
        for (const auto& c : cards) text += (text.empty() ? "" : " ") + c.get<std::string>();
        return text.empty() ? "nothing" : text;
    }

    SeatNames names_for(int me) const { return SeatNames{names_, me}; }

    void bot_move(int seat) {
        const auto obs = game_.observe_seat(seat);
        const json action = royale::to_json(bots_[seat]->choose(obs, rngs_[seat]), obs.deck());
        auto r = match_.act(seat, action);
        if (!r) throw std::logic_error("a bot's action was rejected: " + r.error().message);
    }

    // Every person's new events, as sentences, into their summary of what happened.
    void collect_news() {
        for (int h = 0; h < static_cast<int>(people_.size()); ++h) {
            const auto names = names_for(h);
            for (const auto& e : match_.events_for(h, seen_[h])) {
                const std::string line = narrate_royale(e, names);
                // What this person's own shots, sonar and sinkings did is never cut.
                const bool own = e.value("seat", -1) == h || e.value("by", -1) == h;
                if (!line.empty()) news_[h].push_back({line, own && e.value("type", "") != "turn"});
            }
            seen_[h] = match_.last_event_number();
        }
    }

    bool show_to(int seat) {
        if (hot_seat() && viewer_ != seat) {
            if (mover_ == viewer_ && viewer_ >= 0 && !end_turn(viewer_, seat)) return false;
            mover_ = -1;
            if (!console_.pass_to(people_[seat])) return false;
            console_.set_player(seat);
            summary_due_ = true;
        }
        viewer_ = seat;
        return true;
    }

    // As in classic (docs/play.md): before the pass screen, the mover sees what their turn did
    // (and what the bots did after it) on their own screen, and presses Enter to end it; the
    // pass screen follows at once. False if they leave.
    bool end_turn(int me, int next) {
        collect_news();
        draw(me);
        console_.on_resize([this, me] { draw(me); });
        auto line = console_.ask("Your turn is over. Press Enter to pass the terminal to " +
                                 people_[next] + ": ");
        if (!line) return false;
        return command_of(*line) != PlayCommand::kQuit || !really_leave();
    }

    // `quit` asks first; with --save, where the game goes is said on a line of its own.
    bool really_leave() {
        if (!args_.save.empty())
            say("The game so far is saved to " + args_.save + " if you leave.");
        return confirm("Really leave the game? (yes or no): ");
    }

    // One screen: the header, the grid and the players, the news in the rows left. `below`:
    // the rows still to come under the news (the prompt; at the end, the hands).
    void draw(int me, int below = 1) {
        console_.begin_screen();
        const std::string screen = style_.paint("BROADSIDE", Tone::kTitle) + "  royale " +
                                   args_.flags.mode + "  " + style_.paint("|", Tone::kDim) + "  " +
                                   (hot_seat() ? people_[me] + "'s screen" : "you are seat 0") +
                                   "  " + style_.paint("|", Tone::kDim) + "  seed " +
                                   std::to_string(match_.seed()) + "\n" +
                                   render_royale(match_.observation(me), names_for(me), style_);
        out_ << screen;
        const int used = static_cast<int>(std::count(screen.begin(), screen.end(), '\n'));
        print_news(me, console_.rows() - used - below);
    }

    // What happened since this person last looked: after a pass screen it is their summary.
    // It takes the terminal's rows left, so a long round of bots does not scroll the grid away;
    // this person's own shots are never the lines cut (news.h; the record holds everything).
    void print_news(int me, int rows) {
        auto& news = news_[me];
        if (news.empty()) return;
        out_ << "  "
             << style_.paint(summary_due_ ? "Since your last turn:" : "Latest:", Tone::kTitle)
             << "\n";
        const FittedNews fitted = fit_news(news, std::max(1, rows - 1), 76);
        for (std::size_t i = 0; i < fitted.lines.size(); ++i) {
            out_ << "  "
                 << (static_cast<int>(i) == fitted.note ? style_.paint(fitted.lines[i], Tone::kDim)
                                                        : fitted.lines[i])
                 << "\n";
        }
        news.clear();
        summary_due_ = false;
    }

    // One command of `me`'s turn (or discard). False if they leave.
    bool take_turn(int me) {
        collect_news();
        draw(me);
        console_.on_resize([this, me] { draw(me); });
        while (true) {
            const json observation = match_.observation(me);
            const json legal = match_.legal_actions(me);
            std::string can;
            for (const auto& a : legal["actions"]) {
                can += (can.empty() ? "" : ", ") + a["type"].get<std::string>();
            }
            auto line = console_.ask("[" + can + "] > ");
            if (!line) return false;
            const auto w = words(*line);
            if (w.empty()) continue;
            const auto command = command_of(w[0]);
            if (command == PlayCommand::kQuit) {
                if (really_leave()) return false;
                continue;
            }
            if (command == PlayCommand::kHelp) {
                out_ << royale_help(observation, legal);
                continue;
            }
            if (command == PlayCommand::kBoard) {
                draw(me);
                continue;
            }
            if (w[0] == "cards" || w[0] == "deck") {
                out_ << royale_cards(observation, deck_, names_for(me));
                continue;
            }
            auto action = command_action(w, observation);
            if (!action) {
                say(action.error().message);
                continue;
            }
            if (const auto own = own_targets(*action, observation); !own.empty()) {
                // The cells said first, wrapped: a volley's list would wrap the question.
                say("That would hit " + own + ".");
                if (!confirm("Fire anyway? (yes or no): ")) {
                    out_ << "Not fired.\n";
                    continue;
                }
            }
            auto r = match_.act(me, *action);
            if (!r) {
                say(r.error().message);
                continue;
            }
            // Discards are chosen before the first turn, as a fleet is placed in classic: the
            // pass screen follows them at once. Any other move is part of a turn.
            mover_ = (*action)["type"] == "discard" ? -1 : me;
            return true;
        }
    }

    void say(const std::string& text) {
        for (const auto& line : wrap(text, 78)) out_ << line << "\n";
    }

    // Yes only for yes: any other answer (or the end of input, after which the next prompt
    // leaves) is no.
    bool confirm(const std::string& question) {
        auto answer = console_.ask(question);
        if (!answer) return false;
        const auto yes = parse_yes_no(*answer);
        return yes.value_or(false);
    }

    int leave() {
        out_ << "\n"
             << (console_.interrupted() ? "Interrupted. " : "")
             << (hot_seat() ? "The game was left" : "You left the game") << " (seed "
             << match_.seed() << ").\n";
        save();
        return kExitOk;
    }

    void save() {
        if (args_.save.empty()) return;
        json record = match_.is_over() ? match_.record().value() : match_.record_unchecked();
        // What `play --resume` needs beyond the match (who sat where), and each seat's name for
        // `replay`.
        record["play"] = {{"names", people_}, {"bot", bot_name_}, {"seats", names_}};
        write_record(args_.save, record);
        out_ << "Saved the " << (match_.is_over() ? "" : "unfinished ") << "game record to "
             << args_.save << ".\n";
    }

    Match& match_;
    const royale::RoyaleGame& game_;
    const royale::Deck& deck_;
    std::vector<std::string> people_;
    std::string bot_name_;
    const RoyalePlayArgs& args_;
    Console& console_;
    Style style_;
    std::ostream& out_;
    std::vector<std::unique_ptr<royale::Bot>> bots_;
    std::vector<Rng> rngs_;
    std::vector<std::string> names_;
    std::vector<std::int64_t> seen_;
    std::vector<std::vector<NewsItem>> news_;
    int viewer_ = -1;
    int mover_ = -1;  // the person whose turn just had a move, until the terminal is passed on
    bool summary_due_ = false;
};

int resume_royale_play(RoyalePlayArgs args) {
    const json record = load_unfinished_record(args.resume, {"royale"});
    const json play = record.value("play", json::object());
    auto people = play.value("names", std::vector<std::string>{"You"});
    if (people.empty()) people = {"You"};
    const std::string bot = play.value("bot", level_bot("royale", args.people));
    if (auto b = royale::make_bot(bot); !b) throw UsageError("--resume: " + b.error().message);
    auto options = royale::parse_options(record["options"]);
    if (!options) throw UsageError("--resume: " + options.error().message);
    auto created = Match::create("royale", record["options"], record["seed"].get<std::uint64_t>());
    if (!created) throw UsageError("--resume: " + created.error().message);
    if (args.save.empty()) args.save = args.resume;
    args.flags.mode = options->deck->mode == royale::Mode::kAdvanced ? "advanced" : "standard";
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    RoyaleSession session(*created, *options->deck, people, bot, args, console);
    session.resume(record["actions"]);
    return session.run();
}

int run_royale_play(const RoyalePlayArgs& args) {
    if (!args.resume.empty()) return resume_royale_play(args);
    if (!args.bot.empty() && !args.people.level.empty()) {
        throw UsageError(
            "Choose the bots with either --bot (by name) or --level (easy, normal "
            "or hard), not both.");
    }
    const std::string bot = args.bot.empty() ? level_bot("royale", args.people) : args.bot;
    if (auto b = royale::make_bot(bot); !b) throw UsageError(b.error().message);
    if (args.people.humans > args.flags.players) {
        throw UsageError("--humans " + std::to_string(args.people.humans) + " is more than the " +
                         std::to_string(args.flags.players) + " players; raise --players.");
    }
    const auto people =
        args.people.humans == 1 ? std::vector<std::string>{"You"} : people_names(args.people);
    const auto options = royale_options(args.flags);
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    auto created = Match::create("royale", royale_options_json(args.flags), seed);
    if (!created) throw UsageError(created.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    return RoyaleSession(*created, *options->deck, people, bot, args, console).run();
}

}  // namespace

Result<json> royale_command_action(const std::string& line, const json& observation) {
    auto w = words(line);
    if (w.empty()) return make_error("empty_command", "Type a command (help lists them).");
    return command_action(w, observation);
}

void add_play_royale(CLI::App& play, Runner& run) {
    auto args = std::make_shared<RoyalePlayArgs>();
    auto* cmd = play.add_subcommand("royale", "Battleship Royale: people and bots on one grid");
    cmd->footer(
        "Choose discards with 'discard S03 S17', then fire with 'A9' or 'fire A9' (Advanced: "
        "'sonar C', 'roll', 'A9 B9 C3'); 'cards' lists the deck as far as you can know it. Type "
        "'help' during the game for the commands of the moment. With --humans N, N people "
        "play at this terminal (seats 0 to N-1), passing it between turns.\n\n" +
        seats::bots_help("royale"));
    cmd->add_option("--bot", args->bot, "The bots by name (see below); default: the --level's");
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and moves give the same game (default: "
                                 "a fresh one, printed)");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end (or on quit)");
    cmd->add_option("--resume", args->resume,
                    "Go on with the unfinished game saved in FILE: the same seed, people and "
                    "bots; it is saved there again");
    add_royale_flags(*cmd, args->flags);
    add_people_flags(*cmd, args->people, 1, 6);
    cmd->callback([args, seed, cmd, &run] {
        args->has_seed = seed->count() > 0;
        run = [args, cmd] {
            if (!args->resume.empty()) {
                refuse_with_resume(*cmd, {"--seed", "--bot", "--humans", "--names", "--level",
                                          "--mode", "--players", "--first", "--deck"});
            }
            return run_royale_play(*args);
        };
    });
}

}  // namespace broadside::cli

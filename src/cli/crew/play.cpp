// `broadside play crew`: Ship, Captain and Crew in the terminal, people (one, or several passing
// the terminal) and bots. The match runs through Match (JSON actions, numbered events), so a
// saved game replays exactly. Every throw of the dice game is public: the pass screen between
// two people marks whose turn it is, and the summary after it says what the others scored.
#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>

#include "ai/crew/bot.h"
#include "cli/classic/play_render.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "cli/crew/options.h"
#include "cli/crew/render.h"
#include "cli/leave_prompt.h"
#include "cli/news.h"
#include "cli/play_input.h"
#include "cli/seat_names.h"
#include "cli/sim_support.h"
#include "games/crew/instance.h"
#include "match/match.h"
#include "seats/bot_registry.h"

namespace broadside::cli {

namespace {

struct PlayArgs {
    std::string bots;         // the bots by name (given, even empty: exactly these)
    bool bots_given = false;  // else --players - --humans bots of the --level
    int players = 0;          // 0: --humans + 1 (at least 2)
    std::uint64_t seed = 0;
    bool has_seed = false;
    std::string save;
    std::string resume;  // FILE: go on with the unfinished game saved there
    CrewFlags flags;
    PeopleFlags people;
};

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

class CrewSession {
public:
    CrewSession(Match& match, std::vector<std::unique_ptr<crew::Bot>> bots,
                std::vector<std::string> bot_kinds, std::vector<std::string> names, int people,
                std::string save, Console& console)
        : match_(match),
          bots_(std::move(bots)),
          bot_kinds_(std::move(bot_kinds)),
          names_(std::move(names)),
          people_(people),
          save_(std::move(save)),
          console_(console),
          style_(console.info().colour),
          out_(console.out()),
          news_(static_cast<std::size_t>(people)) {}

    // The console outlives this game: it must not call back into it.
    ~CrewSession() { console_.on_resize(nullptr); }
    CrewSession(const CrewSession&) = delete;
    CrewSession& operator=(const CrewSession&) = delete;

    int run();
    // After `play --resume` rebuilt the match: the first screen says so.
    void resumed() {
        for (auto& news : news_)
            news.push_back({"Resumed: the game goes on from where it was saved."});
    }

private:
    const crew::CrewGame& game() const {
        return dynamic_cast<const crew::CrewGame&>(match_.instance());
    }
    bool hot_seat() const { return people_ > 1; }
    // The name in sentences: "You" on a lone player's screen, else the seat's name.
    std::string name(int seat) const {
        return !hot_seat() && seat == 0 ? "You" : names_[static_cast<std::size_t>(seat)];
    }
    bool you(int seat) const { return !hot_seat() && seat == 0; }

    std::vector<std::string> describe(const json& e);
    std::string bots_text() const;
    void tell_everyone(const std::vector<json>& events);
    bool show_to(int seat);
    bool end_turn(int seat, int next);
    void draw(int seat, bool with_turn = true);
    std::optional<json> ask(int seat);
    std::string help(const crew::Observation& obs) const;
    void save();

    Match& match_;
    std::vector<std::unique_ptr<crew::Bot>> bots_;  // [seat], null for a person
    std::vector<std::string> bot_kinds_;            // [seat], the bot's name ("" for a person)
    std::vector<std::string> names_;
    int people_;
    std::string save_;
    Console& console_;
    Style style_;
    std::ostream& out_;
    std::vector<std::vector<NewsItem>> news_;  // per person: what happened since they looked
    int viewer_ = -1;
    int mover_ = -1;  // the person whose turn just had a move, until the terminal is passed on
    bool summary_due_ = false;
};

// Which bot plays how: " The bots (Bot 1 to Bot 5) play optimal." or, when they differ,
// " Bot 1 plays race, Bot 2 optimal."
std::string CrewSession::bots_text() const {
    std::vector<int> seats;
    for (std::size_t s = 0; s < bots_.size(); ++s) {
        if (bots_[s]) seats.push_back(static_cast<int>(s));
    }
    if (seats.empty()) return "";
    const auto kind = [&](int s) { return bot_kinds_[static_cast<std::size_t>(s)]; };
    const bool same = std::all_of(seats.begin(), seats.end(),
                                  [&](int s) { return kind(s) == kind(seats.front()); });
    if (seats.size() == 1) return " " + name(seats.front()) + " plays " + kind(seats.front()) + ".";
    if (same) {
        return " The bots (" + name(seats.front()) + " to " + name(seats.back()) + ") play " +
               kind(seats.front()) + ".";
    }
    std::string text;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        text += (i == 0 ? " " + name(seats[i]) + " plays " : ", " + name(seats[i]) + " ") +
                kind(seats[i]);
    }
    return text + ".";
}

// One event in words: a throw as its faces and what it set aside, in a line.
std::vector<std::string> CrewSession::describe(const json& e) {
    std::vector<std::string> names;
    for (int seat = 0; seat < static_cast<int>(names_.size()); ++seat) names.push_back(name(seat));
    return crew_event_words(e, names, hot_seat() ? -1 : 0, game().observe_seat(0).totals());
}

void CrewSession::tell_everyone(const std::vector<json>& events) {
    for (const auto& e : events) {
        const int seat = e.value("seat", -1);
        const std::string type = e.value("type", "");
        for (const auto& line : describe(e)) {
            for (std::size_t p = 0; p < news_.size(); ++p) {
                // A person's own throws and score are never the lines cut from their screen.
                const bool own =
                    seat == static_cast<int>(p) && (type == "throw" || type == "turn_over");
                news_[p].push_back({line, own});
            }
        }
    }
}

bool CrewSession::show_to(int seat) {
    if (hot_seat() && viewer_ != seat) {
        if (mover_ == viewer_ && viewer_ >= 0 && !end_turn(viewer_, seat)) return false;
        mover_ = -1;
        if (!console_.pass_to(names_[static_cast<std::size_t>(seat)])) return false;
        console_.set_player(seat);
        summary_due_ = true;
    }
    viewer_ = seat;
    return true;
}

// As in classic (docs/play.md): before the pass screen, the mover sees what their turn did (and
// what the bots threw after it) and presses Enter to end it. Every throw is public, so nothing
// on this screen is a secret. False if they leave.
bool CrewSession::end_turn(int seat, int next) {
    draw(seat, false);
    console_.on_resize([this, seat] { draw(seat, false); });
    auto line = console_.ask("Your turn is over. Press Enter to pass the terminal to " +
                             names_[static_cast<std::size_t>(next)] + ": ");
    if (!line) return false;
    return command_of(*line) != PlayCommand::kQuit || !confirm_leave(console_, save_);
}

// `with_turn`: the throws left and the dice held under the news; a turn that is over has none.
void CrewSession::draw(int seat, bool with_turn) {
    const auto obs = game().observe_seat(seat);
    console_.begin_screen();
    out_ << style_.paint("BROADSIDE", Tone::kTitle) << "  Ship, Captain and Crew  "
         << style_.paint("|", Tone::kDim) << "  "
         << (hot_seat() ? names_[static_cast<std::size_t>(seat)] + "'s turn" : "your turn") << "  "
         << style_.paint("|", Tone::kDim) << "  round " << obs.round().number << "  "
         << style_.paint("|", Tone::kDim) << "  seed " << match_.seed() << "\n";
    std::string totals = "Totals:";
    for (std::size_t s = 0; s < obs.totals().size(); ++s) {
        totals +=
            (s ? ", " : " ") + name(static_cast<int>(s)) + " " + std::to_string(obs.totals()[s]);
    }
    const auto totals_lines = wrap(totals, 76);
    for (const auto& line : totals_lines) out_ << "  " << line << "\n";
    // Under the news: the throws left and the dice held, then the prompt.
    std::ostringstream below;
    const auto& t = obs.turn();
    below << "\n  " << obs.throws_left() << (obs.throws_left() == 1 ? " throw" : " throws")
          << " left. ";
    if (t.held < crew::kQualified) {
        below << "Holding: ";
        if (t.held == 0) below << "nothing";
        for (int i = 0; i < t.held; ++i) below << (i ? ", " : "") << crew::held_name(i);
        below << ".\n";
    } else {
        below << "Ship, captain and mate held; the crew:\n" << render_dice({t.crew[0], t.crew[1]});
    }
    const std::string bottom = with_turn ? below.str() : "\n";
    auto& news = news_[static_cast<std::size_t>(seat)];
    if (!news.empty()) {
        // The rows the terminal has left (header, totals, blank and title above; the bottom
        // and the prompt below); this person's own throws are never the lines cut.
        const int used = 1 + static_cast<int>(totals_lines.size()) + 2 +
                         static_cast<int>(std::count(bottom.begin(), bottom.end(), '\n')) + 1;
        out_ << "\n  "
             << style_.paint(summary_due_ ? "Since your last turn:" : "Latest:", Tone::kTitle)
             << "\n";
        const FittedNews fitted = fit_news(news, std::max(1, console_.rows() - used), 76);
        for (std::size_t i = 0; i < fitted.lines.size(); ++i) {
            out_ << "  "
                 << (static_cast<int>(i) == fitted.note ? style_.paint(fitted.lines[i], Tone::kDim)
                                                        : fitted.lines[i])
                 << "\n";
        }
        news.clear();
    }
    summary_due_ = false;
    out_ << bottom;
}

std::string CrewSession::help(const crew::Observation& obs) const {
    const bool crew_held = obs.turn().held == crew::kQualified;
    std::ostringstream h;
    h << "  Commands now:\n";
    if (!crew_held) {
        h << "    Enter, t, throw     throw the " << crew::kDice - obs.turn().held << " dice\n";
    } else {
        const int a = obs.turn().crew[0], b = obs.turn().crew[1];
        h << "    s, stop             stop and score the crew, " << a + b << "\n"
          << "    t, throw            throw both crew dice again\n";
        if (obs.options().crew_reroll == crew::Reroll::kEach) {
            h << "    k " << std::max(a, b) << ", keep " << std::max(a, b) << "      keep the "
              << std::max(a, b) << " and throw the other\n";
        }
    }
    h << "    board, tally        the tally sheet\n"
      << "    help                this list\n"
      << "    quit                leave the game (asks first)\n";
    return h.str();
}

std::optional<json> CrewSession::ask(int seat) {
    draw(seat);
    console_.on_resize([this, seat] { draw(seat); });
    const auto obs = game().observe_seat(seat);
    const bool crew_held = obs.turn().held == crew::kQualified;
    const auto rule = obs.options().crew_reroll;
    while (true) {
        std::string prompt;
        if (!crew_held) {
            prompt = "Enter throws the " + std::to_string(crew::kDice - obs.turn().held) +
                     " dice (help for more) > ";
        } else {
            prompt = "s stops with " + std::to_string(obs.turn().crew[0] + obs.turn().crew[1]) +
                     "; t throws both" + (rule == crew::Reroll::kEach ? "; k N keeps the N" : "") +
                     " > ";
        }
        auto line = console_.ask(prompt);
        if (!line) return std::nullopt;
        std::istringstream words(lower(*line));
        std::string word;
        words >> word;
        const auto command = command_of(word);
        if (command == PlayCommand::kQuit) {
            if (confirm_leave(console_, save_)) return std::nullopt;
            continue;
        }
        if (command == PlayCommand::kHelp) {
            out_ << help(obs);
            continue;
        }
        if (command == PlayCommand::kBoard || word == "tally") {
            out_ << render_tally(obs, names_);
            continue;
        }
        if (word.empty() || word == "t" || word == "throw") return json{{"type", "throw"}};
        if (crew_held && (word == "s" || word == "stop")) return json{{"type", "stop"}};
        int face = 0;
        if (crew_held && (word == "k" || word == "keep") && (words >> face)) {
            return json{{"type", "throw"}, {"keep", {face}}};
        }
        out_ << "  I did not understand \"" << *line << "\"; help lists the commands.\n";
    }
}

void CrewSession::save() {
    if (save_.empty()) return;
    json record = match_.is_over() ? match_.record().value() : match_.record_unchecked();
    // What `play --resume` needs beyond the match: who sat where.
    json bots = json::array();
    for (std::size_t s = 0; s < bots_.size(); ++s) {
        bots.push_back(bots_[s] ? json(bot_kinds_[s]) : json(nullptr));
    }
    record["play"] = {{"names", names_}, {"people", people_}, {"bots", bots}, {"seats", names_}};
    write_record(save_, record);
    out_ << "  Saved the " << (match_.is_over() ? "" : "unfinished ") << "game record to " << save_
         << ".\n";
}

int CrewSession::run() {
    const auto obs0 = game().observe_seat(0);
    std::string intro = "Ship, Captain and Crew: " +
                        (obs0.options().mode == crew::Mode::kRounds
                             ? std::to_string(obs0.options().rounds) +
                                   (obs0.options().rounds == 1 ? " round" : " rounds")
                             : "first to " + std::to_string(obs0.options().target)) +
                        ", seed " + std::to_string(match_.seed()) + ". Throw for the order:";
    for (const auto& roll : obs0.order_rolls()) {
        for (std::size_t i = 0; i < roll.seats.size(); ++i) {
            intro += " " + name(roll.seats[i]) + " " + std::to_string(roll.totals[i]) +
                     (i + 1 < roll.seats.size() ? "," : ";");
        }
    }
    intro += " " + name(obs0.first()) + (you(obs0.first()) ? " go" : " goes") + " first.";
    intro += bots_text();
    for (const auto& line : wrap(intro, 78)) out_ << line << "\n";
    while (!match_.is_over()) {
        const int seat = match_.seats_to_act().front();
        json action;
        if (bots_[static_cast<std::size_t>(seat)]) {
            action = crew::to_json(
                bots_[static_cast<std::size_t>(seat)]->act(game().observe_seat(seat)));
        } else {
            if (!show_to(seat)) break;
            auto a = ask(seat);
            if (!a) break;
            action = *a;
            mover_ = seat;
        }
        auto events = match_.act(seat, action);
        if (!events) {
            out_ << "  " << events.error().message << "\n";
            continue;
        }
        tell_everyone(*events);
    }
    if (match_.is_over()) {
        console_.begin_screen();
        // The last news in the rows the tally sheet (and the saving) leave; the first person's
        // own last throw is never the part cut.
        const std::string tally = render_tally(game().observe_seat(0), names_);
        const int used = static_cast<int>(std::count(tally.begin(), tally.end(), '\n')) + 1 +
                         (save_.empty() ? 0 : 1);
        const FittedNews fitted = fit_news(news_[0], std::max(1, console_.rows() - used), 76);
        for (std::size_t i = 0; i < fitted.lines.size(); ++i) {
            out_ << "  "
                 << (static_cast<int>(i) == fitted.note ? style_.paint(fitted.lines[i], Tone::kDim)
                                                        : fitted.lines[i])
                 << "\n";
        }
        out_ << "\n" << tally;
    } else {
        out_ << "\n  " << (console_.interrupted() ? "Interrupted. " : "")
             << (hot_seat() ? "The game was left" : "You left the game") << " (seed "
             << match_.seed() << ").\n";
    }
    save();
    return kExitOk;
}

// `--resume FILE`: the saved match rebuilt (the dice game's bots have no generator of their
// own, so replaying the actions is enough), the same people and bots.
int resume_play(const PlayArgs& args) {
    const json record = load_unfinished_record(args.resume, {"crew"});
    const json play = record.value("play", json::object());
    auto match = replay(record);
    if (!match) throw UsageError("--resume: " + match.error().message);
    const int seats = match->seat_count();
    std::vector<std::string> names = play.value("names", std::vector<std::string>{});
    const int people = play.value("people", 1);
    const json kinds = play.value("bots", json::array());
    if (static_cast<int>(names.size()) != seats || people < 1 || people > seats) {
        throw UsageError("--resume: " + args.resume +
                         " does not say who sat where (it was not "
                         "saved by 'play crew').");
    }
    std::vector<std::unique_ptr<crew::Bot>> bots;
    std::vector<std::string> bot_kinds;
    for (int s = 0; s < seats; ++s) {
        if (s < people) {
            bots.push_back(nullptr);
            bot_kinds.emplace_back();
            continue;
        }
        const std::string kind = s < static_cast<int>(kinds.size()) && kinds[s].is_string()
                                     ? kinds[s].get<std::string>()
                                     : level_bot("crew", args.people);
        auto bot = crew::make_bot(kind);
        if (!bot) throw UsageError("--resume: " + bot.error().message);
        bots.push_back(std::move(*bot));
        bot_kinds.push_back(kind);
    }
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    CrewSession session(*match, std::move(bots), std::move(bot_kinds), std::move(names), people,
                        args.save.empty() ? args.resume : args.save, console);
    session.resumed();
    return session.run();
}

int run_play(const PlayArgs& args) {
    if (!args.resume.empty()) return resume_play(args);
    if (args.bots_given && !args.people.level.empty()) {
        throw UsageError(
            "Choose the bots with either --bots (by name) or --level (easy, normal "
            "or hard), not both.");
    }
    const int humans = args.people.humans;
    std::vector<std::string> bot_list;
    if (args.bots_given) {
        bot_list = split_names(args.bots);
        if (args.players > 0 && args.players != humans + static_cast<int>(bot_list.size())) {
            throw UsageError("--players " + std::to_string(args.players) + " does not match " +
                             std::to_string(humans) + " people and " +
                             std::to_string(bot_list.size()) + " --bots.");
        }
    } else {
        const int players = args.players > 0 ? args.players : std::max(2, humans + 1);
        if (players < humans) {
            throw UsageError("--players " + std::to_string(players) + " is fewer than the " +
                             std::to_string(humans) + " people playing.");
        }
        bot_list.assign(static_cast<std::size_t>(players - humans), level_bot("crew", args.people));
    }
    std::vector<std::unique_ptr<crew::Bot>> bots;
    std::vector<std::string> bot_kinds(static_cast<std::size_t>(humans));
    std::vector<std::string> names =
        humans == 1 ? std::vector<std::string>{"You"} : people_names(args.people);
    for (int h = 0; h < humans; ++h) bots.push_back(nullptr);
    for (const auto& b : bot_list) {
        auto bot = crew::make_bot(b);
        if (!bot) throw UsageError(bot.error().message);
        // A short name of its own, so that the tally's narrow columns can tell the bots apart;
        // which kind each plays is said when the game starts.
        names.push_back(bot_seat_name(static_cast<int>(bots.size()) - humans + 1));
        bots.push_back(std::move(*bot));
        bot_kinds.push_back(b);
    }
    const auto options = crew_options_json(args.flags, static_cast<int>(bots.size()));
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    auto match = Match::create("crew", options, seed);
    if (!match) throw UsageError(match.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    CrewSession session(*match, std::move(bots), std::move(bot_kinds), std::move(names), humans,
                        args.save, console);
    return session.run();
}

}  // namespace

void add_play_crew(CLI::App& play, Runner& run) {
    auto args = std::make_shared<PlayArgs>();
    auto* cmd = play.add_subcommand("crew", "Ship, Captain and Crew: the dice game");
    cmd->footer(
        "Press Enter to throw; with a crew, 's' stops, 't' throws both crew dice, 'k 4' keeps "
        "the 4 and throws the other; 'help' lists the commands of the moment. With --humans N, "
        "N people play at this terminal, passing it between turns.\n\n" +
        seats::bots_help("crew"));
    auto* bots = cmd->add_option("--bots", args->bots,
                                 "The bots by name, one per seat after the people, e.g. "
                                 "race,optimal; '' for none (default: the --level's bot in "
                                 "every other seat)");
    cmd->add_option("--players", args->players,
                    "Seats in all, people and bots (default: the people and one bot)")
        ->check(CLI::Range(1, 12));
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and moves give the same game (default: a "
                                 "fresh one, printed)");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end (or on quit)");
    add_crew_flags(*cmd, args->flags);
    add_people_flags(*cmd, args->people, 1, 12);
    cmd->add_option("--resume", args->resume,
                    "Go on with the unfinished game saved in FILE: the same seed, people and "
                    "bots; it is saved there again");
    cmd->callback([args, seed, bots, cmd, &run] {
        args->has_seed = seed->count() > 0;
        args->bots_given = bots->count() > 0;
        run = [args, cmd] {
            if (!args->resume.empty()) {
                refuse_with_resume(*cmd, {"--seed", "--bots", "--players", "--humans", "--names",
                                          "--level", "--options", "--mode", "--rounds", "--target",
                                          "--stake", "--crew-reroll"});
            }
            return run_play(*args);
        };
    });
}

}  // namespace broadside::cli

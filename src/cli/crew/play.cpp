// `broadside play crew`: Ship, Captain and Crew in the terminal against any number of bots. The
// match runs through Match (JSON actions, numbered events), so a saved game replays exactly.
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include <unistd.h>

#include "ai/crew/bot.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/crew/options.h"
#include "cli/crew/render.h"
#include "cli/sim_support.h"
#include "games/crew/instance.h"
#include "match/match.h"

namespace broadside::cli {

namespace {

struct PlayArgs {
    std::string bots = "race";
    std::uint64_t seed = 0;
    bool has_seed = false;
    std::string save;
    CrewFlags flags;
};

std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

class CrewSession {
public:
    CrewSession(Match& match, std::vector<std::unique_ptr<crew::Bot>> bots,
                std::vector<std::string> names, bool echo, std::istream& in, std::ostream& out)
        : match_(match),
          bots_(std::move(bots)),
          names_(std::move(names)),
          echo_(echo),
          in_(in),
          out_(out) {}

    int run(const std::string& save_path);

private:
    const crew::CrewGame& game() const {
        return dynamic_cast<const crew::CrewGame&>(match_.instance());
    }
    const std::string& name(int seat) const { return names_[static_cast<std::size_t>(seat)]; }
    void narrate(const std::vector<json>& events);
    // The human's move, or nullopt on quit / end of input.
    std::optional<json> ask(const crew::Observation& obs);
    void show_turn(const crew::Observation& obs);

    Match& match_;
    std::vector<std::unique_ptr<crew::Bot>> bots_;  // [seat], null for the human
    std::vector<std::string> names_;
    bool echo_;
    std::istream& in_;
    std::ostream& out_;
};

void CrewSession::narrate(const std::vector<json>& events) {
    for (const auto& e : events) {
        const std::string type = e.value("type", "");
        if (type == "throw") {
            const int seat = e["seat"].get<int>();
            std::vector<std::string> labels;
            std::vector<int> dice = e["dice"].get<std::vector<int>>();
            out_ << name(seat) << ", throw " << e["throw"].get<int>() << ":";
            if (e.contains("kept")) out_ << " (kept " << e["kept"].dump() << ")";
            out_ << "\n" << render_dice(dice);
            std::string held;
            for (const auto& h : e["held"])
                held += (held.empty() ? "" : ", ") + h.get<std::string>();
            if (!e["set_aside"].empty()) {
                std::string newly;
                for (const auto& h : e["set_aside"])
                    newly += (newly.empty() ? "" : ", ") + h.get<std::string>();
                out_ << "  sets aside: " << newly << "\n";
            }
            out_ << "  holds: " << (held.empty() ? "nothing yet" : held);
            if (!e["crew"].is_null()) {
                out_ << "; crew " << e["crew"][0].get<int>() << " + " << e["crew"][1].get<int>()
                     << " = " << e["crew"][0].get<int>() + e["crew"][1].get<int>();
            }
            out_ << "\n";
        } else if (type == "turn_over") {
            const int seat = e["seat"].get<int>();
            out_ << "=> " << name(seat) << " scores " << e["score"].get<int>()
                 << (e["qualified"].get<bool>() ? "" : " (no 6-5-4)") << "; total "
                 << e["total"].get<int>() << "\n\n";
        } else if (type == "round_over") {
            out_ << render_tally(game().observe_seat(0), names_) << "\n";
        } else if (type == "playoff") {
            std::string who;
            for (const auto& s : e["seats"]) who += (who.empty() ? "" : ", ") + name(s.get<int>());
            out_ << "Tied for the lead: " << who << " play a one-round playoff.\n\n";
        } else if (type == "game_over") {
            const int w = e["winner"].get<int>();
            out_ << "Game over: " << name(w) << (w == 0 ? " win" : " wins");
            if (e["pot"].get<int>() > 0) out_ << " the pot of " << e["pot"].get<int>();
            out_ << ".\n";
        }
    }
}

void CrewSession::show_turn(const crew::Observation& obs) {
    const auto& t = obs.turn();
    out_ << "Your turn (" << obs.throws_left() << " throw" << (obs.throws_left() == 1 ? "" : "s")
         << " left). ";
    if (t.held < crew::kQualified) {
        out_ << "Holding: ";
        if (t.held == 0) out_ << "nothing";
        for (int i = 0; i < t.held; ++i) out_ << (i ? ", " : "") << crew::held_name(i);
        out_ << ".\n";
        return;
    }
    out_ << "Ship, captain and mate held; your crew:\n" << render_dice({t.crew[0], t.crew[1]});
}

std::optional<json> CrewSession::ask(const crew::Observation& obs) {
    show_turn(obs);
    const bool crew_held = obs.turn().held == crew::kQualified;
    const auto rule = obs.options().crew_reroll;
    while (true) {
        if (!crew_held) {
            out_ << "[Enter] or 't' throws the " << crew::kDice - obs.turn().held
                 << " dice; 'q' quits > " << std::flush;
        } else {
            out_ << "'s' stops with " << obs.turn().crew[0] + obs.turn().crew[1]
                 << "; 't' throws both crew dice";
            if (rule == crew::Reroll::kEach) out_ << "; 'k N' keeps the N and throws the other";
            out_ << "; 'q' quits > " << std::flush;
        }
        std::string line;
        if (!std::getline(in_, line)) return std::nullopt;
        if (echo_) out_ << line << "\n";
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (word == "q" || word == "quit") return std::nullopt;
        if (word.empty() || word == "t" || word == "throw") return json{{"type", "throw"}};
        if (crew_held && (word == "s" || word == "stop")) return json{{"type", "stop"}};
        int face = 0;
        if (crew_held && (word == "k" || word == "keep") && (words >> face)) {
            return json{{"type", "throw"}, {"keep", {face}}};
        }
        out_ << "I did not understand \"" << line << "\".\n";
    }
}

int CrewSession::run(const std::string& save_path) {
    const auto obs0 = game().observe_seat(0);
    out_ << "Ship, Captain and Crew: "
         << (obs0.options().mode == crew::Mode::kRounds
                 ? std::to_string(obs0.options().rounds) +
                       (obs0.options().rounds == 1 ? " round" : " rounds")
                 : "first to " + std::to_string(obs0.options().target))
         << ", seed " << match_.seed() << "\n";
    for (const auto& roll : obs0.order_rolls()) {
        out_ << "Throw for the order:";
        for (std::size_t i = 0; i < roll.seats.size(); ++i)
            out_ << "  " << name(roll.seats[i]) << " " << roll.totals[i];
        out_ << "\n";
    }
    out_ << name(obs0.first()) << (obs0.first() == 0 ? " go" : " goes") << " first.\n\n";
    bool quit = false;
    while (!match_.is_over()) {
        const int seat = match_.seats_to_act().front();
        json action;
        if (bots_[static_cast<std::size_t>(seat)]) {
            action = crew::to_json(
                bots_[static_cast<std::size_t>(seat)]->act(game().observe_seat(seat)));
        } else {
            auto a = ask(game().observe_seat(seat));
            if (!a) {
                quit = true;
                break;
            }
            action = *a;
        }
        auto events = match_.act(seat, action);
        if (!events) {
            out_ << events.error().message << "\n";
            continue;
        }
        narrate(*events);
    }
    if (!save_path.empty()) {
        write_record(save_path, match_.record_unchecked());
        out_ << "Record saved to " << save_path << "\n";
    }
    if (quit) out_ << "You left the game.\n";
    return kExitOk;
}

int run_play(const PlayArgs& args) {
    const auto bot_list = split_names(args.bots);
    std::vector<std::unique_ptr<crew::Bot>> bots;
    std::vector<std::string> names{"You"};
    bots.push_back(nullptr);
    for (const auto& b : bot_list) {
        auto bot = crew::make_bot(b);
        if (!bot) throw UsageError(bot.error().message);
        names.push_back(b + "#" + std::to_string(bots.size()));
        bots.push_back(std::move(*bot));
    }
    const auto options = crew_options_json(args.flags, static_cast<int>(bots.size()));
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    auto match = Match::create("crew", options, seed);
    if (!match) throw UsageError(match.error().message);
    if (!args.save.empty()) check_save_path(args.save);
    CrewSession session(*match, std::move(bots), std::move(names), isatty(STDIN_FILENO) == 0,
                        std::cin, std::cout);
    return session.run(args.save);
}

}  // namespace

void add_play_crew(CLI::App& play, Runner& run) {
    auto args = std::make_shared<PlayArgs>();
    auto* cmd = play.add_subcommand("crew", "Ship, Captain and Crew: the dice game against bots");
    cmd->footer(
        "You are seat 0. Press Enter to throw; with a crew, 's' stops, 't' throws both crew "
        "dice, 'k 4' keeps the 4 and throws the other.");
    cmd->add_option("--bots", args->bots,
                    "The opponents, one per seat, e.g. race,optimal,cautious (0 bots: '' for "
                    "solo practice)")
        ->capture_default_str();
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and moves give the same game (default: a "
                                 "fresh one, printed)");
    cmd->add_option("--save", args->save, "Write the match record to FILE at the end (or on quit)");
    add_crew_flags(*cmd, args->flags);
    cmd->callback([args, seed, &run] {
        args->has_seed = seed->count() > 0;
        run = [args] { return run_play(*args); };
    });
}

}  // namespace broadside::cli

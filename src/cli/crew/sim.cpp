// `broadside sim crew`: bots against each other at Ship, Captain and Crew: win rates with 95%
// Wilson intervals, and each bot's mean score per turn with its interval next to the solver's
// exact figure for optimal play.
#include <fstream>
#include <iostream>
#include <memory>

#include "ai/crew/self_play.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/crew/options.h"
#include "cli/sim_support.h"
#include "core/stats.h"
#include "games/crew/solver.h"
#include "match/match.h"

namespace broadside::cli {

namespace {

struct SimArgs {
    std::string bots = "race,optimal";
    long games = 1000;
    std::uint64_t seed = 1;
    int threads = 1;
    bool json = false;
    std::string save;
    CrewFlags flags;
};

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s += std::string(width - s.size(), ' ');
    return s;
}

int run_sim(const SimArgs& args) {
    const auto bot_list = split_names(args.bots);
    if (bot_list.empty())
        throw UsageError("--bots takes one bot name per seat, e.g. race,optimal.");
    for (const auto& name : bot_list) {
        if (auto b = crew::make_bot(name); !b) throw UsageError(b.error().message);
    }
    const auto options = crew_options(args.flags, static_cast<int>(bot_list.size()));
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    const bool keep = !args.save.empty();

    std::vector<crew::GameSummary> summaries(static_cast<std::size_t>(args.games));
    OutputFile save_file;
    if (keep) save_file = open_output_file(args.save, "--save");
    run_games(args.games, args.threads, [&](int) {
        auto bots = make_seat_bots<crew::Bot>(bot_list, crew::make_bot);  // each thread's own
        return [&, bots](long i) {
            summaries[static_cast<std::size_t>(i)] = crew::play_game(
                options, bots.seats, derive_seed(args.seed, static_cast<std::uint64_t>(i)), keep);
        };
    });

    if (keep) {
        // Rebuilt through Match, so a saved game carries the same events as a protocol match.
        OutputFile& out = save_file;
        for (long i = 0; i < args.games; ++i) {
            auto m = Match::create("crew", crew::to_json(options),
                                   derive_seed(args.seed, static_cast<std::uint64_t>(i)));
            for (const auto& [seat, action] : summaries[static_cast<std::size_t>(i)].actions) {
                if (!m->act(seat, crew::to_json(action))) throw std::logic_error("replay failed");
            }
            out << m->record_unchecked().dump() << "\n";
        }
        close_output_file(out, args.save);
    }

    const std::size_t seats = bot_list.size();
    const long n = args.games;
    std::vector<long> wins(seats, 0);
    std::vector<std::vector<double>> turn_scores(seats);
    long with_playoff = 0;
    for (const auto& s : summaries) {
        ++wins[static_cast<std::size_t>(s.winner)];
        with_playoff += s.playoffs > 0 ? 1 : 0;
        for (std::size_t seat = 0; seat < seats; ++seat)
            for (int v : s.turn_scores[seat]) turn_scores[seat].push_back(v);
    }
    const auto solution = crew::solve(options.crew_reroll);
    const double exact = solution.expected_score.to_double();
    const auto playoff_ci = wilson_interval(with_playoff, n);

    nlohmann::json seat_json = nlohmann::json::array();
    for (std::size_t s = 0; s < seats; ++s) {
        const auto ci = wilson_interval(wins[s], n);
        const auto d = summarize(turn_scores[s]);
        seat_json.push_back(
            {{"bot", bot_list[s]},
             {"wins", wins[s]},
             {"win_rate", static_cast<double>(wins[s]) / static_cast<double>(n)},
             {"win_rate_ci", {ci.low, ci.high}},
             {"turns", d.count},
             {"mean_score_per_turn", d.mean},
             {"mean_score_per_turn_ci", {d.mean_ci.low, d.mean_ci.high}},
             {"solver_within_ci", d.mean_ci.low <= exact && exact <= d.mean_ci.high}});
    }
    if (args.json) {
        nlohmann::json j{
            {"game", "crew"},
            {"options", crew::to_json(options)},
            {"bots", bot_list},
            {"games", n},
            {"seed", args.seed},
            {"wins", wins},
            {"seats", seat_json},
            {"playoff_rate", static_cast<double>(with_playoff) / static_cast<double>(n)},
            {"playoff_rate_ci", {playoff_ci.low, playoff_ci.high}},
            {"solver_expected_score", exact},
            {"solver_expected_score_fraction", solution.expected_score.str()}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::cout << "crew: ";
    for (std::size_t s = 0; s < seats; ++s) {
        std::cout << (s ? " vs " : "") << bot_list[s] << " (seat " << s << ")";
    }
    std::cout << ", "
              << (options.mode == crew::Mode::kRounds ? std::to_string(options.rounds) + " rounds"
                                                      : "race to " + std::to_string(options.target))
              << ", crew_reroll " << crew::to_string(options.crew_reroll) << ", " << n
              << " games, seed " << args.seed << "\n\n";
    for (std::size_t s = 0; s < seats; ++s) {
        const auto ci = wilson_interval(wins[s], n);
        std::cout << "  seat " << s << "  " << pad(bot_list[s], 10) << "wins " << wins[s] << "  "
                  << percent(static_cast<double>(wins[s]) / static_cast<double>(n)) << "  (95% CI "
                  << percent(ci.low) << " to " << percent(ci.high) << ")\n";
    }
    std::cout << "  games that needed a playoff: "
              << percent(static_cast<double>(with_playoff) / static_cast<double>(n)) << " (95% CI "
              << percent(playoff_ci.low) << " to " << percent(playoff_ci.high) << ")\n\n";
    std::cout << "mean score per turn (the solver's optimum: " << solution.expected_score.str()
              << " = " << fixed(exact, 4) << "):\n";
    for (std::size_t s = 0; s < seats; ++s) {
        const auto d = summarize(turn_scores[s]);
        const bool inside = d.mean_ci.low <= exact && exact <= d.mean_ci.high;
        std::cout << "  seat " << s << "  " << pad(bot_list[s], 10) << fixed(d.mean, 4)
                  << "  (95% CI " << fixed(d.mean_ci.low, 4) << " to " << fixed(d.mean_ci.high, 4)
                  << ", " << d.count << " turns)  "
                  << (inside ? "solver's figure inside the interval"
                             : "solver's figure outside the interval")
                  << "\n";
    }
    return kExitOk;
}

}  // namespace

void add_sim_crew(CLI::App& sim, Runner& run) {
    auto args = std::make_shared<SimArgs>();
    auto* cmd = sim.add_subcommand("crew", "Ship, Captain and Crew: bots against each other");
    cmd->add_option("--bots", args->bots,
                    "One bot per seat (race, optimal, cautious), e.g. race,optimal")
        ->capture_default_str();
    cmd->add_option("--games", args->games, "Number of games")->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed; the same seed gives the same games")
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "Worker threads (results do not depend on it)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--save", args->save, "Write every game's record to FILE (one JSON per line)");
    add_crew_flags(*cmd, args->flags);
    cmd->callback([args, &run] { run = [args] { return run_sim(*args); }; });
}

}  // namespace broadside::cli

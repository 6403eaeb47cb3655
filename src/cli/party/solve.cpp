// `broadside solve party`: the exact odds of the party game (src/games/party/odds.h), and the
// chance of a tie for the lead among N players.
#include <iostream>

#include "cli/classic/play_render.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/sim_support.h"
#include "games/party/odds.h"

namespace broadside::cli {

namespace {

struct SolveArgs {
    int players = 2;
    bool json = false;
    std::int64_t trials = 0;  // 0: the default budget
    std::uint64_t seed = 1;
};

constexpr std::int64_t kDefaultTrials = 200'000;
constexpr std::int64_t kFleetBudget = 20'000'000;  // fleets sampled at most, by default

std::string fraction(std::int64_t sets) {
    return std::to_string(sets) + "/" + std::to_string(party::kUnfiredSets);
}

int run_solve(const SolveArgs& args) {
    using namespace party;
    if (args.players < 1 || args.players > kMaxPlayers) {
        throw UsageError("--players must be between 1 and " + std::to_string(kMaxPlayers) + ".");
    }
    nlohmann::json by_size = nlohmann::json::object();
    nlohmann::json by_size_exact = nlohmann::json::object();
    for (int length : {5, 4, 3, 2, 1}) {
        const auto sets = afloat_sets(length);
        by_size[std::to_string(length)] =
            static_cast<double>(sets) / static_cast<double>(kUnfiredSets);
        by_size_exact[std::to_string(length)] = fraction(sets);
    }
    const auto dist = afloat_count_sets();
    nlohmann::json distribution = nlohmann::json::array();
    nlohmann::json distribution_exact = nlohmann::json::array();
    for (auto sets : dist) {
        distribution.push_back(static_cast<double>(sets) / static_cast<double>(kUnfiredSets));
        distribution_exact.push_back(fraction(sets));
    }
    const double independent = tie_probability_independent(args.players);
    nlohmann::json tie;
    if (args.players == 1) {
        tie = {{"method", "exact"}, {"probability", 0.0}, {"about", "one player cannot tie"}};
    } else {
        const std::int64_t trials =
            args.trials > 0 ? args.trials
                            : std::max<std::int64_t>(
                                  1000, std::min(kDefaultTrials, kFleetBudget / args.players));
        Rng rng(args.seed);
        const auto e = tie_probability_simulated(args.players, trials, rng);
        tie = {{"method", "simulation"},
               {"probability", e.probability},
               {"ci95", {e.ci.low, e.ci.high}},
               {"trials", e.trials},
               {"seed", args.seed},
               {"about",
                "every player places uniformly at random and independently; all share one draw of "
                "torpedoes. Not computed exactly: that needs every pair of fleets against every "
                "unfired set. Exact for given fleets: see docs/rules/party.md."}};
    }
    tie["if_independent"] = independent;
    const char* placement =
        "Placement does not change a fleet's own odds: a ship is afloat iff one of its cells is "
        "among the 6 unfired, so the figures above depend on the ship lengths only. It does "
        "change how players' counts move together, because the torpedoes are shared: identical "
        "fleets always tie, and the tie probability among random fleets differs from the "
        "'if_independent' value.";
    // The same, for people: no internal key names.
    std::string placement_words = placement;
    placement_words.replace(placement_words.find("the 'if_independent' value."),
                            std::string("the 'if_independent' value.").size(),
                            "the figure for players who each had their own torpedoes.");

    if (args.json) {
        nlohmann::json j{{"game", "party"},
                         {"players", args.players},
                         {"afloat_probability", by_size},
                         {"afloat_probability_exact", by_size_exact},
                         {"afloat_distribution", distribution},
                         {"afloat_distribution_exact", distribution_exact},
                         {"expected_afloat", expected_afloat()},
                         {"tie_for_most", tie},
                         {"placement", placement}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::cout << "party: 30 of 36 torpedoes; a ship is afloat iff one of its cells is among the\n"
                 "6 unfired (exact, out of C(36,6) = 1947792 equally likely sets)\n\n";
    std::cout << "P(a ship is still afloat), by size:\n";
    for (int length : {5, 4, 3, 2, 1}) {
        const auto sets = afloat_sets(length);
        std::cout << "  " << length << (length == 1 ? " cell   " : " cells  ")
                  << percent(static_cast<double>(sets) / static_cast<double>(kUnfiredSets)) << "  ("
                  << fraction(sets) << ")\n";
    }
    std::cout << "\nShips afloat, whole fleet (exact):\n";
    for (std::size_t k = 0; k < dist.size(); ++k) {
        std::cout << "  " << k << "  "
                  << percent(static_cast<double>(dist[k]) / static_cast<double>(kUnfiredSets))
                  << "  (" << fraction(dist[k]) << ")\n";
    }
    std::cout << "  expected " << fixed(expected_afloat(), 4) << " ships afloat\n\n";
    std::cout << "Tie for the most among " << args.players
              << (args.players == 1 ? " player: " : " players: ");
    if (args.players == 1) {
        std::cout << "0 (exact: one player cannot tie)\n";
    } else {
        std::cout << percent(tie["probability"].get<double>()) << " (95% CI "
                  << percent(tie["ci95"][0].get<double>()) << " to "
                  << percent(tie["ci95"][1].get<double>()) << "),\n  by simulation of "
                  << tie["trials"].get<std::int64_t>()
                  << " matches with random fleets (not exact)\n";
        std::cout << "  if each player had their own torpedoes it would be " << percent(independent)
                  << " (exact)\n";
    }
    std::cout << "\n";
    for (const auto& line : wrap(placement_words, 78)) std::cout << line << "\n";
    return kExitOk;
}

}  // namespace

void add_solve_party(CLI::App& solve, Runner& run) {
    auto args = std::make_shared<SolveArgs>();
    auto* cmd = solve.add_subcommand("party", "The party game's exact odds and the tie chance");
    cmd->add_option("--players", args->players, "Players in the match (for the tie chance)")
        ->capture_default_str();
    cmd->add_option("--trials", args->trials,
                    "Simulated matches for the tie chance (default: 200000, fewer for large N)");
    cmd->add_option("--seed", args->seed, "Seed of the simulation")->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->callback([args, &run] { run = [args] { return run_solve(*args); }; });
}

}  // namespace broadside::cli

// `broadside solve crew`: one turn of Ship, Captain and Crew solved exactly (rational
// arithmetic): the optimal expected score, the chance of 6-5-4, the policy and the distribution.
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/sim_support.h"
#include "games/crew/codec.h"
#include "games/crew/solver.h"

namespace broadside::cli {

namespace {

struct SolveArgs {
    std::string crew_reroll = "each";
    bool json = false;
};

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s += std::string(width - s.size(), ' ');
    return s;
}

int run_solve(const SolveArgs& args) {
    const auto rule = crew::parse_reroll(args.crew_reroll);
    if (!rule) throw UsageError(rule.error().message);
    const auto sol = crew::solve(*rule);
    if (args.json) {
        nlohmann::json policy = nlohmann::json::array();
        for (int t = crew::kThrowsPerTurn - 1; t >= 1; --t) {
            for (int a = 1; a <= 6; ++a) {
                for (int b = a; b <= 6; ++b) {
                    const auto c = sol.plan.best({a, b}, t, *rule);
                    const auto& v = sol.plan.crew_value[static_cast<std::size_t>(
                        t)][static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
                    policy.push_back({{"crew", {a, b}},
                                      {"throws_left", t},
                                      {"choice", crew::describe(c)},
                                      {"action", crew::to_json(c)},
                                      {"expected_score", v.to_double()},
                                      {"expected_score_fraction", v.str()}});
                }
            }
        }
        nlohmann::json dist = nlohmann::json::array();
        for (int s = 0; s < crew::kScores; ++s) {
            const auto& p = sol.distribution[static_cast<std::size_t>(s)];
            dist.push_back({{"score", s}, {"probability", p.to_double()}, {"fraction", p.str()}});
        }
        nlohmann::json j{{"game", "crew"},
                         {"crew_reroll", crew::to_string(*rule)},
                         {"expected_score", sol.expected_score.to_double()},
                         {"expected_score_fraction", sol.expected_score.str()},
                         {"qualify_probability", sol.qualify_probability.to_double()},
                         {"qualify_probability_fraction", sol.qualify_probability.str()},
                         {"policy", policy},
                         {"distribution", dist}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::cout << "Ship, Captain and Crew, one turn solved exactly (crew_reroll: "
              << crew::to_string(*rule) << ")\n\n";
    std::cout << "Expected score per turn, optimal play:  " << sol.expected_score.str() << " = "
              << fixed(sol.expected_score.to_double(), 6) << "\n";
    std::cout << "Probability of 6-5-4 within 3 throws:   " << sol.qualify_probability.str()
              << " = " << fixed(sol.qualify_probability.to_double(), 6) << "\n\n";
    std::cout << "Best play with a crew (expected final score in brackets):\n";
    std::cout << "  crew   2 throws left          1 throw left\n";
    for (int a = 1; a <= 6; ++a) {
        for (int b = a; b <= 6; ++b) {
            std::string line = "  " + std::to_string(a) + " " + std::to_string(b) + "    ";
            for (int t = 2; t >= 1; --t) {
                const auto c = sol.plan.best({a, b}, t, *rule);
                const auto& v =
                    sol.plan.crew_value[static_cast<std::size_t>(t)][static_cast<std::size_t>(a)]
                                       [static_cast<std::size_t>(b)];
                line += pad(pad(crew::describe(c), 11) + "(" + fixed(v.to_double(), 3) + ")", 23);
            }
            std::cout << line << "\n";
        }
    }
    std::cout << "\nScore distribution with this play:\n";
    for (int s = 0; s < crew::kScores; ++s) {
        const auto& p = sol.distribution[static_cast<std::size_t>(s)];
        std::cout << "  " << pad(std::to_string(s), 4) << pad(percent(p.to_double()), 8) << p.str()
                  << "\n";
    }
    return kExitOk;
}

}  // namespace

void add_solve_crew(CLI::App& solve, Runner& run) {
    auto args = std::make_shared<SolveArgs>();
    auto* cmd = solve.add_subcommand("crew", "Ship, Captain and Crew: one turn, solved exactly");
    cmd->add_option("--crew-reroll", args->crew_reroll, "House rule: each (default), both or none")
        ->check(CLI::IsMember({"each", "both", "none"}))
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->callback([args, &run] { run = [args] { return run_solve(*args); }; });
}

}  // namespace broadside::cli

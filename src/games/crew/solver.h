#pragma once
// The exact solution of one turn of Ship, Captain and Crew: for any utility of the turn's final
// score (the score itself for the optimal-expectation player, a win probability for the race
// bot), the best keep/re-throw choice in every crew situation and the value of the turn. Exact
// with Rational (every probability is a multiple of 1/6^k), fast with double.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/crew/options.h"
#include "games/crew/rational.h"
#include "games/crew/turn.h"

namespace broadside::crew {

inline constexpr int kScores = kMaxTurnScore + 1;  // 0..12

// One way a throw of 5 - held dice can come out, as far as the rules care: how much of
// ship/captain/mate is then held and, once all three are, the crew (a <= b). `weight` counts the
// equally likely ordered outcomes (out of 6^(5 - held)) that give it.
struct ThrowOutcome {
    int held = 0;
    int a = 0;
    int b = 0;
    std::int64_t weight = 0;
};
// Built by enumerating the multisets of faces with their multinomial counts.
const std::vector<ThrowOutcome>& throw_outcomes(int held);
std::int64_t pow6(int n);

template <class V>
struct TurnPlan {
    // [throws left][a][b] with faces 1..6: the value of holding crew (a, b) with throws left.
    std::array<std::array<std::array<V, 7>, 7>, kThrowsPerTurn> crew_value{};
    // [throws left][a][b]: index into crew_choices(crew, rule) of the best choice.
    std::array<std::array<std::array<int, 7>, 7>, kThrowsPerTurn> choice{};
    // [held][throws left]: the value before a throw, holding `held` of ship/captain/mate.
    std::array<std::array<V, kThrowsPerTurn + 1>, kQualified> before_throw{};
    V value() const { return before_throw[0][kThrowsPerTurn]; }
    CrewChoice best(std::array<int, 2> crew, int throws_left, Reroll rule) const {
        return crew_choices(crew, rule)[static_cast<std::size_t>(choice[static_cast<std::size_t>(
            throws_left)][static_cast<std::size_t>(crew[0])][static_cast<std::size_t>(crew[1])])];
    }
};

// Solves a turn for a utility of the final score (utility[0] is also the value of missing 6-5-4).
// Ties go to the earlier choice in crew_choices(): stop, then throw both, then keep one.
template <class V>
TurnPlan<V> plan_turn(Reroll rule, const std::array<V, kScores>& utility) {
    TurnPlan<V> plan;
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b) plan.crew_value[0][a][b] = utility[a + b];
    for (int t = 1; t < kThrowsPerTurn; ++t) {
        const auto& next = plan.crew_value[t - 1];
        for (int a = 1; a <= 6; ++a) {
            for (int b = 1; b <= 6; ++b) {
                const auto choices = crew_choices({a, b}, rule);
                V best{};
                int best_index = -1;
                for (std::size_t i = 0; i < choices.size(); ++i) {
                    const auto& c = choices[i];
                    V v{};
                    if (c.stop) {
                        v = utility[a + b];
                    } else if (c.keep.empty()) {
                        for (int x = 1; x <= 6; ++x)
                            for (int y = 1; y <= 6; ++y) v += next[x][y];
                        v = v / V(36);
                    } else {
                        for (int x = 1; x <= 6; ++x) v += next[c.keep[0]][x];
                        v = v / V(6);
                    }
                    if (best_index < 0 || v > best) {
                        best = v;
                        best_index = static_cast<int>(i);
                    }
                }
                plan.crew_value[t][a][b] = best;
                plan.choice[t][a][b] = best_index;
            }
        }
    }
    for (int t = 1; t <= kThrowsPerTurn; ++t) {
        for (int held = kQualified - 1; held >= 0; --held) {
            V v{};
            for (const auto& o : throw_outcomes(held)) {
                V after{};
                if (o.held == kQualified) {
                    after = plan.crew_value[t - 1][o.a][o.b];
                } else {
                    after = t > 1 ? plan.before_throw[o.held][t - 1] : utility[0];
                }
                v += V(o.weight) * after;
            }
            plan.before_throw[held][t] = v / V(pow6(kDice - held));
        }
    }
    return plan;
}

std::array<Rational, kScores> score_utility();  // utility(s) = s: the expected score

// The score distribution when following `plan` from the start of a turn.
std::array<Rational, kScores> score_distribution(const TurnPlan<Rational>& plan, Reroll rule);

// Everything `broadside solve crew` reports.
struct CrewSolution {
    Reroll rule = Reroll::kEach;
    TurnPlan<Rational> plan;
    Rational expected_score;
    Rational qualify_probability;
    std::array<Rational, kScores> distribution;
};
CrewSolution solve(Reroll rule);

// "throw both", "keep 4", "stop".
std::string describe(const CrewChoice& c);

}  // namespace broadside::crew

// The exact solver, cross-checked against an independent brute force: every ordered outcome of
// every throw (6^n of them) enumerated directly, with its own set-aside code and every keep
// choice by dice position, rather than the solver's multisets and crew_choices().
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <tuple>
#include <vector>

#include "games/crew/solver.h"

namespace broadside::crew {
namespace {

class BruteForce {
public:
    explicit BruteForce(Reroll rule) : rule_(rule) {}

    // The best expected final score holding crew (a, b) with `left` throws left.
    Rational crew(int a, int b, int left) {
        const auto key = std::make_tuple(a, b, left);
        if (auto it = crew_memo_.find(key); it != crew_memo_.end()) return it->second;
        Rational best = a + b;  // stop (with no throws left, the crew stands)
        if (left > 0 && rule_ != Reroll::kNone) {
            Rational both = 0;
            for (int x = 1; x <= 6; ++x)
                for (int y = 1; y <= 6; ++y) both += crew(x, y, left - 1);
            best = std::max(best, both / Rational(36));
            if (rule_ == Reroll::kEach) {
                Rational keep_first = 0, keep_second = 0;
                for (int x = 1; x <= 6; ++x) {
                    keep_first += crew(a, x, left - 1);
                    keep_second += crew(x, b, left - 1);
                }
                best = std::max(best, keep_first / Rational(6));
                best = std::max(best, keep_second / Rational(6));
            }
        }
        crew_memo_[key] = best;
        return best;
    }

    // Expected final score (value) or chance of 6-5-4 (qualify) before a throw.
    Rational before(int held, int left, bool qualify) {
        const auto key = std::make_tuple(held, left, qualify);
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        const int n = kDice - held;
        int outcomes = 1;
        for (int i = 0; i < n; ++i) outcomes *= 6;
        Rational total = 0;
        for (int code = 0; code < outcomes; ++code) {
            std::vector<int> dice;
            for (int c = code, i = 0; i < n; ++i, c /= 6) dice.push_back(c % 6 + 1);
            int h = held;
            // The ship, then the captain, then the mate, each only after the one before.
            for (int wanted = 6 - h; h < 3 && wanted >= 4; --wanted) {
                bool found = false;
                for (std::size_t i = 0; i < dice.size() && !found; ++i) {
                    if (dice[i] == wanted) {
                        dice.erase(dice.begin() + static_cast<std::ptrdiff_t>(i));
                        found = true;
                    }
                }
                if (!found) break;
                ++h;
            }
            if (h == 3) {
                total += qualify ? Rational(1) : crew(dice[0], dice[1], left - 1);
            } else if (left > 1) {
                total += before(h, left - 1, qualify);
            }
        }
        const Rational r = total / Rational(outcomes);
        memo_[key] = r;
        return r;
    }

    // The score distribution when following `plan`, every throw enumerated.
    std::vector<Rational> distribution(const TurnPlan<Rational>& plan) {
        std::vector<Rational> d(kScores, 0);
        walk(plan, 0, kThrowsPerTurn, {}, Rational(1), d);
        return d;
    }

private:
    void walk(const TurnPlan<Rational>& plan, int held, int left, std::array<int, 2> crew_dice,
              Rational p, std::vector<Rational>& d) {
        if (held == 3) {
            const auto c = left == 0 ? CrewChoice{true, {}} : plan.best(crew_dice, left, rule_);
            if (c.stop) {
                d[static_cast<std::size_t>(crew_dice[0] + crew_dice[1])] += p;
                return;
            }
            const int n = c.keep.empty() ? 2 : 1;
            for (int code = 0; code < (n == 2 ? 36 : 6); ++code) {
                std::array<int, 2> next{code % 6 + 1, code / 6 + 1};
                if (n == 1) next = {c.keep[0], code + 1};
                walk(plan, 3, left - 1, {std::min(next[0], next[1]), std::max(next[0], next[1])},
                     p / Rational(n == 2 ? 36 : 6), d);
            }
            return;
        }
        if (left == 0) {
            d[0] += p;
            return;
        }
        // Not memoised: chance outcomes are enumerated one by one, as the brute force promises,
        // but grouped by what they set aside to keep the walk small.
        std::map<std::tuple<int, int, int>, int> grouped;
        const int n = kDice - held;
        int outcomes = 1;
        for (int i = 0; i < n; ++i) outcomes *= 6;
        for (int code = 0; code < outcomes; ++code) {
            std::vector<int> dice;
            for (int c = code, i = 0; i < n; ++i, c /= 6) dice.push_back(c % 6 + 1);
            int h = held;
            for (int wanted = 6 - h; h < 3 && wanted >= 4; --wanted) {
                auto it = std::find(dice.begin(), dice.end(), wanted);
                if (it == dice.end()) break;
                dice.erase(it);
                ++h;
            }
            const int a = h == 3 ? std::min(dice[0], dice[1]) : 0;
            const int b = h == 3 ? std::max(dice[0], dice[1]) : 0;
            ++grouped[{h, a, b}];
        }
        for (const auto& [key, count] : grouped) {
            walk(plan, std::get<0>(key), left - 1, {std::get<1>(key), std::get<2>(key)},
                 p * Rational(count, outcomes), d);
        }
    }

    Reroll rule_;
    std::map<std::tuple<int, int, int>, Rational> crew_memo_;
    std::map<std::tuple<int, int, bool>, Rational> memo_;
};

class CrewSolverRules : public ::testing::TestWithParam<Reroll> {};

TEST_P(CrewSolverRules, ExpectedScoreMatchesBruteForce) {
    BruteForce brute(GetParam());
    EXPECT_EQ(solve(GetParam()).expected_score, brute.before(0, kThrowsPerTurn, false));
}

TEST_P(CrewSolverRules, QualifyProbabilityMatchesBruteForce) {
    BruteForce brute(GetParam());
    EXPECT_EQ(solve(GetParam()).qualify_probability, brute.before(0, kThrowsPerTurn, true));
}

TEST_P(CrewSolverRules, EveryCrewValueMatchesBruteForce) {
    BruteForce brute(GetParam());
    const auto s = solve(GetParam());
    for (int left = 0; left < kThrowsPerTurn; ++left)
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b)
                EXPECT_EQ(s.plan.crew_value[static_cast<std::size_t>(
                              left)][static_cast<std::size_t>(a)][static_cast<std::size_t>(b)],
                          brute.crew(a, b, left))
                    << a << "," << b << " with " << left << " left";
}

TEST_P(CrewSolverRules, DistributionMatchesBruteForceAndTheExpectation) {
    BruteForce brute(GetParam());
    const auto s = solve(GetParam());
    const auto d = brute.distribution(s.plan);
    Rational total = 0, mean = 0;
    for (int v = 0; v < kScores; ++v) {
        EXPECT_EQ(s.distribution[static_cast<std::size_t>(v)], d[static_cast<std::size_t>(v)])
            << "score " << v;
        total += d[static_cast<std::size_t>(v)];
        mean += d[static_cast<std::size_t>(v)] * Rational(v);
    }
    EXPECT_EQ(total, Rational(1));
    EXPECT_EQ(mean, s.expected_score);
    EXPECT_EQ(d[1], Rational(0));  // a crew is at least 1 + 1
    EXPECT_EQ(d[0], Rational(1) - s.qualify_probability);
}

TEST_P(CrewSolverRules, DoublePlanAgreesWithTheExactOne) {
    std::array<double, kScores> u{};
    for (int v = 0; v < kScores; ++v) u[static_cast<std::size_t>(v)] = v;
    EXPECT_NEAR(plan_turn<double>(GetParam(), u).value(),
                solve(GetParam()).expected_score.to_double(), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(AllHouseRules, CrewSolverRules,
                         ::testing::Values(Reroll::kEach, Reroll::kBoth, Reroll::kNone),
                         [](const auto& param_info) { return to_string(param_info.param); });

TEST(CrewSolver, TheSeedRulesFiguresAreExact) {
    const auto s = solve(Reroll::kEach);
    EXPECT_EQ(s.expected_score.str(), "169123624727/39182082048");
    EXPECT_EQ(s.qualify_probability.str(), "42314697971/78364164096");
    EXPECT_NEAR(s.expected_score.to_double(), 4.316351, 1e-6);
}

TEST(CrewSolver, TrioInOneThrowByInclusionExclusion) {
    // P(a throw of five dice shows a 6, a 5 and a 4) = 1 - 3(5/6)^5 + 3(4/6)^5 - (3/6)^5.
    std::int64_t qualifying = 0;
    for (const auto& o : throw_outcomes(0))
        if (o.held == kQualified) qualifying += o.weight;
    const Rational expected =
        Rational(1) - Rational(3 * 3125, 7776) + Rational(3 * 1024, 7776) - Rational(243, 7776);
    EXPECT_EQ(Rational(qualifying, 7776), expected);
}

TEST(CrewSolver, OutcomeWeightsCoverEveryThrow) {
    for (int held = 0; held < kQualified; ++held) {
        std::int64_t total = 0;
        for (const auto& o : throw_outcomes(held)) total += o.weight;
        EXPECT_EQ(total, pow6(kDice - held));
    }
}

TEST(CrewSolver, OneThrowLeftWithASixKeepsTheSix) {
    const auto s = solve(Reroll::kEach);
    EXPECT_EQ(s.plan.best({1, 6}, 1, Reroll::kEach), (CrewChoice{false, {6}}));
    EXPECT_EQ(s.plan.crew_value[1][1][6], Rational(19, 2));  // 6 + 3.5
    EXPECT_EQ(s.plan.best({5, 6}, 2, Reroll::kEach), (CrewChoice{true, {}}));
}

TEST(CrewSolver, HouseRulesOrderTheExpectations) {
    EXPECT_GT(solve(Reroll::kEach).expected_score, solve(Reroll::kBoth).expected_score);
    EXPECT_GT(solve(Reroll::kBoth).expected_score, solve(Reroll::kNone).expected_score);
}

TEST(CrewRational, ArithmeticIsExactAndReduced) {
    EXPECT_EQ((Rational(1, 3) + Rational(1, 6)).str(), "1/2");
    EXPECT_EQ((Rational(2, 3) * Rational(3, 4)).str(), "1/2");
    EXPECT_EQ((Rational(1, 2) / Rational(1, 4)).str(), "2");
    EXPECT_EQ((Rational(1, 2) - Rational(3, 4)).str(), "-1/4");
    EXPECT_LT(Rational(1, 3), Rational(1, 2));
    EXPECT_EQ(Rational(2, -4), Rational(-1, 2));
}

}  // namespace
}  // namespace broadside::crew

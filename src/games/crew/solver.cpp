#include "games/crew/solver.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace broadside::crew {

namespace {

std::int64_t factorial(int n) {
    std::int64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= i;
    return f;
}

// Calls f(faces, count) for every multiset of n faces (non-decreasing), with the number of
// ordered throws that show it.
template <class F>
void for_each_multiset(int n, F&& f) {
    std::vector<int> faces(static_cast<std::size_t>(n), 1);
    while (true) {
        std::array<int, 7> counts{};
        for (int x : faces) ++counts[static_cast<std::size_t>(x)];
        std::int64_t ways = factorial(n);
        for (int c : counts) ways /= factorial(c);
        f(faces, ways);
        int i = n - 1;
        while (i >= 0 && faces[static_cast<std::size_t>(i)] == 6) --i;
        if (i < 0) return;
        const int v = ++faces[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < n; ++j) faces[static_cast<std::size_t>(j)] = v;
    }
}

std::vector<ThrowOutcome> build_outcomes(int held) {
    std::map<std::tuple<int, int, int>, std::int64_t> grouped;
    for_each_multiset(kDice - held, [&](const std::vector<int>& faces, std::int64_t ways) {
        const auto r = set_aside(held, faces);
        int a = 0, b = 0;
        if (r.held == kQualified) {
            a = std::min(r.rest[0], r.rest[1]);
            b = std::max(r.rest[0], r.rest[1]);
        }
        grouped[{r.held, a, b}] += ways;
    });
    std::vector<ThrowOutcome> out;
    for (const auto& [key, w] : grouped) {
        out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), w});
    }
    return out;
}

}  // namespace

std::int64_t pow6(int n) {
    std::int64_t p = 1;
    for (int i = 0; i < n; ++i) p *= 6;
    return p;
}

const std::vector<ThrowOutcome>& throw_outcomes(int held) {
    static const std::array<std::vector<ThrowOutcome>, kQualified> table{
        build_outcomes(0), build_outcomes(1), build_outcomes(2)};
    return table[static_cast<std::size_t>(held)];
}

std::array<Rational, kScores> score_utility() {
    std::array<Rational, kScores> u;
    for (int s = 0; s < kScores; ++s) u[static_cast<std::size_t>(s)] = Rational(s);
    return u;
}

std::array<Rational, kScores> score_distribution(const TurnPlan<Rational>& plan, Reroll rule) {
    using Dist = std::array<Rational, kScores>;
    // [throws left][a][b]
    std::array<std::array<std::array<Dist, 7>, 7>, kThrowsPerTurn> crew{};
    for (int t = 0; t < kThrowsPerTurn; ++t) {
        for (int a = 1; a <= 6; ++a) {
            for (int b = 1; b <= 6; ++b) {
                Dist d{};
                const CrewChoice c = t == 0 ? CrewChoice{true, {}} : plan.best({a, b}, t, rule);
                if (c.stop) {
                    d[static_cast<std::size_t>(a + b)] = 1;
                } else if (c.keep.empty()) {
                    for (int x = 1; x <= 6; ++x)
                        for (int y = 1; y <= 6; ++y)
                            for (int s = 0; s < kScores; ++s)
                                d[s] += crew[t - 1][x][y][s] * Rational(1, 36);
                } else {
                    for (int x = 1; x <= 6; ++x)
                        for (int s = 0; s < kScores; ++s)
                            d[s] += crew[t - 1][c.keep[0]][x][s] * Rational(1, 6);
                }
                crew[t][a][b] = d;
            }
        }
    }
    std::array<std::array<Dist, kThrowsPerTurn + 1>, kQualified> before{};
    for (int t = 1; t <= kThrowsPerTurn; ++t) {
        for (int held = 0; held < kQualified; ++held) {
            Dist d{};
            for (const auto& o : throw_outcomes(held)) {
                const Rational p(o.weight, pow6(kDice - held));
                for (int s = 0; s < kScores; ++s) {
                    Rational after = 0;
                    if (o.held == kQualified) {
                        after = crew[t - 1][o.a][o.b][s];
                    } else if (t > 1) {
                        after = before[o.held][t - 1][s];
                    } else {
                        after = s == 0 ? 1 : 0;
                    }
                    d[s] += p * after;
                }
            }
            before[held][t] = d;
        }
    }
    return before[0][kThrowsPerTurn];
}

CrewSolution solve(Reroll rule) {
    CrewSolution s;
    s.rule = rule;
    s.plan = plan_turn<Rational>(rule, score_utility());
    s.expected_score = s.plan.value();
    s.distribution = score_distribution(s.plan, rule);
    // Every crew scores at least 1 + 1, so a score of 0 is exactly a turn without 6-5-4.
    s.qualify_probability = Rational(1) - s.distribution[0];
    return s;
}

std::string describe(const CrewChoice& c) {
    if (c.stop) return "stop";
    if (c.keep.empty()) return "throw both";
    return "keep " + std::to_string(c.keep[0]);
}

}  // namespace broadside::crew

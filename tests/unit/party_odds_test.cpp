// The solver's exact values (src/games/party/odds.h) against an independent brute force: every
// one of the C(36,6) sets of six unfired cells, enumerated with six nested loops.
#include <gtest/gtest.h>

#include <cmath>

#include "ai/party/bot.h"
#include "games/party/odds.h"
#include "games/party/rules.h"
#include "unit/party_test_support.h"

namespace broadside::party {
namespace {

using namespace test;
using Fleet = std::array<CellMask, kShips>;

Fleet fleet_of(const std::vector<std::string>& texts) {
    Fleet f{};
    const auto l = layout_of(texts);
    for (int i = 0; i < kShips; ++i)
        f[static_cast<std::size_t>(i)] = ship_mask(l[static_cast<std::size_t>(i)], i);
    return f;
}

// Calls f(unfired) for every 6-subset of the 36 cells.
template <class F>
void every_unfired_set(F&& f) {
    for (int a = 0; a < kCells; ++a)
        for (int b = a + 1; b < kCells; ++b)
            for (int c = b + 1; c < kCells; ++c)
                for (int d = c + 1; d < kCells; ++d)
                    for (int e = d + 1; e < kCells; ++e)
                        for (int g = e + 1; g < kCells; ++g)
                            f((CellMask{1} << a) | (CellMask{1} << b) | (CellMask{1} << c) |
                              (CellMask{1} << d) | (CellMask{1} << e) | (CellMask{1} << g));
}

struct BruteForce {
    std::int64_t sets = 0;
    std::array<std::int64_t, kShips> ship_afloat{};
    std::array<std::int64_t, kShips + 1> fleet_afloat{};
};

BruteForce brute_force(const Fleet& fleet) {
    BruteForce b;
    every_unfired_set([&](CellMask u) {
        ++b.sets;
        int n = 0;
        for (int i = 0; i < kShips; ++i) {
            const bool afloat = (fleet[static_cast<std::size_t>(i)] & u) != 0;
            b.ship_afloat[static_cast<std::size_t>(i)] += afloat;
            n += afloat;
        }
        ++b.fleet_afloat[static_cast<std::size_t>(n)];
    });
    return b;
}

TEST(PartyOdds, ThereAreC36Choose6EquallyLikelyUnfiredSets) {
    EXPECT_EQ(choose(36, 6), kUnfiredSets);
    std::int64_t n = 0;
    every_unfired_set([&](CellMask) { ++n; });
    EXPECT_EQ(n, kUnfiredSets);
}

TEST(PartyOdds, ExactShipAndFleetOddsMatchEnumerationForSeveralPlacements) {
    Rng rng(5);
    const RandomPlacer placer;
    std::vector<Fleet> fleets{fleet_of(kRows), fleet_of(kColumns)};
    Fleet random{};
    const auto l = placer.layout(rng);
    for (int i = 0; i < kShips; ++i)
        random[static_cast<std::size_t>(i)] = ship_mask(l[static_cast<std::size_t>(i)], i);
    fleets.push_back(random);
    const auto exact = afloat_count_sets();
    for (const auto& fleet : fleets) {
        const auto b = brute_force(fleet);
        for (int i = 0; i < kShips; ++i) {
            EXPECT_EQ(b.ship_afloat[static_cast<std::size_t>(i)],
                      afloat_sets(kShipLengths[static_cast<std::size_t>(i)]))
                << "ship " << i;
        }
        EXPECT_EQ(b.fleet_afloat, exact);  // placement does not change a fleet's odds
    }
}

TEST(PartyOdds, TheKnownValues) {
    // P(a ship of length L is sunk) = C(36-L, 6) / C(36, 6).
    EXPECT_EQ(afloat_sets(1), kUnfiredSets - choose(35, 6));
    EXPECT_NEAR(static_cast<double>(afloat_sets(1)) / kUnfiredSets, 6.0 / 36.0, 1e-12);
    EXPECT_EQ(afloat_sets(5), 1211511);
    const auto d = afloat_count_sets();
    std::int64_t total = 0;
    double mean = 0;
    for (std::size_t k = 0; k < d.size(); ++k) {
        total += d[k];
        mean += static_cast<double>(k) * static_cast<double>(d[k]);
    }
    EXPECT_EQ(total, kUnfiredSets);
    EXPECT_NEAR(mean / kUnfiredSets, expected_afloat(), 1e-12);
    // Six ships afloat needs one unfired cell in each: the Patrol Boat's and one of each other
    // ship's, so 5*4*3*3*2*1 = 360 sets.
    EXPECT_EQ(d[6], 360);
}

TEST(PartyOdds, IdenticalFleetsAlwaysTieAndTheExactTieCountMatchesEnumeration) {
    const Fleet rows = fleet_of(kRows), columns = fleet_of(kColumns);
    EXPECT_EQ(tie_sets_exact({rows, rows}), kUnfiredSets);
    std::int64_t ties = 0;
    every_unfired_set(
        [&](CellMask u) { ties += ships_afloat(rows, u) == ships_afloat(columns, u); });
    EXPECT_EQ(tie_sets_exact({rows, columns}), ties);
    EXPECT_LT(ties, kUnfiredSets);
    EXPECT_EQ(tie_sets_exact({rows}), 0);
}

TEST(PartyOdds, TieProbabilityIfIndependentIsExact) {
    EXPECT_EQ(tie_probability_independent(1), 0.0);
    const auto d = afloat_count_sets();
    double same = 0;
    for (auto k : d) same += std::pow(static_cast<double>(k) / kUnfiredSets, 2);
    EXPECT_NEAR(tie_probability_independent(2), same, 1e-12);
    EXPECT_GT(tie_probability_independent(50), tie_probability_independent(2));
}

TEST(PartyOdds, TheSimulatedTieProbabilityAgreesWithWholeMatchesOfTheEngine) {
    // Two independent routes to the same quantity: the solver's sampler, and full matches
    // through the rules (a tie for the most is exactly a match that reaches the tiebreak).
    const int players = 3;
    const std::int64_t n = 20'000;
    Rng rng(21);
    const auto solver = tie_probability_simulated(players, n, rng);
    const RandomPlacer placer;
    Options o;
    o.players = players;
    std::int64_t tiebreaks = 0;
    Rng match_rng(22);
    for (std::int64_t g = 0; g < n; ++g) {
        State s = new_game(o);
        for (int p = 0; p < players; ++p)
            ASSERT_TRUE(place_fleet(s, p, placer.layout(match_rng)).ok());
        TorpedoReport r;
        while (s.fired_count < kTorpedoes)
            ASSERT_TRUE(fire_torpedo(s, draw_torpedo(s, match_rng), r).ok());
        tiebreaks += s.tied.empty() ? 0 : 1;
    }
    const auto engine = wilson_interval(tiebreaks, n);
    EXPECT_LT(solver.ci.low, engine.high);
    EXPECT_GT(solver.ci.high, engine.low);
    EXPECT_GT(solver.probability, 0.2);
}

}  // namespace
}  // namespace broadside::party

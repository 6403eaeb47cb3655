#include "games/party/odds.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/fleet_sampler.h"

namespace broadside::party {

std::int64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    std::int64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;  // exact at every step
    return r;
}

std::int64_t afloat_sets(int length) {
    return kUnfiredSets - choose(kCells - length, kCells - kTorpedoes);
}

std::array<std::int64_t, kShips + 1> afloat_count_sets() {
    // all_sunk[T]: sets U avoiding every cell of the ships in T (ships are disjoint).
    constexpr int kSubsets = 1 << kShips;
    std::array<std::int64_t, kSubsets> all_sunk{};
    for (int t = 0; t < kSubsets; ++t) {
        int cells = 0;
        for (int i = 0; i < kShips; ++i) {
            if (t >> i & 1) cells += kShipLengths[static_cast<std::size_t>(i)];
        }
        all_sunk[static_cast<std::size_t>(t)] = choose(kCells - cells, kCells - kTorpedoes);
    }
    // Exactly the ships of S sunk: inclusion-exclusion over the supersets T of S.
    std::array<std::int64_t, kShips + 1> by_afloat{};
    for (int s = 0; s < kSubsets; ++s) {
        std::int64_t exactly = 0;
        for (int t = s; t < kSubsets; t = (t + 1) | s) {
            const int extra = std::popcount(static_cast<unsigned>(t & ~s));
            exactly += (extra % 2 ? -1 : 1) * all_sunk[static_cast<std::size_t>(t)];
        }
        by_afloat[static_cast<std::size_t>(kShips - std::popcount(static_cast<unsigned>(s)))] +=
            exactly;
    }
    return by_afloat;
}

double expected_afloat() {
    std::int64_t total = 0;
    for (int length : kShipLengths) total += afloat_sets(length);
    return static_cast<double>(total) / static_cast<double>(kUnfiredSets);
}

double tie_probability_independent(int players) {
    if (players < 2) return 0;
    const auto sets = afloat_count_sets();
    double unique = 0;  // P(exactly one player has the most)
    double below = 0;   // P(X < k)
    for (int k = 0; k <= kShips; ++k) {
        const double p = static_cast<double>(sets[static_cast<std::size_t>(k)]) /
                         static_cast<double>(kUnfiredSets);
        unique += players * p * std::pow(below, players - 1);
        below += p;
    }
    return 1 - unique;
}

namespace {

bool tie_for_most(const std::vector<std::array<CellMask, kShips>>& fleets, CellMask unfired) {
    int most = -1, holders = 0;
    for (const auto& f : fleets) {
        const int a = ships_afloat(f, unfired);
        if (a > most) {
            most = a;
            holders = 1;
        } else if (a == most) {
            ++holders;
        }
    }
    return holders >= 2;
}

}  // namespace

std::int64_t tie_sets_exact(const std::vector<std::array<CellMask, kShips>>& fleets) {
    std::int64_t ties = 0;
    // Every 36-bit mask with six bits set, in increasing order (Gosper's hack).
    constexpr CellMask kFirst = (CellMask{1} << (kCells - kTorpedoes)) - 1;
    for (CellMask u = kFirst; u <= kAllCells;) {
        ties += tie_for_most(fleets, u) ? 1 : 0;
        const CellMask low = u & (~u + 1);
        const CellMask ripple = u + low;
        u = ripple | (((u ^ ripple) >> 2) / low);
    }
    return ties;
}

TieEstimate tie_probability_simulated(int players, std::int64_t trials, Rng& rng) {
    std::vector<ShipSpec> fleet;
    for (int i = 0; i < kShips; ++i) {
        fleet.push_back(
            {ship_names()[static_cast<std::size_t>(i)], kShipLengths[static_cast<std::size_t>(i)]});
    }
    const FleetSampler sampler(fleet, kBoard, false);
    std::vector<Placement> layout;
    std::vector<std::array<CellMask, kShips>> fleets(static_cast<std::size_t>(players));
    TieEstimate e;
    e.trials = trials;
    std::array<int, kCells> cells{};
    for (int i = 0; i < kCells; ++i) cells[static_cast<std::size_t>(i)] = i;
    for (std::int64_t t = 0; t < trials; ++t) {
        for (auto& f : fleets) {
            sampler.sample_layout(rng, layout);
            for (int s = 0; s < kShips; ++s) {
                f[static_cast<std::size_t>(s)] = ship_mask(layout[static_cast<std::size_t>(s)], s);
            }
        }
        // The six cells left in the envelope: a partial Fisher-Yates draw.
        CellMask unfired = 0;
        for (int i = 0; i < kCells - kTorpedoes; ++i) {
            const auto j =
                static_cast<std::size_t>(i) + rng.below(static_cast<std::uint32_t>(kCells - i));
            std::swap(cells[static_cast<std::size_t>(i)], cells[j]);
            unfired |= CellMask{1} << cells[static_cast<std::size_t>(i)];
        }
        e.ties += tie_for_most(fleets, unfired) ? 1 : 0;
    }
    e.probability = trials ? static_cast<double>(e.ties) / static_cast<double>(trials) : 0;
    e.ci = wilson_interval(e.ties, trials);
    return e;
}

}  // namespace broadside::party

#pragma once
// Exact odds of the party game. After 30 of 36 torpedoes the 6 unfired cells are a uniformly
// random 6-subset U of the sea (the draw is without replacement, so every subset is equally
// likely, whatever the order). A ship is still afloat iff at least one of its cells is in U.
// A player's ships are disjoint, so P(every ship of a set T is sunk) = C(36 - |cells of T|, 6) /
// C(36, 6), and inclusion-exclusion over the 2^6 sets of ships gives the exact distribution of
// ships afloat, which depends on the ship lengths only, never on where the ships are.
#include <array>
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "core/stats.h"
#include "games/party/board.h"

namespace broadside::party {

inline constexpr std::int64_t kUnfiredSets = 1'947'792;  // C(36, 6)

std::int64_t choose(int n, int k);

// For a ship of `length`: the number of 6-subsets U that leave it afloat (out of kUnfiredSets).
std::int64_t afloat_sets(int length);

// The exact number of 6-subsets U leaving exactly k ships of the fleet afloat, k = 0..6.
std::array<std::int64_t, kShips + 1> afloat_count_sets();

// E[ships afloat] = sum over ships of P(afloat), exactly.
double expected_afloat();

// P(two or more players share the most ships afloat) if the N players' counts were independent
// draws from the one-fleet distribution (as if each had their own torpedoes). Exact.
double tie_probability_independent(int players);

// P(a tie for the most) for these exact fleets, by enumerating all C(36, 6) unfired sets:
// exact, cost C(36,6) x fleets. Returns the count of tying sets (out of kUnfiredSets).
std::int64_t tie_sets_exact(const std::vector<std::array<CellMask, kShips>>& fleets);

// P(a tie for the most) among N players who each place uniformly at random (independently), by
// simulation: `trials` matches with fresh fleets and a fresh draw.
struct TieEstimate {
    std::int64_t trials = 0;
    std::int64_t ties = 0;
    double probability = 0;
    Interval ci;  // 95% Wilson
};
TieEstimate tie_probability_simulated(int players, std::int64_t trials, Rng& rng);

// The ships afloat of a fleet given the unfired set.
inline int ships_afloat(const std::array<CellMask, kShips>& fleet, CellMask unfired) {
    int n = 0;
    for (CellMask m : fleet) n += (m & unfired) != 0 ? 1 : 0;
    return n;
}

}  // namespace broadside::party

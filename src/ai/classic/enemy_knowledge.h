#pragma once
// What a shooter can deduce about the enemy ocean from one Observation (and nothing else): which
// hits belong to sunk ships, which certainly belong to ships still afloat, and (under no_touch)
// which unfired cells must be water. Shared by the hunt and density bots.
#include <vector>

#include "core/bitboard.h"
#include "games/classic/observation.h"

namespace broadside::classic {

struct EnemyKnowledge {
    BoardSize board;
    bool no_touch = false;
    Bitboard unfired;  // cells not yet fired at
    Bitboard hits;
    Bitboard misses;
    // Unfired cells that cannot hold a ship (no_touch: around sunk ships, diagonal to hits).
    Bitboard water;
    // Hits that certainly belong to sunk ships, and those that might (a superset). With every
    // hit named (announce: ship) the two are equal; under hit-only a sinking shot names its ship
    // but the other cells of that ship may be ambiguous.
    Bitboard sunk_cells;
    Bitboard maybe_sunk;
    // Hits that certainly belong to ships still afloat, and hits that may or may not.
    Bitboard open_hits;
    Bitboard ambiguous_hits;

    std::vector<int> length;      // per ship
    std::vector<char> sunk;       // per ship
    std::vector<Bitboard> known;  // per ship: cells certainly belonging to it (all hits)

    int ships() const { return static_cast<int>(length.size()); }
};

// Fills `k` from `obs`. Reuses k's vectors, so calling it every shot does not allocate.
void analyse(const Observation& obs, EnemyKnowledge& k);

// The cells a straight ship of `length` covers from `start` (step 1: right, step cols: down).
Bitboard segment(int start, int step, int length);

}  // namespace broadside::classic

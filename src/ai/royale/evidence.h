#pragma once
// What the public evidence says about where the other players' unsunk cards are, for the
// `royale` bot. The deck is public (its cards are printed), so every shot coordinate tells
// which deck cards are in play: no hit peg means no card on it is held by anyone; a hit peg on
// a coordinate only one card covers means that card is held. Sonar marks exclude or favour the
// cards crossing their line. The result is, per card, the chance that another player holds it
// afloat, and per coordinate the expected number of hits.
#include <array>
#include <vector>

#include "games/royale/observation.h"

namespace broadside::royale {

struct Evidence {
    std::vector<double> card_odds;        // per deck card
    std::array<double, 100> cell_odds{};  // expected hits on each open coordinate
    Bitboard mine;                        // my own kept cards' coordinates (never shot)
    bool any_certain = false;             // some open coordinate is a sure hit
};

Evidence weigh_evidence(const Observation& obs);

// Open coordinates, best first (ties in random order), never my own unless nothing else is left.
std::vector<Cell> best_cells(const Observation& obs, const Evidence& ev, int count, Rng& rng);

}  // namespace broadside::royale

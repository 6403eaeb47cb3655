#pragma once
// Fleet placements other than uniform. Every one here is a product-form distribution restricted
// to legal layouts: each ship position gets a weight, and a legal layout is drawn with
// probability proportional to the product of its ships' weights. Rejection sampling stays exact
// for these: each ship draws a position in proportion to its weight, and the whole draw is
// thrown away if two ships overlap (or touch, under no_touch).
#include <functional>
#include <optional>
#include <vector>

#include "ai/classic/bot.h"
#include "ai/classic/density_bot.h"

namespace broadside::classic {

// The weight of a ship position, from its cells; 0 rules the position out.
using PositionWeight = std::function<double(const Bitboard& cells)>;

// A legal layout drawn in proportion to the product of its positions' weights, or nothing if
// `max_attempts` draws were all illegal.
std::optional<std::vector<Placement>> weighted_layout(const Options& options,
                                                      const PositionWeight& weight, Rng& rng,
                                                      long max_attempts = 1'000'000);

// The cells on the board's edge.
Bitboard rim(BoardSize board);

// The chance that each cell holds a ship under uniform placement, estimated from 20,000 fleets
// drawn from a fixed seed (so the same for every caller: no history, no generator consumed).
std::vector<double> uniform_occupancy(const Options& options);

// Each cell's z-score within the board: (value - mean) / standard deviation (all 0 if flat).
std::vector<double> standardized(const std::vector<double>& values);

// A hard-to-find layout: legal layouts weighted by exp(-beta * sum over the fleet's cells of
// danger[c]), where `danger` says how early a shooter looks at each cell (standardized, so beta
// does not depend on its units). beta = 0 is uniform; larger beta hides the fleet harder but
// makes it more predictable. Falls back to a uniform layout if the weighted draws keep failing.
std::vector<Placement> place_avoiding(const Options& options, const std::vector<double>& danger,
                                      double beta, Rng& rng);

// The placement most Battleship programs use: each ship in fleet order takes a uniformly random
// position among those that do not meet (or, under no_touch, touch) the ships already placed,
// starting over if some ship has none left. It is NOT uniform over legal layouts: the first
// (longest) ships are spread evenly over their positions, and the later ones fill the gaps. It is
// here so that published figures measured against it can be compared with ours (docs/ai.md).
// Nothing if `max_restarts` attempts all ran out of room.
std::optional<std::vector<Placement>> sequential_layout(const Options& options, Rng& rng,
                                                        int max_restarts = 100'000);

// A bot that places its own way and shoots like `density`: the placers below, which exist to
// be shot at (bench shooter --placer NAME) and still play a fair game when seated.
class DensityShootingPlacer : public Bot {
public:
    void new_game() override { shooter_.new_game(); }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        shooter_.shoot(obs, rng, out);
    }
    Action decide(const Observation& obs, Rng& rng) override { return shooter_.decide(obs, rng); }

private:
    DensityBot shooter_;
};

// `border`: every ship lies along the board's edge (all its cells on the rim), drawn uniformly
// among such legal layouts, so never one fixed layout. The opponent that series learning is
// measured against.
class BorderBot final : public DensityShootingPlacer {
public:
    std::string name() const override { return "border"; }
    std::vector<Placement> place(const Observation& obs, Rng& rng) override;
};

// `sequential`: places with sequential_layout, the way most programs do.
class SequentialBot final : public DensityShootingPlacer {
public:
    std::string name() const override { return "sequential"; }
    std::vector<Placement> place(const Observation& obs, Rng& rng) override;
};

}  // namespace broadside::classic

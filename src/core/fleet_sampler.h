#pragma once
// Exactly uniform random fleet layouts, by rejection sampling: every ship takes a uniformly random
// position among all of its positions on the board, and the whole layout is rejected and redrawn
// if any two ships overlap (or touch, with no_touch). Conditioning a product distribution on
// legality gives the uniform distribution over legal layouts; placing ship by ship and only
// retrying the failing ship would not.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "core/ship.h"

namespace broadside {

class FleetSampler {
public:
    FleetSampler(std::vector<ShipSpec> fleet, BoardSize board, bool no_touch);

    // A uniform legal layout, or nothing if `max_attempts` layouts were all rejected (only for
    // fleets packed so tightly that legal layouts are a vanishing fraction).
    std::optional<std::vector<Placement>> sample(Rng& rng, long max_attempts = 50'000'000) const;

    // The same, writing the ships' cells too (for engines that want them without recomputing).
    bool sample_into(Rng& rng, std::vector<Placement>& layout, std::vector<Bitboard>& cells,
                     long max_attempts = 50'000'000) const;

    // The same, writing only the layout into a buffer the caller reuses (the fast path of a
    // bot placing a fleet every game).
    bool sample_layout(Rng& rng, std::vector<Placement>& layout,
                       long max_attempts = 50'000'000) const;

    // A legal layout found by randomized depth-first search: always finds one when one exists
    // (within a step budget), but is not exactly uniform. For fleets too tight for sample().
    // `occupied` holds the cells of ships already on the board (a player's own placements before
    // `auto`): the layout keeps clear of them, and of the cells around them with no_touch.
    std::optional<std::vector<Placement>> search(Rng& rng, long max_steps = 20'000'000,
                                                 const Bitboard& occupied = {}) const;

    // Number of rejection attempts after which callers should fall back to search().
    static constexpr long kUniformAttempts = 1'000'000;

private:
    struct Position {
        Placement placement;
        Bitboard cells;
        Bitboard halo;  // cells plus the cells around them (for no_touch)
    };
    std::vector<ShipSpec> fleet_;
    BoardSize board_;
    bool no_touch_;
    std::vector<std::vector<Position>> positions_;  // per ship, every on-board position
    // Boards of at most 128 cells (the classic 10x10 among them) fit their positions in two
    // words: the rejection loop then tests and blocks two words instead of a whole Bitboard.
    struct SmallPosition {
        std::uint64_t cells[2];
        std::uint64_t block[2];  // what this ship blocks: its cells, or its halo with no_touch
    };
    bool small_ = false;
    std::vector<std::vector<SmallPosition>> small_positions_;  // parallel to positions_

    // Draws ship positions until a legal fleet is found, calling pick(ship, position) for every
    // ship of the accepted draw (and possibly for ships of rejected ones, which the accepted
    // draw overwrites). The one rejection loop behind every sample*() function.
    template <class Pick>
    bool draw(Rng& rng, long max_attempts, Pick&& pick) const;
};

}  // namespace broadside

#pragma once
// A one-step lookahead for the hunt: which first shot leads to the quickest search for the ships
// not yet found.
//
// While no ship afloat has been hit, `best` can fire at any of several cells of nearly the best
// value. Firing at the likeliest cell is myopic: what matters is how fast the search that
// follows finds every ship. So each
// candidate first shot is valued by the search it starts: fire it, then keep firing where
// `density` scores highest (ties in the game's order, tie_order.h), every shot assumed to miss.
// The value is the expected number of those shots until every ship afloat has been hit at least
// once, with each ship spread evenly over its positions on its own (as `density` counts them).
// It is exact and cheap (no sampling): each assumed miss only removes the positions through it.
// Measured in docs/ai.md ("The hunt lookahead").
#include <span>
#include <vector>

#include "ai/classic/tie_order.h"
#include "core/bitboard.h"
#include "core/cell.h"

namespace broadside::classic {

class HuntLookahead {
public:
    // `ships`: per ship still to be found, the cells of each of its possible positions.
    // `unfired`: the cells not fired at yet. `weights` (optional, the same shape as `ships`):
    // each position's prior weight, for a ship spread over its positions in proportion to them
    // (a learned prior, opponent_model.h); evenly without. Resets everything.
    void reset(BoardSize board, const std::vector<std::vector<Bitboard>>& ships,
               const Bitboard& unfired, const std::vector<std::vector<double>>* weights = nullptr);

    // The expected number of shots until every ship has been hit at least once, when `first` is
    // fired and then, assuming each shot misses, the cell the ships' positions cover most
    // (summing over ships the share of each ship's positions through the cell; ties in
    // `order`). A shot into a cell no position covers is never made: the search stops when
    // nothing is left to find, and every shot up to then counts.
    double covering_time(int first, const TieOrder& order);

    // The same with the first shots fixed: `prefix` (not empty, cells not fired at, no repeats)
    // in order, then the density search. covering_time(c) is covering_time({c}).
    double covering_time(std::span<const int> prefix, const TieOrder& order);

    // The `m` cells the model scores densest once `first` has missed (the search's candidates
    // for its second shot), densest first; fewer if fewer cells have a position left.
    std::vector<int> densest_after(int first, int m);

    // The same search seen one shot later, once `fired` has been fired and its outcome is known:
    // `found` is the ship it hit (that ship is then left out of the search), or -1 for a miss.
    // Either way no other ship lies at `fired`: its positions through it are removed and each
    // ship is spread over the positions left. The value is the expected number of shots, from
    // the next one on, until every other ship has been hit at least once, firing each time
    // where the positions still alive are densest (ties in `order`), every shot assumed to miss.
    // 0 if nothing is left to find. With one ship, covering_time(c) = 1 + (1 - q) x
    // search_time(c, -1) where q is the ship's share through c.
    double search_time(int fired, int found, const TieOrder& order);

    // The shots of the last covering_time or search_time call, in order (for covering_time the
    // first is `first`).
    const std::vector<int>& sequence() const { return sequence_; }

private:
    // Restores the working copies to the state before any shot.
    void start();
    // The expected shots of the density search from the working state, for every ship but
    // `skip` (-1: none), each spread over its positions alive at the call; the first shots are
    // `prefix`, then the densest cell each time.
    double search(std::span<const int> prefix, int skip, const TieOrder& order);
    // Removes every position through `cell` that is still alive.
    void miss(int cell);

    BoardSize board_;
    Bitboard unfired_;
    int ships_ = 0;
    // Per ship: its positions' cells, flattened (position p of ship s: cells_[s][p * length..]).
    std::vector<std::vector<int>> cells_;
    std::vector<int> length_;
    std::vector<std::vector<double>> weight_;  // per ship and position
    // Per ship and cell: the positions through the cell.
    std::vector<std::vector<std::vector<int>>> through_;
    std::vector<std::vector<double>> count0_;  // per ship and cell: the weight through it
    std::vector<double> alive0_;               // per ship: the weight of its positions
    // The working copies for one covering_time call.
    std::vector<std::vector<double>> count_;
    std::vector<double> alive_;
    std::vector<double> base_;  // per ship: the weight alive when search() began
    Bitboard open_;
    std::vector<std::vector<char>> dead_;
    std::vector<double> score_;
    std::vector<int> ties_;
    std::vector<int> sequence_;
};

}  // namespace broadside::classic

#pragma once
// How a bot chooses among cells it values equally: the first in a spatial order kept for the whole
// game, reading order (row by row, left to right) on the board turned by one of its symmetries.
//
// Why: measured in docs/ai.md ("Breaking ties"), `density` needs about 0.35 shots a game more
// when it breaks ties at random. Any spatial order kept over the game wins that back: reading
// order, diagonals, nearest to the last shot. A random order of the cells kept over the game does
// not. A consistent order keeps the search together instead of scattering it over equally
// likely places all over the board.
//
// The symmetry is drawn anew each game, so the bot does not open the same way every game. Fleets
// placed uniformly look the same under every symmetry of the board, so this costs nothing
// against them.
#include <vector>

#include "core/cell.h"
#include "core/rng.h"

namespace broadside::classic {

struct TieOrder {
    bool flip_rows = false;  // bottom row first
    bool flip_cols = false;  // right column first
    bool transpose =
        false;  // column by column (square boards only: it must map the board onto itself)

    // One of the board's symmetries, uniformly: 8 on a square board, 4 on any other.
    static TieOrder draw(BoardSize board, Rng& rng) {
        TieOrder order;
        order.flip_rows = rng.coin();
        order.flip_cols = rng.coin();
        order.transpose = board.rows == board.cols && rng.coin();
        return order;
    }

    // Every symmetry of the board: 8 on a square board, 4 on any other.
    static std::vector<TieOrder> every(BoardSize board) {
        std::vector<TieOrder> orders;
        for (const bool rows : {false, true}) {
            for (const bool cols : {false, true}) {
                for (const bool turn : {false, true}) {
                    if (turn && board.rows != board.cols) continue;
                    orders.push_back({rows, cols, turn});
                }
            }
        }
        return orders;
    }

    // The place of the cell with index `cell` in this order: lower comes first.
    int rank(int cell, BoardSize board) const {
        int r = cell / board.cols;
        int c = cell % board.cols;
        if (flip_rows) r = board.rows - 1 - r;
        if (flip_cols) c = board.cols - 1 - c;
        return transpose ? c * board.rows + r : r * board.cols + c;
    }

    // The first of `cells` (indices; not empty) in this order.
    int first(const std::vector<int>& cells, BoardSize board) const {
        int pick = cells.front();
        int best = rank(pick, board);
        for (const int cell : cells) {
            const int r = rank(cell, board);
            if (r < best) {
                best = r;
                pick = cell;
            }
        }
        return pick;
    }
};

}  // namespace broadside::classic

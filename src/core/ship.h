#pragma once
// Ships, placements and fleet layouts on a rectangular board.
#include <optional>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/cell.h"
#include "core/error.h"

namespace broadside {

struct ShipSpec {
    std::string name;
    int length = 0;
    bool operator==(const ShipSpec&) const = default;
};

// The classic fleet of seed 001: Carrier 5, Battleship 4, Cruiser 3, Submarine 3, Destroyer 2.
std::vector<ShipSpec> classic_fleet();

enum class Orientation { kHorizontal, kVertical };  // horizontal: "right" along a row

struct Placement {
    Cell start;  // the top or left end
    Orientation orientation = Orientation::kHorizontal;
    bool operator==(const Placement&) const = default;
};

// The cells a ship covers, or nothing if any part would leave the board.
std::optional<Bitboard> ship_cells(Placement p, int length, BoardSize board);

// One position a ship can take on the board, with the cells it covers.
struct ShipPosition {
    Placement placement;
    Bitboard cells;
};

// Every position a ship of `length` can take on `board`: horizontal ones row by row, then
// vertical ones. A ship of length 1 has one position per cell, not two, so that a uniform choice
// among positions is a uniform choice among cells.
std::vector<ShipPosition> ship_positions(int length, BoardSize board);

// The fleet's distinct ship lengths in order of first appearance, and per ship the index of its
// length among them: a bot keeping one table of positions per length shares it between equal
// ships (the standard fleet's two 3s).
struct LengthIndex {
    std::vector<int> lengths;
    std::vector<int> of_ship;
};
LengthIndex distinct_lengths(const std::vector<ShipSpec>& fleet);

// The cells sharing an edge or a corner with any cell of `cells` (not including them).
Bitboard neighbourhood(const Bitboard& cells, BoardSize board);

// Checks a whole layout (one placement per ship, in fleet order) against the placement rules:
// inside the board, no overlap, and with no_touch no two ships sharing an edge or a corner.
// When `cells_out` is given (room for one Bitboard per ship), each ship's cells are written there.
Status validate_layout(const std::vector<ShipSpec>& fleet, const std::vector<Placement>& layout,
                       BoardSize board, bool no_touch, Bitboard* cells_out = nullptr);

// Parses "A1 right", "c3 down", "A1 h", "A1 v" (forgiving about case and spaces).
Result<Placement> parse_placement(std::string_view text, BoardSize board);
std::string to_string(Placement p);  // "A1 right"

// Whether at least one legal layout exists (backtracking; used to validate options).
bool layout_exists(const std::vector<ShipSpec>& fleet, BoardSize board, bool no_touch);

}  // namespace broadside

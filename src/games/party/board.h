#pragma once
// The party sea: 6x6, columns A-F and rows 1-6, as the seed prints it. "D3" is column D, row 3
// (the reverse of classic's row-letter notation). Cell index = (row - 1) * 6 + column, so a set
// of cells fits in one 64-bit word (bit = index). A placement "A1 right" runs along row 1 through
// B1, C1, ...; "A1 down" runs down column A through A2, A3, ...
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/ship.h"
#include "games/party/options.h"

namespace broadside::party {

using CellMask = std::uint64_t;  // bit i = cell index i
using Layout = std::array<Placement, kShips>;

inline constexpr CellMask kAllCells = (CellMask{1} << kCells) - 1;

std::string cell_name(int index);  // 0 -> "A1", 8 -> "C2"
// Forgiving: any case, spaces anywhere ("d3", " D 3 "). Errors: bad_cell, off_board.
Result<int> parse_cell(std::string_view text);

// "A1 right" / "C3 down" (also h/v, horizontal/vertical, across, r/d).
Result<Placement> parse_placement(std::string_view text);
std::string placement_name(const Placement& p);

// The cells of ship `ship` (fleet order) placed at `p`, or 0 if it leaves the sea.
CellMask ship_mask(const Placement& p, int ship);

// Checks a whole fleet (inside the sea, no overlap) and writes each ship's cells.
// Errors: off_board, overlap.
Status validate_layout(const Layout& layout, std::array<CellMask, kShips>& masks);

// Parses six placements in fleet order. Errors: bad_placement (wrong count or form), bad_cell,
// off_board, overlap.
Result<Layout> parse_layout(const std::vector<std::string>& texts);

}  // namespace broadside::party

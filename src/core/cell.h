#pragma once
// Cells and "A1" notation. Rows are letters (A is the top row), columns are numbers from 1,
// exactly as printed on the classic game's grid: "B7" is the second row, seventh column.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.h"

namespace broadside {

inline constexpr int kMinBoardSide = 5;
inline constexpr int kMaxBoardSide = 26;  // one letter per row
inline constexpr int kMaxCells = kMaxBoardSide * kMaxBoardSide;

struct BoardSize {
    int rows = 10;
    int cols = 10;
    constexpr int cells() const { return rows * cols; }
    bool operator==(const BoardSize&) const = default;
};

struct Cell {
    int row = 0;  // 0 = 'A'
    int col = 0;  // 0 = "1"
    bool operator==(const Cell&) const = default;
    auto operator<=>(const Cell&) const = default;
};

constexpr bool on_board(Cell c, BoardSize b) {
    return c.row >= 0 && c.row < b.rows && c.col >= 0 && c.col < b.cols;
}
constexpr int cell_index(Cell c, BoardSize b) {
    return c.row * b.cols + c.col;
}
constexpr Cell cell_at(int index, BoardSize b) {
    return Cell{index / b.cols, index % b.cols};
}

// "B7". Precondition: the cell is on a board of at most 26 rows.
std::string to_string(Cell c);

// Forgiving parser: case-insensitive, ignores surrounding and inner spaces ("b7", " B 7 ").
// Rejects anything else with an error that names what was wrong.
Result<Cell> parse_cell(std::string_view text, BoardSize board);

// The board's last cell as text, for messages ("A1 to J10").
std::string board_range(BoardSize board);

}  // namespace broadside

#include "core/cell.h"

#include <cctype>

namespace broadside {

std::string to_string(Cell c) {
    std::string s(1, static_cast<char>('A' + c.row));
    s += std::to_string(c.col + 1);
    return s;
}

std::string board_range(BoardSize board) {
    return "A1 to " + to_string(Cell{board.rows - 1, board.cols - 1});
}

Result<Cell> parse_cell(std::string_view text, BoardSize board) {
    std::string compact;
    for (char ch : text) {
        if (ch == ' ' || ch == '\t') continue;
        compact += ch;
    }
    const std::string quoted = "\"" + std::string(text) + "\"";
    if (compact.empty()) {
        return make_error("bad_cell",
                          "Expected a cell such as B7 (a row letter then a column "
                          "number), but got nothing.");
    }
    if (compact.size() > 3) {
        return make_error("bad_cell", quoted +
                                          " is not a cell: use a row letter and a column "
                                          "number, such as B7.");
    }
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(compact[0])));
    if (letter < 'A' || letter > 'Z') {
        return make_error("bad_cell", quoted +
                                          " is not a cell: it must start with a row letter "
                                          "(A-" +
                                          std::string(1, static_cast<char>('A' + board.rows - 1)) +
                                          "), such as B7.");
    }
    const std::string digits = compact.substr(1);
    if (digits.empty()) {
        return make_error("bad_cell", quoted + " is missing its column number, such as " +
                                          std::string(1, letter) + "7.");
    }
    int col = 0;
    for (char d : digits) {
        if (d < '0' || d > '9') {
            return make_error("bad_cell", quoted +
                                              " is not a cell: after the row letter comes a "
                                              "column number, such as B7.");
        }
        col = col * 10 + (d - '0');
    }
    const Cell cell{letter - 'A', col - 1};
    if (!on_board(cell, board)) {
        return make_error("off_board",
                          quoted + " is off the board: cells go from " + board_range(board) + ".");
    }
    return cell;
}

}  // namespace broadside

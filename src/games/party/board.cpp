#include "games/party/board.h"

#include <bit>
#include <cctype>

namespace broadside::party {

std::string cell_name(int index) {
    std::string s(1, static_cast<char>('A' + index % kSide));
    s += std::to_string(index / kSide + 1);
    return s;
}

Result<int> parse_cell(std::string_view text) {
    std::string compact;
    for (char ch : text) {
        if (ch != ' ' && ch != '\t') compact += ch;
    }
    const std::string quoted = "\"" + std::string(text) + "\"";
    if (compact.size() < 2 || compact.size() > 3 ||
        !std::isalpha(static_cast<unsigned char>(compact[0]))) {
        return make_error("bad_cell", quoted +
                                          " is not a cell: use a column letter A-F then a row "
                                          "number 1-6, such as D3.");
    }
    int row = 0;
    for (std::size_t i = 1; i < compact.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(compact[i]))) {
            return make_error("bad_cell", quoted +
                                              " is not a cell: after the column letter comes a "
                                              "row number, such as D3.");
        }
        row = row * 10 + (compact[i] - '0');
    }
    const int col = std::toupper(static_cast<unsigned char>(compact[0])) - 'A';
    if (col >= kSide || row < 1 || row > kSide) {
        return make_error("off_board",
                          quoted + " is off the sea: columns are A-F and rows 1-6 (A1 to F6).");
    }
    return (row - 1) * kSide + col;
}

Result<Placement> parse_placement(std::string_view text) {
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const auto end = lower.find_last_not_of(" \t");
    const auto space = end == std::string::npos ? end : lower.find_last_of(" \t", end);
    if (space == std::string::npos) {
        return make_error("bad_placement", "\"" + std::string(text) +
                                               "\" is not a placement: write a cell and a "
                                               "direction, such as \"A1 right\" or \"C3 down\".");
    }
    const std::string word = lower.substr(space + 1, end - space);
    Orientation o{};
    if (word == "right" || word == "r" || word == "h" || word == "horizontal" || word == "across") {
        o = Orientation::kHorizontal;
    } else if (word == "down" || word == "d" || word == "v" || word == "vertical") {
        o = Orientation::kVertical;
    } else {
        return make_error("bad_placement", "\"" + word +
                                               "\" is not a direction: use right (along the row) "
                                               "or down (along the column).");
    }
    auto cell = parse_cell(lower.substr(0, space));
    if (!cell) return cell.error();
    return Placement{Cell{*cell / kSide, *cell % kSide}, o};
}

std::string placement_name(const Placement& p) {
    return cell_name(p.start.row * kSide + p.start.col) +
           (p.orientation == Orientation::kHorizontal ? " right" : " down");
}

CellMask ship_mask(const Placement& p, int ship) {
    const int length = kShipLengths[static_cast<std::size_t>(ship)];
    const bool across = p.orientation == Orientation::kHorizontal;
    const int last_row = p.start.row + (across ? 0 : length - 1);
    const int last_col = p.start.col + (across ? length - 1 : 0);
    if (p.start.row < 0 || p.start.col < 0 || last_row >= kSide || last_col >= kSide) return 0;
    CellMask m = 0;
    for (int k = 0; k < length; ++k) {
        const int r = p.start.row + (across ? 0 : k);
        const int c = p.start.col + (across ? k : 0);
        m |= CellMask{1} << (r * kSide + c);
    }
    return m;
}

Status validate_layout(const Layout& layout, std::array<CellMask, kShips>& masks) {
    CellMask used = 0;
    for (int s = 0; s < kShips; ++s) {
        const auto i = static_cast<std::size_t>(s);
        masks[i] = ship_mask(layout[i], s);
        if (masks[i] == 0) {
            return make_error("off_board", "The " + ship_names()[i] + " (" +
                                               std::to_string(kShipLengths[i]) + ") at " +
                                               placement_name(layout[i]) +
                                               " does not fit in the sea (A1 to F6).");
        }
        if (masks[i] & used) {
            for (int t = 0; t < s; ++t) {
                if (masks[static_cast<std::size_t>(t)] & masks[i]) {
                    return make_error("overlap", "The " + ship_names()[i] + " at " +
                                                     placement_name(layout[i]) + " overlaps the " +
                                                     ship_names()[static_cast<std::size_t>(t)] +
                                                     ".");
                }
            }
        }
        used |= masks[i];
    }
    return Status::ok_status();
}

Result<Layout> parse_layout(const std::vector<std::string>& texts) {
    if (texts.size() != kShips) {
        return make_error("bad_placement",
                          "Place all six ships, in this order: Aircraft Carrier (5), Battleship "
                          "(4), Cruiser (3), Submarine (3), Destroyer (2), Patrol Boat (1); got " +
                              std::to_string(texts.size()) + " placements.");
    }
    Layout layout{};
    for (std::size_t i = 0; i < texts.size(); ++i) {
        auto p = parse_placement(texts[i]);
        if (!p) return p.error();
        layout[i] = *p;
    }
    std::array<CellMask, kShips> masks{};
    if (auto st = validate_layout(layout, masks); !st) return st.error();
    return layout;
}

}  // namespace broadside::party

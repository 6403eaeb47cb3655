#include "core/ship.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>

namespace broadside {

std::vector<ShipSpec> classic_fleet() {
    return {{"Carrier", 5}, {"Battleship", 4}, {"Cruiser", 3}, {"Submarine", 3}, {"Destroyer", 2}};
}

namespace {

// ship_cells() into `cells` (which must be empty); false if the ship leaves the board.
bool ship_cells_into(Placement p, int length, BoardSize board, Bitboard& cells) {
    const int dr = p.orientation == Orientation::kVertical ? 1 : 0;
    const int dc = 1 - dr;
    const Cell end{p.start.row + dr * (length - 1), p.start.col + dc * (length - 1)};
    if (length <= 0 || !on_board(p.start, board) || !on_board(end, board)) return false;
    // Consecutive cells of a ship are one index apart across, one row apart down.
    const int step = dr != 0 ? board.cols : 1;
    for (int k = 0, index = cell_index(p.start, board); k < length; ++k, index += step) {
        cells.set(index);
    }
    return true;
}

}  // namespace

std::optional<Bitboard> ship_cells(Placement p, int length, BoardSize board) {
    Bitboard cells;
    if (!ship_cells_into(p, length, board, cells)) return std::nullopt;
    return cells;
}

std::vector<ShipPosition> ship_positions(int length, BoardSize board) {
    std::vector<ShipPosition> positions;
    for (const auto orientation : {Orientation::kHorizontal, Orientation::kVertical}) {
        if (length == 1 && orientation == Orientation::kVertical) break;
        for (int r = 0; r < board.rows; ++r) {
            for (int c = 0; c < board.cols; ++c) {
                const Placement p{{r, c}, orientation};
                if (const auto cells = ship_cells(p, length, board))
                    positions.push_back({p, *cells});
            }
        }
    }
    return positions;
}

LengthIndex distinct_lengths(const std::vector<ShipSpec>& fleet) {
    LengthIndex index;
    for (const auto& ship : fleet) {
        auto it = std::find(index.lengths.begin(), index.lengths.end(), ship.length);
        if (it == index.lengths.end()) it = index.lengths.insert(it, ship.length);
        index.of_ship.push_back(static_cast<int>(it - index.lengths.begin()));
    }
    return index;
}

Bitboard neighbourhood(const Bitboard& cells, BoardSize board) {
    Bitboard around;
    cells.for_each([&](int index) {
        const Cell c = cell_at(index, board);
        for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
                const Cell n{c.row + dr, c.col + dc};
                if (on_board(n, board)) around.set(cell_index(n, board));
            }
        }
    });
    return around.without(cells);
}

Status validate_layout(const std::vector<ShipSpec>& fleet, const std::vector<Placement>& layout,
                       BoardSize board, bool no_touch, Bitboard* cells_out) {
    if (layout.size() != fleet.size()) {
        return make_error("bad_placement", "Place all " + std::to_string(fleet.size()) +
                                               " ships, one placement each (got " +
                                               std::to_string(layout.size()) + ").");
    }
    // Options validation allows at most 26 ships; larger fleets are refused here as well.
    if (fleet.size() > 26) return make_error("bad_placement", "A fleet has at most 26 ships.");
    // What the ships so far rule out: their cells, or with no_touch their cells and the cells
    // around them. A ship clear of it is clear of every earlier ship, so the pairwise search
    // that names the ship in the way only runs for a layout about to be rejected.
    Bitboard blocked;
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        Bitboard own;
        Bitboard& cells = cells_out ? cells_out[i] : own;
        cells = Bitboard{};
        if (!ship_cells_into(layout[i], fleet[i].length, board, cells)) {
            return make_error("off_board", "The " + fleet[i].name + " at " + to_string(layout[i]) +
                                               " does not fit on the board (" + board_range(board) +
                                               ").");
        }
        if (!cells.intersects(blocked)) {
            if (i + 1 < fleet.size()) {
                blocked |= no_touch ? cells | neighbourhood(cells, board) : cells;
            }
            continue;
        }
        for (std::size_t j = 0; j < i; ++j) {
            // Earlier ships passed the board check above.
            const Bitboard placed = *ship_cells(layout[j], fleet[j].length, board);
            if (placed.intersects(cells)) {
                return make_error("overlap", "The " + fleet[i].name + " at " +
                                                 to_string(layout[i]) + " overlaps the " +
                                                 fleet[j].name + ".");
            }
            if (no_touch && neighbourhood(placed, board).intersects(cells)) {
                return make_error("touching", "The " + fleet[i].name + " at " +
                                                  to_string(layout[i]) + " touches the " +
                                                  fleet[j].name +
                                                  "; the no_touch rule keeps ships apart, even "
                                                  "at corners.");
            }
        }
    }
    return Status::ok_status();
}

std::string to_string(Placement p) {
    return to_string(p.start) + (p.orientation == Orientation::kHorizontal ? " right" : " down");
}

Result<Placement> parse_placement(std::string_view text, BoardSize board) {
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    // The direction is the trailing word; everything before it is the cell.
    const auto trimmed_end = lower.find_last_not_of(" \t");
    if (trimmed_end == std::string::npos) {
        return make_error("bad_placement",
                          "Expected a placement such as \"A1 right\" or "
                          "\"C3 down\".");
    }
    lower.resize(trimmed_end + 1);
    // Errors quote what was typed, in its own case ("Z1", not "z1").
    const std::string typed(text.substr(0, trimmed_end + 1));
    const auto space = lower.find_last_of(" \t");
    if (space == std::string::npos) {
        // A cell alone needs a direction; anything else is first of all not a cell.
        if (auto cell = parse_cell(typed, board); !cell) {
            return make_error("bad_placement",
                              cell.error().message +
                                  " A placement is a cell and a direction: \"A1 right\" or "
                                  "\"A1 down\".");
        }
        return make_error("bad_placement",
                          "\"" + typed + "\" needs a direction: \"A1 right\" or \"A1 down\".");
    }
    const std::string word = lower.substr(space + 1);
    Orientation orientation{};
    if (word == "right" || word == "r" || word == "h" || word == "horizontal" || word == "across") {
        orientation = Orientation::kHorizontal;
    } else if (word == "down" || word == "d" || word == "v" || word == "vertical") {
        orientation = Orientation::kVertical;
    } else {
        return make_error("bad_placement", "\"" + word +
                                               "\" is not a direction: use right (horizontal) or "
                                               "down (vertical).");
    }
    auto cell = parse_cell(typed.substr(0, space), board);
    if (!cell) return cell.error();
    return Placement{*cell, orientation};
}

bool layout_exists(const std::vector<ShipSpec>& fleet, BoardSize board, bool no_touch) {
    // Largest ships first prunes fastest.
    std::vector<int> order(fleet.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return fleet[a].length > fleet[b].length; });
    long budget = 2'000'000;  // bounded: options validation must answer quickly
    std::function<bool(std::size_t, const Bitboard&, const Bitboard&)> place =
        [&](std::size_t k, const Bitboard& used, const Bitboard& blocked) -> bool {
        if (k == order.size()) return true;
        for (int r = 0; r < board.rows; ++r) {
            for (int c = 0; c < board.cols; ++c) {
                for (auto o : {Orientation::kHorizontal, Orientation::kVertical}) {
                    if (--budget < 0) return false;
                    auto cells = ship_cells(Placement{{r, c}, o}, fleet[order[k]].length, board);
                    if (!cells || cells->intersects(blocked)) continue;
                    Bitboard next_used = used | *cells;
                    Bitboard next_blocked =
                        no_touch ? (blocked | *cells | neighbourhood(*cells, board)) : next_used;
                    if (place(k + 1, next_used, next_blocked)) return true;
                }
            }
        }
        return false;
    };
    return place(0, Bitboard{}, Bitboard{});
}

}  // namespace broadside

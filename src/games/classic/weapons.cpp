#include "games/classic/weapons.h"

#include <cstdlib>

namespace broadside::classic {

Result<Weapon> parse_weapon(const std::string& name) {
    if (name == "nuke") return Weapon::kNuke;
    if (name == "scuba") return Weapon::kScuba;
    if (name == "torpedo") return Weapon::kTorpedo;
    if (name == "experimental") return Weapon::kExperimental;
    if (name == "bomber") return Weapon::kBomber;
    return make_error("unknown_weapon", "Unknown weapon \"" + name +
                                            "\"; the weapons are nuke, scuba, torpedo, "
                                            "experimental and bomber.");
}

std::string weapon_name(Weapon w) {
    switch (w) {
        case Weapon::kNuke: return "nuke";
        case Weapon::kScuba: return "scuba";
        case Weapon::kTorpedo: return "torpedo";
        case Weapon::kExperimental: return "experimental";
        case Weapon::kBomber: return "bomber";
    }
    return "nuke";
}

int uses_per_game(Weapon w) {
    return w == Weapon::kNuke ? 1 : 2;
}

NukeOutcome nuke_outcome(DiceKind dice, int roll) {
    const int fail = dice == DiceKind::kD20 ? 1 : 3;
    const int bravo = dice == DiceKind::kD20 ? 20 : 18;
    if (roll <= fail) return NukeOutcome::kFails;
    if (roll >= bravo) return NukeOutcome::kConditionBravo;
    return NukeOutcome::kDiamond;
}

Bitboard nuke_cells(Cell centre, BoardSize board, bool condition_bravo) {
    Bitboard cells;
    for (int dr = -2; dr <= 2; ++dr) {
        for (int dc = -2; dc <= 2; ++dc) {
            if (!condition_bravo && std::abs(dr) + std::abs(dc) > 2) continue;
            const Cell c{centre.row + dr, centre.col + dc};
            if (on_board(c, board)) cells.set(cell_index(c, board));
        }
    }
    return cells;
}

bool bomber_succeeds(DiceKind dice, int roll) {
    return roll >= (dice == DiceKind::kD20 ? 8 : 6);
}

Bitboard bomber_cells(Cell centre, BoardSize board) {
    Bitboard cells;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            const Cell c{centre.row + dr, centre.col + dc};
            if (on_board(c, board)) cells.set(cell_index(c, board));
        }
    }
    return cells;
}

ScubaOutcome scuba_outcome(DiceKind dice, int roll) {
    const bool d20 = dice == DiceKind::kD20;
    if (roll >= (d20 ? 12 : 10)) return ScubaOutcome::kCaptures;
    if (roll >= (d20 ? 8 : 7)) return ScubaOutcome::kDestroys;
    return ScubaOutcome::kFails;
}

Result<Heading> parse_heading(const std::string& word) {
    if (word == "down") return Heading::kDown;
    if (word == "up") return Heading::kUp;
    if (word == "right") return Heading::kRight;
    if (word == "left") return Heading::kLeft;
    return make_error("bad_heading",
                      "\"" + word + "\" is not a heading: use down, up, right or left.");
}

std::string heading_name(Heading h) {
    switch (h) {
        case Heading::kDown: return "down";
        case Heading::kUp: return "up";
        case Heading::kRight: return "right";
        case Heading::kLeft: return "left";
    }
    return "down";
}

Result<std::vector<Cell>> torpedo_path(Cell start, std::optional<Heading> heading,
                                       BoardSize board) {
    if (!on_board(start, board)) {
        return make_error("off_board", to_string(start) + " is off the board.");
    }
    // The headings that lead away from each edge the start touches.
    std::vector<Heading> away;
    if (start.row == 0) away.push_back(Heading::kDown);
    if (start.row == board.rows - 1) away.push_back(Heading::kUp);
    if (start.col == 0) away.push_back(Heading::kRight);
    if (start.col == board.cols - 1) away.push_back(Heading::kLeft);
    if (away.empty()) {
        return make_error("not_on_edge", "A torpedo starts on the board's edge (row A or " +
                                             to_string(Cell{board.rows - 1, 0}).substr(0, 1) +
                                             ", column 1 or " + std::to_string(board.cols) + "); " +
                                             to_string(start) + " is not.");
    }
    Heading h = away.front();
    if (heading) {
        bool allowed = false;
        for (Heading a : away) allowed = allowed || a == *heading;
        if (!allowed) {
            return make_error("bad_heading", "From " + to_string(start) +
                                                 " a torpedo can only travel away from the "
                                                 "edge it starts on.");
        }
        h = *heading;
    } else if (away.size() > 1) {
        return make_error("heading_needed", to_string(start) +
                                                " is a corner: say which way the torpedo "
                                                "travels (e.g. \"torpedo " +
                                                to_string(start) + " " +
                                                heading_name(away.front()) + "\").");
    }
    const int dr = h == Heading::kDown ? 1 : h == Heading::kUp ? -1 : 0;
    const int dc = h == Heading::kRight ? 1 : h == Heading::kLeft ? -1 : 0;
    std::vector<Cell> path;
    for (Cell c = start; on_board(c, board); c = Cell{c.row + dr, c.col + dc}) path.push_back(c);
    return path;
}

std::optional<Cell> torpedo_target(const std::vector<Cell>& path, const Bitboard& ship_cells,
                                   const Bitboard& hit_cells, BoardSize board) {
    for (const Cell c : path) {
        const int i = cell_index(c, board);
        if (ship_cells.test(i) && !hit_cells.test(i)) return c;
    }
    return std::nullopt;
}

bool torpedo_bonus_destroys(DiceKind dice, int roll) {
    return roll >= (dice == DiceKind::kD20 ? 20 : 18);
}

int blast_size(const std::vector<int>& rolls, BoardSize board) {
    int total = 0;
    for (int r : rolls) total += r;
    return total < board.cells() ? total : board.cells();
}

Status validate_blast(const std::vector<Cell>& cells, int size, BoardSize board) {
    if (static_cast<int>(cells.size()) != size) {
        return make_error("wrong_blast_size",
                          "The blast must have exactly " + std::to_string(size) +
                              (size == 1 ? " cell" : " cells") + " (the roll); got " +
                              std::to_string(cells.size()) + ".");
    }
    if (cells.empty()) return Status::ok_status();
    Bitboard blast;
    for (const Cell c : cells) {
        if (!on_board(c, board)) {
            return make_error("off_board", "A blast cell is off the board: cells go from " +
                                               board_range(board) + ".");
        }
        if (blast.test(cell_index(c, board))) {
            return make_error("duplicate_cell", to_string(c) + " is named twice in the blast.");
        }
        blast.set(cell_index(c, board));
    }
    // Flood fill from the first cell through edges and corners; all cells must be reached.
    Bitboard reached;
    std::vector<Cell> frontier{cells.front()};
    reached.set(cell_index(cells.front(), board));
    while (!frontier.empty()) {
        const Cell c = frontier.back();
        frontier.pop_back();
        for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
                const Cell n{c.row + dr, c.col + dc};
                if (!on_board(n, board)) continue;
                const int i = cell_index(n, board);
                if (blast.test(i) && !reached.test(i)) {
                    reached.set(i);
                    frontier.push_back(n);
                }
            }
        }
    }
    if (reached != blast) {
        return make_error("blast_not_connected",
                          "The blast cells must touch each other (sideways, up, down or "
                          "diagonally) as one group.");
    }
    return Status::ok_status();
}

}  // namespace broadside::classic

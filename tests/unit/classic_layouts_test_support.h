#pragma once
// Brute force for the whole-fleet tests on small boards: every legal layout of the enemy fleet
// consistent with one seat's observation (its misses and hits, the ship each hit named, which
// ships sank and on which shot), found by trying every position of every ship. The oracle the
// `best` bot's chances and volleys are checked against.
#include <functional>
#include <vector>

#include "core/bitboard.h"
#include "games/classic/observation.h"
#include "games/classic/rules.h"

namespace broadside::classic::testing {

// Every position of a ship of `length` on `board`, as its cells.
inline std::vector<Bitboard> every_position(int length, BoardSize board) {
    std::vector<Bitboard> out;
    for (const auto orientation : {Orientation::kHorizontal, Orientation::kVertical}) {
        if (length == 1 && orientation == Orientation::kVertical) break;
        for (int r = 0; r < board.rows; ++r) {
            for (int c = 0; c < board.cols; ++c) {
                if (auto cells = ship_cells({{r, c}, orientation}, length, board)) {
                    out.push_back(*cells);
                }
            }
        }
    }
    return out;
}

// Calls `visit(layout)` for every legal layout (per ship, its cells; ships apart, and not
// touching under no_touch) that agrees with everything `obs` shows of the enemy fleet.
inline void for_each_consistent_layout(
    const Observation& obs, const std::function<void(const std::vector<Bitboard>&)>& visit) {
    const Options& o = obs.options();
    const BoardSize b = o.board;
    const int n = static_cast<int>(o.fleet.size());
    std::vector<std::vector<Bitboard>> positions;
    for (int s = 0; s < n; ++s) positions.push_back(every_position(o.fleet[s].length, b));
    const auto consistent = [&](const std::vector<Bitboard>& layout) {
        Bitboard all;
        for (const auto& cells : layout) all |= cells;
        if ((all & obs.fired()) != obs.hits()) return false;
        bool ok = true;
        obs.hits().for_each([&](int i) {
            const int label = obs.hit_label(i);
            if (label >= 0 && !layout[static_cast<std::size_t>(label)].test(i)) ok = false;
        });
        for (int t = 0; t < n && ok; ++t) {
            const Bitboard& ship = layout[static_cast<std::size_t>(t)];
            const bool sunk = obs.hits().contains_all(ship);
            if (sunk != obs.enemy_ship_sunk(t)) ok = false;
            if (ok && sunk && !ship.test(obs.enemy_sunk_at(t))) ok = false;
        }
        return ok;
    };
    std::vector<Bitboard> layout(static_cast<std::size_t>(n));
    std::function<void(int, Bitboard)> place = [&](int s, Bitboard blocked) {
        if (s == n) {
            if (consistent(layout)) visit(layout);
            return;
        }
        for (const Bitboard& cells : positions[static_cast<std::size_t>(s)]) {
            if (cells.intersects(blocked)) continue;
            layout[static_cast<std::size_t>(s)] = cells;
            place(s + 1, blocked | (o.no_touch ? neighbourhood(cells, b) | cells : cells));
        }
    };
    place(0, Bitboard{});
}

}  // namespace broadside::classic::testing

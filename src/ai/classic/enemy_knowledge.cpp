#include "ai/classic/enemy_knowledge.h"

#include "core/ship.h"

namespace broadside::classic {

Bitboard segment(int start, int step, int length) {
    Bitboard r;
    for (int i = 0; i < length; ++i) r.set(start + i * step);
    return r;
}

namespace {

// Works out which hits a sunk ship may own: every straight segment of its length through the
// sinking shot that holds only hits, includes every hit already known to be that ship and none
// known to be another (and, under no_touch, has no other hit next to it).
struct SunkCandidates {
    Bitboard all_of;  // cells in every candidate (certainly this ship)
    Bitboard any_of;  // cells in some candidate
    Bitboard water;   // cells around every candidate (no_touch)
    int count = 0;
};

SunkCandidates sunk_candidates(const EnemyKnowledge& k, int ship, int sunk_at,
                               const Bitboard& others) {
    SunkCandidates out;
    const BoardSize b = k.board;
    const int length = k.length[ship];
    const Cell z = cell_at(sunk_at, b);
    for (int vertical = 0; vertical < (length == 1 ? 1 : 2); ++vertical) {
        for (int offset = 0; offset < length; ++offset) {
            const Cell start = vertical ? Cell{z.row - offset, z.col} : Cell{z.row, z.col - offset};
            const Cell end = vertical ? Cell{start.row + length - 1, start.col}
                                      : Cell{start.row, start.col + length - 1};
            if (!on_board(start, b) || !on_board(end, b)) continue;
            const Bitboard seg = segment(cell_index(start, b), vertical ? b.cols : 1, length);
            if (!k.hits.contains_all(seg) || !seg.contains_all(k.known[ship]) ||
                seg.intersects(others)) {
                continue;
            }
            Bitboard around;
            if (k.no_touch) {
                around = neighbourhood(seg, b);
                if (around.intersects(k.hits)) continue;
            }
            out.all_of = out.count == 0 ? seg : out.all_of & seg;
            out.any_of |= seg;
            out.water = out.count == 0 ? around : out.water & around;
            ++out.count;
        }
    }
    return out;
}

}  // namespace

void analyse(const Observation& obs, EnemyKnowledge& k) {
    const BoardSize b = obs.board();
    const auto& fleet = obs.fleet();
    const int n = static_cast<int>(fleet.size());
    k.board = b;
    k.no_touch = obs.options().no_touch;
    k.hits = obs.hits();
    k.misses = obs.misses();
    k.unfired = Bitboard::all(b).without(obs.fired());
    k.length.resize(n);
    k.sunk.resize(n);
    k.known.assign(n, Bitboard{});
    for (int s = 0; s < n; ++s) {
        k.length[s] = fleet[s].length;
        // A ship held as my prize (SCUBA capture) is off the ocean: nothing left to find.
        k.sunk[s] = obs.enemy_ship_sunk(s) || obs.enemy_ship_captured(s) ? 1 : 0;
        // An Experimental mishap revealed where the enemy's ship lay.
        k.known[s] = obs.enemy_ship_cells_revealed(s);
    }
    k.hits.for_each([&](int i) {
        const int label = obs.hit_label(i);
        if (label >= 0 && label < n) k.known[label].set(i);
    });

    // Sunk ships whose cells were not all named: narrow their candidate segments until nothing
    // changes (a ship pinned down can rule out segments of another).
    Bitboard all_known;
    for (int s = 0; s < n; ++s) all_known |= k.known[s];
    k.water = Bitboard{};
    k.maybe_sunk = Bitboard{};
    bool changed = true;
    for (int round = 0; changed && round <= n; ++round) {
        changed = false;
        k.maybe_sunk = Bitboard{};
        k.water = Bitboard{};
        for (int s = 0; s < n; ++s) {
            if (!k.sunk[s]) continue;
            const int at = obs.enemy_sunk_at(s);
            const SunkCandidates c = at < 0
                                         ? SunkCandidates{}
                                         : sunk_candidates(k, s, at, all_known.without(k.known[s]));
            if (c.count == 0) {  // cannot happen in a real game; keep what was named
                k.maybe_sunk |= k.known[s];
                continue;
            }
            k.maybe_sunk |= c.any_of;
            k.water |= c.water;
            if (c.all_of != k.known[s]) {
                k.known[s] = c.all_of;
                all_known |= c.all_of;
                changed = true;
            }
        }
    }
    k.sunk_cells = Bitboard{};
    for (int s = 0; s < n; ++s) {
        if (k.sunk[s]) k.sunk_cells |= k.known[s];
    }
    k.maybe_sunk |= k.sunk_cells;
    k.open_hits = k.hits.without(k.maybe_sunk);
    k.ambiguous_hits = k.maybe_sunk.without(k.sunk_cells);

    if (k.no_touch) {
        // A cell diagonal to a hit would be another ship touching it at a corner.
        k.hits.for_each([&](int i) {
            const Cell c = cell_at(i, b);
            for (int dr : {-1, 1}) {
                for (int dc : {-1, 1}) {
                    const Cell d{c.row + dr, c.col + dc};
                    if (on_board(d, b)) k.water.set(cell_index(d, b));
                }
            }
        });
    }
    k.water &= k.unfired;
}

}  // namespace broadside::classic

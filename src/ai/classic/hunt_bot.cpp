#include "ai/classic/hunt_bot.h"

#include <algorithm>

namespace broadside::classic {

namespace {

constexpr int kDirs[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

int label_of(const EnemyKnowledge& k, int cell) {
    for (int s = 0; s < k.ships(); ++s) {
        if (k.known[s].test(cell)) return s;
    }
    return kNoShip;
}

// Cells of `open` lying in a horizontal or vertical run of at least `length` cells of `open`:
// the only cells where a ship of that length could still be.
Bitboard cells_that_fit(const Bitboard& open, int length, BoardSize b) {
    Bitboard fit;
    for (int vertical = 0; vertical < 2; ++vertical) {
        const int lines = vertical ? b.cols : b.rows;
        const int along = vertical ? b.rows : b.cols;
        for (int line = 0; line < lines; ++line) {
            int run = 0;
            for (int i = 0; i <= along; ++i) {
                const int cell = i == along ? -1
                                 : vertical ? cell_index(Cell{i, line}, b)
                                            : cell_index(Cell{line, i}, b);
                if (cell >= 0 && open.test(cell)) {
                    ++run;
                    continue;
                }
                if (run >= length) {
                    for (int j = i - run; j < i; ++j) {
                        fit.set(vertical ? cell_index(Cell{j, line}, b)
                                         : cell_index(Cell{line, j}, b));
                    }
                }
                run = 0;
            }
        }
    }
    return fit;
}

}  // namespace

void HuntBot::add_targets(const Bitboard& hits, const Bitboard& chosen, Rng& rng) {
    const BoardSize b = k_.board;
    // A cell scores 8 for each line of two or more hits it would extend and 1 for each other
    // hit beside it.
    const Bitboard open = k_.unfired.without(k_.water).without(chosen);
    scratch_.clear();
    open.for_each([&](int index) {
        const Cell c = cell_at(index, b);
        int score = 0;
        for (const auto& d : kDirs) {
            const Cell n{c.row + d[0], c.col + d[1]};
            if (!on_board(n, b) || !hits.test(cell_index(n, b))) continue;
            const int label = label_of(k_, cell_index(n, b));
            if (label != kNoShip && k_.known[label].count() >= 2) {
                // A ship named by two hits lies along their line: a cell beside it across that
                // line cannot be the same ship.
                const Cell first = cell_at(k_.known[label].nth_set(0), b);
                const Cell second = cell_at(k_.known[label].nth_set(1), b);
                const bool horizontal = first.row == second.row;
                if (horizontal != (d[0] == 0)) continue;
            }
            // Length of the line of hits continuing beyond n in the same direction.
            int run = 1;
            for (Cell m{n.row + d[0], n.col + d[1]}; on_board(m, b);
                 m = {m.row + d[0], m.col + d[1]}) {
                const int mi = cell_index(m, b);
                if (!hits.test(mi)) break;
                const int other = label_of(k_, mi);
                if (label != kNoShip && other != kNoShip && other != label) break;
                ++run;
            }
            score += run >= 2 ? 8 : 1;
        }
        if (score > 0) {
            score_[index] = score;
            scratch_.push_back(index);
        }
    });
    rng.shuffle(std::span<int>(scratch_));
    // Insertion sort by score, best first; stable, so ties keep their random order.
    for (std::size_t i = 1; i < scratch_.size(); ++i) {
        const int v = scratch_[i];
        std::size_t j = i;
        for (; j > 0 && score_[scratch_[j - 1]] < score_[v]; --j) scratch_[j] = scratch_[j - 1];
        scratch_[j] = v;
    }
    picks_.insert(picks_.end(), scratch_.begin(), scratch_.end());
}

void HuntBot::add_random(const Bitboard& pool, Bitboard& chosen, Rng& rng) {
    scratch_.clear();
    pool.without(chosen).for_each([&](int index) { scratch_.push_back(index); });
    rng.shuffle(std::span<int>(scratch_));
    for (int index : scratch_) {
        picks_.push_back(index);
        chosen.set(index);
    }
}

void HuntBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
    const int due = obs.shots_due();
    if (due <= 0) return;
    analyse(obs, k_);
    const BoardSize b = k_.board;
    if (lattice_offset_ < 0 || obs.fired().empty()) {
        lattice_offset_ = static_cast<int>(rng.below(kMaxBoardSide));
    }
    picks_.clear();
    Bitboard chosen;
    const auto mark = [&] {
        for (int index : picks_) chosen.set(index);
    };

    // Target: next to hits of ships still afloat, then next to hits that may be.
    add_targets(k_.open_hits, chosen, rng);
    mark();
    if (static_cast<int>(picks_.size()) < due) {
        add_targets(k_.ambiguous_hits, chosen, rng);
        mark();
    }

    if (static_cast<int>(picks_.size()) < due) {
        // Hunt: every ship afloat of length >= m crosses each class of (row + col) mod m, so
        // searching the class with the fewest candidate cells left finds every ship soonest.
        int m = kMaxCells;
        for (int s = 0; s < k_.ships(); ++s) {
            if (!k_.sunk[s]) m = std::min(m, k_.length[s]);
        }
        m = std::clamp(m, 1, kMaxBoardSide);
        const Bitboard open = k_.unfired.without(k_.water);
        const Bitboard fit = cells_that_fit(open, m, b);
        std::array<int, kMaxBoardSide> count{};
        fit.without(chosen).for_each([&](int index) {
            const Cell c = cell_at(index, b);
            ++count[(c.row + c.col) % m];
        });
        int best = -1;
        for (int i = 0; i < m; ++i) {
            const int cls = (lattice_offset_ + i) % m;
            if (count[cls] > 0 && (best < 0 || count[cls] < count[best])) best = cls;
        }
        if (best >= 0) {
            Bitboard lattice;
            fit.for_each([&](int index) {
                const Cell c = cell_at(index, b);
                if ((c.row + c.col) % m == best) lattice.set(index);
            });
            add_random(lattice, chosen, rng);
        }
        if (static_cast<int>(picks_.size()) < due) add_random(fit, chosen, rng);
        if (static_cast<int>(picks_.size()) < due) add_random(open, chosen, rng);
        if (static_cast<int>(picks_.size()) < due) add_random(k_.unfired, chosen, rng);
    }

    for (int i = 0; i < due && i < static_cast<int>(picks_.size()); ++i) {
        out.push_back(cell_at(picks_[i], b));
    }
}

}  // namespace broadside::classic

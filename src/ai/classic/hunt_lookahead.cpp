#include "ai/classic/hunt_lookahead.h"

#include <algorithm>

namespace broadside::classic {

void HuntLookahead::reset(BoardSize board, const std::vector<std::vector<Bitboard>>& ships,
                          const Bitboard& unfired,
                          const std::vector<std::vector<double>>* weights) {
    board_ = board;
    unfired_ = unfired;
    ships_ = static_cast<int>(ships.size());
    const auto cells = static_cast<std::size_t>(board.cells());
    cells_.assign(ships.size(), {});
    length_.assign(ships.size(), 0);
    weight_.assign(ships.size(), {});
    through_.assign(ships.size(), std::vector<std::vector<int>>(cells));
    count0_.assign(ships.size(), std::vector<double>(cells, 0.0));
    alive0_.assign(ships.size(), 0.0);
    for (std::size_t s = 0; s < ships.size(); ++s) {
        if (ships[s].empty()) continue;
        length_[s] = ships[s].front().count();
        for (std::size_t p = 0; p < ships[s].size(); ++p) {
            const double w = weights ? (*weights)[s][p] : 1.0;
            weight_[s].push_back(w);
            alive0_[s] += w;
            ships[s][p].for_each([&](int c) {
                cells_[s].push_back(c);
                through_[s][static_cast<std::size_t>(c)].push_back(static_cast<int>(p));
                count0_[s][static_cast<std::size_t>(c)] += w;
            });
        }
    }
}

void HuntLookahead::miss(int cell) {
    for (int s = 0; s < ships_; ++s) {
        const auto ss = static_cast<std::size_t>(s);
        const int length = length_[ss];
        for (const int p : through_[ss][static_cast<std::size_t>(cell)]) {
            if (dead_[ss][static_cast<std::size_t>(p)]) continue;
            dead_[ss][static_cast<std::size_t>(p)] = 1;
            const double w = weight_[ss][static_cast<std::size_t>(p)];
            alive_[ss] -= w;
            const int* at = &cells_[ss][static_cast<std::size_t>(p * length)];
            for (int i = 0; i < length; ++i) count_[ss][static_cast<std::size_t>(at[i])] -= w;
        }
    }
}

void HuntLookahead::start() {
    count_ = count0_;
    alive_ = alive0_;
    dead_.resize(static_cast<std::size_t>(ships_));
    for (int s = 0; s < ships_; ++s) {
        dead_[static_cast<std::size_t>(s)].assign(weight_[static_cast<std::size_t>(s)].size(), 0);
    }
    sequence_.clear();
    score_.assign(static_cast<std::size_t>(board_.cells()), 0.0);
    open_ = unfired_;
}

double HuntLookahead::search(std::span<const int> prefix, int skip, const TieOrder& order) {
    base_ = alive_;
    // The share of ship s still unfound, out of its weight alive when the search began.
    const auto unfound = [&](int s) {
        const auto ss = static_cast<std::size_t>(s);
        if (base_[ss] <= 0.0) return 0.0;
        const double share = alive_[ss] / base_[ss];
        return share > 1e-12 ? share : 0.0;
    };
    double expected = 0.0;
    for (std::size_t k = 0;; ++k) {
        int shot = k < prefix.size() ? prefix[k] : -1;
        if (shot < 0) {
            // The next shot: where the positions still alive are densest.
            double top = 0.0;
            open_.for_each([&](int c) {
                double d = 0.0;
                for (int s = 0; s < ships_; ++s) {
                    if (s != skip && unfound(s) > 0.0) {
                        d += count_[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)] /
                             alive_[static_cast<std::size_t>(s)];
                    }
                }
                score_[static_cast<std::size_t>(c)] = d;
                top = std::max(top, d);
            });
            if (top <= 0.0) break;
            ties_.clear();
            open_.for_each([&](int c) {
                if (score_[static_cast<std::size_t>(c)] >= top * (1.0 - 1e-9)) ties_.push_back(c);
            });
            shot = order.first(ties_, board_);
        }
        // This shot is fired while some ship may still be unfound: it counts with the chance
        // that one is, before it.
        double all_found = 1.0;
        for (int s = 0; s < ships_; ++s) {
            if (s == skip || base_[static_cast<std::size_t>(s)] <= 0.0) continue;
            all_found *= 1.0 - unfound(s);
        }
        expected += 1.0 - all_found;
        sequence_.push_back(shot);
        open_.reset(shot);
        miss(shot);
    }
    return expected;
}

double HuntLookahead::search_time(int fired, int found, const TieOrder& order) {
    start();
    open_.reset(fired);
    miss(fired);
    return search({}, found, order);
}

double HuntLookahead::covering_time(int first, const TieOrder& order) {
    start();
    const int prefix[] = {first};
    return search(prefix, -1, order);
}

double HuntLookahead::covering_time(std::span<const int> prefix, const TieOrder& order) {
    start();
    return search(prefix, -1, order);
}

std::vector<int> HuntLookahead::densest_after(int first, int m) {
    start();
    open_.reset(first);
    miss(first);
    std::vector<int> cells;
    open_.for_each([&](int c) {
        double d = 0.0;
        for (int s = 0; s < ships_; ++s) {
            const auto ss = static_cast<std::size_t>(s);
            if (alive_[ss] > 1e-12 * alive0_[ss]) {
                d += count_[ss][static_cast<std::size_t>(c)] / alive_[ss];
            }
        }
        score_[static_cast<std::size_t>(c)] = d;
        if (d > 0.0) cells.push_back(c);
    });
    std::stable_sort(cells.begin(), cells.end(), [&](int x, int y) {
        return score_[static_cast<std::size_t>(x)] > score_[static_cast<std::size_t>(y)];
    });
    if (cells.size() > static_cast<std::size_t>(m)) cells.resize(static_cast<std::size_t>(m));
    return cells;
}

}  // namespace broadside::classic

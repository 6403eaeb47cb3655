#include "ai/classic/best_bot.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <numeric>

#include "ai/classic/placement.h"
#include "core/ship.h"

namespace broadside::classic {

namespace {

// Enumerate every consistent fleet instead of sampling when the product of the ships' position
// counts is at most this many times the sample count (the depth-first search prunes most of the
// product away), giving up after this many search nodes per sample.
constexpr double kEnumerateProduct = 50.0;
constexpr long kEnumerateNodesPerSample = 20;
// Rejection sampling gives up after this many attempts per sample wanted.
constexpr long kAttemptsPerSample = 2000;

// plan_volley's values, chosen by measurement (docs/ai.md, "Salvo volleys"). Hits alone (the
// top cells by chance) bunch a volley on one ship and learn little: 10.67 salvos against fixed
// 5-shot volleys. New ships alone spread it but stop valuing the second hit on a ship: 10.25
// salvos, yet no better than density head to head. Both, with a little for sinking (each ship
// sunk is one shot fewer in every enemy volley after): 10.31 salvos and 59% against density.
constexpr double kVolleyHit = 1.0;
constexpr double kVolleyNewShip = 2.0;
constexpr double kVolleySink = 1.0;

// Calls f(i) for every set bit i of the first `words` words of `mask`.
template <class F>
void for_each_bit(const std::uint64_t* mask, std::size_t words, F&& f) {
    for (std::size_t x = 0; x < words; ++x) {
        for (std::uint64_t bits = mask[x]; bits; bits &= bits - 1) {
            f(x * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        }
    }
}

}  // namespace

void BestBot::build_tables(const Options& options) {
    const BoardSize b = options.board;
    const LengthIndex index = distinct_lengths(options.fleet);
    table_of_ = index.of_ship;
    tables_.clear();
    for (const int length : index.lengths) {
        std::vector<Position> table;
        for (const ShipPosition& position : ship_positions(length, b)) {
            const Bitboard& cells = position.cells;
            Position p;
            p.board_cells = cells;
            p.halo = neighbourhood(cells, b) | cells;
            p.cells = {{cells.word(0), cells.word(1)}};
            const Bitboard& block = options.no_touch ? p.halo : cells;
            p.block = {{block.word(0), block.word(1)}};
            table.push_back(p);
        }
        tables_.push_back(std::move(table));
    }
    built_for_ = options;
    prior_version_ = -1;  // new positions: their prior weights are still to set
}

void BestBot::refresh_prior(const Options& options) {
    if (prior_version_ == model_.version()) return;
    for (std::size_t t = 0; t < tables_.size(); ++t) {
        for (Position& p : tables_[t]) p.prior = model_.position_weight(options, p.board_cells);
    }
    weighted_ = model_.trusted();
    prior_version_ = model_.version();
}

bool BestBot::collect_candidates(const Observation& obs) {
    analyse(obs, k_);
    const int n = k_.ships();
    Bitboard all_known;
    for (int s = 0; s < n; ++s) all_known |= k_.known[s];
    ships_.clear();
    cands_.resize(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
        const int sunk_at = k_.sunk[s] ? obs.enemy_sunk_at(s) : -1;
        // Sunk by a weapon without a shot, or captured: off the ocean, nothing left to find.
        if (k_.sunk[s] && sunk_at < 0) continue;
        const Bitboard& required = k_.known[s];
        const Bitboard forbidden = k_.misses | k_.water | all_known.without(required);
        auto& list = cands_[ships_.size()];
        list.clear();
        for (const Position& p : tables_[table_of_[s]]) {
            const Bitboard& cells = p.board_cells;
            if (cells.intersects(forbidden) || !cells.contains_all(required)) continue;
            if (k_.sunk[s]) {
                // A sunk ship lies on hits only, through the shot that sank it.
                if (!k_.hits.contains_all(cells) || !cells.test(sunk_at)) continue;
            } else if (!cells.intersects(k_.unfired)) {
                continue;  // every cell hit: it would have sunk
            }
            // Under no_touch a hit next to the ship is another ship touching it.
            if (k_.no_touch && p.halo.without(cells).intersects(k_.hits)) continue;
            list.push_back(&p);
        }
        if (list.empty()) return false;
        ships_.push_back(s);
    }
    if (ships_.empty()) return false;
    cands_.resize(ships_.size());

    // Ships with a single position are pinned: keep every other ship out of what they block,
    // which may pin more ships.
    std::vector<char> pinned(ships_.size(), 0);
    base_block_ = {};
    Cells2 pinned_cells;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t j = 0; j < ships_.size(); ++j) {
            auto& list = cands_[j];
            if (pinned[j]) continue;
            std::erase_if(list, [&](const Position* p) { return p->cells.meets(base_block_); });
            if (list.empty()) return false;
            if (list.size() == 1) {
                pinned[j] = 1;
                base_block_.add(list.front()->block);
                pinned_cells.add(list.front()->cells);
                changed = true;
            }
        }
    }
    free_.clear();
    for (std::size_t j = 0; j < ships_.size(); ++j) {
        if (!pinned[j]) free_.push_back(static_cast<int>(j));
    }
    // The longest ships first: they meet the others most often, so a rejected draw stops early.
    std::sort(free_.begin(), free_.end(),
              [&](int a, int b) { return k_.length[ships_[a]] > k_.length[ships_[b]]; });
    const Bitboard& hits = k_.hits;
    must_cover_ = {{hits.word(0) & ~pinned_cells.w[0], hits.word(1) & ~pinned_cells.w[1]}};
    pick_.assign(ships_.size(), 0);
    if (weighted_) {
        // Running totals of the prior weights, for drawing positions in proportion to them.
        cumulative_.resize(ships_.size());
        for (const int j : free_) {
            auto& cum = cumulative_[static_cast<std::size_t>(j)];
            cum.clear();
            double total = 0.0;
            for (const Position* p : cands_[static_cast<std::size_t>(j)]) {
                total += p->prior;
                cum.push_back(total);
            }
        }
    }
    return true;
}

bool BestBot::enumerate(long node_budget, long max_solutions) {
    solutions_.clear();
    fleet_weight_.clear();
    long nodes = 0;
    const std::size_t depth_end = free_.size();
    bool ok = true;
    // `prior`: the product of the chosen free ships' prior weights (pinned ships add a constant).
    auto dfs = [&](auto&& self, std::size_t depth, Cells2 block, Cells2 covered,
                   double prior) -> void {
        if (!ok) return;
        if (depth == depth_end) {
            if ((must_cover_.w[0] & ~covered.w[0]) | (must_cover_.w[1] & ~covered.w[1])) return;
            solutions_.insert(solutions_.end(), pick_.begin(), pick_.end());
            if (weighted_) fleet_weight_.push_back(prior);
            if (static_cast<long>(solutions_.size() / pick_.size()) > max_solutions) ok = false;
            return;
        }
        const int j = free_[depth];
        const auto& list = cands_[j];
        for (std::size_t i = 0; i < list.size() && ok; ++i) {
            const Position* p = list[i];
            if (p->cells.meets(block)) continue;
            if (++nodes > node_budget) {
                ok = false;
                return;
            }
            pick_[j] = static_cast<std::uint16_t>(i);
            Cells2 b2 = block;
            b2.add(p->block);
            Cells2 c2 = covered;
            c2.add(p->cells);
            self(self, depth + 1, b2, c2, prior * p->prior);
        }
    };
    dfs(dfs, 0, base_block_, Cells2{}, 1.0);
    std::fill(pick_.begin(), pick_.end(), 0);
    return ok && !solutions_.empty();
}

bool BestBot::sample(Rng& rng) {
    // Rejection sampling: every free ship takes a uniformly random position among its own, and
    // the whole draw is thrown away at the first conflict. Stopping early rejects exactly the
    // draws a full check would, so the accepted fleets are uniform over the consistent ones.
    // With a learned prior each ship draws in proportion to its position's weight instead: the
    // accepted fleets then follow the prior restricted to the consistent fleets, exactly (the
    // prior is a product over ships), so each counts once in score().
    solutions_.clear();
    fleet_weight_.clear();
    const long attempts = static_cast<long>(samples_) * kAttemptsPerSample;
    long accepted = 0;
    const std::size_t nfree = free_.size();
    for (long a = 0; a < attempts && accepted < samples_; ++a) {
        Cells2 block = base_block_;
        Cells2 covered;
        bool ok = true;
        for (std::size_t d = 0; d < nfree; ++d) {
            const int j = free_[d];
            const auto& list = cands_[j];
            std::uint32_t i;
            if (weighted_) {
                const auto& cum = cumulative_[static_cast<std::size_t>(j)];
                const double u = rng.unit() * cum.back();
                i = static_cast<std::uint32_t>(std::upper_bound(cum.begin(), cum.end(), u) -
                                               cum.begin());
                i = std::min(i, static_cast<std::uint32_t>(cum.size() - 1));
            } else {
                i = rng.below(static_cast<std::uint32_t>(list.size()));
            }
            const Position* p = list[i];
            if (p->cells.meets(block)) {
                ok = false;
                break;
            }
            block.add(p->block);
            covered.add(p->cells);
            pick_[j] = static_cast<std::uint16_t>(i);
        }
        if (!ok) continue;
        if ((must_cover_.w[0] & ~covered.w[0]) | (must_cover_.w[1] & ~covered.w[1])) continue;
        solutions_.insert(solutions_.end(), pick_.begin(), pick_.end());
        ++accepted;
    }
    std::fill(pick_.begin(), pick_.end(), 0);
    return accepted > 0;
}

void BestBot::score(const Bitboard& chosen) {
    const std::size_t m = ships_.size();
    const std::size_t fleets = solutions_.size() / m;
    weight_.resize(m);
    for (std::size_t j = 0; j < m; ++j) weight_[j].assign(cands_[j].size(), 0.0);
    const bool any_chosen = !chosen.empty();
    const Cells2 chosen2{{chosen.word(0), chosen.word(1)}};
    // Enumerated fleets under a learned prior count by their prior weight; others count once.
    const bool by_weight = !fleet_weight_.empty();
    double total = static_cast<double>(fleets);
    if (by_weight) total = std::accumulate(fleet_weight_.begin(), fleet_weight_.end(), 0.0);
    for (std::size_t f = 0; f < fleets; ++f) {
        const std::uint16_t* sol = &solutions_[f * m];
        const double fw = by_weight ? fleet_weight_[f] : 1.0;
        for (std::size_t j = 0; j < m; ++j) {
            // A ship the volley already hits adds nothing more for later shots of the volley.
            if (any_chosen && cands_[j][sol[j]]->cells.meets(chosen2)) continue;
            weight_[j][sol[j]] += fw;
        }
    }
    const int cells = k_.board.cells();
    std::fill(chance_.begin(), chance_.begin() + cells, 0.0);
    const double scale = fleets > 0 ? 1.0 / total : 0.0;
    chance_scale_ = scale;
    for (std::size_t j = 0; j < m; ++j) {
        if (k_.sunk[ships_[j]]) continue;
        for (std::size_t i = 0; i < cands_[j].size(); ++i) {
            const double w = weight_[j][i];
            if (w == 0.0) continue;
            (cands_[j][i]->board_cells & k_.unfired).for_each([&](int c) {
                chance_[c] += w * scale;
            });
        }
    }
}

const CellScores& BestBot::shot_values() {
    if (info_weight_ <= 0.0) return chance_;
    // The chance each ship is at each cell, from the same per-position weights as chance_.
    const int cells = k_.board.cells();
    const std::size_t m = ships_.size();
    const std::size_t stride = static_cast<std::size_t>(cells);
    per_ship_.assign(stride * m, 0.0);
    const double scale = chance_scale_;  // as chance_ was computed
    for (std::size_t j = 0; j < m; ++j) {
        if (k_.sunk[ships_[j]]) continue;
        for (std::size_t i = 0; i < cands_[j].size(); ++i) {
            const double w = weight_[j][i] * scale;
            if (w == 0.0) continue;
            (cands_[j][i]->board_cells & k_.unfired).for_each([&](int c) {
                per_ship_[j * stride + static_cast<std::size_t>(c)] += w;
            });
        }
    }
    // The entropy of the shot's outcome: water, or which ship it hits.
    value_ = chance_;
    k_.unfired.for_each([&](int c) {
        double entropy = 0.0;
        double hit = 0.0;
        for (std::size_t j = 0; j < m; ++j) {
            const double p = per_ship_[j * stride + static_cast<std::size_t>(c)];
            hit += p;
            if (p > 1e-12) entropy -= p * std::log(p);
        }
        const double water = 1.0 - hit;
        if (water > 1e-12) entropy -= water * std::log(water);
        value_[c] = hit + info_weight_ * entropy;
    });
    return value_;
}

void BestBot::build_cover_masks() {
    const int cells = k_.board.cells();
    const std::size_t m = ships_.size();
    cover_.resize(m);
    words_.assign(m, 0);
    reach_.assign(m, Cells2{});
    for (const int j : free_) {
        const auto& list = cands_[static_cast<std::size_t>(j)];
        const std::size_t words = (list.size() + 63) / 64;
        assert(words <= 4);  // see score_smoothed
        words_[static_cast<std::size_t>(j)] = words;
        auto& cover = cover_[static_cast<std::size_t>(j)];
        cover.assign(static_cast<std::size_t>(cells) * words, 0);
        Cells2 reach;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Cells2& c = list[i]->cells;
            reach.add(c);
            for (int w = 0; w < 2; ++w) {
                for (std::uint64_t bits = c.w[w]; bits; bits &= bits - 1) {
                    const auto cell = static_cast<std::size_t>(w * 64 + std::countr_zero(bits));
                    cover[cell * words + i / 64] |= std::uint64_t{1} << (i % 64);
                }
            }
        }
        reach_[static_cast<std::size_t>(j)] = reach;
    }
}

void BestBot::score_smoothed() {
    const std::size_t m = ships_.size();
    const std::size_t fleets = solutions_.size() / m;
    weight_.resize(m);
    for (std::size_t j = 0; j < m; ++j) weight_[j].assign(cands_[j].size(), 0.0);
    build_cover_masks();
    // Per free ship: `base` is the sum over fleets of 1 / (prior weight of the positions that
    // fit), and `off` the same sum over only the fleets where a position does not fit. A
    // position's weight is then prior x (base - off) + (what fleets with a hit to cover add
    // directly). Positions that do not fit are few in most fleets, so walking them instead of
    // the ones that fit is several times faster than testing every position in every fleet.
    base_.assign(m, 0.0);
    off_.resize(m);
    for (const int j : free_) off_[static_cast<std::size_t>(j)].assign(cands_[j].size(), 0.0);
    total_prior_.assign(m, 0.0);
    for (const int j : free_) {
        for (const Position* p : cands_[static_cast<std::size_t>(j)]) {
            total_prior_[static_cast<std::size_t>(j)] += p->prior;
        }
    }
    std::vector<char> is_free(m, 0);
    for (const int j : free_) is_free[static_cast<std::size_t>(j)] = 1;
    // Four words hold every position of a ship: `best` samples only boards of at most 128 cells,
    // where a ship has at most 128 horizontal and 128 vertical positions.
    std::array<std::uint64_t, 4> conflict{};
    for (std::size_t f = 0; f < fleets; ++f) {
        const std::uint16_t* sol = &solutions_[f * m];
        for (std::size_t j = 0; j < m; ++j) {
            if (!is_free[j]) {
                weight_[j][0] += 1.0;
                continue;
            }
            // What the fleet's other ships block and cover.
            Cells2 block = base_block_;
            Cells2 covered;
            for (const int o : free_) {
                if (static_cast<std::size_t>(o) == j) continue;
                block.add(cands_[o][sol[o]]->block);
                covered.add(cands_[o][sol[o]]->cells);
            }
            const Cells2 need{{must_cover_.w[0] & ~covered.w[0], must_cover_.w[1] & ~covered.w[1]}};
            const auto& list = cands_[j];
            const std::size_t words = words_[j];
            const std::uint64_t* cover = cover_[j].data();
            // The positions that meet the block: the union of the cover masks of its cells.
            std::fill(conflict.begin(), conflict.begin() + static_cast<long>(words), 0);
            const Cells2& reach = reach_[j];
            for (int w = 0; w < 2; ++w) {
                for (std::uint64_t bits = block.w[w] & reach.w[w]; bits; bits &= bits - 1) {
                    const auto cell = static_cast<std::size_t>(w * 64 + std::countr_zero(bits));
                    for (std::size_t x = 0; x < words; ++x) conflict[x] |= cover[cell * words + x];
                }
            }
            if ((need.w[0] | need.w[1]) == 0) {
                double blocked = 0.0;
                for_each_bit(conflict.data(), words,
                             [&](std::size_t i) { blocked += list[i]->prior; });
                const double share = 1.0 / (total_prior_[j] - blocked);
                base_[j] += share;
                for_each_bit(conflict.data(), words, [&](std::size_t i) { off_[j][i] += share; });
                continue;
            }
            // A hit no other ship covers: only positions through it fit (few), so add them.
            std::array<std::uint64_t, 4> fit{};
            for (std::size_t x = 0; x < words; ++x) {
                fit[x] = ~conflict[x];
                if (x + 1 == words && list.size() % 64 != 0) {
                    fit[x] &= (std::uint64_t{1} << (list.size() % 64)) - 1;
                }
            }
            for (int w = 0; w < 2; ++w) {
                for (std::uint64_t bits = need.w[w]; bits; bits &= bits - 1) {
                    const auto cell = static_cast<std::size_t>(w * 64 + std::countr_zero(bits));
                    for (std::size_t x = 0; x < words; ++x) fit[x] &= cover[cell * words + x];
                }
            }
            double sum = 0.0;
            for_each_bit(fit.data(), words, [&](std::size_t i) { sum += list[i]->prior; });
            for_each_bit(fit.data(), words,
                         [&](std::size_t i) { weight_[j][i] += list[i]->prior / sum; });
        }
    }
    for (const int j : free_) {
        const auto& list = cands_[static_cast<std::size_t>(j)];
        auto& weight = weight_[static_cast<std::size_t>(j)];
        for (std::size_t i = 0; i < list.size(); ++i) {
            // base - off is a difference of sums that are equal when the position never fits;
            // clamp the rounding left over.
            const double spread =
                base_[static_cast<std::size_t>(j)] - off_[static_cast<std::size_t>(j)][i];
            if (spread > 1e-9 * base_[static_cast<std::size_t>(j)])
                weight[i] += list[i]->prior * spread;
        }
    }
    const int cells = k_.board.cells();
    std::fill(chance_.begin(), chance_.begin() + cells, 0.0);
    const double scale = fleets > 0 ? 1.0 / static_cast<double>(fleets) : 0.0;
    chance_scale_ = scale;
    for (std::size_t j = 0; j < m; ++j) {
        if (k_.sunk[ships_[j]]) continue;
        for (std::size_t i = 0; i < cands_[j].size(); ++i) {
            const double w = weight_[j][i];
            if (w == 0.0) continue;
            (cands_[j][i]->board_cells & k_.unfired).for_each([&](int c) {
                chance_[c] += w * scale;
            });
        }
    }
}

void BestBot::fill_segments_left() {
    const std::size_t m = ships_.size();
    const std::size_t fleets = solutions_.size() / m;
    const Cells2 unfired{{k_.unfired.word(0), k_.unfired.word(1)}};
    left_.assign(fleets * m, Cells2{});
    for (std::size_t f = 0; f < fleets; ++f) {
        const std::uint16_t* sol = &solutions_[f * m];
        for (std::size_t j = 0; j < m; ++j) {
            if (k_.sunk[ships_[j]]) continue;
            const Cells2& c = cands_[j][sol[j]]->cells;
            left_[f * m + j] = {{c.w[0] & unfired.w[0], c.w[1] & unfired.w[1]}};
        }
    }
}

void BestBot::plan_informed_volley(int due, std::vector<Cell>& out) {
    const std::size_t m = ships_.size();
    const std::size_t fleets = solutions_.size() / m;
    const auto cells = static_cast<std::size_t>(k_.board.cells());
    const std::size_t outcomes = m + 1;
    fill_segments_left();
    const auto weight = [&](std::size_t f) {
        return fleet_weight_.empty() ? 1.0 : fleet_weight_[f];
    };
    double total = 0.0;
    for (std::size_t f = 0; f < fleets; ++f) total += weight(f);
    Cells2 chosen;
    const auto choose = [&](int cell) {
        chosen.set(cell);
        out.push_back(cell_at(cell, k_.board));
    };

    // Cells (nearly) certain to hit, likeliest first.
    gain_.assign(cells, 0.0);
    for (std::size_t f = 0; f < fleets; ++f) {
        Cells2 any;
        for (std::size_t j = 0; j < m; ++j) any.add(left_[f * m + j]);
        for_each_bit(any.w, 2, [&](std::size_t c) { gain_[c] += weight(f); });
    }
    std::vector<int> sure;
    k_.unfired.for_each([&](int i) {
        if (gain_[static_cast<std::size_t>(i)] >= kVolleyCertain * total) sure.push_back(i);
    });
    std::stable_sort(sure.begin(), sure.end(), [&](int x, int y) {
        return gain_[static_cast<std::size_t>(x)] > gain_[static_cast<std::size_t>(y)];
    });
    for (std::size_t i = 0; i < sure.size() && static_cast<int>(out.size()) < due; ++i) {
        choose(sure[i]);
    }

    // The rest: group the fleets by their outcomes at the cells chosen so far.
    group_.assign(fleets, 0);
    std::size_t groups = 1;
    const auto outcome_at = [&](std::size_t f, int cell) -> std::size_t {
        for (std::size_t j = 0; j < m; ++j) {
            if (left_[f * m + j].test(cell)) return j + 1;
        }
        return 0;
    };
    const auto regroup = [&](int cell) {
        regroup_.assign(groups * outcomes, -1);
        std::size_t next = 0;
        for (std::size_t f = 0; f < fleets; ++f) {
            std::int32_t& id = regroup_[group_[f] * outcomes + outcome_at(f, cell)];
            if (id < 0) id = static_cast<std::int32_t>(next++);
            group_[f] = static_cast<std::uint32_t>(id);
        }
        groups = next;
    };
    for (const Cell c : out) regroup(cell_index(c, k_.board));
    while (static_cast<int>(out.size()) < due) {
        outcome_weight_.assign(groups * cells * outcomes, 0.0);
        group_weight_.assign(groups, 0.0);
        std::fill(gain_.begin(), gain_.end(), 0.0);  // hit + sinking chance, times total
        for (std::size_t f = 0; f < fleets; ++f) {
            const double fw = weight(f);
            const std::size_t g = group_[f];
            group_weight_[g] += fw;
            for (std::size_t j = 0; j < m; ++j) {
                const Cells2& l = left_[f * m + j];
                const Cells2 rest{{l.w[0] & ~chosen.w[0], l.w[1] & ~chosen.w[1]}};
                const int count = std::popcount(rest.w[0]) + std::popcount(rest.w[1]);
                // With one segment left out of the volley, a shot there sinks the ship.
                const double value = fw * (count == 1 ? 2.0 : 1.0);
                for_each_bit(rest.w, 2, [&](std::size_t c) {
                    gain_[c] += value;
                    outcome_weight_[(g * cells + c) * outcomes + j + 1] += fw;
                });
            }
        }
        int pick = -1;
        double best = -1.0;
        k_.unfired.for_each([&](int i) {
            if (chosen.test(i)) return;
            const auto c = static_cast<std::size_t>(i);
            double entropy = 0.0;  // times total
            for (std::size_t g = 0; g < groups; ++g) {
                const double n = group_weight_[g];
                if (n <= 0.0) continue;
                const double* w = &outcome_weight_[(g * cells + c) * outcomes];
                double water = n;
                double h = 0.0;
                for (std::size_t o = 1; o < outcomes; ++o) {
                    if (w[o] <= 0.0) continue;
                    water -= w[o];
                    h -= w[o] * std::log(w[o] / n);
                }
                if (water > 1e-9 * n) h -= water * std::log(water / n);
                entropy += h;
            }
            const double value = (gain_[c] + kVolleyInfoWeight * entropy) / total;
            if (value > best * (1.0 + 1e-9) + 1e-12) {
                best = value;
                pick = i;
            }
        });
        if (pick < 0) break;  // every cell chosen
        choose(pick);
        regroup(pick);
    }
}

void BestBot::plan_volley(int due, Rng& rng, std::vector<Cell>& out) {
    const std::size_t m = ships_.size();
    const std::size_t fleets = solutions_.size() / m;
    const int cells = k_.board.cells();
    fill_segments_left();
    Cells2 chosen;
    auto& gain = gain_;
    gain.resize(static_cast<std::size_t>(cells));
    for (int shot = 0; shot < due; ++shot) {
        std::fill(gain.begin(), gain.end(), 0.0);
        for (std::size_t f = 0; f < fleets; ++f) {
            // Enumerated fleets under a learned prior count by their weight, as in score().
            const double fw = fleet_weight_.empty() ? 1.0 : fleet_weight_[f];
            for (std::size_t j = 0; j < m; ++j) {
                const Cells2& l = left_[f * m + j];
                const Cells2 rest{{l.w[0] & ~chosen.w[0], l.w[1] & ~chosen.w[1]}};
                const int count = std::popcount(rest.w[0]) + std::popcount(rest.w[1]);
                if (count == 0) continue;
                const double g = fw * (kVolleyHit + (l.meets(chosen) ? 0.0 : kVolleyNewShip) +
                                       (count == 1 ? kVolleySink : 0.0));
                for (int w = 0; w < 2; ++w) {
                    for (std::uint64_t bits = rest.w[w]; bits; bits &= bits - 1) {
                        gain[static_cast<std::size_t>(w * 64 + std::countr_zero(bits))] += g;
                    }
                }
            }
        }
        double best = 0.0;
        ties_.clear();
        k_.unfired.for_each([&](int i) {
            if (chosen.test(i)) return;
            if (gain[static_cast<std::size_t>(i)] > best * (1.0 + 1e-9)) {
                best = gain[static_cast<std::size_t>(i)];
                ties_.clear();
            }
            if (gain[static_cast<std::size_t>(i)] >= best * (1.0 - 1e-9)) ties_.push_back(i);
        });
        const int pick = ties_[rng.below(static_cast<std::uint32_t>(ties_.size()))];
        chosen.set(pick);
        out.push_back(cell_at(pick, k_.board));
    }
}

void BestBot::use_density(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    fallback_.shoot(obs, rng, out);
    chance_ = fallback_.density();
    method_ = Method::kDensity;
    solutions_.clear();
}

void BestBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
    const int due = obs.shots_due();
    if (due <= 0) return;
    if (obs.board().cells() > 128) return use_density(obs, rng, out);
    if (!built_for_ || *built_for_ != obs.options()) build_tables(obs.options());
    apply_expected_placer(obs.options());
    refresh_prior(obs.options());
    if (!collect_candidates(obs)) return use_density(obs, rng, out);

    double product = 1.0;
    for (const int j : free_) product *= static_cast<double>(cands_[j].size());
    bool exact = false;
    if (product <= kEnumerateProduct * samples_) {
        exact = enumerate(kEnumerateNodesPerSample * samples_, 4L * samples_);
    }
    if (!exact && !sample(rng)) return use_density(obs, rng, out);
    method_ = exact ? Method::kExact : Method::kSampled;

    const BoardSize b = k_.board;
    if (due > 1) {
        if (plans_by_information()) {
            plan_informed_volley(due, out);
        } else {
            plan_volley(due, rng, out);
        }
        if (smooth_ && !exact) {
            score_smoothed();
        } else {
            score(Bitboard{});
        }
        return;
    }
    // One shot: the cell most likely to hold a segment not yet hit.
    if (smooth_ && !exact) {
        score_smoothed();
    } else {
        score(Bitboard{});
    }
    // One shot: among the cells of (nearly) the highest chance plus what the outcome will tell,
    // the one that keeps the search together.
    const CellScores& value = shot_values();
    double best = 0.0;
    k_.unfired.for_each([&](int i) { best = std::max(best, value[i]); });
    near_.clear();
    const double floor = best * (1.0 - std::max(near_tie_, 1e-9));
    k_.unfired.for_each([&](int i) {
        if (value[i] >= floor) near_.push_back(i);
    });
    const int pick = hunt_lookahead(keep_together(obs, rng, near_), value);
    out.push_back(cell_at(pick, b));
}

bool BestBot::plans_by_information() const {
    switch (volley_planner_) {
        case VolleyPlanner::kByHits: return false;
        case VolleyPlanner::kByInformation: return true;
        case VolleyPlanner::kByInformationWhileFinishing:
            // Finishing: some hit belongs, or may belong, to a ship still afloat. While hunting
            // plan_volley spreads the shots over the likeliest cells, which measured better than
            // asking questions of an empty sea (docs/ai.md, "Session 13", "After the test").
            return !k_.open_hits.empty() || !k_.ambiguous_hits.empty();
    }
    return false;
}

int BestBot::hunt_lookahead(int baseline, const CellScores& value) {
    hunt_ = HuntChoice{};
    if (hunt_candidates_ <= 0) return baseline;
    // Hunting: no ship afloat has a known cell, and no hit is unexplained.
    for (std::size_t j = 0; j < ships_.size(); ++j) {
        const int s = ships_[j];
        if (!k_.sunk[s] && !k_.known[s].empty()) return baseline;
    }
    if (!k_.open_hits.empty() || !k_.ambiguous_hits.empty()) return baseline;
    afloat_.clear();
    afloat_prior_.clear();
    afloat_ship_.clear();
    for (std::size_t j = 0; j < ships_.size(); ++j) {
        if (k_.sunk[ships_[j]]) continue;
        afloat_ship_.push_back(j);
        afloat_.emplace_back();
        afloat_prior_.emplace_back();
        for (const Position* p : cands_[j]) {
            afloat_.back().push_back(p->board_cells);
            afloat_prior_.back().push_back(p->prior);
        }
    }
    if (afloat_.empty()) return baseline;
    // The candidates: the cells of highest value, and the one keep_together chose.
    std::vector<int>& cand = hunt_.candidates;
    k_.unfired.for_each([&](int i) { cand.push_back(i); });
    std::stable_sort(cand.begin(), cand.end(), [&](int x, int y) { return value[x] > value[y]; });
    cand.resize(std::min(cand.size(), static_cast<std::size_t>(hunt_candidates_)));
    std::erase(cand, baseline);
    cand.insert(cand.begin(), baseline);
    // Under a learned prior each ship is spread over its positions in proportion to it.
    look_.reset(k_.board, afloat_, k_.unfired, weighted_ ? &afloat_prior_ : nullptr);
    const TieOrder& order = fallback_.tie_order();
    // keep_together's choice stands unless another candidate's search is quicker (beyond
    // rounding: equal searches may add up their chances in different orders).
    std::size_t pick = 0;
    for (std::size_t i = 0; i < cand.size(); ++i) {
        const bool outcomes = hunt_outcomes_ && !per_ship_.empty();
        double time = outcomes ? hunt_value(cand[i]) : look_.covering_time(cand[i], order);
        if (!outcomes && hunt_second_ > 0) {
            for (const int second : look_.densest_after(cand[i], hunt_second_)) {
                const int prefix[] = {cand[i], second};
                time = std::min(time, look_.covering_time(prefix, order));
            }
        }
        hunt_.times.push_back(time);
        if (hunt_.times[i] < hunt_.times[pick] * (1.0 - 1e-9)) pick = i;
    }
    hunt_.looked = true;
    hunt_.pick = cand[pick];
    return hunt_.pick;
}

double BestBot::hunt_value(int cell) {
    const TieOrder& order = fallback_.tie_order();
    const auto stride = static_cast<std::size_t>(k_.board.cells());
    double water = 1.0;
    double time = 1.0;
    std::vector<double>& chances = hunt_.chances.emplace_back();
    for (std::size_t a = 0; a < afloat_ship_.size(); ++a) {
        const double p = per_ship_[afloat_ship_[a] * stride + static_cast<std::size_t>(cell)];
        chances.push_back(p);
        if (p <= 1e-12) continue;
        water -= p;
        time += p * look_.search_time(cell, static_cast<int>(a), order);
    }
    if (water > 1e-12) time += water * look_.search_time(cell, -1, order);
    return time;
}

int BestBot::keep_together(const Observation& obs, Rng& rng, const std::vector<int>& near) {
    std::vector<Cell> unused;
    fallback_.shoot(obs, rng, unused);  // its scores, and its tie order drawn at a game's start
    const auto& score = fallback_.density();
    double top = 0.0;
    for (const int c : near) top = std::max(top, score[c]);
    ties_.clear();
    for (const int c : near) {
        if (score[c] >= top * (1.0 - 1e-9)) ties_.push_back(c);
    }
    return fallback_.tie_order().first(ties_, k_.board);
}

void BestBot::apply_expected_placer(const Options& options) {
    if (counter_fleets_ <= 0 || counter_applied_) return;
    if (!counter_for_ || *counter_for_ != options) {
        // What `best` places when it knows nothing of its opponent: its placement with a fresh
        // model's danger. A fixed seed, so that the bot plays the same for the same game.
        OpponentModel fresh;
        const std::vector<double> danger = fresh.danger(options);
        Rng rng(kExpectedPlacerSeed);
        counter_model_ = OpponentModel{};
        counter_model_.assume_trusted();  // an assumption about the opponent, not evidence
        for (int i = 0; i < counter_fleets_; ++i) {
            GameEnd seen;
            seen.options = &options;
            seen.enemy_fleet = place_avoiding(options, danger, kDefaultPlaceBeta, rng);
            counter_model_.learn(seen);
        }
        counter_for_ = options;
    }
    model_ = counter_model_;
    prior_version_ = -1;  // the positions' weights must be set again from the new model
    counter_applied_ = true;
}

std::vector<Placement> BestBot::place(const Observation& obs, Rng& rng) {
    apply_expected_placer(obs.options());
    return place_avoiding(obs.options(), model_.danger(obs.options()), place_beta_, rng);
}

Action BestBot::decide(const Observation& obs, Rng& rng) {
    if (obs.options().weapons == 0 || obs.shots_due() == 0) return Bot::decide(obs, rng);
    FireAction fire;
    shoot(obs, rng, fire.cells);  // also leaves the cell chances in chance_
    if (obs.blast_pending() > 0) return BlastAction{plan_blast(obs, chance_, obs.blast_pending())};
    double plain = 0.0;
    for (const Cell c : fire.cells) plain += chance_[cell_index(c, obs.board())];
    if (auto weapon = plan_weapon(obs, chance_, plain)) return weapon->action;
    return fire;
}

}  // namespace broadside::classic

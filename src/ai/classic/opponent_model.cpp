#include "ai/classic/opponent_model.h"

#include <algorithm>
#include <cmath>

#include "ai/classic/placement.h"
#include "core/fleet_sampler.h"
#include "core/rng.h"

namespace broadside::classic {

namespace {

// How many uniform fleets stand for all of them in the normalising constant. With 4,000 each
// fleet's term of the evidence is within about 0.01 nats of the exact one on small boards (the
// unit test weighs every layout), against the 3 nats the evidence needs.
constexpr int kReferenceFleets = 4000;

unsigned short position_code(const Placement& p, BoardSize board) {
    const int vertical = p.orientation == Orientation::kVertical ? 1 : 0;
    return static_cast<unsigned short>(2 * cell_index(p.start, board) + vertical);
}

Placement code_position(unsigned short code, BoardSize board) {
    return {cell_at(code / 2, board),
            code % 2 == 1 ? Orientation::kVertical : Orientation::kHorizontal};
}

}  // namespace

void OpponentModel::reset() {
    std::fill(seen_.begin(), seen_.end(), 0.0);
    std::fill(early_.begin(), early_.end(), 0.0);
    std::fill(log_ratio_.begin(), log_ratio_.end(), 0.0);
    fleets_ = 0;
    shot_games_ = 0;
    evidence_ = 0.0;
    assumed_ = false;
    ++version_;
}

void OpponentModel::prepare(const Options& options) {
    bool same = board_ == options.board && no_touch_ == options.no_touch &&
                lengths_.size() == options.fleet.size() && !uniform_.empty();
    for (std::size_t i = 0; same && i < lengths_.size(); ++i) {
        same = lengths_[i] == options.fleet[i].length;
    }
    if (same) return;
    board_ = options.board;
    no_touch_ = options.no_touch;
    lengths_.clear();
    for (const auto& ship : options.fleet) lengths_.push_back(ship.length);
    uniform_ = uniform_occupancy(options);
    // A cell no ship can cover never matters; keep its ratio finite.
    for (auto& u : uniform_) u = std::max(u, 1e-6);
    const auto cells = static_cast<std::size_t>(options.board.cells());
    seen_.assign(cells, 0.0);
    early_.assign(cells, 0.0);
    log_ratio_.assign(cells, 0.0);
    reference_.clear();
    fleets_ = 0;
    shot_games_ = 0;
    evidence_ = 0.0;
    ++version_;
}

void OpponentModel::update_log_ratio() {
    const double n = fleets_;
    for (std::size_t c = 0; c < seen_.size(); ++c) {
        const double u = uniform_[c];
        const double r = (seen_[c] + fleet_pseudo_ * u) / ((n + fleet_pseudo_) * u);
        log_ratio_[c] = std::log(r);
    }
}

void OpponentModel::learn(const GameEnd& end) {
    if (end.options == nullptr) return;
    const Options& o = *end.options;
    if (end.enemy_fleet.empty() && end.enemy_shots.empty()) return;
    prepare(o);
    const BoardSize b = o.board;
    if (end.enemy_fleet.size() == o.fleet.size()) {
        std::vector<Bitboard> ships;
        for (std::size_t s = 0; s < o.fleet.size(); ++s) {
            if (auto cells = ship_cells(end.enemy_fleet[s], o.fleet[s].length, b)) {
                ships.push_back(*cells);
            }
        }
        // Judge the prior learned so far by this fleet before learning from it (prequential:
        // a prior that only fits noise predicts new fleets worse than the uniform one).
        if (!assumed_ && fleets_ > 0 && ships.size() == o.fleet.size()) {
            evidence_ += log_likelihood_ratio(o, ships);
        }
        for (const Bitboard& cells : ships) {
            cells.for_each([&](int i) { seen_[static_cast<std::size_t>(i)] += 1.0; });
        }
        ++fleets_;
        update_log_ratio();
        ++version_;
    }
    if (!end.enemy_shots.empty()) {
        // Only the opponent's search counts: its shots while none of our ships was hit and
        // afloat. Shots that follow up a hit go where our own fleet was, and learning from them
        // would only chase our own past layouts.
        std::vector<int> ship_at(static_cast<std::size_t>(b.cells()), -1);
        std::vector<int> left;  // unhit segments per ship
        if (end.own_fleet.size() == o.fleet.size()) {
            for (std::size_t s = 0; s < o.fleet.size(); ++s) {
                left.push_back(o.fleet[s].length);
                if (auto cells = ship_cells(end.own_fleet[s], o.fleet[s].length, b)) {
                    cells->for_each(
                        [&](int i) { ship_at[static_cast<std::size_t>(i)] = static_cast<int>(s); });
                }
            }
        }
        const double cells = b.cells();
        int wounded = 0;  // ships hit and not sunk
        Bitboard done;
        double t = 0.0;
        for (const Cell c : end.enemy_shots) {
            const int i = cell_index(c, b);
            if (i < 0 || i >= b.cells() || done.test(i)) continue;
            done.set(i);
            if (wounded == 0) early_[static_cast<std::size_t>(i)] += 1.0 - t / cells;
            t += 1.0;
            const int s = ship_at[static_cast<std::size_t>(i)];
            if (s < 0) continue;
            auto& l = left[static_cast<std::size_t>(s)];
            if (l == o.fleet[static_cast<std::size_t>(s)].length) ++wounded;
            if (--l == 0) --wounded;
        }
        ++shot_games_;
    }
}

double OpponentModel::log_weight(const Bitboard& cells) const {
    double sum = 0.0;
    cells.for_each([&](int i) { sum += log_ratio_[static_cast<std::size_t>(i)]; });
    return sharpness_ * sum / static_cast<double>(cells.count());
}

double OpponentModel::log_likelihood_ratio(const Options& o, const std::vector<Bitboard>& ships) {
    const auto n = lengths_.size();
    if (reference_.empty()) {
        const FleetSampler sampler(o.fleet, o.board, o.no_touch);
        Rng rng(0x5EF1EE75ULL);
        std::vector<Placement> layout;
        std::vector<Bitboard> cells;
        for (int f = 0; f < kReferenceFleets; ++f) {
            if (!sampler.sample_into(rng, layout, cells, FleetSampler::kUniformAttempts)) break;
            for (const Placement& p : layout) reference_.push_back(position_code(p, board_));
        }
        // A fleet too tight to draw uniformly (docs/rules/classic.md, "Feasible fleets only")
        // gives no reference: no evidence is counted, and the learned prior is never used.
        if (reference_.empty()) return 0.0;
    }
    // Per ship, the log weight of each position code (NaN: not yet computed).
    const auto codes = static_cast<std::size_t>(2 * board_.cells());
    std::vector<double> table(n * codes, std::nan(""));
    const auto fleet_log_weight = [&](const unsigned short* code) {
        double sum = 0.0;
        for (std::size_t s = 0; s < n; ++s) {
            double& w = table[s * codes + code[s]];
            if (std::isnan(w)) {
                w = log_weight(
                    ship_cells(code_position(code[s], board_), lengths_[s], board_).value());
            }
            sum += w;
        }
        return sum;
    };
    // log of the mean over the reference fleets of their weight, by log-sum-exp.
    const std::size_t fleets = reference_.size() / n;
    std::vector<double> logs(fleets);
    double top = -1e300;
    for (std::size_t f = 0; f < fleets; ++f) {
        logs[f] = fleet_log_weight(&reference_[f * n]);
        top = std::max(top, logs[f]);
    }
    double sum = 0.0;
    for (const double l : logs) sum += std::exp(l - top);
    const double log_mean = top + std::log(sum / static_cast<double>(fleets));
    double own = 0.0;
    for (const Bitboard& cells : ships) own += log_weight(cells);
    return own - log_mean;
}

double OpponentModel::position_weight(const Options& options, const Bitboard& cells) {
    if (!trusted()) return 1.0;
    return learned_weight(options, cells);
}

double OpponentModel::learned_weight(const Options& options, const Bitboard& cells) {
    if (fleets_ == 0) return 1.0;
    prepare(options);
    if (fleets_ == 0) return 1.0;  // other rules than those learned: forgotten
    return std::exp(log_weight(cells));
}

std::vector<double> OpponentModel::danger(const Options& options) {
    prepare(options);
    // The guess: a shooter fires first where a uniform fleet is likeliest to be.
    const auto guess = standardized(uniform_);
    if (shot_games_ == 0) return guess;
    const auto learned = standardized(early_);
    const double k = shot_pseudo_;
    const double n = shot_games_;
    std::vector<double> mix(guess.size());
    for (std::size_t c = 0; c < mix.size(); ++c) mix[c] = (k * guess[c] + n * learned[c]) / (k + n);
    return standardized(mix);
}

}  // namespace broadside::classic

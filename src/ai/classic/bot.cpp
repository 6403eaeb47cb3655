#include "ai/classic/bot.h"

namespace broadside::classic {

const FleetSampler& Bot::sampler_for(const Observation& obs) {
    if (!sampler_ || *sampler_options_ != obs.options()) {
        sampler_.emplace(obs.fleet(), obs.board(), obs.options().no_touch);
        sampler_options_ = obs.options();
    }
    return *sampler_;
}

std::vector<Placement> Bot::place(const Observation& obs, Rng& rng) {
    const FleetSampler& sampler = sampler_for(obs);
    if (auto layout = sampler.sample(rng, FleetSampler::kUniformAttempts)) return *layout;
    // Legal layouts are under one in a million of the random draws: find one by randomized
    // search instead (legal, but not exactly uniform; see docs/rules/classic.md).
    if (auto layout = sampler.search(rng)) return *layout;
    throw std::runtime_error("could not find a legal fleet layout");
}

void RandomBot::reshuffle(const Observation& obs, Rng& rng) {
    const BoardSize b = obs.board();
    if (board_ != b) {
        every_cell_.clear();
        for (int i = 0; i < b.cells(); ++i) every_cell_.push_back({i, cell_at(i, b)});
        board_ = b;
    }
    if (obs.fired().empty()) {
        order_ = every_cell_;
    } else {
        order_.clear();
        for (const OpenCell& c : every_cell_) {
            if (!obs.fired().test(c.index)) order_.push_back(c);
        }
    }
    rng.shuffle(std::span<OpenCell>(order_));
    next_ = 0;
}

void RandomBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
    // The next unfired cell of a uniform random permutation is a uniform choice among the
    // unfired cells, so one shuffle per game serves every shot.
    if (fresh_ || board_ != obs.board()) {
        reshuffle(obs, rng);
        fresh_ = false;
    }
    const auto due = static_cast<std::size_t>(obs.shots_due());
    const Bitboard& fired = obs.fired();
    while (out.size() < due) {
        if (next_ == order_.size()) {
            // Handed a game this permutation does not describe (one bot shooting for both
            // seats, or a game joined midway): start again from the cells still open.
            out.clear();
            reshuffle(obs, rng);
            if (order_.size() < due) return;  // cannot happen: shots_due <= open cells
        }
        const OpenCell& c = order_[next_++];
        if (!fired.test(c.index)) out.push_back(c.cell);
    }
}

}  // namespace broadside::classic

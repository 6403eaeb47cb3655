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
    // Options validation guarantees a legal layout exists; for fleets packed so tightly that
    // rejection sampling cannot find one, there is no uniform fallback and we say so loudly.
    auto layout = sampler_for(obs).sample(rng);
    if (!layout) throw std::runtime_error("could not sample a legal fleet layout");
    return *layout;
}

void RandomBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
    const BoardSize b = obs.board();
    // A fresh game (nothing fired yet) or a board of another size: draw a new permutation. The
    // next unfired cell of a uniform permutation is a uniform choice among the unfired cells.
    if (order_.size() != static_cast<std::size_t>(b.cells()) || obs.fired().empty()) {
        order_.resize(b.cells());
        for (int i = 0; i < b.cells(); ++i) order_[i] = i;
        rng.shuffle(std::span<int>(order_));
        next_ = 0;
    }
    const int due = obs.shots_due();
    while (static_cast<int>(out.size()) < due && next_ < order_.size()) {
        const int index = order_[next_++];
        if (!obs.fired().test(index)) out.push_back(cell_at(index, b));
    }
}

}  // namespace broadside::classic

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
    // The next unfired cell of a uniform random permutation is a uniform choice among the
    // unfired cells, so one shuffle per game serves every shot.
    auto reshuffle = [&] {
        order_.clear();
        Bitboard::all(b).without(obs.fired()).for_each([&](int i) { order_.push_back(i); });
        rng.shuffle(std::span<int>(order_));
        next_ = 0;
        board_ = b;
    };
    if (board_ != b) reshuffle();
    const int due = obs.shots_due();
    for (int pass = 0; pass < 2; ++pass) {
        while (static_cast<int>(out.size()) < due && next_ < order_.size()) {
            const int index = order_[next_++];
            if (!obs.fired().test(index)) out.push_back(cell_at(index, b));
        }
        if (static_cast<int>(out.size()) == due) return;
        // Handed a game this permutation does not describe (one bot shooting for both seats,
        // or a game joined midway): start again from the cells still open.
        out.clear();
        reshuffle();
    }
}

}  // namespace broadside::classic

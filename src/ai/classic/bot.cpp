#include "ai/classic/bot.h"

#include "ai/classic/weapon_planner.h"

namespace broadside::classic {

Action Bot::decide(const Observation& obs, Rng& rng) {
    if (obs.blast_pending() > 0) {
        return BlastAction{plan_blast(obs, CellScores{}, obs.blast_pending())};
    }
    if (obs.shots_due() == 0) {
        // Nothing left to fire at (the enemy holds only prizes): any usable weapon.
        for (int w = 0; w < kWeaponKinds; ++w) {
            const Weapon weapon = static_cast<Weapon>(w);
            if (!obs.can_use(weapon)) continue;
            std::optional<Cell> cell;
            std::optional<Heading> heading;
            if (weapon == Weapon::kNuke || weapon == Weapon::kBomber) cell = Cell{0, 0};
            if (weapon == Weapon::kTorpedo) {
                cell = Cell{0, 0};
                heading = Heading::kDown;
            }
            return WeaponAction{{weapon, cell, heading}};
        }
    }
    FireAction fire;
    shoot(obs, rng, fire.cells);
    return fire;
}

const FleetSampler& Bot::sampler_for(const Observation& obs) {
    const auto& fleet = obs.fleet();
    bool same = sampler_ && sampler_board_ == obs.board() &&
                sampler_no_touch_ == obs.options().no_touch &&
                sampler_lengths_.size() == fleet.size();
    for (std::size_t i = 0; same && i < fleet.size(); ++i) {
        same = sampler_lengths_[i] == fleet[i].length;
    }
    if (!same) {
        sampler_.emplace(fleet, obs.board(), obs.options().no_touch);
        sampler_board_ = obs.board();
        sampler_no_touch_ = obs.options().no_touch;
        sampler_lengths_.clear();
        for (const auto& ship : fleet) sampler_lengths_.push_back(ship.length);
    }
    return *sampler_;
}

std::vector<Placement> Bot::place(const Observation& obs, Rng& rng) {
    const FleetSampler& sampler = sampler_for(obs);
    if (sampler.sample_layout(rng, layout_, FleetSampler::kUniformAttempts)) return layout_;
    // Legal layouts are under one in a million of the random draws: find one by randomized
    // search instead (legal, but not exactly uniform; see docs/rules/classic.md).
    if (auto layout = sampler.search(rng)) return *layout;
    throw std::runtime_error("could not find a legal fleet layout");
}

void RandomBot::reshuffle(const Observation& obs, Rng& rng) {
    const BoardSize b = obs.board();
    if (board_ != b) {
        cell_of_.clear();
        for (int i = 0; i < b.cells(); ++i) cell_of_.push_back(cell_at(i, b));
        board_ = b;
    }
    const Bitboard& fired = obs.fired();
    if (fired.empty()) {
        // The usual case, a game's first shot: every cell, without testing each one.
        order_.resize(static_cast<std::size_t>(b.cells()));
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<std::uint16_t>(i);
    } else {
        order_.clear();
        for (int i = 0; i < b.cells(); ++i) {
            if (!fired.test(i)) order_.push_back(static_cast<std::uint16_t>(i));
        }
    }
    rng.shuffle(std::span<std::uint16_t>(order_));
    next_ = 0;
}

void RandomBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    // The next unfired cell of a uniform random permutation is a uniform choice among the
    // unfired cells, so one shuffle per game serves every shot. Almost every turn of a classic
    // game is one shot whose next cell is open: that is handled here, everything else (a new
    // game, a volley, cells fired by someone else) by shoot_general, from this very point.
    if (!fresh_ && next_ < order_.size() && board_ == obs.board() && obs.shots_due() == 1) {
        const std::size_t index = order_[next_];
        if (!obs.fired().test(static_cast<int>(index))) {
            ++next_;
            out.clear();
            out.push_back(cell_of_[index]);
            return;
        }
    }
    shoot_general(obs, rng, out);
}

void RandomBot::shoot_general(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
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
        const std::size_t index = order_[next_++];
        if (!fired.test(static_cast<int>(index))) out.push_back(cell_of_[index]);
    }
}

}  // namespace broadside::classic

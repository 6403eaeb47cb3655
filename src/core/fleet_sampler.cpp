#include "core/fleet_sampler.h"

#include <algorithm>

namespace broadside {

FleetSampler::FleetSampler(std::vector<ShipSpec> fleet, BoardSize board, bool no_touch)
    : fleet_(std::move(fleet)), board_(board), no_touch_(no_touch) {
    for (const auto& ship : fleet_) {
        std::vector<Position> all;
        for (const auto& [placement, cells] : ship_positions(ship.length, board_)) {
            all.push_back({placement, cells, cells | neighbourhood(cells, board_)});
        }
        positions_.push_back(std::move(all));
    }
    small_ = board_.cells() <= 128;
    if (small_) {
        for (const auto& all : positions_) {
            std::vector<SmallPosition> small;
            for (const Position& p : all) {
                const Bitboard& block = no_touch_ ? p.halo : p.cells;
                small.push_back(
                    {{p.cells.word(0), p.cells.word(1)}, {block.word(0), block.word(1)}});
            }
            small_positions_.push_back(std::move(small));
        }
    }
}

template <class Pick>
bool FleetSampler::draw(Rng& rng, long max_attempts, Pick&& pick) const {
    const std::size_t ships = positions_.size();
    if (small_) {
        for (long attempt = 0; attempt < max_attempts; ++attempt) {
            std::uint64_t blocked0 = 0;
            std::uint64_t blocked1 = 0;
            std::size_t i = 0;
            for (; i < ships; ++i) {
                const auto& options = small_positions_[i];
                if (options.empty()) return false;
                const auto k = rng.below(static_cast<std::uint32_t>(options.size()));
                const SmallPosition& p = options[k];
                // Rejecting as soon as one ship conflicts is still exact: the draw is thrown
                // away whole, and the remaining ships' draws would not have changed that verdict.
                if (((p.cells[0] & blocked0) | (p.cells[1] & blocked1)) != 0) break;
                blocked0 |= p.block[0];
                blocked1 |= p.block[1];
                pick(i, positions_[i][k]);
            }
            if (i == ships) return true;
        }
        return false;
    }
    for (long attempt = 0; attempt < max_attempts; ++attempt) {
        Bitboard blocked;
        std::size_t i = 0;
        for (; i < ships; ++i) {
            const auto& options = positions_[i];
            if (options.empty()) return false;
            const Position& p = options[rng.below(static_cast<std::uint32_t>(options.size()))];
            if (p.cells.intersects(blocked)) break;
            blocked |= no_touch_ ? p.halo : p.cells;
            pick(i, p);
        }
        if (i == ships) return true;
    }
    return false;
}

bool FleetSampler::sample_into(Rng& rng, std::vector<Placement>& layout,
                               std::vector<Bitboard>& cells, long max_attempts) const {
    layout.resize(fleet_.size());
    cells.resize(fleet_.size());
    return draw(rng, max_attempts, [&](std::size_t i, const Position& p) {
        layout[i] = p.placement;
        cells[i] = p.cells;
    });
}

bool FleetSampler::sample_layout(Rng& rng, std::vector<Placement>& layout,
                                 long max_attempts) const {
    layout.resize(fleet_.size());
    return draw(rng, max_attempts,
                [&](std::size_t i, const Position& p) { layout[i] = p.placement; });
}

std::optional<std::vector<Placement>> FleetSampler::sample(Rng& rng, long max_attempts) const {
    std::vector<Placement> layout;
    if (!sample_layout(rng, layout, max_attempts)) return std::nullopt;
    return layout;
}

std::optional<std::vector<Placement>> FleetSampler::search(Rng& rng, long max_steps,
                                                           const Bitboard& occupied) const {
    // Longest ships first: they are the hardest to fit.
    std::vector<std::size_t> order(fleet_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return fleet_[a].length > fleet_[b].length;
    });
    std::vector<std::vector<std::uint32_t>> tries(fleet_.size());
    for (std::size_t i = 0; i < fleet_.size(); ++i) {
        tries[i].resize(positions_[i].size());
        for (std::uint32_t k = 0; k < tries[i].size(); ++k) tries[i][k] = k;
        rng.shuffle(std::span<std::uint32_t>(tries[i]));
    }
    std::vector<Placement> layout(fleet_.size());
    long steps = 0;
    auto place = [&](auto& self, std::size_t depth, const Bitboard& blocked) -> bool {
        if (depth == order.size()) return true;
        const std::size_t ship = order[depth];
        for (const std::uint32_t k : tries[ship]) {
            if (++steps > max_steps) return false;
            const Position& p = positions_[ship][k];
            if (p.cells.intersects(blocked)) continue;
            layout[ship] = p.placement;
            if (self(self, depth + 1, blocked | (no_touch_ ? p.halo : p.cells))) return true;
        }
        return false;
    };
    const Bitboard blocked = no_touch_ ? occupied | neighbourhood(occupied, board_) : occupied;
    if (!place(place, 0, blocked)) return std::nullopt;
    return layout;
}

}  // namespace broadside

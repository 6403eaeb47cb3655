#include "core/fleet_sampler.h"

#include <algorithm>

namespace broadside {

FleetSampler::FleetSampler(std::vector<ShipSpec> fleet, BoardSize board, bool no_touch)
    : fleet_(std::move(fleet)), board_(board), no_touch_(no_touch) {
    for (const auto& ship : fleet_) {
        std::vector<Position> all;
        for (auto o : {Orientation::kHorizontal, Orientation::kVertical}) {
            // A ship of length 1 has one position per cell, not two.
            if (ship.length == 1 && o == Orientation::kVertical) break;
            for (int r = 0; r < board_.rows; ++r) {
                for (int c = 0; c < board_.cols; ++c) {
                    const Placement p{{r, c}, o};
                    if (auto cells = ship_cells(p, ship.length, board_)) {
                        all.push_back({p, *cells, *cells | neighbourhood(*cells, board_)});
                    }
                }
            }
        }
        positions_.push_back(std::move(all));
    }
}

bool FleetSampler::sample_into(Rng& rng, std::vector<Placement>& layout,
                               std::vector<Bitboard>& cells, long max_attempts) const {
    layout.resize(fleet_.size());
    cells.resize(fleet_.size());
    for (long attempt = 0; attempt < max_attempts; ++attempt) {
        Bitboard blocked;
        bool legal = true;
        for (std::size_t i = 0; i < positions_.size() && legal; ++i) {
            const auto& options = positions_[i];
            if (options.empty()) return false;
            const Position& p = options[rng.below(static_cast<std::uint32_t>(options.size()))];
            // Rejecting as soon as one ship conflicts is still exact: the draw is thrown away
            // whole, and the remaining ships' draws would not have changed that verdict.
            if (p.cells.intersects(blocked)) {
                legal = false;
                break;
            }
            blocked |= no_touch_ ? p.halo : p.cells;
            layout[i] = p.placement;
            cells[i] = p.cells;
        }
        if (legal) return true;
    }
    return false;
}

std::optional<std::vector<Placement>> FleetSampler::sample(Rng& rng, long max_attempts) const {
    std::vector<Placement> layout;
    std::vector<Bitboard> cells;
    if (!sample_into(rng, layout, cells, max_attempts)) return std::nullopt;
    return layout;
}

std::optional<std::vector<Placement>> FleetSampler::search(Rng& rng, long max_steps) const {
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
    if (!place(place, 0, Bitboard{})) return std::nullopt;
    return layout;
}

}  // namespace broadside

#include "ai/classic/placement.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/fleet_sampler.h"

namespace broadside::classic {

namespace {

struct WeightedPosition {
    Placement placement;
    Bitboard cells;
    Bitboard block;  // its cells, or its halo under no_touch
};

}  // namespace

std::optional<std::vector<Placement>> weighted_layout(const Options& options,
                                                      const PositionWeight& weight, Rng& rng,
                                                      long max_attempts) {
    const BoardSize b = options.board;
    const std::size_t ships = options.fleet.size();
    std::vector<std::vector<WeightedPosition>> positions(ships);
    std::vector<std::vector<double>> cumulative(ships);
    for (std::size_t s = 0; s < ships; ++s) {
        const int length = options.fleet[s].length;
        double total = 0.0;
        for (const auto& [p, cells] : ship_positions(length, b)) {
            const double w = weight(cells);
            if (!(w > 0.0)) continue;
            total += w;
            const Bitboard block = options.no_touch ? cells | neighbourhood(cells, b) : cells;
            positions[s].push_back({p, cells, block});
            cumulative[s].push_back(total);
        }
        if (positions[s].empty()) return std::nullopt;
    }
    std::vector<Placement> layout(ships);
    for (long attempt = 0; attempt < max_attempts; ++attempt) {
        Bitboard blocked;
        std::size_t s = 0;
        for (; s < ships; ++s) {
            // A position in proportion to its weight: the first whose running total passes a
            // uniform point of [0, total).
            const auto& cum = cumulative[s];
            const double u = rng.unit() * cum.back();
            auto k =
                static_cast<std::size_t>(std::upper_bound(cum.begin(), cum.end(), u) - cum.begin());
            k = std::min(k, cum.size() - 1);
            const WeightedPosition& p = positions[s][k];
            // Rejecting the whole draw at the first conflict keeps it exact (fleet_sampler.h).
            if (p.cells.intersects(blocked)) break;
            blocked |= p.block;
            layout[s] = p.placement;
        }
        if (s == ships) return layout;
    }
    return std::nullopt;
}

Bitboard rim(BoardSize board) {
    Bitboard edge;
    for (int r = 0; r < board.rows; ++r) {
        for (int c = 0; c < board.cols; ++c) {
            if (r == 0 || c == 0 || r == board.rows - 1 || c == board.cols - 1) {
                edge.set(cell_index({r, c}, board));
            }
        }
    }
    return edge;
}

std::vector<double> uniform_occupancy(const Options& options) {
    constexpr int kFleets = 20000;
    const FleetSampler sampler(options.fleet, options.board, options.no_touch);
    Rng rng(0x0CC0BA7CEULL);
    std::vector<double> occupancy(static_cast<std::size_t>(options.board.cells()), 0.0);
    std::vector<Placement> layout;
    std::vector<Bitboard> cells;
    int drawn = 0;
    for (int f = 0; f < kFleets; ++f) {
        if (!sampler.sample_into(rng, layout, cells, FleetSampler::kUniformAttempts)) break;
        for (const auto& ship : cells) ship.for_each([&](int i) { occupancy[i] += 1.0; });
        ++drawn;
    }
    if (drawn > 0) {
        for (auto& o : occupancy) o /= drawn;
    }
    return occupancy;
}

std::vector<double> standardized(const std::vector<double>& values) {
    if (values.empty()) return values;
    double mean = 0.0;
    for (const double v : values) mean += v;
    mean /= static_cast<double>(values.size());
    double var = 0.0;
    for (const double v : values) var += (v - mean) * (v - mean);
    var /= static_cast<double>(values.size());
    std::vector<double> z(values.size(), 0.0);
    if (var <= 0.0) return z;
    const double sd = std::sqrt(var);
    for (std::size_t i = 0; i < values.size(); ++i) z[i] = (values[i] - mean) / sd;
    return z;
}

std::vector<Placement> place_avoiding(const Options& options, const std::vector<double>& danger,
                                      double beta, Rng& rng) {
    auto layout = weighted_layout(
        options,
        [&](const Bitboard& cells) {
            double sum = 0.0;
            cells.for_each([&](int i) { sum += danger[static_cast<std::size_t>(i)]; });
            return std::exp(-beta * sum);
        },
        rng);
    if (layout) return *layout;
    const FleetSampler sampler(options.fleet, options.board, options.no_touch);
    if (auto uniform = sampler.sample(rng, FleetSampler::kUniformAttempts)) return *uniform;
    if (auto found = sampler.search(rng)) return *found;
    throw std::runtime_error("could not find a legal fleet layout");
}

std::optional<std::vector<Placement>> sequential_layout(const Options& options, Rng& rng,
                                                        int max_restarts) {
    const BoardSize b = options.board;
    std::vector<std::vector<ShipPosition>> positions;
    for (const ShipSpec& ship : options.fleet) positions.push_back(ship_positions(ship.length, b));
    std::vector<Placement> layout(options.fleet.size());
    std::vector<const ShipPosition*> room;
    for (int attempt = 0; attempt < max_restarts; ++attempt) {
        Bitboard blocked;
        std::size_t s = 0;
        for (; s < options.fleet.size(); ++s) {
            room.clear();
            for (const ShipPosition& p : positions[s]) {
                if (!p.cells.intersects(blocked)) room.push_back(&p);
            }
            if (room.empty()) break;  // no room left for this ship: start over
            const ShipPosition& p = *room[rng.below(static_cast<std::uint32_t>(room.size()))];
            layout[s] = p.placement;
            blocked |= options.no_touch ? p.cells | neighbourhood(p.cells, b) : p.cells;
        }
        if (s == options.fleet.size()) return layout;
    }
    return std::nullopt;
}

std::vector<Placement> SequentialBot::place(const Observation& obs, Rng& rng) {
    if (auto layout = sequential_layout(obs.options(), rng)) return *layout;
    return Bot::place(obs, rng);  // no room found one ship at a time: any legal layout
}

std::vector<Placement> BorderBot::place(const Observation& obs, Rng& rng) {
    const Bitboard edge = rim(obs.board());
    auto layout = weighted_layout(
        obs.options(), [&](const Bitboard& cells) { return edge.contains_all(cells) ? 1.0 : 0.0; },
        rng);
    if (layout) return *layout;
    return Bot::place(obs, rng);  // the fleet does not fit along the edge: anywhere legal
}

}  // namespace broadside::classic

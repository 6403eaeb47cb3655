#include "ai/party/bot.h"

#include <algorithm>

namespace broadside::party {

namespace {

std::vector<ShipSpec> party_fleet() {
    std::vector<ShipSpec> fleet;
    for (int i = 0; i < kShips; ++i) {
        fleet.push_back(
            {ship_names()[static_cast<std::size_t>(i)], kShipLengths[static_cast<std::size_t>(i)]});
    }
    return fleet;
}

}  // namespace

RandomPlacer::RandomPlacer() : sampler_(party_fleet(), kBoard, false) {}

Layout RandomPlacer::layout(Rng& rng) const {
    std::vector<Placement> placements;
    // Legal layouts are plentiful on the 6x6 sea, so rejection sampling always succeeds.
    sampler_.sample_layout(rng, placements);
    Layout out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = placements[i];
    return out;
}

std::optional<Layout> RandomPlacer::complete(const std::vector<Placement>& placed, Rng& rng) const {
    if (placed.empty()) return layout(rng);
    const std::size_t fixed = std::min(placed.size(), static_cast<std::size_t>(kShips));
    CellMask taken = 0;
    for (std::size_t i = 0; i < fixed; ++i) taken |= ship_mask(placed[i], static_cast<int>(i));
    auto fleet = party_fleet();
    const std::vector<ShipSpec> rest(fleet.begin() + static_cast<std::ptrdiff_t>(fixed),
                                     fleet.end());
    Layout out{};
    for (std::size_t i = 0; i < fixed; ++i) out[i] = placed[i];
    if (rest.empty()) return out;
    const FleetSampler sampler(rest, kBoard, false);
    // Uniform layouts of the remaining ships, kept only if they miss the placed ones:
    // conditioning a uniform draw on legality keeps it uniform.
    std::vector<Placement> more;
    for (int round = 0; round < 200'000; ++round) {
        if (!sampler.sample_layout(rng, more, 1000)) continue;
        CellMask cells = 0;
        for (std::size_t j = 0; j < more.size(); ++j) {
            cells |= ship_mask(more[j], static_cast<int>(fixed + j));
        }
        if ((cells & taken) != 0) continue;
        for (std::size_t j = 0; j < more.size(); ++j) out[fixed + j] = more[j];
        return out;
    }
    return std::nullopt;
}

nlohmann::json RandomPlacer::place_action(Rng& rng) const {
    nlohmann::json ships = nlohmann::json::array();
    for (const auto& p : layout(rng)) ships.push_back(placement_name(p));
    return {{"type", "place"}, {"ships", ships}};
}

std::uint64_t bot_seed(std::uint64_t match_seed, int seat) {
    return derive_seed(match_seed ^ 0x9a7b1e5d3c2f4a61ULL, static_cast<std::uint64_t>(seat));
}

nlohmann::json bot_action(const nlohmann::json& legal, const RandomPlacer& placer, Rng& rng) {
    if (legal.is_null()) return nullptr;
    if (legal.value("type", "") == "place") return placer.place_action(rng);
    return {{"type", "fire"}};
}

}  // namespace broadside::party

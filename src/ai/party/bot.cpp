#include "ai/party/bot.h"

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

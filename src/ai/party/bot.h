#pragma once
// Party bots. A player's only decision is where to put the fleet; after that the torpedoes
// decide. Bots read the legal-actions/observation JSON (never the state) and have their own
// generator, so a bot's choices never disturb the match's draws.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fleet_sampler.h"
#include "core/rng.h"
#include "games/party/board.h"

namespace broadside::party {

// A uniformly random legal fleet (rejection sampling: every legal layout equally likely).
class RandomPlacer {
public:
    RandomPlacer();
    Layout layout(Rng& rng) const;
    // {"type": "place", "ships": [...]}
    nlohmann::json place_action(Rng& rng) const;
    // The fleet with its first ships as `placed` (fleet order) and the rest uniformly among the
    // layouts that fit around them; nothing if none fits.
    std::optional<Layout> complete(const std::vector<Placement>& placed, Rng& rng) const;

private:
    FleetSampler sampler_;
};

// The generator of the bot in `seat`, derived from the match seed.
std::uint64_t bot_seed(std::uint64_t match_seed, int seat);

// The action a built-in agent takes for `seat` given its legal actions (null: nothing to do):
// a uniformly random fleet for a player, "fire" for the host.
nlohmann::json bot_action(const nlohmann::json& legal, const RandomPlacer& placer, Rng& rng);

}  // namespace broadside::party

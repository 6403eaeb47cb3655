#pragma once
// A room's clocks: a time limit per turn and for the opening phase (placing a fleet, discarding
// cards), what happens when one runs out, and how long a disconnected player's seat is held.
// Chosen by the creator at "create" and kept in the room's settings, so they survive a restart.
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace broadside::server {

struct ClockSettings {
    int turn_seconds = 0;         // 0: no turn clock
    int placement_seconds = 0;    // 0: no clock for placing or discarding
    bool forfeit = false;         // out of time: false = a bot plays that move, true = forfeit
    int grace_seconds = 60;       // a disconnected player's seat is held this long
    bool bot_for_absent = false;  // after the grace period a bot moves for an absent player

    bool any() const { return turn_seconds > 0 || placement_seconds > 0 || bot_for_absent; }
    nlohmann::json to_json() const;
    // The settings stored with a room (defaults where it has none).
    static ClockSettings from_settings(const nlohmann::json& settings);
};

// Validates the "clock" object of a create request (absent or null: no clock). Unknown keys and
// out-of-range values are errors naming them.
Result<ClockSettings> parse_clock(const nlohmann::json& clock);

}  // namespace broadside::server

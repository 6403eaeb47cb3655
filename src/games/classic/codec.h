#pragma once
// JSON forms of classic actions and shot reports (the shapes are documented in docs/protocol.md).
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/classic/rules.h"
#include "games/classic/weapon_rules.h"

namespace broadside::classic {

struct PlaceAction {
    std::vector<Placement> layout;
};
struct FireAction {
    std::vector<Cell> cells;
};
// An optional weapon (seed 002); the Experimental Weapon's blast follows as a BlastAction.
struct WeaponAction {
    WeaponOrder order;
};
struct BlastAction {
    std::vector<Cell> cells;
};
using Action = std::variant<PlaceAction, FireAction, WeaponAction, BlastAction>;

// {"type":"place","ships":["A1 right", ...]} or {"type":"fire","cells":["B7", ...]}
// ({"type":"fire","cell":"B7"} is accepted for a single shot). Weapons: {"type":"nuke",
// "cell":"D4"}, {"type":"bomber","cell":"G6"}, {"type":"torpedo","cell":"F10"} (from a corner
// with "heading": "down"|"up"|"right"|"left"), {"type":"scuba"}, {"type":"experimental"}, and
// after its roll {"type":"blast","cells":["G2", ...]}.
Result<Action> parse_action(const nlohmann::json& j, BoardSize board);
nlohmann::json to_json(const Action& action);

std::string outcome_name(ShotOutcome o);
// One shot as the shooter is told it, honouring the announce option.
nlohmann::json shot_json(const ShotResult& r, const Options& options);
// A weapon's public event (everything in it is announced to both seats).
nlohmann::json weapon_event_json(int seat, const WeaponReport& r, const Options& options,
                                 const State& state);

}  // namespace broadside::classic

#pragma once
// JSON forms of classic actions and shot reports (the shapes are documented in docs/protocol.md).
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/classic/rules.h"

namespace broadside::classic {

struct PlaceAction {
    std::vector<Placement> layout;
};
struct FireAction {
    std::vector<Cell> cells;
};
using Action = std::variant<PlaceAction, FireAction>;

// {"type":"place","ships":["A1 right", ...]} or {"type":"fire","cells":["B7", ...]}
// ({"type":"fire","cell":"B7"} is accepted for a single shot).
Result<Action> parse_action(const nlohmann::json& j, BoardSize board);
nlohmann::json to_json(const Action& action);

std::string outcome_name(ShotOutcome o);
// One shot as the shooter is told it, honouring the announce option.
nlohmann::json shot_json(const ShotResult& r, const Options& options);

}  // namespace broadside::classic

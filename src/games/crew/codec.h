#pragma once
// JSON forms of Ship, Captain and Crew actions and events (documented in docs/protocol.md).
#include <vector>

#include <nlohmann/json.hpp>

#include "games/crew/rules.h"
#include "games/crew/turn.h"

namespace broadside::crew {

// A move: stop, or throw keeping `keep` (crew faces; empty before the crew is held). The same
// shape as a crew choice; a plain struct rather than a variant, which GCC 12 warns about
// falsely at -O1.
using Action = CrewChoice;
inline Action throw_action(std::vector<int> keep = {}) {
    return {false, std::move(keep)};
}
inline Action stop_action() {
    return {true, {}};
}

// {"type": "throw"}, {"type": "throw", "keep": [4]} or {"type": "stop"}.
Result<Action> parse_action(const nlohmann::json& j);
nlohmann::json to_json(const Action& a);

}  // namespace broadside::crew

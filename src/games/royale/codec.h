#pragma once
// Royale actions as JSON (docs/protocol.md, "Battleship Royale actions").
#include <nlohmann/json.hpp>

#include "games/royale/rules.h"

namespace broadside::royale {

// Cards are named by their id ("S07"); coordinates as "A9"; sonar lines as "C" or "10".
Result<Action> parse_action(const nlohmann::json& j, const Deck& deck);
nlohmann::json to_json(const Action& a, const Deck& deck);

}  // namespace broadside::royale

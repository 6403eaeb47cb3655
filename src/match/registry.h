#pragma once
// Games by name. A new game adds one line to registry.cpp.
#include <string>
#include <vector>

#include "games/game.h"

namespace broadside {

const std::vector<GameDefinition>& game_registry();
// The game of that name, or an "unknown_game" error listing the names.
Result<const GameDefinition*> find_game(const std::string& name);

}  // namespace broadside

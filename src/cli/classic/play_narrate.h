#pragma once
// Sentences for the events the human player (seat 0) receives: "You fired at B7: hit, Cruiser."
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/classic/play_render.h"

namespace broadside::cli {

// What one event, as seat `me` received it, means to that player. Empty for events that need
// no words. A spectator (`me` -1) with the two seats' `names` hears the seats by name ("Ann
// fired at B7", "Ann sank Bob's Carrier!"), never "you" or "the enemy".
std::vector<std::string> narrate(const nlohmann::json& event, int me, const Style& style,
                                 const std::vector<std::string>& names = {});

// The cells of a "shots" event, in the order they were fired.
std::vector<std::string> shot_cells(const nlohmann::json& event);

}  // namespace broadside::cli

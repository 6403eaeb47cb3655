#pragma once
// Terminal drawing for Ship, Captain and Crew: dice faces side by side, and the tally sheet.
#include <string>
#include <vector>

#include "games/crew/observation.h"

namespace broadside::cli {

// Dice as five-line boxes with pips, side by side; `labels` (optional) go under each die.
std::string render_dice(const std::vector<int>& faces, const std::vector<std::string>& labels = {});
// Rounds down, seats across, totals at the bottom; playoff rounds marked.
std::string render_tally(const crew::Observation& obs, const std::vector<std::string>& names);

}  // namespace broadside::cli

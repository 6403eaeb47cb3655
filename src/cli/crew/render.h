#pragma once
// Terminal drawing for Ship, Captain and Crew: dice faces side by side, and the tally sheet.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/crew/observation.h"

namespace broadside::cli {

// Dice as five-line boxes with pips, side by side; `labels` (optional) go under each die.
std::string render_dice(const std::vector<int>& faces, const std::vector<std::string>& labels = {});
// One event of the dice game in words ("optimal bot 1 threw 6 5 4 3 3: sets aside the ship,
// captain, mate; crew 3 + 3 = 6."), each seat by `names[seat]`; `you_seat` (-1: nobody) is
// "You", with "You score". `totals` are the running totals, for the end of a round.
std::vector<std::string> crew_event_words(const nlohmann::json& event,
                                          const std::vector<std::string>& names, int you_seat,
                                          const std::vector<int>& totals);
// Rounds down, seats across, totals at the bottom; playoff rounds marked.
std::string render_tally(const crew::Observation& obs, const std::vector<std::string>& names);
// The same sheet from the observation as JSON (what `join` is sent): the one drawing, which the
// typed form above calls through crew::to_json.
std::string render_tally(const nlohmann::json& obs, const std::vector<std::string>& names);

}  // namespace broadside::cli

#pragma once
// Text for `play royale`: the shared grid, the command center, the table of players, and one
// sentence per event. Everything is drawn from the seat's observation (JSON), never the state.
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::cli {

std::string render_royale(const nlohmann::json& observation);
// One line per event as `seat` saw it ("you" for the seat itself).
std::string narrate_royale(const nlohmann::json& event, int seat);
std::string royale_help();

}  // namespace broadside::cli

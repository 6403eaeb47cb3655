#pragma once
// The built-in bots a person can choose as an opponent, game by game: their names, one line on
// how each plays and how strong it is, and the three levels a newcomer picks from (easy, normal,
// hard). `play`, the server and the Python module all choose bots here.
#include <string>
#include <vector>

#include "core/error.h"

namespace broadside::seats {

struct BotInfo {
    std::string name;      // as --bot takes it
    std::string plays;     // how it plays, in a few words
    std::string strength;  // a measured figure (docs/ai.md has the commands)
};

// The bots of a game: "classic", "salvo" (classic's bots; hard is `best-salvo`), "royale",
// "crew" or "party".
const std::vector<BotInfo>& bots_for(const std::string& game);

// The levels, easiest first: "easy", "normal", "hard".
const std::vector<std::string>& level_names();

// The bot a level plays in `game`, or an error naming the levels.
Result<std::string> bot_for_level(const std::string& game, const std::string& level);

// Which bot each level plays: "easy = hunt, normal = density, hard = best".
std::string levels_help(const std::string& game);

// The text for a command's --help: every bot of `game` with how it plays and how strong it is,
// and which bot each level plays.
std::string bots_help(const std::string& game);

}  // namespace broadside::seats

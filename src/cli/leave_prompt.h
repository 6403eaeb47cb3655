#pragma once
// The question `quit` asks in the games that share it (docs/play.md, "Commands, the same in every
// game"): the dice game and the party game.
#include <string>

#include "cli/console.h"

namespace broadside::cli {

// With --save, says where the game goes on a line of its own (so that a long file name never
// wraps the question), then asks "Really leave the game? (yes or no)". True to leave: yes, or the
// end of input (Ctrl-C) at the question; anything else stays.
bool confirm_leave(Console& console, const std::string& save_path);

}  // namespace broadside::cli

#pragma once
// The game loop of `broadside play`: the human is seat 0, a built-in bot is seat 1. Every action
// goes through Match::act as JSON, and the human's screen is drawn only from the match's
// observation for seat 0 and the events seat 0 receives.
#include <iosfwd>
#include <string>

#include "ai/classic/bot.h"
#include "match/match.h"

namespace broadside::cli {

struct PlaySettings {
    std::string bot_name;
    std::string save_path;      // empty: do not save
    bool colour = false;        // ANSI colour (stdout is a terminal)
    bool clear_screen = false;  // redraw each turn in place (stdout is a terminal)
    bool echo_input = false;    // stdin is not a terminal: echo each line so transcripts read well
};

// Plays one game to its end or until the player quits (or input ends). Returns the exit code.
int run_play_session(Match& match, classic::Bot& bot, const PlaySettings& settings,
                     std::istream& in, std::ostream& out);

}  // namespace broadside::cli

#pragma once
// The game loop of `broadside play classic|salvo`: one person against a built-in bot, or two
// people sharing the terminal (hot-seat). Every action goes through Match::act as JSON, and each
// person's screen is drawn only from the match's observation for their seat and the events that
// seat receives. Between two people's turns the Console's pass screen hides the last screen.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/classic/bot.h"
#include "cli/console.h"
#include "match/match.h"

namespace broadside::cli {

struct PlaySettings {
    // The people, in seat order: one (seat 0, against the bot in seat 1) or two (no bot).
    std::vector<std::string> names{"You"};
    std::string bot_name;   // the bot's registry name, when there is a bot
    std::string save_path;  // empty: do not save
    // `play --resume`: the saved game's actions, played again at the start of the first game
    // (the bot choosing again at each of its turns, so that its generator and memory are where
    // they were), then play goes on. Null for a new game.
    nlohmann::json resume_actions;
};

// A session: games until the players say no more, quit, or input ends. The first game uses
// `seed`, each next one the seed after; new_match(seed) creates each. A bot (null with two
// people) hears how each finished game went (Bot::end_game), so `best` learns the player's
// placement and shooting habits over the session. Returns the exit code.
int run_play_session(const std::function<Match(std::uint64_t seed)>& new_match, std::uint64_t seed,
                     classic::Bot* bot, const PlaySettings& settings, Console& console);

}  // namespace broadside::cli

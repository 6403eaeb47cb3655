#pragma once
// Bot-against-bot games through the typed rules API, for `sim`, `bench` and tests. The match
// generator and each bot's generator are derived from one seed, exactly as Match::create does,
// so a game played here replays through the match layer from its record.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/classic/bot.h"
#include "games/classic/codec.h"

namespace broadside::classic {

struct GameSummary {
    int winner = -1;  // -1: a draw (possible only with weapons; docs/rules/weapons.md)
    int first = 0;
    int turns = 0;
    std::array<int, kSeats> shots{};              // shots fired per seat
    std::array<int, kSeats> weapon_turns{};       // turns spent on weapons per seat
    std::vector<std::pair<int, Action>> actions;  // filled only when asked for
};

// The generator a bot in `seat` uses in the game played with `seed`.
std::uint64_t bot_seed(std::uint64_t game_seed, int seat);

GameSummary play_game(const std::shared_ptr<const Options>& options,
                      const std::array<Bot*, kSeats>& bots, std::uint64_t seed,
                      bool keep_actions = false);

}  // namespace broadside::classic

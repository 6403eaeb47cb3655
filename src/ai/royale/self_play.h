#pragma once
// Bot-against-bot Battleship Royale games through the typed rules (no JSON), for `sim` and
// tests. The match generator and each bot's generator come from one seed as in Match::create,
// so a game played here replays through the match layer from its actions.
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/royale/bot.h"

namespace broadside::royale {

struct GameSummary {
    std::vector<int> winners;
    std::vector<int> elimination_order;
    int first = 0;
    int turns = 0;
    std::vector<int> shots;
    std::vector<std::pair<int, Action>> actions;  // filled only when asked for
};

GameSummary play_game(const std::shared_ptr<const Options>& options, const std::vector<Bot*>& bots,
                      std::uint64_t seed, bool keep_actions = false);

}  // namespace broadside::royale

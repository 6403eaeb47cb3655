#pragma once
// Whole games between built-in bots on the typed rules API (no JSON), for `sim` and benchmarks.
// Game i of a simulation is seeded with derive_seed(seed, i); the match generator draws the
// order throw-off and every die exactly as a protocol match with the same seed would.
#include <cstdint>
#include <utility>
#include <vector>

#include "ai/crew/bot.h"
#include "games/crew/rules.h"

namespace broadside::crew {

struct GameSummary {
    int winner = -1;
    int first = 0;
    std::vector<int> totals;
    int playoffs = 0;
    // Per seat: every turn's score, playoffs included.
    std::vector<std::vector<int>> turn_scores;
    std::vector<std::pair<int, Action>> actions;  // kept only when asked
};

GameSummary play_game(const Options& options, const std::vector<Bot*>& bots, std::uint64_t seed,
                      bool keep_actions = false);

}  // namespace broadside::crew

#pragma once
// One shooter against a fleet placed uniformly at random that never fires back: the standard
// measure of a shooter (mean shots to sink a whole fleet). Shots go through the same rules API
// as real games; only the opponent's turns are skipped.
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/classic/bot.h"

namespace broadside::classic {

struct PracticeResult {
    int shots = 0;                    // shots to sink the whole fleet
    int volleys = 0;                  // turns (equal to shots in classic)
    std::vector<double> ms_per_shot;  // one entry per turn: the bot's think time / shots fired
};

PracticeResult target_practice(const std::shared_ptr<const Options>& options, Bot& shooter,
                               std::uint64_t seed, bool time_shots);

}  // namespace broadside::classic

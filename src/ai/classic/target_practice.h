#pragma once
// One shooter against a fleet that never fires back: the standard measure of a shooter (mean
// shots to sink a whole fleet). The fleet is placed uniformly at random, or by a placer bot's
// place(). Shots go through the same rules API as real games; only the opponent's turns are
// skipped.
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

// `placer` (if given) places the target fleet instead of a uniform draw. Afterwards the shooter's
// end_game sees the target's fleet, and the placer's sees the shooter's shots in order (so
// either may learn over a series).
PracticeResult target_practice(const std::shared_ptr<const Options>& options, Bot& shooter,
                               std::uint64_t seed, bool time_shots, Bot* placer = nullptr);

}  // namespace broadside::classic

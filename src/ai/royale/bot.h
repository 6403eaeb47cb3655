#pragma once
// A Battleship Royale bot: chooses one action from its seat's observation (never the state).
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/royale/codec.h"
#include "games/royale/observation.h"

namespace broadside::royale {

class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string name() const = 0;
    // Called when the seat may act; returns a legal action.
    virtual Action choose(const Observation& obs, Rng& rng) = 0;
};

std::vector<std::string> bot_names();
std::string default_bot_name();  // the strongest
Result<std::unique_ptr<Bot>> make_bot(const std::string& name);

// The generator a bot in `seat` uses in the game played with `seed` (independent of the
// match's draws, so a bot's choices never disturb the deal or the die).
std::uint64_t bot_seed(std::uint64_t game_seed, int seat);

}  // namespace broadside::royale

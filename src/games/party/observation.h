#pragma once
// What one seat may know, as JSON: the only window onto the state for bots, the terminal and the
// protocol. A player sees their own fleet with every torpedo marked and the public scoreboard;
// the host (seat 0) and spectators see the torpedoes and the scoreboard, never anyone's ships.
#include <nlohmann/json.hpp>

#include "games/party/state.h"

namespace broadside::party {

// seat 0: the host; seats 1..players: the players; -1: a spectator (public only).
nlohmann::json observe(const State& s, int seat);

// The public part every seat sees: phase, torpedoes, scoreboard, winners.
nlohmann::json public_view(const State& s);

}  // namespace broadside::party

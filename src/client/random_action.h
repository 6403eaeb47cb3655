#pragma once
// A legal action for a seat, drawn at random from the compact legal actions of docs/protocol.md,
// for every game: what `broadside loadtest`'s simulated players and the server's tests play.
#include <string>

#include <nlohmann/json.hpp>

#include "core/rng.h"

namespace broadside::client {

// A legal action for `seat` given its `legal` (any game), drawn with `rng`. Classic placements
// are fixed per seat parity (one ship per row, the seats' fleets differ, so a leak would show).
// `game` tells the party's placement (a 6x6 sea) from classic's when the legal actions look
// alike. Throws std::runtime_error for legal actions it does not know.
nlohmann::json random_action(const nlohmann::json& legal, int seat, Rng& rng,
                             const std::string& game = "");

}  // namespace broadside::client

#pragma once
// `broadside play party --host`: the program as the host's assistant for a room of people
// playing the party game on paper. It draws and calls the torpedoes; it never sees a fleet, so
// for the tiebreak it asks the host how many players are tied, and after each super torpedo
// how many are still in (docs/rules/party.md, "Hosting a room on paper").
#include <cstdint>
#include <string>
#include <vector>

#include "cli/console.h"
#include "core/rng.h"

namespace broadside::cli {

struct PartyHostSettings {
    std::uint64_t seed = 0;
    std::string edition = "rainbow";
    int pause_ms = 0;  // 0: each call on Enter; else a call every pause_ms, no Enter needed
};

// The 36 squares in the order the host's envelope gives them, from the seed: the first 30 are
// the torpedoes, the last 6 the super torpedoes of a tiebreak.
std::vector<std::string> party_host_draws(std::uint64_t seed);

// Big letters for a call across the room: `text` (A-F, 0-9, space, and a few signs) five rows
// tall, drawn with `ink` ("#" in ASCII).
std::vector<std::string> banner(const std::string& text, const std::string& ink);

int run_party_host(const PartyHostSettings& settings, Console& console);

}  // namespace broadside::cli

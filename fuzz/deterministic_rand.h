#pragma once
// The fuzz harnesses replace OpenSSL's CSPRNG with a seeded generator, so that an input replays
// the same room codes, tokens and server seeds (hence the same match seeds and the same bots'
// moves) every time it runs: a crash found once is reproduced by running its input again.
#include <cstdint>

namespace broadside::fuzz {

// Installs the generator (once) and restarts its sequence from `seed`.
void reset_deterministic_rand(std::uint64_t seed);

}  // namespace broadside::fuzz

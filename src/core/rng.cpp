#include "core/rng.h"

namespace broadside {

Rng::Rng(std::uint64_t seed, std::uint64_t stream) : inc_((stream << 1U) | 1U) {
    // The reference pcg32_srandom_r initialisation sequence.
    next_u32();
    state_ += seed;
    next_u32();
}

std::uint64_t Rng::next_u64() {
    const std::uint64_t hi = next_u32();
    return (hi << 32U) | next_u32();
}

int Rng::between(int lo, int hi) {
    // In unsigned arithmetic: hi - lo overflows int for ranges wider than INT_MAX. A span of 0
    // means all 2^32 ints. Ordinary ranges draw exactly as before (lo + below(hi - lo + 1)).
    const std::uint32_t span = static_cast<std::uint32_t>(hi) - static_cast<std::uint32_t>(lo) + 1U;
    const std::uint32_t offset = span == 0 ? next_u32() : below(span);
    return static_cast<int>(static_cast<std::uint32_t>(lo) + offset);
}

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31U);
}

std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
    return splitmix64(splitmix64(seed) ^ splitmix64(index + 0x632be59bd9b4e019ULL));
}

}  // namespace broadside

#include "core/rng.h"

namespace broadside {

Rng::Rng(std::uint64_t seed, std::uint64_t stream) : inc_((stream << 1U) | 1U) {
    // The reference pcg32_srandom_r initialisation sequence.
    next_u32();
    state_ += seed;
    next_u32();
}

std::uint32_t Rng::next_u32() {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18U) ^ old) >> 27U);
    const auto rot = static_cast<std::uint32_t>(old >> 59U);
    return (xorshifted >> rot) | (xorshifted << ((32U - rot) & 31U));
}

std::uint64_t Rng::next_u64() {
    const std::uint64_t hi = next_u32();
    return (hi << 32U) | next_u32();
}

std::uint32_t Rng::below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next_u32()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
        const std::uint32_t threshold = (0U - bound) % bound;
        while (low < threshold) {
            m = std::uint64_t{next_u32()} * bound;
            low = static_cast<std::uint32_t>(m);
        }
    }
    return static_cast<std::uint32_t>(m >> 32U);
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

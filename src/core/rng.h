#pragma once
// The one random generator of a match: PCG32 (O'Neill's PCG-XSH-RR, 64-bit state, 32-bit
// output), with our own bounded-integer and shuffle code so that a seed gives the same numbers
// on every compiler and standard library (std::uniform_int_distribution and std::shuffle do not).
#include <cstdint>
#include <span>
#include <utility>

namespace broadside {

class Rng {
public:
    explicit Rng(std::uint64_t seed, std::uint64_t stream = 0x14057b7ef767814fULL);

    std::uint32_t next_u32() {
        const std::uint64_t old = state_;
        state_ = old * 6364136223846793005ULL + inc_;
        const auto xorshifted = static_cast<std::uint32_t>(((old >> 18U) ^ old) >> 27U);
        const auto rot = static_cast<std::uint32_t>(old >> 59U);
        return (xorshifted >> rot) | (xorshifted << ((32U - rot) & 31U));
    }
    std::uint64_t next_u64();

    // Uniform in [0, bound). bound must be > 0. Lemire's multiply-and-reject method: exact.
    std::uint32_t below(std::uint32_t bound) {
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
    // Uniform in [lo, hi], inclusive.
    int between(int lo, int hi);
    bool coin() { return (next_u32() >> 31) != 0; }
    // Uniform in [0, 1), from 53 random bits.
    double unit() { return static_cast<double>(next_u64() >> 11U) * 0x1.0p-53; }

    // Fisher-Yates, from the back.
    template <class T>
    void shuffle(std::span<T> items) {
        for (std::size_t i = items.size(); i > 1; --i) {
            const auto j = below(static_cast<std::uint32_t>(i));
            std::swap(items[i - 1], items[j]);
        }
    }

    bool operator==(const Rng&) const = default;

private:
    std::uint64_t state_ = 0;
    std::uint64_t inc_ = 0;
};

// SplitMix64: derives independent seeds, e.g. game i of a simulation from the run's seed, so
// that results do not depend on how games are split across threads.
std::uint64_t splitmix64(std::uint64_t x);
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index);

}  // namespace broadside

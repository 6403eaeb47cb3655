#pragma once
// A set of cells on a board of up to 26x26, one bit per cell (bit = cell_index). Fixed size so
// it never allocates; every set operation is a handful of word operations.
#include <array>
#include <bit>
#include <cstdint>

#include "core/cell.h"

namespace broadside {

class Bitboard {
public:
    static constexpr int kWords = (kMaxCells + 63) / 64;

    constexpr bool test(int index) const { return (w_[index >> 6] >> (index & 63)) & 1U; }
    constexpr void set(int index) { w_[index >> 6] |= std::uint64_t{1} << (index & 63); }
    constexpr void reset(int index) { w_[index >> 6] &= ~(std::uint64_t{1} << (index & 63)); }

    // The raw 64-bit word `i` (cells 64*i to 64*i+63), for code specialised to small boards.
    constexpr std::uint64_t word(int i) const { return w_[i]; }

    constexpr int count() const {
        int n = 0;
        for (auto w : w_) n += std::popcount(w);
        return n;
    }
    constexpr bool empty() const {
        for (auto w : w_)
            if (w) return false;
        return true;
    }
    constexpr bool intersects(const Bitboard& o) const {
        for (int i = 0; i < kWords; ++i)
            if (w_[i] & o.w_[i]) return true;
        return false;
    }
    constexpr bool contains_all(const Bitboard& o) const {
        for (int i = 0; i < kWords; ++i)
            if ((o.w_[i] & ~w_[i]) != 0) return false;
        return true;
    }
    constexpr Bitboard& operator|=(const Bitboard& o) {
        for (int i = 0; i < kWords; ++i) w_[i] |= o.w_[i];
        return *this;
    }
    constexpr Bitboard& operator&=(const Bitboard& o) {
        for (int i = 0; i < kWords; ++i) w_[i] &= o.w_[i];
        return *this;
    }
    constexpr Bitboard without(const Bitboard& o) const {
        Bitboard r = *this;
        for (int i = 0; i < kWords; ++i) r.w_[i] &= ~o.w_[i];
        return r;
    }
    friend constexpr Bitboard operator|(Bitboard a, const Bitboard& b) { return a |= b; }
    friend constexpr Bitboard operator&(Bitboard a, const Bitboard& b) { return a &= b; }
    constexpr bool operator==(const Bitboard&) const = default;

    // Calls f(index) for every set bit, in increasing index order.
    template <class F>
    constexpr void for_each(F&& f) const {
        for (int i = 0; i < kWords; ++i) {
            for (std::uint64_t w = w_[i]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
        }
    }

    // The index of the n-th set bit (0-based), or -1 if there are not that many.
    constexpr int nth_set(int n) const {
        for (int i = 0; i < kWords; ++i) {
            const int c = std::popcount(w_[i]);
            if (n < c) {
                std::uint64_t w = w_[i];
                for (int k = 0; k < n; ++k) w &= w - 1;
                return i * 64 + std::countr_zero(w);
            }
            n -= c;
        }
        return -1;
    }

    static constexpr Bitboard all(BoardSize b) {
        Bitboard r;
        for (int i = 0; i < b.cells(); ++i) r.set(i);
        return r;
    }

private:
    std::array<std::uint64_t, kWords> w_{};
};

}  // namespace broadside

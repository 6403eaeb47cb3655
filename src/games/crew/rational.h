#pragma once
// Exact fractions for the solver. Every probability in the game is a multiple of 1/6^k with
// k <= 15, so 128-bit numerators and denominators (reduced after every operation) never overflow.
#include <compare>
#include <cstdint>
#include <string>

namespace broadside::crew {

__extension__ using Int128 = __int128;

class Rational {
public:
    Rational() = default;
    Rational(std::int64_t n) : num_(n) {}  // NOLINT: implicit, like an integer literal
    Rational(Int128 n, Int128 d);

    Int128 num() const { return num_; }
    Int128 den() const { return den_; }
    double to_double() const;
    std::string str() const;  // "7/3", or "2" for a whole number

    friend Rational operator+(const Rational& a, const Rational& b);
    friend Rational operator-(const Rational& a, const Rational& b);
    friend Rational operator*(const Rational& a, const Rational& b);
    friend Rational operator/(const Rational& a, const Rational& b);
    Rational& operator+=(const Rational& b) { return *this = *this + b; }
    friend bool operator==(const Rational& a, const Rational& b) = default;
    friend std::strong_ordering operator<=>(const Rational& a, const Rational& b);

private:
    Int128 num_ = 0;
    Int128 den_ = 1;
};

std::string to_string(Int128 v);

}  // namespace broadside::crew

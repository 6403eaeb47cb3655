#include "games/crew/rational.h"

#include <algorithm>
#include <stdexcept>

namespace broadside::crew {

namespace {

Int128 abs128(Int128 v) {
    return v < 0 ? -v : v;
}

Int128 gcd128(Int128 a, Int128 b) {
    a = abs128(a);
    b = abs128(b);
    while (b != 0) {
        const Int128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

}  // namespace

Rational::Rational(Int128 n, Int128 d) {
    if (d == 0) throw std::domain_error("Rational with a zero denominator");
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const Int128 g = gcd128(n, d);
    num_ = g > 1 ? n / g : n;
    den_ = g > 1 ? d / g : d;
}

Rational operator+(const Rational& a, const Rational& b) {
    if (a.den_ == b.den_) return {a.num_ + b.num_, a.den_};
    const Int128 g = gcd128(a.den_, b.den_);
    return {a.num_ * (b.den_ / g) + b.num_ * (a.den_ / g), a.den_ / g * b.den_};
}

Rational operator-(const Rational& a, const Rational& b) {
    return a + Rational(-b.num_, b.den_);
}

Rational operator*(const Rational& a, const Rational& b) {
    // Cross-reducing first keeps the intermediate products small.
    const Int128 g1 = gcd128(a.num_, b.den_);
    const Int128 g2 = gcd128(b.num_, a.den_);
    const Int128 d1 = g1 == 0 ? 1 : g1;
    const Int128 d2 = g2 == 0 ? 1 : g2;
    return {(a.num_ / d1) * (b.num_ / d2), (a.den_ / d2) * (b.den_ / d1)};
}

Rational operator/(const Rational& a, const Rational& b) {
    return a * Rational(b.den_, b.num_);
}

std::strong_ordering operator<=>(const Rational& a, const Rational& b) {
    return a.num_ * b.den_ <=> b.num_ * a.den_;
}

double Rational::to_double() const {
    // Split so that large numerators keep their precision.
    const Int128 whole = num_ / den_;
    const Int128 rest = num_ % den_;
    return static_cast<double>(whole) + static_cast<double>(rest) / static_cast<double>(den_);
}

std::string to_string(Int128 v) {
    if (v == 0) return "0";
    const bool negative = v < 0;
    std::string digits;
    for (Int128 x = abs128(v); x > 0; x /= 10)
        digits.push_back(static_cast<char>('0' + static_cast<int>(x % 10)));
    if (negative) digits.push_back('-');
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::string Rational::str() const {
    return den_ == 1 ? to_string(num_) : to_string(num_) + "/" + to_string(den_);
}

}  // namespace broadside::crew

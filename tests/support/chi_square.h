#pragma once
// Pearson's chi-square goodness-of-fit test, for tests that check a sampler's distribution at a
// fixed seed. The critical value uses the Wilson-Hilferty approximation, which is accurate to a
// fraction of a percent for the degrees of freedom these tests use (5 and up).
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace broadside::testing {

// Sum over categories of (observed - expected)^2 / expected.
inline double chi_square_statistic(const std::vector<std::int64_t>& observed,
                                   const std::vector<double>& expected) {
    if (observed.size() != expected.size()) throw std::invalid_argument("size mismatch");
    double stat = 0;
    for (std::size_t i = 0; i < observed.size(); ++i) {
        const double d = static_cast<double>(observed[i]) - expected[i];
        stat += d * d / expected[i];
    }
    return stat;
}

// The value a chi-square variable with `df` degrees of freedom exceeds with probability about
// 0.001 (z = 3.0902 is the standard normal's 99.9th percentile).
inline double chi_square_critical_001(int df) {
    const double k = df;
    const double a = 2.0 / (9.0 * k);
    const double t = 1.0 - a + 3.0902323061678132 * std::sqrt(a);
    return k * t * t * t;
}

// Whether `observed` counts fit a uniform distribution over their categories (p > 0.001).
inline bool fits_uniform(const std::vector<std::int64_t>& observed, double* stat_out = nullptr) {
    std::int64_t total = 0;
    for (auto n : observed) total += n;
    const std::vector<double> expected(
        observed.size(), static_cast<double>(total) / static_cast<double>(observed.size()));
    const double stat = chi_square_statistic(observed, expected);
    if (stat_out) *stat_out = stat;
    return stat < chi_square_critical_001(static_cast<int>(observed.size()) - 1);
}

}  // namespace broadside::testing

#include "core/stats.h"

#include <algorithm>
#include <cmath>

namespace broadside {

Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z) {
    if (trials <= 0) return {0, 1};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Distribution summarize(std::vector<double> values) {
    Distribution d;
    d.count = static_cast<std::int64_t>(values.size());
    if (values.empty()) return d;
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values) sum += v;
    d.mean = sum / static_cast<double>(values.size());
    double sq = 0;
    for (double v : values) sq += (v - d.mean) * (v - d.mean);
    d.stddev = values.size() > 1 ? std::sqrt(sq / static_cast<double>(values.size() - 1)) : 0.0;
    const double half =
        1.959963984540054 * d.stddev / std::sqrt(static_cast<double>(values.size()));
    d.mean_ci = {d.mean - half, d.mean + half};
    const std::size_t n = values.size();
    d.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    auto rank = [&](double q) {
        auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(n)));
        return values[std::clamp<std::size_t>(k, 1, n) - 1];
    };
    d.p10 = rank(0.10);
    d.p90 = rank(0.90);
    d.p99 = rank(0.99);
    d.p999 = rank(0.999);
    d.min = values.front();
    d.max = values.back();
    return d;
}

}  // namespace broadside

#pragma once
// Summary statistics for simulation reports: proportions with Wilson score intervals, means with
// normal-approximation intervals, exact order-statistic percentiles.
#include <cstdint>
#include <vector>

namespace broadside {

struct Interval {
    double low = 0;
    double high = 0;
};

// 95% Wilson score interval for successes/trials (well-behaved near 0 and 1).
Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z = 1.959963984540054);

struct Distribution {
    std::int64_t count = 0;
    double mean = 0;
    double stddev = 0;
    Interval mean_ci;  // 95%
    double median = 0;
    double p10 = 0;
    double p90 = 0;
    double p99 = 0;
    double p999 = 0;  // the 99.9th percentile (a bot's time per shot has a goal there)
    double min = 0;
    double max = 0;
};

// Percentiles use the nearest-rank method on the sorted values; the median of an even count is
// the mean of the two middle values.
Distribution summarize(std::vector<double> values);

}  // namespace broadside

// Summary statistics for simulation reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/stats.h"

namespace broadside {
namespace {

TEST(WilsonInterval, MatchesPublishedValues) {
    // Textbook values of the 95% Wilson score interval.
    const Interval none = wilson_interval(0, 10);
    EXPECT_DOUBLE_EQ(none.low, 0.0);
    EXPECT_NEAR(none.high, 0.27753, 1e-5);
    const Interval half = wilson_interval(5, 10);
    EXPECT_NEAR(half.low, 0.23659, 1e-5);
    EXPECT_NEAR(half.high, 0.76341, 1e-5);
    const Interval fifty = wilson_interval(50, 100);
    EXPECT_NEAR(fifty.low, 0.40383, 1e-5);
    EXPECT_NEAR(fifty.high, 0.59617, 1e-5);
}

TEST(WilsonInterval, StaysInsideZeroToOneAndContainsTheProportion) {
    for (int n : {1, 2, 7, 100, 10000}) {
        for (int s = 0; s <= n; s += std::max(1, n / 10)) {
            const Interval ci = wilson_interval(s, n);
            const double p = static_cast<double>(s) / n;
            EXPECT_GE(ci.low, 0.0);
            EXPECT_LE(ci.high, 1.0);
            EXPECT_LE(ci.low, p + 1e-12);
            EXPECT_GE(ci.high, p - 1e-12);
        }
    }
    const Interval all = wilson_interval(10, 10);
    EXPECT_NEAR(all.low, 0.72247, 1e-5);
    EXPECT_NEAR(all.high, 1.0, 1e-12);
}

TEST(WilsonInterval, NarrowsAsTrialsGrow) {
    const Interval small = wilson_interval(30, 100);
    const Interval large = wilson_interval(3000, 10000);
    EXPECT_LT(large.high - large.low, small.high - small.low);
}

TEST(WilsonInterval, WithoutTrialsIsEverything) {
    const Interval ci = wilson_interval(0, 0);
    EXPECT_EQ(ci.low, 0.0);
    EXPECT_EQ(ci.high, 1.0);
}

TEST(Summarize, EmptyInputHasCountZero) {
    const Distribution d = summarize({});
    EXPECT_EQ(d.count, 0);
    EXPECT_EQ(d.mean, 0.0);
}

TEST(Summarize, MeanSampleStandardDeviationAndExtremes) {
    const Distribution d = summarize({4, 1, 3, 2});
    EXPECT_EQ(d.count, 4);
    EXPECT_DOUBLE_EQ(d.mean, 2.5);
    EXPECT_NEAR(d.stddev, std::sqrt(5.0 / 3.0), 1e-12);  // divides by n - 1
    EXPECT_EQ(d.min, 1.0);
    EXPECT_EQ(d.max, 4.0);
    const double half = 1.959963984540054 * d.stddev / 2.0;
    EXPECT_NEAR(d.mean_ci.low, 2.5 - half, 1e-12);
    EXPECT_NEAR(d.mean_ci.high, 2.5 + half, 1e-12);
}

TEST(Summarize, MedianOfAnEvenCountIsTheMeanOfTheMiddleTwo) {
    EXPECT_DOUBLE_EQ(summarize({1, 2, 3, 10}).median, 2.5);
    EXPECT_DOUBLE_EQ(summarize({5, 1, 3}).median, 3.0);
    EXPECT_DOUBLE_EQ(summarize({7}).median, 7.0);
}

TEST(Summarize, PercentilesUseTheNearestRank) {
    std::vector<double> v;
    for (int i = 100; i >= 1; --i) v.push_back(i);  // unsorted on purpose
    const Distribution d = summarize(v);
    EXPECT_EQ(d.p10, 10.0);
    EXPECT_EQ(d.p90, 90.0);
    EXPECT_EQ(d.p99, 99.0);
    EXPECT_EQ(d.p999, 100.0);  // ceil(99.9): the 100th
    // With 5 values: p10 is the 1st (ceil 0.5), p90 the 5th (ceil 4.5), p99 the 5th.
    const Distribution five = summarize({10, 20, 30, 40, 50});
    EXPECT_EQ(five.p10, 10.0);
    EXPECT_EQ(five.p90, 50.0);
    EXPECT_EQ(five.p99, 50.0);
    EXPECT_EQ(five.p999, 50.0);
}

TEST(Summarize, TheNinetyNinePointNinthPercentileIsTheValueAtRankCeil999PerThousand) {
    std::vector<double> v;
    for (int i = 2000; i >= 1; --i) v.push_back(i);  // unsorted on purpose
    const Distribution d = summarize(v);
    EXPECT_EQ(d.p99, 1980.0);
    EXPECT_EQ(d.p999, 1998.0);  // ceil(0.999 x 2000) = 1998: two values above it
    EXPECT_EQ(d.max, 2000.0);
}

TEST(Summarize, OneValueHasNoSpread) {
    const Distribution d = summarize({42});
    EXPECT_EQ(d.stddev, 0.0);
    EXPECT_EQ(d.mean_ci.low, 42.0);
    EXPECT_EQ(d.mean_ci.high, 42.0);
    EXPECT_EQ(d.p10, 42.0);
    EXPECT_EQ(d.p99, 42.0);
}

}  // namespace
}  // namespace broadside

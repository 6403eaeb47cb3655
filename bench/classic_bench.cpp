// Benchmarks of the classic engine and its bots (Google Benchmark). Results and the command that
// produced them live in docs/performance.md. Run from a release build:
//   build/release/bench/broadside_bench --benchmark_repetitions=5
//   --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "ai/classic/target_practice.h"
#include "core/rng.h"

namespace {

using namespace broadside;
using namespace broadside::classic;

// Whole random-vs-random games: both fleets placed uniformly at random (rejection sampling),
// then uniformly random shots from both seats until one fleet is sunk; every shot goes through
// observe() and fire(), the API the bots use.
void BM_RandomVsRandomClassicGame(benchmark::State& st) {
    auto options = std::make_shared<const Options>();
    RandomBot a, b;
    std::uint64_t seed = 1;
    long shots = 0;
    for (auto _ : st) {
        auto summary = play_game(options, {&a, &b}, seed++);
        shots += summary.shots[0] + summary.shots[1];
        benchmark::DoNotOptimize(summary.winner);
    }
    st.SetItemsProcessed(st.iterations());  // items = games
    st.counters["shots_per_game"] =
        benchmark::Counter(static_cast<double>(shots), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_RandomVsRandomClassicGame);

void BM_RandomVsRandomSalvoGame(benchmark::State& st) {
    auto options = std::make_shared<const Options>(Options{.salvo = true});
    RandomBot a, b;
    std::uint64_t seed = 1;
    for (auto _ : st) benchmark::DoNotOptimize(play_game(options, {&a, &b}, seed++).winner);
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_RandomVsRandomSalvoGame);

// Shots per second of a shooter against uniformly random fleets (items = shots).
void shooter_bench(benchmark::State& st, const char* bot_name, bool no_touch) {
    auto options = std::make_shared<const Options>(Options{.no_touch = no_touch});
    auto bot = std::move(make_bot(bot_name).value());
    std::uint64_t seed = 1;
    long shots = 0;
    for (auto _ : st) shots += target_practice(options, *bot, seed++, false).shots;
    st.SetItemsProcessed(shots);
    st.counters["shots_per_game"] =
        benchmark::Counter(static_cast<double>(shots), benchmark::Counter::kAvgIterations);
}
BENCHMARK_CAPTURE(shooter_bench, density, "density", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(shooter_bench, density_no_touch, "density", true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(shooter_bench, hunt, "hunt", false)->Unit(benchmark::kMicrosecond);
// `best` and `best-fast` whole games against random fleets: items/s are their shots per second
// (1000 / items/s is the mean milliseconds a shot, the figure `bench shooter` reports).
BENCHMARK_CAPTURE(shooter_bench, best, "best", false)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_CAPTURE(shooter_bench, best_fast, "best-fast", false)->Unit(benchmark::kMillisecond);

// The building blocks, for seeing where the time goes.
void BM_UniformFleetSample(benchmark::State& st) {
    FleetSampler sampler(classic_fleet(), BoardSize{10, 10}, st.range(0) != 0);
    Rng rng(1);
    std::vector<Placement> layout;
    std::vector<Bitboard> cells;
    for (auto _ : st) benchmark::DoNotOptimize(sampler.sample_into(rng, layout, cells));
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_UniformFleetSample)->Arg(0)->Arg(1)->ArgName("no_touch");

void BM_RngBelow100(benchmark::State& st) {
    Rng rng(1);
    for (auto _ : st) benchmark::DoNotOptimize(rng.below(100));
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_RngBelow100);

}  // namespace

// Benchmarks of Ship, Captain and Crew: the exact solver, the race bot's tables, and whole games
// between bots. Figures and commands are in docs/performance.md.
#include <benchmark/benchmark.h>

#include "ai/crew/race_tables.h"
#include "ai/crew/self_play.h"
#include "games/crew/solver.h"

namespace {

using namespace broadside;
using namespace broadside::crew;

// The whole exact solution: policy, expectation and distribution in rational arithmetic.
void BM_CrewSolveExact(benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(solve(Reroll::kEach).expected_score);
}
BENCHMARK(BM_CrewSolveExact)->Unit(benchmark::kMillisecond);

// One turn solved in doubles for a utility of the final score: the race bot's unit of work.
void BM_CrewPlanTurnDouble(benchmark::State& st) {
    std::array<double, kScores> u{};
    for (int s = 0; s < kScores; ++s) u[static_cast<std::size_t>(s)] = s > 7 ? 1.0 : 0.2;
    for (auto _ : st) benchmark::DoNotOptimize(plan_turn<double>(Reroll::kEach, u).value());
}
BENCHMARK(BM_CrewPlanTurnDouble)->Unit(benchmark::kMicrosecond);

// Whole 10-round two-player games, race against optimal (tables already built).
void BM_CrewRaceVsOptimalGame(benchmark::State& st) {
    RaceBot race;
    OptimalBot optimal;
    const Options o;
    std::uint64_t seed = 1;
    play_game(o, {&race, &optimal}, seed);  // builds the race tables outside the timing
    for (auto _ : st) benchmark::DoNotOptimize(play_game(o, {&race, &optimal}, seed++).winner);
    st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_CrewRaceVsOptimalGame)->Unit(benchmark::kMicrosecond);

}  // namespace

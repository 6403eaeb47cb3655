// Memory a match holds mid-game (docs/performance.md, "Memory per connection"): 500 classic
// matches, both fleets placed and 80 shots fired in each, measured with glibc's mallinfo2 (the
// heap in use before and after). A server's room keeps one match; its events are most of it.
//   build/release/bench/broadside_bench --benchmark_filter=MatchMemory
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <memory>
#include <string>
#include <vector>

#include "match/match.h"

namespace {

using namespace broadside;

std::size_t heap_in_use() {
    return mallinfo2().uordblks;
}

void BM_MatchMemoryMidGame(benchmark::State& st) {
    constexpr int kMatches = 500;
    const int shots = static_cast<int>(st.range(0));
    const json fleet = {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
    double bytes = 0;
    double events = 0;
    for (auto _ : st) {
        std::vector<std::unique_ptr<Match>> matches;
        const std::size_t before = heap_in_use();
        for (int k = 0; k < kMatches; ++k) {
            auto m = Match::create("classic", {{"first", 0}}, 1000 + static_cast<unsigned>(k));
            matches.push_back(std::make_unique<Match>(std::move(*m)));
            Match& match = *matches.back();
            for (int seat = 0; seat < 2; ++seat) {
                benchmark::DoNotOptimize(match.act(seat, {{"type", "place"}, {"ships", fleet}}));
            }
            // `shots` shots from the far corner, one seat then the other: nobody has won yet.
            for (int t = 0; t < shots && !match.is_over(); ++t) {
                const int i = t / 2;
                const std::string cell = std::string(1, static_cast<char>('A' + 9 - i / 10)) +
                                         std::to_string(10 - i % 10);
                benchmark::DoNotOptimize(
                    match.act(match.seats_to_act().at(0), {{"type", "fire"}, {"cells", {cell}}}));
            }
        }
        bytes = static_cast<double>(heap_in_use() - before) / kMatches;
        events = static_cast<double>(matches.front()->last_event_number());
    }
    st.counters["bytes_per_match"] = bytes;
    st.counters["events_per_match"] = events;
}
// 0 shots: what a started match costs before anyone fires; 80: mid-game.
BENCHMARK(BM_MatchMemoryMidGame)->Arg(0)->Arg(80)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

// The party game with thousands of players: one torpedo processed for every player (the rules'
// one pass), the public event built and serialised, the whole protocol path through Match, and
// a player's observation. Target (issue 7): under 1 ms per torpedo for 10,000 players.
#include <benchmark/benchmark.h>

#include "ai/party/bot.h"
#include "games/party/events.h"
#include "games/party/instance.h"

namespace {

using namespace broadside;
using namespace broadside::party;

State placed_state(int players, std::uint64_t seed) {
    Options o;
    o.players = players;
    State s = new_game(o);
    const RandomPlacer placer;
    Rng rng(seed);
    for (int p = 0; p < players; ++p) (void)place_fleet(s, p, placer.layout(rng));
    return s;
}

// Each iteration fires the 30 regular torpedoes at a fresh copy of the placed state (the copy
// is not timed). "per_torpedo" is the time of one torpedo for all players.
void BM_PartyTorpedoRules(benchmark::State& bs) {
    const State pristine = placed_state(static_cast<int>(bs.range(0)), 1);
    Rng rng(2);
    for (auto _ : bs) {
        bs.PauseTiming();
        State s = pristine;
        bs.ResumeTiming();
        TorpedoReport r;
        for (int i = 0; i < kTorpedoes; ++i) (void)fire_torpedo(s, draw_torpedo(s, rng), r);
        benchmark::DoNotOptimize(s.afloat.data());
    }
    bs.counters["per_torpedo"] = benchmark::Counter(
        kTorpedoes, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PartyTorpedoRules)->Arg(100)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);

// One torpedo event built (with every player's result, for the record) and one phone's view of
// it serialised as the protocol sends it (protocol 2: its own result and the counts).
void BM_PartyTorpedoEvent(benchmark::State& bs) {
    State s = placed_state(static_cast<int>(bs.range(0)), 1);
    Rng rng(2);
    TorpedoReport r;
    (void)fire_torpedo(s, draw_torpedo(s, rng), r);
    std::size_t bytes = 0;
    for (auto _ : bs) {
        const auto e = torpedo_event(s, r);
        json view = e.redacted;
        e.personal->add_to(view, 1);
        view["n"] = 40;
        const std::string line = view.dump();
        bytes = line.size();
        benchmark::DoNotOptimize(line.data());
    }
    bs.counters["bytes_per_phone"] = static_cast<double>(bytes);
}
BENCHMARK(BM_PartyTorpedoEvent)->Arg(100)->Arg(10'000)->Unit(benchmark::kMicrosecond);

// One player's observation: its cost must not grow with the number of players.
void BM_PartyObservation(benchmark::State& bs) {
    State s = placed_state(static_cast<int>(bs.range(0)), 1);
    Rng rng(3);
    TorpedoReport r;
    for (int i = 0; i < 10; ++i) (void)fire_torpedo(s, draw_torpedo(s, rng), r);
    PartyGame game(s);
    std::size_t bytes = 0;
    for (auto _ : bs) {
        const std::string line = game.observation(1).dump();
        bytes = line.size();
        benchmark::DoNotOptimize(line.data());
    }
    bs.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_PartyObservation)->Arg(100)->Arg(10'000)->Unit(benchmark::kMicrosecond);

// One "fire" through the GameInstance interface, as the match layer calls it: the draw, the
// rules, the events, and each event serialised as the protocol would send it.
void BM_PartyTorpedoThroughInstance(benchmark::State& bs) {
    const State pristine = placed_state(static_cast<int>(bs.range(0)), 1);
    auto game = std::make_unique<PartyGame>(pristine);
    Rng rng(4);
    for (auto _ : bs) {
        if (game->state().fired_count == kTorpedoes || game->is_over()) {
            bs.PauseTiming();
            game = std::make_unique<PartyGame>(pristine);
            bs.ResumeTiming();
        }
        auto events = game->act(0, {{"type", "fire"}}, rng);
        for (const auto& e : *events) benchmark::DoNotOptimize(e.content.dump().size());
    }
}
BENCHMARK(BM_PartyTorpedoThroughInstance)->Arg(10'000)->Unit(benchmark::kMicrosecond);

// A player's observation (own board plus the scoreboard of every player).
void BM_PartyPlayerObservation(benchmark::State& bs) {
    State s = placed_state(static_cast<int>(bs.range(0)), 1);
    Rng rng(2);
    TorpedoReport r;
    for (int i = 0; i < 10; ++i) (void)fire_torpedo(s, draw_torpedo(s, rng), r);
    const PartyGame game(s);
    for (auto _ : bs) {
        const auto j = game.observation(1);
        benchmark::DoNotOptimize(j.size());
    }
}
BENCHMARK(BM_PartyPlayerObservation)->Arg(10'000)->Unit(benchmark::kMicrosecond);

}  // namespace

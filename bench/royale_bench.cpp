// Benchmarks of Battleship Royale (Google Benchmark): whole games through the typed rules, each
// seat choosing from its observation. Results and the command live in docs/performance.md.
#include <benchmark/benchmark.h>

#include "ai/royale/self_play.h"

namespace {

using namespace broadside;
using namespace broadside::royale;

void royale_games(benchmark::State& st, Mode mode, const char* bot_name) {
    const int players = static_cast<int>(st.range(0));
    nlohmann::json o{{"mode", to_string(mode)}, {"players", players}};
    auto options = std::make_shared<const Options>(parse_options(o).value());
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int s = 0; s < players; ++s) {
        owned.push_back(std::move(make_bot(bot_name).value()));
        bots.push_back(owned.back().get());
    }
    std::uint64_t seed = 1;
    for (auto _ : st) benchmark::DoNotOptimize(play_game(options, bots, seed++).turns);
    st.SetItemsProcessed(st.iterations());  // items = games
}

void BM_RoyaleStandardRandomGame(benchmark::State& st) {
    royale_games(st, Mode::kStandard, "random");
}
void BM_RoyaleStandardRoyaleBotGame(benchmark::State& st) {
    royale_games(st, Mode::kStandard, "royale");
}
void BM_RoyaleAdvancedRoyaleBotGame(benchmark::State& st) {
    royale_games(st, Mode::kAdvanced, "royale");
}
BENCHMARK(BM_RoyaleStandardRandomGame)->Arg(2)->Arg(6);
BENCHMARK(BM_RoyaleStandardRoyaleBotGame)->Arg(2)->Arg(6);
BENCHMARK(BM_RoyaleAdvancedRoyaleBotGame)->Arg(6);

}  // namespace

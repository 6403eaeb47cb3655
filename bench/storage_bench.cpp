// What a commit costs the group writer per action, alone on a core: SQLite storage as `serve`
// uses it (WAL, both durabilities), batches shaped like a busy server's (each room of the batch
// adds one `act` entry and its touch), 4,750 rooms in the file (docs/performance.md, issue 30).
//   build/release/bench/broadside_bench --benchmark_filter=StorageCommit
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "server/sqlite_storage.h"

namespace {

using namespace broadside::server;
using nlohmann::json;

void BM_StorageCommit(benchmark::State& st) {
    const int rooms_per_commit = static_cast<int>(st.range(0));
    const auto durability = st.range(1) != 0 ? Durability::kFull : Durability::kNormal;
    const auto dir = std::filesystem::temp_directory_path() / "broadside-storage-bench";
    std::filesystem::remove_all(dir);
    SqliteStorage storage(dir.string(), durability);
    constexpr int kRooms = 4750;
    {
        WriteBatch made;
        for (int r = 0; r < kRooms; ++r) {
            StoredRoom room;
            room.code = "R" + std::to_string(r);
            room.game = "classic";
            room.options = json::object();
            room.settings = {{"public", false}};
            room.server_seed = std::string(64, 'a');
            made.new_rooms.push_back(room);
        }
        storage.write(made);
    }
    std::vector<std::int64_t> numbers(kRooms, 0);
    int next_room = 0;
    std::int64_t actions = 0;
    for (auto _ : st) {
        WriteBatch batch;
        for (int i = 0; i < rooms_per_commit; ++i) {
            const int r = next_room;
            next_room = (next_room + 1) % kRooms;
            const std::string code = "R" + std::to_string(r);
            batch.entries.push_back({code,
                                     ++numbers[static_cast<std::size_t>(r)],
                                     {{"kind", "act"},
                                      {"seat", 0},
                                      {"action_id", 17},
                                      {"action", {{"type", "fire"}, {"cells", {"J10"}}}}}});
            batch.touched.emplace_back(code, 1764190000000 + actions);
            ++actions;
        }
        storage.write(batch);
    }
    // Per second of wall time (UseRealTime): the writer's own time, waits for the disk included.
    st.counters["actions_per_s"] =
        benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
    std::filesystem::remove_all(dir);
}
// 1 and 9 rooms a commit (9: what the gathering writer reached at 4,700 actions a second);
// durability normal (the default) and full.
BENCHMARK(BM_StorageCommit)
    ->Args({1, 0})
    ->Args({9, 0})
    ->Args({9, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace

// The group writer's promise to whoever calls flush(): everything submitted is committed, its
// callbacks have run, and what they held is released (the server destroys its rooms' io_context
// right after a flush; a room whose last reference went later, on the writer's thread, destroyed
// its timer after the io_context: found by fuzz/ws_message_fuzz.cpp).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "server/group_writer.h"

namespace broadside::server {
namespace {

// Counts what it commits; each write takes a moment, so that what is submitted meanwhile
// queues up and commits together.
class SlowStorage final : public Storage {
public:
    std::vector<StoredRoom> load() override { return {}; }
    void write(const WriteBatch& batch) override {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        entries += batch.entries.size();
    }
    bool room_exists(const std::string&) override { return false; }
    nlohmann::json record(const std::string&) override { return nullptr; }
    std::atomic<std::size_t> entries{0};
};

struct SlowToDestroy {
    ~SlowToDestroy() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }
};

WriteBatch one_entry(std::int64_t number) {
    WriteBatch batch;
    batch.entries.push_back({"ABCDE", number, nlohmann::json::object()});
    return batch;
}

TEST(ServerGroupWriter, FlushReturnsOnceEveryCallbackRanAndWhatItHeldIsReleased) {
    SlowStorage storage;
    GroupWriter writer(storage, nullptr);
    std::int64_t number = 0;
    for (int round = 0; round < 5; ++round) {
        // While the writer commits the first batch, two more queue up; they commit together,
        // and the first one's callback is slow to let go of what it holds.
        writer.submit(one_entry(++number), nullptr);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        auto slow = std::make_shared<SlowToDestroy>();
        auto held = std::make_shared<int>(round);
        const std::weak_ptr<int> watch = held;
        std::atomic<int> called{0};
        writer.submit(one_entry(++number),
                      [slow, &called](Commit result) { called += result == Commit::kDone; });
        writer.submit(one_entry(++number),
                      [held, &called](Commit result) { called += result == Commit::kDone; });
        slow.reset();
        held.reset();
        writer.flush();
        EXPECT_EQ(called, 2) << round;
        EXPECT_TRUE(watch.expired()) << round;
    }
    EXPECT_EQ(storage.entries, 15u);
}

}  // namespace
}  // namespace broadside::server

// The clocks run on across a crash (docs/server.md, "Clocks"): a seat that had used most of its
// time before a kill -9 has only the rest of it after the restart. The deadline the room reports
// is the same before and after, to the millisecond, and the bot moves for the seat at that
// deadline, not a whole limit after the restart. tests/mutants/clocks_restart_from_zero.patch
// restarts the clocks on restore and fails both.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TEST(ServerClockRestart, AKilledServerKeepsTheTimeAlreadyUsed) {
    // A 6 s placement clock; the server dies 2.5 s into it, so 3.5 s are left after the restart.
    // A clock restarted from zero would fire 6 s after the restart, at least 2.5 s late.
    constexpr std::int64_t kTolerance = 1500;  // a sanitizer build waking, committing, sending
    ServerProcess server(temp_dir(),
                         {"--messages-per-second", "100000", "--message-burst", "100000"});
    const json clock{{"placement_seconds", 6}, {"on_timeout", "bot"}};
    auto created = create_room(
        server.port(),
        {{"game", "classic"}, {"clock", clock}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    std::int64_t deadline = 0;
    {
        SeatClient me(server.port(), room, created["token"]);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        const auto state = me.request({{"cmd", "room"}});
        ASSERT_TRUE(state["deadlines"].contains("0")) << state.dump();
        deadline = state["deadlines"]["0"].get<std::int64_t>();
        const std::int64_t left = deadline - wall_ms();
        ASSERT_GT(left, 5000) << state.dump();
        // Nobody places seat 0's fleet; the server dies with 3.5 s of the clock left.
        std::this_thread::sleep_for(std::chrono::milliseconds(left - 3500));
        server.kill9();
    }
    server.restart();
    SeatClient me(server.port(), room, created["token"]);
    const auto state = me.request({{"cmd", "room"}});
    ASSERT_TRUE(state["deadlines"].contains("0")) << state.dump();
    EXPECT_EQ(state["deadlines"]["0"].get<std::int64_t>(), deadline)
        << "the deadline moved by the restart";
    ASSERT_LT(wall_ms(), deadline) << "the restart took longer than the clock had left";
    const auto timeout = me.wait_for("timeout");
    const std::int64_t fired = wall_ms();
    EXPECT_EQ(timeout["seat"], 0);
    EXPECT_EQ(timeout["why"], "clock");
    EXPECT_GE(fired, deadline - 50) << "fired before the deadline";
    EXPECT_LE(fired, deadline + kTolerance) << "fired " << (fired - deadline) << " ms late";
    EXPECT_TRUE(me.request({{"cmd", "observe"}})["observation"]["placed"].get<bool>());
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

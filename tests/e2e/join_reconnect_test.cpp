// `broadside join` when the server dies mid-game: it reconnects by itself with backoff, saying so
// in one line, catches up, resends the move the server never acknowledged (with the same action
// id, so the server answers a repeat and applies it once), and the game plays on to its end.
// The first outage is the failpoint "after_commit_before_ack" (the placement committed, the
// server gone before the acknowledgement: docs/testing.md, "Failpoints"); the second a plain
// kill -9 between shots. Each time the server restarts on the same port and data.
#include <gtest/gtest.h>

#include <cstdlib>

#include "support/interactive.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// How many events of `type` seat 0 has in the room.
int seat0_events(SeatClient& me, const std::string& type) {
    int n = 0;
    const json events = me.request({{"cmd", "events"}, {"after", 0}})["events"];
    for (const auto& e : events) {
        n += e.value("type", "") == type && e.value("seat", -1) == 0;
    }
    return n;
}

TEST(JoinReconnect, KilledAndRestartedMidGameJoinReconnectsResendsAndPlaysToTheEnd) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF)";
#endif
    setenv("BROADSIDE_FAILPOINT", "after_commit_before_ack:exit", 1);
    ServerProcess server(temp_dir(), kFast);
    unsetenv("BROADSIDE_FAILPOINT");  // the restarted server does not have it
    auto created = create_room(server.port(), {{"game", "classic"},
                                               {"options", {{"first", 0}}},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    const std::string token = created["token"];
    Interactive join({"join", room, "--server", server.url(), "--token", token, "--no-color"});
    ASSERT_TRUE(join.wait_for("'start' when everyone is in")) << join.out();
    join.type("start");
    ASSERT_TRUE(join.wait_for("Place your fleet")) << join.out();

    // The placement is committed, then the server dies before acknowledging it.
    join.type("auto");
    ASSERT_TRUE(join.wait_for("Connection lost")) << join.out();
    server.kill9();  // reaps it
    server.restart();
    ASSERT_TRUE(join.wait_for("reconnecting... back.")) << join.out() << server.output();
    ASSERT_TRUE(join.wait_for("Your shot")) << join.out();  // the resent placement was settled

    const int prompts = count_of(join.out(), "Your shot");
    join.type("A1");
    ASSERT_TRUE(join.wait_for("You fired at A1")) << join.out();
    {
        // One screen after the reconnect, not one per message of its burst (the welcome, the
        // catch-up, the resent placement's answer); then the screen of the shot.
        const std::string& out = join.out();
        const auto back = out.find("reconnecting... back.");
        const auto fired = out.find("You fired at A1", back);
        EXPECT_EQ(count_of(out.substr(back, fired - back), "BROADSIDE"), 2) << out.substr(back);
    }
    ASSERT_TRUE(join.wait_for("Your shot", prompts + 1)) << join.out();  // the bot answered
    server.kill9();
    server.restart();
    ASSERT_TRUE(join.wait_for("reconnecting... back.", 2)) << join.out() << server.output();

    // The rest of the game, typed ahead: every cell (those already fired are refused).
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) join.type(std::string(1, row) + std::to_string(col));
    }
    ASSERT_TRUE(join.wait_for("broadside replay --verify", 1, std::chrono::seconds(120)))
        << join.out();
    EXPECT_EQ(join.finish(), 0) << join.out();
    const std::string& out = join.out();
    EXPECT_TRUE(out.find("You won!") != std::string::npos ||
                out.find("You lost.") != std::string::npos)
        << out;
    // One line per outage, and nothing asked of the player.
    EXPECT_EQ(count_of(out, "Connection lost"), 2) << out;
    EXPECT_EQ(out.find("come back with"), std::string::npos) << out;

    // Applied once each: the placement resent after the first restart, the shot before the second.
    SeatClient me(server.port(), room, token);
    EXPECT_EQ(seat0_events(me, "fleet_placed"), 1);
    int a1 = 0;
    const json events = me.request({{"cmd", "events"}, {"after", 0}})["events"];
    for (const auto& e : events) {
        if (e.value("type", "") != "shots" || e.value("seat", -1) != 0) continue;
        for (const auto& s : e["shots"]) a1 += s.value("cell", "") == "A1";
    }
    EXPECT_EQ(a1, 1);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

// "Nothing is acknowledged before it is durable" (docs/server.md, "Action ids"), checked by
// crashing the server inside each window on purpose with a failpoint (docs/testing.md,
// "Failpoints"), rather than by hoping a kill -9 from outside lands there:
// - `before_commit`: the server dies with a player's move handled but not yet committed. The move
//   must never have been acknowledged, must be gone after the restart, and the resend (same
//   action id) is applied, once.
// - `after_commit_before_ack`: the server dies with the move committed but not yet acknowledged.
//   No answer arrives; after the restart the move is there and the resend comes back as a
//   repeat (`"repeat": true`), not applied again.
// tests/mutants/ack_before_commit.patch acknowledges before committing, and the first fails.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// Plays a classic room against a bot up to seat 0's placement, sends it, and lets the server die
// at `point`; then restarts it and resends. `committed`: whether the move was durable.
void crash_at(const std::string& point, bool committed) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF): " << point;
#endif
    setenv("BROADSIDE_FAILPOINT", (point + ":exit").c_str(), 1);
    ServerProcess server(temp_dir(), kFast);
    unsetenv("BROADSIDE_FAILPOINT");  // the running server has it; the restarted one will not
    auto created = create_room(server.port(),
                               {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    const std::string token = created["token"];
    json act;
    {
        SeatClient me(server.port(), room, token);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        const auto legal = me.request({{"cmd", "legal"}})["legal"];
        Rng rng(3);
        act = {{"cmd", "act"}, {"action_id", "my-fleet"}, {"action", random_action(legal, 0, rng)}};
        // The server dies at the failpoint: no answer, the connection simply ends.
        EXPECT_THROW(me.request(act), std::runtime_error) << "the move was acknowledged";
        for (const auto& frame : me.frames(100)) {
            EXPECT_EQ(frame.find("\"acted\""), std::string::npos) << frame;
        }
    }
    server.kill9();  // reaps the process the failpoint ended (it is gone already)
    server.restart();
    SeatClient me(server.port(), room, token);
    EXPECT_EQ(me.request({{"cmd", "observe"}})["observation"]["placed"], committed)
        << "after the restart, the move is "
        << (committed ? "lost" : "there though never acknowledged");
    const auto again = me.request(act);
    ASSERT_EQ(again["type"], "acted") << again.dump();
    EXPECT_EQ(again.value("repeat", false), committed) << again.dump();
    EXPECT_TRUE(me.request({{"cmd", "observe"}})["observation"]["placed"].get<bool>());
    // Applied once: from now on the same id is a repeat.
    const auto third = me.request(act);
    EXPECT_EQ(third["type"], "acted") << third.dump();
    EXPECT_EQ(third.value("repeat", false), true) << third.dump();
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerFailpoint, AMoveTheServerDiedBeforeCommittingWasNeverAcknowledgedAndIsAppliedOnResend) {
    crash_at("before_commit", false);
}

TEST(ServerFailpoint, AMoveCommittedButNotAcknowledgedComesBackAsARepeat) {
    crash_at("after_commit_before_ack", true);
}

}  // namespace
}  // namespace broadside::testing

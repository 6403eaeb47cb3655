// An action id already applied, resent with a DIFFERENT move (docs/server.md, "Action ids"): the
// id alone decides. The answer is the original one with `"repeat": true`, and the new shot is
// not applied. tests/mutants/reused_id_new_move_applied.patch keys the ids by the move as well.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/rng.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

TEST(ServerActionIds, AnIdReusedWithADifferentMoveGetsTheOriginalAnswerAndChangesNothing) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(), {{"game", "classic"},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}},
                                               {"options", {{"first", 0}}}});
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    Rng rng(5);
    // Seat 0 shoots first; it waits for its turn (the bot places, then shoots back).
    auto legal_when_my_turn = [&me] {
        for (;;) {
            auto obs = me.request({{"cmd", "observe"}});
            if (!obs["legal"].is_null()) return obs["legal"];
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    };
    ASSERT_EQ(me.request({{"cmd", "act"},
                          {"action_id", "fleet"},
                          {"action", random_action(legal_when_my_turn(), 0, rng)}})["type"],
              "acted");
    const json first = random_action(legal_when_my_turn(), 0, rng);
    const auto acted = me.request({{"cmd", "act"}, {"action_id", "shot"}, {"action", first}});
    ASSERT_EQ(acted["type"], "acted") << acted.dump();
    // The next turn: a different cell, under the used id.
    const auto legal = legal_when_my_turn();
    json second = first;
    for (const auto& cell : legal["cells"]) {
        if (cell != first["cells"][0]) second["cells"] = json::array({cell});
    }
    ASSERT_NE(second, first);
    const auto before = me.request({{"cmd", "observe"}})["observation"]["targets"];

    const auto again = me.request({{"cmd", "act"}, {"action_id", "shot"}, {"action", second}});
    ASSERT_EQ(again["type"], "acted") << again.dump();
    EXPECT_EQ(again.value("repeat", false), true) << again.dump();
    EXPECT_EQ(again["events"], acted["events"]) << "not the original answer";
    EXPECT_EQ(again["last_event"], acted["last_event"]);
    const auto obs = me.request({{"cmd", "observe"}});
    EXPECT_EQ(obs["observation"]["targets"], before) << "the second shot was applied";
    EXPECT_FALSE(obs["legal"].is_null()) << "the turn was used up";
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

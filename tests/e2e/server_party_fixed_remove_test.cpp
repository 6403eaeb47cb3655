// A party's host removes a player during play with fixed seating as with open seating
// (docs/protocol.md, the party game's `remove`, "with either seating"; docs/server.md, "Party
// night"): the room's `remove` answers `removed`, the player's connection is told `seat_lost`,
// their token is refused from then on, and the removal is in the record.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

TEST(ServerPartyFixedSeating, TheHostRemovesAPlayerDuringPlay) {
    ServerProcess server(temp_dir(), {"--messages-per-second", "1000", "--message-burst", "1000"});
    auto created = create_room(
        server.port(),
        {{"game", "party"}, {"name", "Host"}, {"seat", 0}, {"options", {{"players", 2}}}});
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    const std::string room = created["room"];
    SeatClient host(server.port(), room, created["token"]);
    SeatClient ann(server.port(), room);
    const json joined = ann.request({{"cmd", "join"}, {"name", "Ann"}, {"seat", 1}});
    ASSERT_EQ(joined["type"], "joined") << joined.dump();
    ASSERT_EQ(host.request({{"cmd", "add_bot"}, {"seat", 2}, {"level", "easy"}})["type"],
              "bot_added");
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");
    const json placed = ann.request(
        {{"cmd", "act"},
         {"action_id", 1},
         {"action",
          {{"type", "place"},
           {"ships", {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"}}}}});
    ASSERT_EQ(placed["type"], "acted") << placed.dump();

    const json removed = host.request({{"cmd", "remove"}, {"seat", 1}});
    ASSERT_EQ(removed["type"], "removed") << removed.dump();
    EXPECT_EQ(removed["seat"], 1);
    EXPECT_EQ(ann.wait_for("seat_lost")["seat"], 1);
    try {
        SeatClient again(server.port(), room, joined["token"].get<std::string>());
        ADD_FAILURE() << "the removed player's token was let in: " << again.welcome.dump();
    } catch (const std::runtime_error& refused) {
        EXPECT_NE(std::string(refused.what()).find("\"removed\""), std::string::npos)
            << refused.what();
    }
    // Not a seat of a player: refused, nothing changes.
    EXPECT_EQ(host.request({{"cmd", "remove"}, {"seat", 0}})["error"]["code"], "bad_seat");

    // The host fires to the end: the removal is in the record.
    for (int torpedo = 1;; ++torpedo) {
        const json shot =
            host.request({{"cmd", "act"}, {"action_id", torpedo}, {"action", {{"type", "fire"}}}});
        ASSERT_EQ(shot["type"], "acted") << shot.dump();
        if (shot["over"].get<bool>()) break;
        ASSERT_LT(torpedo, 40);
    }
    const json record = host.request({{"cmd", "record"}});
    bool logged = false;
    for (const auto& a : record["record"]["actions"]) {
        logged = logged || (a["action"]["type"] == "remove" && a["action"]["seat"] == 1);
    }
    EXPECT_TRUE(logged) << record.dump();
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

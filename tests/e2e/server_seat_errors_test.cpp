// The seat errors of docs/protocol.md's table ("Errors from the server"), each sent where the
// table says and changing nothing: `bad_seat` for a seat given to two bots of one `create`,
// `seat_taken`, `room_full`, `seat_open` and `unknown_level`.
#include <gtest/gtest.h>

#include "client/ws_client.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

json created_or_error(unsigned short port, const json& body) {
    client::WsClient lobby("127.0.0.1", port, "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    json request = body;
    request["cmd"] = "create";
    return lobby.request(request);
}

TEST(ServerSeatErrors, EachSeatErrorIsSentWhereTheTableSaysAndChangesNothing) {
    ServerProcess server(temp_dir());
    // One seat, two bots: the second used to replace the first without a word.
    auto twice = created_or_error(
        server.port(),
        {{"game", "royale"},
         {"options", {{"players", 3}}},
         {"seat", 0},
         {"bots", {{{"seat", 1}, {"level", "easy"}}, {{"seat", 1}, {"level", "hard"}}}}});
    EXPECT_EQ(twice["error"]["code"], "bad_seat") << twice.dump();
    auto level = created_or_error(
        server.port(), {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "medium"}}}}});
    EXPECT_EQ(level["error"]["code"], "unknown_level") << level.dump();

    auto created =
        created_or_error(server.port(), {{"game", "classic"}, {"seat", 0}, {"name", "Ann"}});
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    SeatClient ann(server.port(), created["room"], created["token"]);
    auto answer = ann.request({{"cmd", "add_bot"}, {"seat", 0}, {"level", "easy"}});
    EXPECT_EQ(answer["error"]["code"], "seat_taken") << answer.dump();
    answer = ann.request({{"cmd", "add_bot"}, {"seat", 1}, {"level", "medium"}});
    EXPECT_EQ(answer["error"]["code"], "unknown_level") << answer.dump();
    answer = ann.request({{"cmd", "remove"}, {"seat", 1}});
    EXPECT_EQ(answer["error"]["code"], "seat_open") << answer.dump();
    {
        SeatClient bob(server.port(), created["room"]);
        answer = bob.request({{"cmd", "join"}, {"name", "Bob"}, {"seat", 0}});
        EXPECT_EQ(answer["error"]["code"], "seat_taken") << answer.dump();
    }
    ASSERT_EQ(ann.request({{"cmd", "add_bot"}, {"seat", 1}, {"level", "easy"}})["type"],
              "bot_added");
    answer = ann.request({{"cmd", "add_bot"}, {"seat", 1}, {"level", "hard"}});
    EXPECT_EQ(answer["error"]["code"], "seat_taken") << answer.dump();
    SeatClient cy(server.port(), created["room"]);
    answer = cy.request({{"cmd", "join"}, {"name", "Cy"}});
    EXPECT_EQ(answer["error"]["code"], "room_full") << answer.dump();
    // Nothing changed: Ann in seat 0, the easy bot in seat 1.
    const auto room = ann.request({{"cmd", "room"}});
    ASSERT_EQ(room["seats"].size(), 2U) << room.dump();
    EXPECT_EQ(room["seats"][0]["name"], "Ann") << room.dump();
    EXPECT_EQ(room["seats"][1]["kind"], "bot") << room.dump();
    EXPECT_EQ(room["seats"][1]["name"], "hunt bot 2") << room.dump();
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

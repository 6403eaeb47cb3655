// A quiet connection (docs/server.md, "A room": `hello` with `"quiet": true`): it gets the
// answers to its own requests, and none of the room's unasked `room`, `events` or `ended`. A
// cluster's edge node uses it for a party phone whose events it sends itself (docs/scaling.md,
// "A party over every node"); the same seat's ordinary connection still gets everything.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "client/ws_client.h"
#include "core/rng.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// The frames of `types` that came unasked (without an id).
int unasked(SeatClient& c, std::initializer_list<const char*> types, int quiet_ms) {
    int count = 0;
    for (const auto& frame : c.frames(quiet_ms)) {
        const json m = json::parse(frame, nullptr, false);
        if (!m.is_object() || m.contains("id")) continue;
        for (const char* type : types) count += m.value("type", "") == type;
    }
    return count;
}

TEST(ServerQuiet, AQuietConnectionGetsItsAnswersButNoneOfTheRoomsBroadcasts) {
    ServerProcess server(temp_dir(),
                         {"--messages-per-second", "100000", "--message-burst", "100000"});
    auto created = create_room(server.port(), {{"game", "classic"},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}},
                                               {"options", {{"first", 1}}}});
    const std::string room = created["room"];
    const std::string token = created["token"];
    SeatClient loud(server.port(), room, token);
    SeatClient quiet(server.port(), room, token, {{"quiet", true}});
    EXPECT_EQ(quiet.welcome["you"]["seat"], 0) << "the seat, as for any connection";

    // The quiet connection plays: its answers come; the bot's moves are broadcast.
    ASSERT_EQ(quiet.request({{"cmd", "start"}})["type"], "started");
    Rng rng(3);
    int shots = 0;
    for (int tries = 0; shots < 3 && tries < 2000; ++tries) {
        auto obs = quiet.request({{"cmd", "observe"}});
        ASSERT_EQ(obs["type"], "observation") << obs.dump();
        if (obs["legal"].is_null()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            continue;
        }
        auto acted = quiet.request({{"cmd", "act"},
                                    {"action_id", "a" + std::to_string(shots)},
                                    {"action", random_action(obs["legal"], 0, rng)}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
        ++shots;
    }
    ASSERT_EQ(shots, 3);
    EXPECT_GT(unasked(loud, {"events"}, 300), 0) << "the ordinary connection hears the bot";
    EXPECT_GT(unasked(loud, {"room"}, 0), 0);
    EXPECT_EQ(unasked(quiet, {"events", "room", "ended"}, 300), 0);
    EXPECT_EQ(server.terminate(), 0);
}

// A type other than true or false is refused, as for any field (docs/server.md).
TEST(ServerQuiet, QuietMustBeTrueOrFalse) {
    ServerProcess server(temp_dir());
    auto created = create_room(server.port(), {{"game", "classic"}});
    client::WsClient ws("127.0.0.1", server.port(), "/ws/" + created["room"].get<std::string>());
    ws.send(json{{"cmd", "hello"}, {"protocol", 2}, {"quiet", "yes"}, {"id", 1}}.dump());
    const json answer = json::parse(ws.receive(std::chrono::seconds(5)).value_or("{}"));
    EXPECT_EQ(answer["error"]["code"], "bad_request") << answer.dump();
    EXPECT_NE(answer["error"]["message"].get<std::string>().find("quiet"), std::string::npos);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

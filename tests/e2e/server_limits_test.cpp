// Two of the server's caps, against the real server (docs/server.md, "Abuse"): the connection
// that keeps sending bad messages is cut at exactly the documented count (the fuzz harness only
// re-implements the count), and the room past `--max-rooms` is refused with `too_many_rooms`.
// tests/mutants/strikes_never_cut.patch and room_cap_ignored.patch break them.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>

#include "support/raw_ws.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

std::string error_code(const std::optional<std::string>& text) {
    if (!text) return "(nothing: the connection ended)";
    const auto message = json::parse(*text, nullptr, false);
    if (!message.is_object() || message.value("type", "") != "error") return *text;
    return message["error"].value("code", "");
}

TEST(ServerLimits, AConnectionIsCutAtItsFiftiethBadMessageAndNotBefore) {
    ServerProcess server(temp_dir(), kFast);
    RawWs ws(server.port(), "/ws");
    ASSERT_TRUE(ws.send(R"({"cmd": "hello", "protocol": 2, "id": 1})"));
    ASSERT_TRUE(ws.receive(5s).has_value());  // the welcome (long: the games)
    for (int i = 1; i <= 49; ++i) {
        ASSERT_TRUE(ws.send("not json " + std::to_string(i))) << "cut after " << i - 1;
        ASSERT_EQ(error_code(ws.receive(5s)), "malformed_json") << "bad message " << i;
    }
    // 49 strikes: the connection still works, and a good message does not wipe the slate.
    ASSERT_TRUE(ws.send(R"({"cmd": "ping", "id": 2})"));
    const auto pong = ws.receive(5s);
    ASSERT_TRUE(pong.has_value());
    EXPECT_EQ(json::parse(*pong).value("type", ""), "pong") << *pong;
    EXPECT_FALSE(ws.hung_up());
    ASSERT_TRUE(ws.send("not json 50"));
    EXPECT_EQ(error_code(ws.receive(5s)), "malformed_json") << "the 50th is answered, then cut";
    // Then the close frame ("too many bad messages"), not another message.
    EXPECT_FALSE(ws.receive(5s).has_value());
    EXPECT_TRUE(ws.hung_up()) << "still connected after 50 bad messages";
    // Nobody else noticed: the server serves a new connection.
    RawWs other(server.port(), "/ws");
    ASSERT_TRUE(other.send("not json"));
    EXPECT_EQ(error_code(other.receive(5s)), "malformed_json");
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerLimits, TheRoomPastMaxRoomsIsRefusedWithTooManyRooms) {
    auto args = kFast;
    args.insert(args.end(), {"--max-rooms", "3"});
    ServerProcess server(temp_dir(), args);
    std::vector<std::string> codes;
    for (int i = 0; i < 3; ++i) {
        codes.push_back(create_room(server.port(), {{"game", "classic"}})["room"]);
    }
    try {
        create_room(server.port(), {{"game", "classic"}});
        FAIL() << "a fourth room was created past --max-rooms 3";
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("\"too_many_rooms\""), std::string::npos) << what;
    }
    // The refusal changed nothing: the three rooms are there and still play.
    for (const auto& code : codes) {
        SeatClient spectator(server.port(), code);
        EXPECT_EQ(spectator.welcome["room"]["room"], code);
    }
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

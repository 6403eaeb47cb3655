// The two frames that close a connection before the server reads them (docs/protocol.md, "Errors
// from the server"): a message over `--max-frame-bytes` (close code 1009) and a text frame that
// is not UTF-8 (1007), each with no error message first, on the lobby and on a room; the server
// goes on serving everyone else.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "support/raw_ws.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Sends `frame` on a fresh, greeted connection to `target` and returns the close code the server
// answered with (-1: no close frame within 5 s; -2: a message came instead; -3: no pong).
int close_code_after(unsigned short port, const std::string& target, const std::string& frame) {
    RawWs ws(port, target);
    EXPECT_TRUE(ws.send(R"({"cmd": "hello", "protocol": 2, "id": 1})"));
    // The welcome, and in a room the summary and the rest that follow it: read up to the pong, so
    // that whatever comes after the frame is the frame's answer.
    EXPECT_TRUE(ws.send(R"({"cmd": "ping", "id": 2})"));
    for (;;) {
        const auto message = ws.receive(5s);
        if (!message) return -3;
        if (json::parse(*message).value("type", "") == "pong") break;
    }
    EXPECT_TRUE(ws.send(frame));
    if (ws.receive(5s).has_value()) return -2;
    return ws.close_code().value_or(-1);
}

TEST(ServerCloseCodes, AnOversizedMessageClosesWith1009AndOneNotUtf8With1007) {
    ServerProcess server(temp_dir(), {"--max-frame-bytes", "1024"});
    const json room = create_room(server.port(), {{"game", "classic"}, {"name", "Ann"}});
    const std::string code = room.at("room").get<std::string>();
    const std::string oversized = R"({"cmd": "ping", "pad": ")" + std::string(2000, 'x') + "\"}";
    const std::string not_utf8 = "{\"cmd\": \"ping\", \"id\": \"\xff\"}";
    for (const std::string& target : {std::string("/ws"), "/ws/" + code}) {
        EXPECT_EQ(close_code_after(server.port(), target, oversized), 1009) << target;
        EXPECT_EQ(close_code_after(server.port(), target, not_utf8), 1007) << target;
    }
    // Nobody else noticed.
    RawWs other(server.port(), "/ws");
    ASSERT_TRUE(other.send(R"({"cmd": "hello", "protocol": 2, "id": 1})"));
    EXPECT_TRUE(other.receive(5s).has_value());
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

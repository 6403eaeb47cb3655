// The relay between nodes (docs/scaling.md, "Connections to another node's room"): it carries the
// client's address to the owner in X-Forwarded-For, so the owner's per-address caps count the
// client and not the relaying node; an owner's refusal reaches the client as the owner gave it;
// and a client that stops reading through a relay is cut off by the owner's send-queue cap, the
// relay holding at most one message per direction; and a close frame is passed on.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/cluster.h"
#include "support/raw_ws.h"
#include "support/server_client.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::string forwarded_for(const std::string& address) {
    return "X-Forwarded-For: " + address + "\r\n";
}

// The upgrade's refusal ("the server refused the upgrade: HTTP/1.1 429 ..."), or "" when it
// was accepted.
std::string refusal(unsigned short port, const std::string& target, const std::string& headers) {
    try {
        RawWs ws(port, target, 0, headers);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(ServerClusterRelay, TheOwnerCountsTheRelayedClientsAddressAndItsRefusalReachesTheClient) {
    // Every node believes the others' X-Forwarded-For (docs/scaling.md says to give every node
    // --trusted-proxy for the others' addresses) and lets one address hold two connections.
    Cluster cluster(2, {"--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "2"});
    const std::string room = create_room(cluster.node(0).port(), {{"game", "classic"}})["room"];
    const std::string path = "/ws/" + room;
    // 10.0.0.7 holds two connections on the owner...
    RawWs first(cluster.node(0).port(), path, 0, forwarded_for("10.0.0.7"));
    RawWs second(cluster.node(0).port(), path, 0, forwarded_for("10.0.0.7"));
    // ...so its third, relayed by n1 (where it holds none), is over the owner's cap: refused at
    // once with the owner's 429 and its JSON, not after waiting for an owner taken for dead.
    const auto start = Clock::now();
    const std::string third = refusal(cluster.node(1).port(), path, forwarded_for("10.0.0.7"));
    const double waited = std::chrono::duration<double>(Clock::now() - start).count();
    EXPECT_NE(third.find("HTTP/1.1 429"), std::string::npos) << third;
    EXPECT_NE(third.find("application/json"), std::string::npos) << third;
    EXPECT_NE(third.find("\"code\":\"refused\""), std::string::npos) << third;
    EXPECT_LT(waited, 2.0);
    // Another address is relayed as usual.
    EXPECT_EQ(refusal(cluster.node(1).port(), path, forwarded_for("10.0.0.8")), "");
    EXPECT_GE(cluster.metric(1, "broadside_relayed_connections_total"), 1);
}

TEST(ServerClusterRelay, AClientThatStopsReadingThroughARelayIsCutOffByTheOwnersCap) {
    Cluster cluster(2, {"--max-queued-bytes", "65536"});
    const auto created = create_room(cluster.node(0).port(), {{"game", "classic"}});
    const std::string room = created["room"];
    const double relay_memory_before = cluster.metric(1, "process_resident_memory_bytes");
    // Through n1, with a small receive window; it asks for the room's events over and over and
    // never reads an answer.
    RawWs ws(cluster.node(1).port(), "/ws/" + room, 4096);
    ASSERT_TRUE(ws.send(
        json({{"cmd", "hello"}, {"protocol", 2}, {"token", created["token"]}, {"id", 0}}).dump()));
    int sent = 0;
    const auto deadline = Clock::now() + std::chrono::seconds(60);
    while (!ws.hung_up() && Clock::now() < deadline && sent < 200000) {
        if (!ws.send(json({{"cmd", "observe"}, {"id", ++sent}}).dump(), false, milliseconds(500)))
            break;
    }
    // Cut off: the owner dropped the relayed connection for its queue, and the relay closed the
    // client's.
    const auto wait = Clock::now() + std::chrono::seconds(15);
    while (!ws.hung_up() && Clock::now() < wait) {
        if (!ws.send(R"({"cmd":"ping"})", false, milliseconds(500))) break;
        std::this_thread::sleep_for(milliseconds(100));
    }
    EXPECT_TRUE(ws.hung_up() || !ws.send(R"({"cmd":"ping"})", false, milliseconds(500)))
        << "still connected after " << sent << " requests";
    EXPECT_EQ(cluster.metric(0, "broadside_send_queue_drops_total"), 1);
    for (int i = 0; i < 50 && cluster.metric(1, "broadside_relayed_connections") != 0; ++i) {
        std::this_thread::sleep_for(milliseconds(100));
    }
    EXPECT_EQ(cluster.metric(1, "broadside_relayed_connections"), 0);
    // The relay held at most a message each way: its node's memory hardly moved.
    EXPECT_LT(cluster.metric(1, "process_resident_memory_bytes") - relay_memory_before,
              32.0 * 1024 * 1024);
    // Both nodes serve on: the player comes back through the relay.
    SeatClient back(cluster.node(1).port(), room, created["token"]);
    EXPECT_EQ(back.welcome["you"]["seat"], created["seat"]);
}

// A relayed connection ends as a direct one does: when its owner stops, the client reads the
// owner's last message and then its close frame, code 1000, passed on by the relay. Before, the
// relay cut both sockets without a close frame, so a relayed client saw an abnormal close.
TEST(ServerClusterRelay, TheOwnersCloseFrameReachesARelayedClient) {
    Cluster cluster(2);
    const std::string room = create_room(cluster.node(0).port(), {{"game", "classic"}})["room"];
    RawWs direct(cluster.node(0).port(), "/ws/" + room);
    RawWs relayed(cluster.node(1).port(), "/ws/" + room);
    for (RawWs* ws : {&direct, &relayed}) {
        ASSERT_TRUE(ws->send(R"({"cmd": "hello", "protocol": 2, "id": 1})"));
        ASSERT_TRUE(ws->send(R"({"cmd": "ping", "id": 2})"));
        for (;;) {  // the welcome and what follows it, up to the pong
            const auto message = ws->receive(std::chrono::seconds(10));
            ASSERT_TRUE(message.has_value()) << "no pong";
            if (json::parse(*message).value("type", "") == "pong") break;
        }
    }
    EXPECT_EQ(cluster.node(0).terminate(), 0);
    std::vector<std::string> last;  // the last message type each connection read
    for (RawWs* ws : {&direct, &relayed}) {
        std::string type;
        while (const auto message = ws->receive(std::chrono::seconds(10))) {
            type = json::parse(*message).value("type", "");
        }
        last.push_back(type);
        EXPECT_EQ(ws->close_code(), std::optional<int>(1000))
            << (ws == &direct ? "direct" : "relayed");
    }
    EXPECT_TRUE(last[0] == "shutdown" || last[0] == "moved") << last[0];
    EXPECT_EQ(last[1], last[0]);
}

}  // namespace
}  // namespace broadside::testing

// The lobby across a cluster's nodes (docs/scaling.md, "The lobby across nodes"): with
// `--redis`, a public room created on one node is listed by every node's lobby (`rooms` and
// GET /api/rooms) within a couple of seconds; when Redis dies the other nodes' rooms leave the
// list (each node still lists its own), and when it is back they return without anything being
// restarted; the keys each node keeps there expire and leave as documented. A throwaway
// redis-server on a unix socket, started and killed by the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <sstream>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "support/cluster.h"
#include "support/server_client.h"
#include "support/test_support.h"
#include "support/throwaway_redis.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

bool lists(unsigned short port, const std::string& room) {
    const auto reply = http_get(port, "/api/rooms");
    const json body = json::parse(reply.body, nullptr, false);
    if (!body.is_object() || !body["rooms"].is_array()) return false;
    for (const auto& r : body["rooms"]) {
        if (r.value("room", "") == room) return true;
    }
    return false;
}

// Waits up to `seconds` for node `port` to list (or not) the room.
bool eventually(unsigned short port, const std::string& room, bool listed, int seconds = 8) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (lists(port, room) == listed) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

TEST(ServerClusterLobby, EveryNodeListsEveryNodesOpenRoomsAndRecoversFromARedisRestart) {
    ThrowawayRedis redis;
    Cluster cluster(2, {"--redis", redis.url()});
    auto created = create_room(cluster.node(0).port(), {{"game", "classic"}, {"public", true}});
    const std::string room = created["room"];
    EXPECT_TRUE(lists(cluster.node(0).port(), room));  // its own node: at once
    EXPECT_TRUE(eventually(cluster.node(1).port(), room, true));
    // The lobby's `rooms` command says the same as /api/rooms.
    client::WsClient lobby("127.0.0.1", cluster.node(1).port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    const auto rooms = lobby.request({{"cmd", "rooms"}});
    ASSERT_EQ(rooms["type"], "rooms") << rooms;
    EXPECT_NE(rooms.dump().find(room), std::string::npos) << rooms;
    // Redis dies: node 1 no longer lists node 0's room; node 0 still lists it.
    redis.kill9();
    EXPECT_TRUE(eventually(cluster.node(1).port(), room, false));
    EXPECT_TRUE(lists(cluster.node(0).port(), room));
    // Redis is back, empty: within a few seconds, listed again everywhere.
    redis.start();
    EXPECT_TRUE(eventually(cluster.node(1).port(), room, true));
    // A room that is over leaves every list.
    {
        SeatClient owner(cluster.node(1).port(), room, created["token"]);  // relayed
        ASSERT_EQ(owner.request({{"cmd", "abort"}})["type"], "aborted");
    }
    EXPECT_TRUE(eventually(cluster.node(1).port(), room, false));
    EXPECT_FALSE(lists(cluster.node(0).port(), room));
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

// What the nodes keep in Redis (docs/scaling.md, "The lobby across nodes"): each node's list
// under broadside:lobby:open:NODE with a 5 s expiry, its name in broadside:lobby:nodes; a node
// that stops deletes its key; a dead node's key expires and the node leaves the set.
TEST(ServerClusterLobby, EachNodesListIsAKeyThatExpiresIn5sAndLeavesWhenTheNodeDoes) {
    ThrowawayRedis redis;
    Cluster cluster(3, {"--redis", redis.url()});
    const std::string room =
        create_room(cluster.node(0).port(), {{"game", "classic"}, {"public", true}})["room"];
    ASSERT_TRUE(eventually(cluster.node(1).port(), room, true));
    EXPECT_NE(redis.cli("GET broadside:lobby:open:n0").find(room), std::string::npos);
    for (const char* node : {"n0", "n1", "n2"}) {
        const int ttl = std::stoi(redis.cli(std::string("TTL broadside:lobby:open:") + node));
        EXPECT_GE(ttl, 1) << node;
        EXPECT_LE(ttl, 5) << node;
    }
    const auto members = [&redis] {  // the set's names, sorted
        std::istringstream lines(redis.cli("SMEMBERS broadside:lobby:nodes"));
        std::vector<std::string> names;
        for (std::string name; std::getline(lines, name);) names.push_back(name);
        std::sort(names.begin(), names.end());
        return names;
    };
    EXPECT_EQ(members(), (std::vector<std::string>{"n0", "n1", "n2"}));
    // A node that stops deletes its key.
    EXPECT_EQ(cluster.node(2).terminate(), 0);
    EXPECT_EQ(redis.cli("EXISTS broadside:lobby:open:n2"), "0");
    // A dead node's key outlives it for at most 5 s; then the others take it out of the set.
    cluster.node(1).kill9();
    const auto killed = std::chrono::steady_clock::now();
    EXPECT_EQ(redis.cli("EXISTS broadside:lobby:open:n1"), "1");
    std::vector<std::string> left;
    while (std::chrono::steady_clock::now() - killed < std::chrono::seconds(8)) {
        left = members();
        if (left == std::vector<std::string>{"n0"}) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(left, (std::vector<std::string>{"n0"}));
    EXPECT_EQ(redis.cli("EXISTS broadside:lobby:open:n1"), "0");
    EXPECT_EQ(cluster.node(0).terminate(), 0);
}

TEST(ServerClusterLobby, ABadRedisAddressIsAUsageError) {
    const auto bad = run_broadside(
        {"serve", "--port", "0", "--db", "postgresql:///x", "--node", "a", "--redis", "mysql://x"});
    EXPECT_EQ(bad.exit_code, 2) << bad.err;
    EXPECT_NE(bad.err.find("redis://HOST:PORT or unix:PATH"), std::string::npos) << bad.err;
    const auto alone = run_broadside({"serve", "--port", "0", "--redis", "unix:/tmp/x"});
    EXPECT_EQ(alone.exit_code, 2) << alone.err;
}

}  // namespace
}  // namespace broadside::testing

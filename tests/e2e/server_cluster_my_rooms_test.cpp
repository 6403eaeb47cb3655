// A player's unfinished rooms, asked of any node of a cluster (docs/scaling.md, "Your rooms on
// every node"): a lobby connection reaches any node, so `my_rooms` there must list the rooms
// every node owns; a room whose owner died is taken over and listed; an owner that does
// not answer in time leaves its rooms out, and the answer still comes.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "client/ws_client.h"
#include "support/cluster.h"
#include "support/server_client.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

json my_rooms(unsigned short port, const json& tokens) {
    client::WsClient lobby("127.0.0.1", port, "/ws");
    EXPECT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    return lobby.request({{"cmd", "my_rooms"}, {"tokens", tokens}});
}

std::vector<std::string> codes_of(const json& answer) {
    std::vector<std::string> codes;
    for (const auto& r : answer["rooms"]) codes.push_back(r["room"]);
    return codes;
}

TEST(ServerClusterMyRooms, AnyNodeListsTheRoomsOfEveryNodeAndTakesOverAnOrphan) {
    Cluster cluster(3);
    std::vector<json> created;
    for (int i = 0; i < 3; ++i) {
        created.push_back(create_room(cluster.node(i).port(), {{"game", "classic"}}));
        ASSERT_EQ(cluster.owner(created.back()["room"]), "n" + std::to_string(i));
    }
    const std::string a = created[0]["room"], b = created[1]["room"], c = created[2]["room"];
    const json tokens = {
        {{"room", c}, {"token", created[2]["token"]}},
        {{"room", b}, {"token", "a token that holds nothing"}},
        {{"room", "QQQQQ"}, {"token", "no such room"}},
        {{"room", a}, {"token", created[0]["token"]}},
        {{"room", b}, {"token", created[1]["token"]}},
    };
    // In the order asked (a room at the first of its tokens that holds a seat), from whichever
    // node is asked; no token is sent back.
    for (int asked = 0; asked < 3; ++asked) {
        const auto answer = my_rooms(cluster.node(asked).port(), tokens);
        ASSERT_EQ(answer["type"], "my_rooms") << answer;
        EXPECT_EQ(codes_of(answer), (std::vector<std::string>{c, a, b})) << answer;
        for (const auto& r : answer["rooms"]) {
            EXPECT_EQ(r["seat"], 0);
            EXPECT_EQ(r["owner"], true);
            EXPECT_EQ(r["phase"], "waiting");
            EXPECT_FALSE(r.contains("token"));
        }
    }
    // Asking moved no room: each is still its creator's.
    EXPECT_EQ(cluster.owner(a), "n0");
    EXPECT_EQ(cluster.owner(b), "n1");
    EXPECT_EQ(cluster.owner(c), "n2");

    // Node 1 paused: its lease is still live, so node 0 asks it, gets no answer in time, and
    // answers without room b (rather than never).
    ::kill(cluster.node(1).pid(), SIGSTOP);
    const auto started = std::chrono::steady_clock::now();
    const auto without_b = my_rooms(cluster.node(0).port(), tokens);
    EXPECT_EQ(codes_of(without_b), (std::vector<std::string>{c, a})) << without_b;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
    ::kill(cluster.node(1).pid(), SIGCONT);

    // Node 2 killed: once its lease expires, node 0 takes room c over to answer, and lists it.
    cluster.node(2).kill9();
    std::this_thread::sleep_for(std::chrono::milliseconds(1800));  // past the 1.5 s lease
    const auto after_death = my_rooms(cluster.node(0).port(), tokens);
    EXPECT_EQ(codes_of(after_death), (std::vector<std::string>{c, a, b})) << after_death;
    EXPECT_EQ(cluster.owner(c), "n0");
    for (int i = 0; i < 2; ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

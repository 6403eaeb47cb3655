// Quick match across a cluster (docs/scaling.md, "Quick match on every node"): two people who
// reach different nodes' lobbies are paired, by the matchmaker (the live node first by name);
// a waiter outlives the matchmaker's death; a waiter who leaves is never paired; a matchmaker
// that learns of a node named before it passes its waiters on; the matchmaker counts a passed-on
// request on its client's address, and its refusal of that address is the client's answer.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "client/ws_client.h"
#include "support/cluster.h"
#include "support/raw_ws.h"
#include "support/server_client.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

std::unique_ptr<client::WsClient> lobby(unsigned short port) {
    auto ws = std::make_unique<client::WsClient>("127.0.0.1", port, "/ws");
    EXPECT_EQ(ws->request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    return ws;
}

// Every answer to one `quick` (its id), up to `matched` or an error: how many `waiting` came.
struct QuickAnswers {
    int waiting = 0;
    json last;
};
QuickAnswers answers_until_final(client::WsClient& ws, int id) {
    QuickAnswers got;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < until) {
        auto text = ws.receive(std::chrono::milliseconds(500));
        if (!text) {
            if (ws.closed()) break;
            continue;
        }
        auto message = json::parse(*text);
        if (message.value("id", -1) != id) continue;
        if (message["type"] == "waiting") {
            ++got.waiting;
            continue;
        }
        got.last = message;
        break;
    }
    return got;
}

void ask_quick(client::WsClient& ws, int id, const std::string& name) {
    ws.send_json({{"cmd", "quick"}, {"game", "classic"}, {"name", name}, {"id", id}});
}

// Both got `matched` for one room, in different seats, and each token takes its seat on the
// node its player reached.
void expect_paired(Cluster& cluster, const json& a, int node_a, const json& b, int node_b) {
    ASSERT_EQ(a["type"], "matched") << a;
    ASSERT_EQ(b["type"], "matched") << b;
    EXPECT_EQ(a["room"], b["room"]);
    EXPECT_EQ((std::set<int>{a["seat"].get<int>(), b["seat"].get<int>()}), (std::set<int>{0, 1}));
    SeatClient first(cluster.node(node_a).port(), a["room"], a["token"]);
    SeatClient second(cluster.node(node_b).port(), b["room"], b["token"]);
    EXPECT_EQ(first.welcome["you"]["seat"], a["seat"]);
    EXPECT_EQ(second.welcome["you"]["seat"], b["seat"]);
}

TEST(ServerClusterQuick, PeopleOnDifferentNodesArePairedThroughTheMatchmakerEvenAfterItDies) {
    Cluster cluster(3);
    std::this_thread::sleep_for(std::chrono::seconds(1));  // the renewals list the nodes
    // Ann asks on node 2, Bob on node 1: neither node makes matches; n0 does.
    auto ann = lobby(cluster.node(2).port());
    ask_quick(*ann, 1, "Ann");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    auto bob = lobby(cluster.node(1).port());
    ask_quick(*bob, 1, "Bob");
    const auto bob_got = answers_until_final(*bob, 1);
    const auto ann_got = answers_until_final(*ann, 1);
    EXPECT_EQ(ann_got.waiting, 1);
    expect_paired(cluster, ann_got.last, 2, bob_got.last, 1);
    EXPECT_EQ(cluster.owner(ann_got.last["room"]), "n0");

    // A waiter who leaves is forgotten by the matchmaker too: Eve leaves, Frank waits.
    auto eve = lobby(cluster.node(2).port());
    ask_quick(*eve, 2, "Eve");
    eve->close();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    auto frank = lobby(cluster.node(1).port());
    const auto frank_first =
        frank->request({{"cmd", "quick"}, {"game", "classic"}, {"name", "Frank"}, {"id", 3}});
    EXPECT_EQ(frank_first["type"], "waiting") << frank_first;
    frank->close();

    // Carol waits on node 2 through n0; n0 dies. Past its lease n1 is the matchmaker, Carol's
    // request is passed on to it (without a second `waiting`), and Dave on node 1 meets her.
    auto carol = lobby(cluster.node(2).port());
    ask_quick(*carol, 4, "Carol");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cluster.node(0).kill9();
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // past the 1.5 s lease
    auto dave = lobby(cluster.node(1).port());
    ask_quick(*dave, 5, "Dave");
    const auto dave_got = answers_until_final(*dave, 5);
    const auto carol_got = answers_until_final(*carol, 4);
    EXPECT_EQ(carol_got.waiting, 1);
    expect_paired(cluster, carol_got.last, 2, dave_got.last, 1);
    EXPECT_EQ(cluster.owner(carol_got.last["room"]), "n1");
    for (int i = 1; i < 3; ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

// When a node named before the matchmaker comes back, the matchmaker passes its waiters on to
// it (docs/scaling.md), so a newcomer on the new matchmaker meets them.
TEST(ServerClusterQuick, WaitersArePassedOnWhenANodeNamedBeforeTheMatchmakerComesBack) {
    Cluster cluster(2);
    cluster.node(0).kill9();
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // past the 1.5 s lease
    // n1 makes the matches now: Gina waits in its own queue.
    auto gina = lobby(cluster.node(1).port());
    const auto gina_first =
        gina->request({{"cmd", "quick"}, {"game", "classic"}, {"name", "Gina"}, {"id", 1}});
    EXPECT_EQ(gina_first["type"], "waiting") << gina_first;
    // n0 is back and first by name: once n1 has seen it renew, Gina waits on n0.
    cluster.node(0).restart();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    auto hank = lobby(cluster.node(0).port());
    ask_quick(*hank, 2, "Hank");
    const auto hank_got = answers_until_final(*hank, 2);
    const auto gina_got = answers_until_final(*gina, 1);
    EXPECT_EQ(gina_got.waiting, 0) << "Gina was told `waiting` again";
    expect_paired(cluster, gina_got.last, 1, hank_got.last, 0);
    EXPECT_EQ(cluster.owner(hank_got.last["room"]), "n0");
}

// A lobby connection that says it comes from `address` (every node believes 127.0.0.1's
// X-Forwarded-For in the test below), greeted.
std::unique_ptr<RawWs> lobby_from(unsigned short port, const std::string& address) {
    auto ws = std::make_unique<RawWs>(port, "/ws", 0, "X-Forwarded-For: " + address + "\r\n");
    EXPECT_TRUE(ws->send(json({{"cmd", "hello"}, {"protocol", 2}, {"id", 0}}).dump()));
    const auto welcome = ws->receive(std::chrono::seconds(5));
    EXPECT_TRUE(welcome && json::parse(*welcome)["type"] == "welcome");
    return ws;
}

// The first answer to `quick` (id 1) for `game` on `ws`, and how long it took; null if none
// came within 5 s.
std::pair<json, double> first_quick_answer(RawWs& ws, const std::string& game) {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(ws.send(json({{"cmd", "quick"}, {"game", game}, {"id", 1}}).dump()));
    const auto text = ws.receive(std::chrono::seconds(5));
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {text ? json::parse(*text) : json(), took};
}

TEST(ServerClusterQuick, TheMatchmakerCountsThePassedOnClientsAddressAndItsRefusalIsTheAnswer) {
    // Each address may hold two connections on each node.
    Cluster cluster(2, {"--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "2"});
    std::this_thread::sleep_for(std::chrono::seconds(1));  // the renewals list the nodes
    const auto n0 = cluster.node(0).port(), n1 = cluster.node(1).port();
    // 127.0.0.1, n1's own address, holds its two connections on the matchmaker n0...
    RawWs plain_a(n0, "/ws"), plain_b(n0, "/ws");
    // ...yet Ivy's request, passed on from n1, is counted on her address: she waits.
    auto ivy = lobby_from(n1, "10.0.0.8");
    const auto [ivy_first, ivy_took] = first_quick_answer(*ivy, "classic");
    EXPECT_EQ(ivy_first["type"], "waiting") << ivy_first;
    // 10.0.0.7 holds its two on the matchmaker: its request from n1 is refused there, and the
    // client is told so at once (not left waiting while n1 asks again every second).
    auto held_a = lobby_from(n0, "10.0.0.7");
    auto held_b = lobby_from(n0, "10.0.0.7");
    auto jon = lobby_from(n1, "10.0.0.7");
    const auto [jon_first, jon_took] = first_quick_answer(*jon, "classic");
    EXPECT_EQ(jon_first["type"], "error") << jon_first;
    EXPECT_EQ(jon_first["id"], 1) << jon_first;
    EXPECT_EQ(jon_first["error"]["code"], "refused") << jon_first;
    EXPECT_NE(jon_first["error"]["message"].get<std::string>().find("your address"),
              std::string::npos)
        << jon_first;
    EXPECT_LT(jon_took, 2.0);
    // Refused, Jon was never queued: Kim, from another address, is paired with Ivy.
    auto kim = lobby_from(n1, "10.0.0.9");
    const auto [kim_first, kim_took] = first_quick_answer(*kim, "classic");
    ASSERT_EQ(kim_first["type"], "matched") << kim_first;
    const auto ivy_matched = ivy->receive(std::chrono::seconds(5));
    ASSERT_TRUE(ivy_matched);
    EXPECT_EQ(json::parse(*ivy_matched)["room"], kim_first["room"]);
    EXPECT_EQ(cluster.owner(kim_first["room"]), "n0");
}

}  // namespace
}  // namespace broadside::testing

// A cluster of `serve --node` processes on one throwaway PostgreSQL (docs/scaling.md): games
// whose players reach different nodes play to the end; killing a room's owner with SIGKILL at
// random moments, actions in flight, moves the room to another node with nothing acknowledged
// lost or applied twice; a paused owner (SIGSTOP past its lease) loses the room and its clients
// are moved. The nodes are reached directly here (HAProxy's routing only makes the relays rare).
#include <gtest/gtest.h>

#include <array>
#include <csignal>
#include <memory>
#include <thread>

#include "core/rng.h"
#include "support/cluster.h"
#include "support/postgres_throwaway.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// One seated player who may lose its connection and come back on any node, resending the
// action it had in flight under the same id.
struct Player {
    int seat = -1;
    std::string token;
    std::unique_ptr<SeatClient> client;
    json pending;  // an act sent and not yet acknowledged, or null
    std::vector<json> acked;

    void connect(unsigned short port, const std::string& room) {
        client = std::make_unique<SeatClient>(port, room, token);
        if (client->welcome["you"]["seat"] != seat) {
            throw std::runtime_error("came back in the wrong seat: " + client->welcome.dump());
        }
        if (!pending.is_null()) settle(client->request(pending));
    }
    void settle(const json& ack) {
        if (ack.value("type", "") != "acted") {
            throw std::runtime_error("act not acknowledged: " + ack.dump());
        }
        acked.push_back(pending["action"]);  // once, whether fresh or "repeat"
        pending = nullptr;
    }
};

// One move of whoever is to act (true), or false when nobody could (the game is over).
bool step(std::vector<Player>& players, Rng& rng, const std::string& game, int& next_id,
          bool send_only = false) {
    for (auto& p : players) {
        auto obs = p.client->request({{"cmd", "observe"}});
        if (obs["over"].get<bool>()) return false;
        if (obs["legal"].is_null()) continue;
        const auto& to_act = obs["to_act"];
        if (std::find(to_act.begin(), to_act.end(), p.seat) == to_act.end()) continue;
        p.pending = {{"cmd", "act"},
                     {"id", "act" + std::to_string(next_id)},
                     {"action_id", "a" + std::to_string(next_id)},
                     {"action", random_action(obs["legal"], p.seat, rng, game)}};
        ++next_id;
        if (send_only) {
            p.client->ws().send(p.pending.dump());  // in flight when the owner dies
        } else {
            p.settle(p.client->request(p.pending));
        }
        return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a bot is thinking
    return true;
}

// The finished game's record holds every acknowledged action exactly once, in order, per seat.
void expect_record_holds_the_acks(unsigned short port, const std::string& room,
                                  const std::vector<Player>& players) {
    HttpReply reply;
    for (int i = 0; i < 200; ++i) {
        reply = http_get(port, "/rooms/" + room + "/record");
        if (reply.status == 200) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(reply.status, 200) << reply.body;
    const json record = json::parse(reply.body);
    for (const auto& p : players) {
        std::vector<json> recorded;
        for (const auto& a : record["actions"]) {
            if (a.value("seat", -1) == p.seat && a["action"].value("type", "") != "resign") {
                recorded.push_back(a["action"]);
            }
        }
        EXPECT_EQ(json(recorded), json(p.acked)) << "seat " << p.seat;
    }
}

// Creates `request`'s room on node `home` and seats one player per entry of `nodes` (the
// creator first), each connected to that node.
std::vector<Player> seat_players(Cluster& cluster, int home, const json& request,
                                 const std::vector<int>& nodes, std::string& room) {
    auto created = create_room(cluster.node(home).port(), request);
    room = created["room"];
    std::vector<Player> players(nodes.size());
    players[0].seat = created["seat"];
    players[0].token = created["token"];
    players[0].connect(cluster.node(nodes[0]).port(), room);
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        auto guest = std::make_unique<SeatClient>(cluster.node(nodes[i]).port(), room);
        auto joined = guest->request({{"cmd", "join"}, {"name", "P" + std::to_string(i)}});
        if (joined.value("type", "") != "joined") throw std::runtime_error(joined.dump());
        players[i].seat = joined["seat"];
        players[i].token = joined["token"];
        players[i].client = std::move(guest);
    }
    auto started = players[0].client->request({{"cmd", "start"}});
    if (started.value("type", "") != "started") throw std::runtime_error(started.dump());
    return players;
}

TEST(ServerCluster, ClassicRoyaleAndCrewGamesWithPlayersOnDifferentNodesPlayToTheEnd) {
    Cluster cluster(3);
    const std::vector<std::pair<std::string, json>> games = {
        {"classic", {{"rows", 6}, {"cols", 6}, {"fleet", {{{"name", "Cruiser"}, {"length", 3}}}}}},
        {"royale", {{"players", 3}}},
        {"crew", {{"players", 3}, {"rounds", 1}}},
    };
    Rng rng(11);
    int next_id = 0;
    for (const auto& [game, options] : games) {
        SCOPED_TRACE(game);
        std::string room;
        const int seats = game == "classic" ? 2 : 3;
        std::vector<int> nodes = {1, 2, 0};
        nodes.resize(static_cast<std::size_t>(seats));
        auto players =
            seat_players(cluster, 0, {{"game", game}, {"options", options}}, nodes, room);
        EXPECT_EQ(cluster.owner(room), "n0");
        while (step(players, rng, game, next_id)) {
        }
        json first;
        for (auto& p : players) {
            const auto record = p.client->request({{"cmd", "record"}});
            ASSERT_EQ(record["type"], "record") << record;
            if (first.is_null()) first = record["record"];
            EXPECT_EQ(record["record"], first);  // the same record on every node
        }
        expect_record_holds_the_acks(cluster.node(2).port(), room, players);
    }
    // Only the owner holds the rooms; the other nodes relayed.
    EXPECT_GE(cluster.metric(1, "broadside_relayed_connections_total"), 3);
    EXPECT_EQ(cluster.metric(1, "broadside_connections_total"), 0);
    EXPECT_EQ(cluster.metric(1, "broadside_rooms_adopted_total"), 0);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

TEST(ServerCluster, KillingTheOwnerFiveTimesMovesTheRoomAndLosesNothing) {
    Cluster cluster(3);
    Rng rng(23);
    int next_id = 0;
    std::string room;
    // Both players on nodes that do not own the room: every move is relayed.
    auto players = seat_players(cluster, 0, {{"game", "classic"}}, {1, 2}, room);
    int kills = 0;
    bool playing = true;
    while (playing && kills < 5) {
        const int moves = static_cast<int>(rng.below(12)) + 2;
        for (int i = 0; i < moves && playing; ++i) playing = step(players, rng, "classic", next_id);
        if (!playing) break;
        // A move in flight, then the owner dies before (or after) it commits.
        playing = step(players, rng, "classic", next_id, /*send_only=*/true);
        const int owner = cluster.owner_index(room);
        ASSERT_GE(owner, 0) << cluster.owner(room);
        cluster.node(owner).kill9();
        ++kills;
        // Everyone comes back on a node that is alive (not always the same one), resending what
        // was in flight; the first to arrive takes the room over once its lease expires.
        for (std::size_t i = 0; i < players.size(); ++i) {
            const int to = (owner + 1 + static_cast<int>((i + rng.below(2)) % 2)) % 3;
            players[i].connect(cluster.node(to).port(), room);
        }
        cluster.node(owner).restart();
        const int new_owner = cluster.owner_index(room);
        EXPECT_NE(new_owner, owner);
    }
    EXPECT_EQ(kills, 5);
    while (step(players, rng, "classic", next_id)) {
    }
    const auto a = players[0].client->request({{"cmd", "record"}});
    const auto b = players[1].client->request({{"cmd", "record"}});
    ASSERT_EQ(a["type"], "record") << a;
    EXPECT_EQ(a["record"], b["record"]);
    expect_record_holds_the_acks(cluster.node(0).port(), room, players);
    double adopted = 0;
    for (int i = 0; i < cluster.size(); ++i) {
        adopted += cluster.metric(i, "broadside_rooms_adopted_total");
    }
    EXPECT_GE(adopted, 1);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

TEST(ServerCluster, APausedOwnerLosesTheRoomAndItsClientsAreMoved) {
    Cluster cluster(2);
    Rng rng(5);
    int next_id = 0;
    std::string room;
    // Ann on the owner itself, Bob relayed through the other node.
    auto players = seat_players(cluster, 0, {{"game", "classic"}}, {0, 1}, room);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(step(players, rng, "classic", next_id));
    SeatClient watcher(cluster.node(0).port(), room);  // a spectator on the owner
    ASSERT_EQ(cluster.owner(room), "n0");
    ::kill(cluster.node(0).pid(), SIGSTOP);
    // Past the lease, Bob's node is reached again: the owner does not answer, its lease expires,
    // and node 1 takes the room over.
    players[1].connect(cluster.node(1).port(), room);
    EXPECT_EQ(cluster.owner(room), "n1");
    ::kill(cluster.node(0).pid(), SIGCONT);
    // The old owner finds its lease gone (renewal or a fenced write) and moves its clients.
    EXPECT_EQ(watcher.wait_for("moved")["type"], "moved");
    for (int i = 0; i < 100 && cluster.metric(0, "broadside_rooms_lost_total") < 1; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_EQ(cluster.metric(0, "broadside_rooms_lost_total"), 1);
    // Ann comes back through node 0, now relayed to node 1, and the game ends.
    players[0].connect(cluster.node(0).port(), room);
    while (step(players, rng, "classic", next_id)) {
    }
    expect_record_holds_the_acks(cluster.node(1).port(), room, players);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

namespace broadside::testing {
namespace {

// Ann starts a game on node 1 against a bot under a 2 s placement clock that forfeits, and goes:
// a room nobody comes back to. Its code.
std::string a_room_left_on_node_one(Cluster& cluster) {
    auto created = create_room(cluster.node(1).port(),
                               {{"game", "classic"},
                                {"seat", 0},
                                {"name", "Ann"},
                                {"bots", {{{"seat", 1}, {"level", "easy"}}}},
                                {"clock", {{"placement_seconds", 2}, {"on_timeout", "forfeit"}}}});
    const std::string room = created["room"];
    SeatClient ann(cluster.node(1).port(), room, created["token"].get<std::string>());
    EXPECT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    EXPECT_EQ(cluster.owner(room), "n1");
    return room;
}

// The room's record from `port` once the game has ended there (status 404 if not within 15 s).
HttpReply record_once_over(unsigned short port, const std::string& room) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    HttpReply record;
    while (std::chrono::steady_clock::now() < deadline) {
        record = http_get(port, "/rooms/" + room + "/record");
        if (record.status == 200) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return record;
}

// A room its owner left behind that nobody comes back to (docs/scaling.md, "Room ownership"):
// its node dies. With no connection to it, the matchmaker (n0, the first live node) adopts the
// room once the lease has expired, the clock runs out, and the game ends: its record is there.
TEST(ServerCluster, ARoomNobodyComesBackToAfterItsNodeDiedIsAdoptedAndPlaysOn) {
    Cluster cluster(2);
    const std::string room = a_room_left_on_node_one(cluster);
    cluster.node(1).kill9();
    const auto record = record_once_over(cluster.node(0).port(), room);
    ASSERT_EQ(record.status, 200) << "the room was never adopted: " << record.body;
    const json ended = json::parse(record.body)["ended"];
    EXPECT_EQ(ended["by"], "timeout") << ended.dump();
    EXPECT_EQ(cluster.owner(room), "n0");
    EXPECT_EQ(cluster.metric(0, "broadside_rooms_adopted_total"), 1);
    EXPECT_EQ(cluster.node(0).terminate(), 0);
}

// The same when the node comes back under its name (docs/scaling.md, "Room ownership"): its
// renewals extend only the leases of the rooms it holds, so its earlier life's lease runs out, and
// it takes the room back itself (it is not the matchmaker: n0 is; nor is it dead, for n0 to take).
TEST(ServerCluster, ANodeRestartedUnderItsNameTakesBackARoomNobodyComesBackTo) {
    Cluster cluster(2);
    const std::string room = a_room_left_on_node_one(cluster);
    cluster.node(1).kill9();
    cluster.node(1).restart();
    const auto record = record_once_over(cluster.node(1).port(), room);
    ASSERT_EQ(record.status, 200) << "the room was never taken back: " << record.body;
    EXPECT_EQ(json::parse(record.body)["ended"]["by"], "timeout") << record.body;
    EXPECT_EQ(cluster.owner(room), "n1");
    EXPECT_EQ(cluster.metric(1, "broadside_rooms_adopted_total"), 1);
    EXPECT_EQ(cluster.metric(0, "broadside_rooms_adopted_total"), 0);
}

// A node on a wildcard --bind without --advertise (docs/server.md, `--advertise`) records the
// loopback address for the other nodes, which only nodes on its own machine can reach, and warns
// in its log; with --advertise it records that address and says nothing.
TEST(ServerCluster, AWildcardBindWithoutAdvertiseRecordsLoopbackAndWarns) {
    Cluster cluster(1, {"--bind", "0.0.0.0"});
    const std::string port = std::to_string(cluster.node(0).port());
    EXPECT_EQ(cluster.sql("SELECT url FROM nodes WHERE name = 'n0'"), "http://127.0.0.1:" + port);
    EXPECT_NE(cluster.node(0).output().find("only nodes on this machine can reach it"),
              std::string::npos)
        << cluster.node(0).output();
    Cluster advertised(1, {"--bind", "0.0.0.0", "--advertise", "http://10.0.0.5:8080"});
    EXPECT_EQ(advertised.sql("SELECT url FROM nodes WHERE name = 'n0'"), "http://10.0.0.5:8080");
    EXPECT_EQ(advertised.node(0).output().find("only nodes on this machine"), std::string::npos);
}

TEST(ServerCluster, RestartingPostgresMidGameHoldsTheMovesTellsTheClientsAndLosesNothing) {
    Cluster cluster(2);
    Rng rng(9);
    int next_id = 0;
    std::string room;
    auto players = seat_players(cluster, 0, {{"game", "classic"}}, {0, 1}, room);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(step(players, rng, "classic", next_id));
    shared_postgres().stop();
    // A move sent while the database is down is held, not answered, and not refused.
    ASSERT_TRUE(step(players, rng, "classic", next_id, /*send_only=*/true));
    Player& mover = players[0].pending.is_null() ? players[1] : players[0];
    Player& other = players[0].pending.is_null() ? players[0] : players[1];
    const auto notice = mover.client->wait_for("storage");
    EXPECT_EQ(notice["status"], "reconnecting") << notice;
    // The other player hears it too (one of the two is relayed, whichever moved).
    EXPECT_EQ(other.client->wait_for("storage")["status"], "reconnecting");
    // Meanwhile a record download is 503 and a new room is refused, both with storage_failed,
    // and the node runs on.
    const auto download = http_get(cluster.node(1).port(), "/rooms/" + room + "/record");
    EXPECT_EQ(download.status, 503) << download.body;
    EXPECT_NE(download.body.find("storage_failed"), std::string::npos) << download.body;
    client::WsClient lobby("127.0.0.1", cluster.node(1).port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    const auto refused = lobby.request({{"cmd", "create"}, {"game", "classic"}});
    EXPECT_EQ(refused["error"]["code"], "storage_failed") << refused;
    shared_postgres().start();
    const auto back = mover.client->wait_for("storage");
    EXPECT_EQ(back["status"], "ok") << back;
    EXPECT_EQ(other.client->wait_for("storage")["status"], "ok");
    mover.settle(mover.client->wait_for("acted"));
    while (step(players, rng, "classic", next_id)) {
    }
    expect_record_holds_the_acks(cluster.node(1).port(), room, players);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

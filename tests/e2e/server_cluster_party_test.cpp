// A party room in a cluster (docs/scaling.md, "A party over every node" and "Connections to
// another node's room"; docs/server.md, "Party night"): the room lives on one node, its phones
// reach every node, and every phone hears every event exactly once, in order, also when an edge
// node dies and its phones storm back through another node while the host keeps firing, and
// (fanned out) through a Redis restart. Each case runs twice: with `--redis` the edges serve the
// phones from replicas fed by the owner's Redis Stream (the owner sends a phone only the answers
// to its own requests);
// without it, each phone is relayed to the owner. Each phone keeps every
// event number it was sent, unasked or asked (`events` after exactly the last number it saw), on
// every connection: a number sent twice, or one missing, is a failure (nothing is deduplicated).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

#include "support/cluster.h"
#include "support/raw_ws.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"
#include "support/throwaway_redis.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

const std::vector<std::string> kFleet{"A1 right", "A2 right", "A3 right",
                                      "A4 right", "A5 right", "A6 right"};

// A torpedo event as everyone hears it: without the seat's own result.
json public_torpedo(json e) {
    for (const char* mine : {"you", "you_afloat", "you_tied", "you_won"}) e.erase(mine);
    return e;
}

// One phone: a seated player whose connections come and go; everything it was sent, in order.
struct Phone {
    int seat = -1;
    std::string token;
    std::unique_ptr<SeatClient> client;
    int connection = 0;                      // which of its connections `client` is
    std::size_t read = 0;                    // frames of `client` already looked at
    std::vector<std::int64_t> seen;          // every event number sent to it, in arrival order
    std::vector<int> seen_on;                // the connection each came on
    std::map<std::int64_t, json> torpedoes;  // by number, public part
    std::int64_t last_seen = 0;              // the highest number seen
    int torpedoes_without_own_part = 0;      // seen in the public view, not its seat's

    // Looks at the frames received so far (reading more for up to `quiet_ms` of silence).
    void absorb(int quiet_ms) {
        const auto& frames = client->frames(quiet_ms);
        for (; read < frames.size(); ++read) {
            const json message = json::parse(frames[read], nullptr, false);
            // Events come unasked (`events`), asked (`events`), or with the phone's own action
            // (`acted`): each counts, on whichever path it came.
            if (!message.is_object() ||
                (message.value("type", "") != "events" && message.value("type", "") != "acted")) {
                continue;
            }
            for (const auto& e : message["events"]) {
                const std::int64_t n = e["n"];
                // A skipped run stands for the numbers `from` to n (docs/protocol.md).
                const std::int64_t from = e.value("type", "") == "skipped" ? e.value("from", n) : n;
                for (std::int64_t k = from; k <= n; ++k) {
                    seen.push_back(k);
                    seen_on.push_back(connection);
                }
                last_seen = std::max(last_seen, n);
                if (e.value("type", "") == "torpedo") {
                    torpedoes[n] = public_torpedo(e);
                    // A seated phone still in the game hears its own result with each torpedo.
                    if (!e.contains("you")) ++torpedoes_without_own_part;
                }
            }
        }
    }
    // Asks for the events after exactly the last number seen (the reply is absorbed in order).
    void fill() {
        auto answer = client->request({{"cmd", "events"}, {"after", last_seen}});
        if (answer.value("type", "") != "events") {
            throw std::runtime_error("events refused: " + answer.dump());
        }
        absorb(0);
    }
    // Reads until the pushes reach `last` or the deadline passes; true when they did.
    bool wait_until(std::int64_t last, Clock::time_point deadline) {
        absorb(0);
        while (last_seen < last && Clock::now() < deadline && !client->ws().closed()) absorb(50);
        return last_seen >= last;
    }
    void connect(unsigned short port, const std::string& room) {
        // Resuming from the last number seen: what was missed follows the welcome, in order,
        // before anything new (docs/server.md, "Reconnecting").
        client = std::make_unique<SeatClient>(port, room, token, json{{"after", last_seen}});
        ++connection;
        read = 0;
        if (client->welcome["you"]["seat"] != seat) {
            throw std::runtime_error("came back in the wrong seat: " + client->welcome.dump());
        }
    }
    // What went wrong with the numbers: duplicates, gaps, disorder against 1..last.
    std::string problems(std::int64_t last) const {
        std::ostringstream out;
        std::vector<std::int64_t> expected;
        for (std::int64_t k = 1; k <= last; ++k) expected.push_back(k);
        if (seen == expected) return "";
        std::map<std::int64_t, std::vector<int>> where;
        for (std::size_t i = 0; i < seen.size(); ++i) where[seen[i]].push_back(seen_on[i]);
        out << "seat " << seat << " saw " << seen.size() << " numbers for 1.." << last << ":";
        for (std::int64_t k = 1; k <= last; ++k) {
            if (!where.count(k)) out << " missing " << k << ";";
        }
        for (const auto& [k, on] : where) {
            if (on.size() > 1) {
                out << " " << k << " sent " << on.size() << " times (connections";
                for (int c : on) out << " " << c;
                out << ");";
            }
            if (k > last) out << " " << k << " beyond the last;";
        }
        out << " connection " << connection << "'s welcome said last_event "
            << client->welcome.value("last_event", std::int64_t{-1}) << "; in order:";
        for (std::size_t i = 0; i < seen.size(); ++i) out << " " << seen[i] << "@" << seen_on[i];
        return out.str();
    }
};

struct Party {
    std::string room;
    std::string host_token;
    std::unique_ptr<SeatClient> host;
    std::vector<Phone> phones;
    std::map<std::int64_t, json> torpedoes;  // as the host's acknowledgements hold them
    std::int64_t last_event = 0;
    int fired = 0;

    // The host's next torpedo; false when it was not acknowledged (the reason in `why`).
    bool fire(std::string& why) {
        auto shot =
            host->request({{"cmd", "act"}, {"action_id", ++fired}, {"action", {{"type", "fire"}}}});
        if (shot.value("type", "") != "acted") {
            why = shot.dump();
            return false;
        }
        for (const auto& e : shot["events"]) {
            if (e.value("type", "") == "torpedo") torpedoes[e["n"]] = public_torpedo(e);
        }
        last_event = shot["last_event"];
        return true;
    }
};

// An open party room created on node 0, its host there and started; one phone per entry of
// `nodes`, connected to that node, joined, and caught up with `events` after 0.
Party open_party(Cluster& cluster, const std::vector<int>& nodes) {
    Party party;
    auto created = create_open_party(cluster.node(0).port());
    party.room = created["room"];
    party.host_token = created["token"];
    party.host = std::make_unique<SeatClient>(cluster.node(0).port(), party.room, party.host_token);
    auto started = party.host->request({{"cmd", "start"}});
    if (started.value("type", "") != "started") throw std::runtime_error(started.dump());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        Phone phone;
        phone.client = std::make_unique<SeatClient>(cluster.node(nodes[i]).port(), party.room);
        phone.connection = 1;
        auto joined = phone.client->request({{"cmd", "join"},
                                             {"name", "Phone " + std::to_string(i)},
                                             {"device", "device-" + std::to_string(i)}});
        if (joined.value("type", "") != "joined") throw std::runtime_error(joined.dump());
        phone.seat = joined["seat"];
        phone.token = joined["token"];
        phone.fill();
        // Its own fleet, before the first torpedo: an action passed on to the owner by an edge.
        auto placed = phone.client->request({{"cmd", "act"},
                                             {"action_id", "place"},
                                             {"action", {{"type", "place"}, {"ships", kFleet}}}});
        if (placed.value("type", "") != "acted") throw std::runtime_error(placed.dump());
        phone.absorb(0);
        party.phones.push_back(std::move(phone));
    }
    return party;
}

// Every phone: unasked events up to the host's last event (waiting generously), then `events` after
// the last number seen, then every number 1..last exactly once, in order, and the host's torpedoes.
void expect_every_phone_heard_everything(Party& party) {
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    for (auto& phone : party.phones) {
        SCOPED_TRACE("seat " + std::to_string(phone.seat));
        // Unasked: every new event reaches every connected phone (docs/server.md).
        EXPECT_TRUE(phone.wait_until(party.last_event, deadline))
            << "the pushes stopped at " << phone.last_seen << " of " << party.last_event;
        phone.fill();
        phone.absorb(100);  // anything late would be a duplicate
        EXPECT_EQ(phone.problems(party.last_event), "");
        EXPECT_EQ(json(phone.torpedoes), json(party.torpedoes));
        EXPECT_EQ(phone.torpedoes_without_own_part, 0) << "its seat's view, not the public one";
    }
}

// Where `count` phones connect: nodes 1 and 2 in turn (the edges: none on the owner, node 0).
std::vector<int> on_the_edges(int count) {
    std::vector<int> nodes;
    for (int i = 0; i < count; ++i) nodes.push_back(1 + i % 2);
    return nodes;
}

// The nodes of a cluster, with Redis when the party is fanned out.
struct PartyCluster {
    explicit PartyCluster(bool fanned_out)
        : redis(fanned_out ? std::make_unique<ThrowawayRedis>() : nullptr),
          cluster(3, fanned_out ? std::vector<std::string>{"--redis", redis->url()}
                                : std::vector<std::string>{}) {}
    std::unique_ptr<ThrowawayRedis> redis;
    Cluster cluster;
};

// How the edges served their phones: from replicas (fanned out: nothing relayed, and the
// owner published each commit once), or relayed to the owner.
void expect_served_as(Cluster& cluster, bool fanned_out, std::vector<int> edges) {
    for (int edge : edges) {
        SCOPED_TRACE("node " + std::to_string(edge));
        if (fanned_out) {
            EXPECT_GT(cluster.metric(edge, "broadside_replica_connections_total"), 0);
            EXPECT_EQ(cluster.metric(edge, "broadside_relayed_connections_total"), 0);
        } else {
            EXPECT_GT(cluster.metric(edge, "broadside_relayed_connections_total"), 0);
            EXPECT_EQ(cluster.metric(edge, "broadside_replica_connections_total"), 0);
        }
    }
    if (fanned_out) {
        EXPECT_GT(cluster.metric(0, "broadside_party_batches_published_total"), 0);
    }
}

class ServerClusterParty : public ::testing::TestWithParam<bool> {};

INSTANTIATE_TEST_SUITE_P(, ServerClusterParty, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& param) {
                             return std::string(param.param ? "FannedOutThroughRedis"
                                                            : "RelayedToTheOwner");
                         });

TEST_P(ServerClusterParty, APartyWithPhonesOnEveryNodeGetsEveryTorpedoInOrderExactlyOnce) {
    PartyCluster nodes(GetParam());
    auto& cluster = nodes.cluster;
    std::vector<int> spread;
    for (int i = 0; i < 24; ++i) spread.push_back(i % 3);
    auto party = open_party(cluster, spread);
    EXPECT_EQ(cluster.owner(party.room), "n0");
    // A phone that joined through one node is known at once through another (fanned out: a
    // replica that has not read the join yet reads the database before it answers).
    SeatClient late(cluster.node(1).port(), party.room);
    auto joined = late.request({{"cmd", "join"}, {"name", "Late"}, {"device", "device-late"}});
    ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
    SeatClient elsewhere(cluster.node(2).port(), party.room, joined["token"].get<std::string>());
    EXPECT_EQ(elsewhere.welcome["you"]["seat"], joined["seat"]) << elsewhere.welcome.dump();
    for (int t = 0; t < 8; ++t) {
        std::string why;
        ASSERT_TRUE(party.fire(why)) << why;
        for (auto& phone : party.phones) phone.absorb(0);  // read while the game goes on
    }
    EXPECT_EQ(party.torpedoes.size(), 8u);
    expect_every_phone_heard_everything(party);
    expect_served_as(cluster, GetParam(), {1, 2});
    if (GetParam()) {
        EXPECT_GT(cluster.metric(1, "broadside_party_entries_from_redis_total"), 0);
        EXPECT_GT(cluster.metric(1, "broadside_replica_requests_forwarded_total"), 0);
    }
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

// Fanned out only: Redis dies mid-game and comes back empty. The batches published meanwhile
// are lost; the edges read them from the database (a quiet room, then a gap in the Stream).
TEST(ServerClusterPartyRedis, EveryPhoneHearsEveryTorpedoThroughARedisRestart) {
    PartyCluster nodes(true);
    auto& cluster = nodes.cluster;
    const auto edges = on_the_edges(12);
    auto party = open_party(cluster, edges);
    std::string why;
    for (int t = 0; t < 3; ++t) ASSERT_TRUE(party.fire(why)) << why;
    for (auto& phone : party.phones) phone.absorb(0);
    nodes.redis->kill9();
    for (int t = 0; t < 3; ++t) ASSERT_TRUE(party.fire(why)) << why;  // acknowledged all the same
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    for (auto& phone : party.phones) {
        EXPECT_TRUE(phone.wait_until(party.last_event, deadline))
            << "seat " << phone.seat << ": Redis is away and the pushes stopped at "
            << phone.last_seen << " of " << party.last_event;
    }
    nodes.redis->start();
    for (int t = 0; t < 3; ++t) {
        ASSERT_TRUE(party.fire(why)) << why;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }
    expect_every_phone_heard_everything(party);
    expect_served_as(cluster, true, {1, 2});
    EXPECT_GT(cluster.metric(1, "broadside_party_entries_from_database_total"), 0);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

// Fanned out only: a replica reads its room's log from the database when Redis has said nothing
// of the room for a second, and five times a second while Redis is away; not every second
// regardless, which would cost PostgreSQL a read a second per followed room while Redis feeds it.
TEST(ServerClusterPartyRedis, AReplicaReadsTheDatabaseOnlyWhenRedisFallsQuietForTheRoom) {
    PartyCluster nodes(true);
    auto& cluster = nodes.cluster;
    auto party = open_party(cluster, {1, 1});
    const auto reads = [&] { return cluster.metric(1, "broadside_party_database_reads_total"); };
    const auto seconds = [](double s) {
        std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(s * 1000)));
    };
    // Quiet: about one read a second.
    const double quiet_from = reads();
    seconds(3.0);
    const double quiet_reads = reads() - quiet_from;
    EXPECT_GE(quiet_reads, 2);
    EXPECT_LE(quiet_reads, 4);
    // A torpedo every 300 ms for 6 s: Redis speaks of the room each time, so no read.
    const double busy_from = reads();
    std::string why;
    for (int t = 0; t < 20; ++t) {
        ASSERT_TRUE(party.fire(why)) << why;
        seconds(0.3);
    }
    EXPECT_LE(reads() - busy_from, 2) << "the replica read the database while Redis fed it";
    // Redis away: a read every fifth of a second.
    nodes.redis->kill9();
    seconds(0.5);
    const double away_from = reads();
    seconds(2.0);
    EXPECT_GE(reads() - away_from, 6);
    EXPECT_LE(reads() - away_from, 12);
    for (int i = 0; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

// A connection that says it comes from `address` (the nodes below believe 127.0.0.1's
// X-Forwarded-For), greeted in `path`.
std::unique_ptr<RawWs> greeted_from(unsigned short port, const std::string& path,
                                    const std::string& address) {
    auto ws = std::make_unique<RawWs>(port, path, 0, "X-Forwarded-For: " + address + "\r\n");
    EXPECT_TRUE(ws->send(json({{"cmd", "hello"}, {"protocol", 2}, {"id", 0}}).dump()));
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (Clock::now() < deadline) {
        const auto text = ws->receive(std::chrono::milliseconds(500));
        if (text && json::parse(*text).value("type", "") == "welcome") return ws;
    }
    ADD_FAILURE() << "no welcome on " << path << " for " << address;
    return ws;
}

// The answer to request `id` on `ws` (null if none came within 5 s), and whether a `moved`
// came first.
std::pair<json, bool> answer_to(RawWs& ws, int id) {
    bool moved = false;
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (Clock::now() < deadline) {
        const auto text = ws.receive(std::chrono::milliseconds(200));
        if (!text) continue;
        auto message = json::parse(*text);
        if (message.value("type", "") == "moved") moved = true;
        if (message.value("id", -1) == id) return {message, moved};
    }
    return {json(), moved};
}

// Fanned out only: the owner refuses a phone's connection from an edge because the phone's
// address holds --max-connections-per-address there. The owner is alive: the phone is told why
// (`refused`) and stays, and the edge's replica goes on serving the room to everyone else.
TEST(ServerClusterPartyRedis, APhoneTheOwnerRefusesForItsAddressIsToldWhyAndTheEdgeServesOn) {
    ThrowawayRedis redis;
    Cluster cluster(3, {"--redis", redis.url(), "--trusted-proxy", "127.0.0.1",
                        "--max-connections-per-address", "2"});
    const auto n0 = cluster.node(0).port(), n1 = cluster.node(1).port();
    auto created = create_open_party(n0);
    const std::string room = created["room"], path = "/ws/" + room;
    SeatClient host(n0, room, created["token"]);
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");
    // 10.0.0.7 holds its two connections on the owner.
    auto held_a = greeted_from(n0, "/ws", "10.0.0.7");
    auto held_b = greeted_from(n0, "/ws", "10.0.0.7");
    // Pat, from 10.0.0.7 through the edge n1, joins: the owner refuses the edge's connection
    // for Pat, and Pat is told so, at once, and stays connected to the edge.
    auto pat = greeted_from(n1, path, "10.0.0.7");
    const auto start = Clock::now();
    ASSERT_TRUE(pat->send(
        json({{"cmd", "join"}, {"name", "Pat"}, {"device", "device-pat"}, {"id", 1}}).dump()));
    const auto [refused, pat_moved] = answer_to(*pat, 1);
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 2.0);
    EXPECT_EQ(refused.value("type", ""), "error") << refused;
    EXPECT_EQ(refused["error"]["code"], "refused") << refused;
    EXPECT_NE(refused["error"]["message"].get<std::string>().find("your address"),
              std::string::npos)
        << refused;
    EXPECT_FALSE(pat_moved) << "Pat was told the room moved";
    ASSERT_TRUE(pat->send(json({{"cmd", "room"}, {"id", 2}}).dump()));
    EXPECT_EQ(answer_to(*pat, 2).first.value("type", ""), "room") << "Pat is still served";
    // Quinn, from another address through the same edge, is served by its replica and joins.
    auto quinn = greeted_from(n1, path, "10.0.0.8");
    ASSERT_TRUE(quinn->send(
        json({{"cmd", "join"}, {"name", "Quinn"}, {"device", "device-quinn"}, {"id", 1}}).dump()));
    EXPECT_EQ(answer_to(*quinn, 1).first.value("type", ""), "joined");
    EXPECT_EQ(cluster.metric(1, "broadside_relayed_connections_total"), 0);
    EXPECT_GE(cluster.metric(1, "broadside_replica_connections_total"), 2);
}

// Fanned out only: the owner dies (SIGKILL) between torpedoes. Every phone, served by an edge, is
// told `moved` and its connection closes; each comes back through its own node, resuming after
// its last number, while an edge takes the room over once the lease has expired (the other
// edge's replica follows the new owner); the host comes back through node 1 and fires on.
TEST(ServerClusterPartyRedis, TheOwnerDiesAndAnEdgeTakesThePartyOver) {
    PartyCluster nodes(true);
    auto& cluster = nodes.cluster;
    const auto edges = on_the_edges(12);
    auto party = open_party(cluster, edges);
    std::string why;
    for (int t = 0; t < 3; ++t) ASSERT_TRUE(party.fire(why)) << why;
    auto deadline = Clock::now() + std::chrono::seconds(10);
    for (auto& phone : party.phones) ASSERT_TRUE(phone.wait_until(party.last_event, deadline));

    cluster.node(0).kill9();
    deadline = Clock::now() + std::chrono::seconds(15);
    for (auto& phone : party.phones) {
        SCOPED_TRACE("seat " + std::to_string(phone.seat));
        while (!phone.client->ws().closed() && Clock::now() < deadline) phone.absorb(100);
        EXPECT_TRUE(phone.client->ws().closed());
        int moved = 0;
        for (const auto& frame : phone.client->frames()) {
            moved += json::parse(frame, nullptr, false).value("type", "") == "moved";
        }
        EXPECT_EQ(moved, 1) << "told `moved` before its connection closed";
    }
    for (std::size_t i = 0; i < party.phones.size(); ++i) {
        party.phones[i].connect(cluster.node(edges[i]).port(), party.room);
    }
    party.host = std::make_unique<SeatClient>(cluster.node(1).port(), party.room, party.host_token);
    for (int t = 0; t < 3; ++t) ASSERT_TRUE(party.fire(why)) << why;
    expect_every_phone_heard_everything(party);
    const int owner = cluster.owner_index(party.room);
    EXPECT_TRUE(owner == 1 || owner == 2) << owner;
    EXPECT_GT(cluster.metric(3 - owner, "broadside_replica_connections_total"), 0);
    for (int i = 1; i < cluster.size(); ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

TEST_P(ServerClusterParty, ThroughAReconnectStormAndTheLossOfAnEdgeNode) {
    PartyCluster parts(GetParam());
    auto& cluster = parts.cluster;
    const auto nodes = on_the_edges(24);
    auto party = open_party(cluster, nodes);
    ASSERT_EQ(cluster.owner(party.room), "n0");
    for (int t = 0; t < 4; ++t) {
        std::string why;
        ASSERT_TRUE(party.fire(why)) << why;
    }

    // The host keeps firing, a torpedo every 20 ms (pace, not synchronisation), up to 26, and
    // at least three after the storm is over.
    std::atomic<bool> storm_over{false};
    std::string host_failure;
    std::thread host([&] {
        int after_storm = 0;
        while (party.fired < 26 && after_storm < 3) {
            if (!party.fire(host_failure)) return;
            if (storm_over) ++after_storm;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    // A torpedo or two reaches everyone, then node 2 dies: its phones' relays drop.
    for (auto& phone : party.phones) phone.absorb(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    cluster.node(2).kill9();
    std::vector<Phone*> stranded;
    for (std::size_t i = 0; i < party.phones.size(); ++i) {
        if (nodes[i] == 2) stranded.push_back(&party.phones[i]);
    }
    const auto deadline = Clock::now() + std::chrono::seconds(15);
    for (auto* phone : stranded) {
        // Everything the old connection got before it closed counts.
        while (!phone->client->ws().closed() && Clock::now() < deadline) phone->absorb(100);
        EXPECT_TRUE(phone->client->ws().closed()) << "seat " << phone->seat;
    }
    // The storm: all of them at once back through node 1, each resuming with `hello` `after` the
    // last number it saw (the missed events follow the welcome).
    std::atomic<int> ready{0};
    std::vector<std::string> failures(stranded.size());
    std::vector<std::thread> storm;
    for (std::size_t i = 0; i < stranded.size(); ++i) {
        storm.emplace_back([&, i] {
            ++ready;
            while (ready < static_cast<int>(stranded.size())) std::this_thread::yield();
            try {
                stranded[i]->connect(cluster.node(1).port(), party.room);
            } catch (const std::exception& e) {
                failures[i] = e.what();
            }
        });
    }
    for (auto& t : storm) t.join();
    storm_over = true;
    host.join();
    EXPECT_EQ(host_failure, "");
    for (std::size_t i = 0; i < stranded.size(); ++i) {
        EXPECT_EQ(failures[i], "") << "seat " << stranded[i]->seat;
    }
    EXPECT_GT(party.fired, 8) << "the host fired through the storm";
    std::printf("the host fired %d torpedoes\n", party.fired);

    expect_every_phone_heard_everything(party);
    expect_served_as(cluster, GetParam(), {1});
    EXPECT_EQ(cluster.owner(party.room), "n0");
    for (int i = 0; i < 2; ++i) EXPECT_EQ(cluster.node(i).terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

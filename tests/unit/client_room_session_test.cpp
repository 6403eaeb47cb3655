// The I/O-free room client (src/client/room_session.h): hello and welcome, events in order and
// once, gaps asked again, actions kept and resent with their ids, and the reconnect schedule.
#include <gtest/gtest.h>

#include "client/room_session.h"

namespace broadside::client {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

json event(int n) {
    return {{"n", n}, {"type", "shots"}};
}

json events(std::initializer_list<int> numbers, json id = nullptr) {
    json list = json::array();
    for (int n : numbers) list.push_back(event(n));
    json m{{"type", "events"}, {"events", list}};
    if (!id.is_null()) m["id"] = id;
    return m;
}

std::vector<int> numbers(const SessionUpdate& u) {
    std::vector<int> out;
    for (const auto& e : u.events) out.push_back(e["n"].get<int>());
    return out;
}

// A session greeted in seat 0, with the answer to its first catch-up (events 1..last) given.
struct Greeted {
    Rng rng{7};
    RoomSession session{"tok", rng};
    json hello;
    SessionUpdate welcome;

    explicit Greeted(int last = 0, int seat = 0) {
        hello = session.opened();
        welcome =
            session.receive({{"type", "welcome"}, {"id", hello["id"]}, {"you", {{"seat", seat}}}});
        json list = json::array();
        for (int n = 1; n <= last; ++n) list.push_back(event(n));
        session.receive({{"type", "events"}, {"id", welcome.send.at(0)["id"]}, {"events", list}});
    }
};

TEST(ClientRoomSession, HelloCarriesTheTokenAndTheWelcomeAsksTheEventsAfterTheLastSeen) {
    Rng rng(1);
    RoomSession session("secret", rng);
    const json hello = session.opened();
    EXPECT_EQ(hello["cmd"], "hello");
    EXPECT_EQ(hello["protocol"], 2);
    EXPECT_EQ(hello["token"], "secret");
    EXPECT_TRUE(hello["id"].is_string());  // the host's own whole-number ids never collide
    EXPECT_EQ(session.link(), RoomSession::Link::kGreeting);

    const auto u =
        session.receive({{"type", "welcome"}, {"id", hello["id"]}, {"you", {{"seat", 1}}}});
    ASSERT_TRUE(u.welcome);
    EXPECT_EQ(session.link(), RoomSession::Link::kReady);
    EXPECT_EQ(session.seat(), 1);
    ASSERT_EQ(u.send.size(), 1U);
    EXPECT_EQ(u.send[0]["cmd"], "events");
    EXPECT_EQ(u.send[0]["after"], 0);

    const auto caught = session.receive(events({1, 2, 3}, u.send[0]["id"]));
    EXPECT_TRUE(caught.caught_up);
    EXPECT_EQ(numbers(caught), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(session.last_event(), 3);
}

TEST(ClientRoomSession, AWatcherSendsNoToken) {
    Rng rng(1);
    RoomSession session("", rng);
    EXPECT_FALSE(session.opened().contains("token"));
}

TEST(ClientRoomSession, EventsArriveInOrderAndOnceAnOldOrRepeatedMessageIsIgnored) {
    Greeted g(2);
    EXPECT_EQ(numbers(g.session.receive(events({3, 4}))), (std::vector<int>{3, 4}));
    const auto again = g.session.receive(events({3, 4}));  // the same message twice
    EXPECT_TRUE(again.events.empty());
    EXPECT_TRUE(again.send.empty());
    EXPECT_FALSE(again.for_host);
    EXPECT_TRUE(g.session.receive(events({1})).events.empty());  // an old one
    // An overlap keeps only what is new.
    EXPECT_EQ(numbers(g.session.receive(events({4, 5}))), (std::vector<int>{5}));
    EXPECT_EQ(g.session.last_event(), 5);
}

TEST(ClientRoomSession, AGapAsksForEverythingAfterTheLastEventSeenOnce) {
    Greeted g(2);
    const auto u = g.session.receive(events({5, 6}));
    EXPECT_TRUE(u.events.empty());  // nothing out of order is applied
    ASSERT_EQ(u.send.size(), 1U);
    EXPECT_EQ(u.send[0]["cmd"], "events");
    EXPECT_EQ(u.send[0]["after"], 2);
    // Another gapped message while the answer is on its way asks nothing more.
    EXPECT_TRUE(g.session.receive(events({7})).send.empty());
    const auto answer = g.session.receive(events({3, 4, 5, 6, 7}, u.send[0]["id"]));
    EXPECT_EQ(numbers(answer), (std::vector<int>{3, 4, 5, 6, 7}));
    EXPECT_EQ(g.session.last_event(), 7);
}

TEST(ClientRoomSession, ASkippedRunStandsForTheNumbersItCovers) {
    Greeted g(1);
    const auto u = g.session.receive(
        {{"type", "events"},
         {"events", {{{"n", 4}, {"type", "skipped"}, {"from", 2}, {"redacted", true}}, event(5)}}});
    EXPECT_TRUE(u.send.empty());
    EXPECT_EQ(numbers(u), (std::vector<int>{4, 5}));
}

TEST(ClientRoomSession, AnActionIsSentWithItsIdAndTheAckSettlesIt) {
    Greeted g(2);
    const auto sent = g.session.act({{"type", "fire"}, {"cells", {"A1"}}}, "a-1");
    ASSERT_TRUE(sent);
    EXPECT_EQ((*sent)["cmd"], "act");
    EXPECT_EQ((*sent)["action_id"], "a-1");
    EXPECT_EQ(g.session.unsettled(), 1U);
    const auto u = g.session.receive(
        {{"type", "acted"}, {"id", (*sent)["id"]}, {"events", {event(3)}}, {"last_event", 3}});
    ASSERT_EQ(u.settled.size(), 1U);
    EXPECT_EQ(numbers(u), (std::vector<int>{3}));
    EXPECT_EQ(g.session.unsettled(), 0U);
    // The same events pushed afterwards are not new.
    EXPECT_TRUE(g.session.receive(events({3})).events.empty());
}

TEST(ClientRoomSession, ARefusedActionIsSettledToo) {
    Greeted g;
    const auto sent = g.session.act({{"type", "fire"}}, 9);
    const auto u = g.session.receive(
        {{"type", "error"}, {"id", (*sent)["id"]}, {"error", {{"code", "not_your_turn"}}}});
    ASSERT_EQ(u.settled.size(), 1U);
    EXPECT_EQ(u.settled[0]["type"], "error");
    EXPECT_EQ(g.session.unsettled(), 0U);
}

TEST(ClientRoomSession, AfterADropTheUnacknowledgedActionIsResentWithTheSameIdAfterTheCatchUp) {
    Greeted g(4);
    const json action{{"type", "fire"}, {"cells", {"B2"}}};
    const auto first = g.session.act(action, "join-1-ab");
    ASSERT_TRUE(first);
    const auto due = g.session.lost(SessionClock::now());
    ASSERT_TRUE(due);
    EXPECT_EQ(g.session.link(), RoomSession::Link::kOffline);
    // Offline: a new action waits for the connection.
    EXPECT_FALSE(g.session.act({{"type", "fire"}, {"cells", {"C3"}}}, "join-2-cd"));

    const json hello = g.session.opened();
    EXPECT_EQ(hello["token"], "tok");
    const auto u =
        g.session.receive({{"type", "welcome"}, {"id", hello["id"]}, {"you", {{"seat", 0}}}});
    ASSERT_EQ(u.send.size(), 3U);
    EXPECT_EQ(u.send[0]["cmd"], "events");
    EXPECT_EQ(u.send[0]["after"], 4);
    EXPECT_EQ(u.send[1]["cmd"], "act");
    EXPECT_EQ(u.send[1]["action_id"], "join-1-ab");
    EXPECT_EQ(u.send[1]["action"], action);
    EXPECT_NE(u.send[1]["id"], (*first)["id"]);  // a new request, the same action id
    EXPECT_EQ(u.send[2]["action_id"], "join-2-cd");

    // The server had applied the first before it died: it answers a repeat, which settles it.
    const auto repeat = g.session.receive(
        {{"type", "acted"}, {"id", u.send[1]["id"]}, {"action_id", "join-1-ab"}, {"repeat", true}});
    ASSERT_EQ(repeat.settled.size(), 1U);
    EXPECT_TRUE(repeat.settled[0].value("repeat", false));
    EXPECT_EQ(g.session.unsettled(), 1U);
    // An answer to the old connection's request settles nothing.
    EXPECT_TRUE(g.session.receive({{"type", "acted"}, {"id", (*first)["id"]}}).settled.empty());
}

TEST(ClientRoomSession, WithoutASeatAfterTheWelcomeKeptActionsAreDroppedAsRefused) {
    Greeted g;
    g.session.act({{"type", "fire"}}, "x");
    g.session.lost(SessionClock::now());
    const json hello = g.session.opened();
    const auto u =
        g.session.receive({{"type", "welcome"}, {"id", hello["id"]}, {"you", {{"seat", -1}}}});
    ASSERT_EQ(u.settled.size(), 1U);
    EXPECT_EQ(u.settled[0]["error"]["code"], "not_seated");
    EXPECT_EQ(u.send.size(), 1U);  // only the catch-up
}

TEST(ClientRoomSession, ARefusedHelloStopsForGood) {
    Rng rng(3);
    RoomSession session("stale", rng);
    const json hello = session.opened();
    const auto u = session.receive(
        {{"type", "error"},
         {"id", hello["id"]},
         {"error", {{"code", "bad_token"}, {"message", "That token holds no seat here."}}}});
    EXPECT_EQ(u.fatal, "That token holds no seat here.");
    EXPECT_EQ(session.link(), RoomSession::Link::kStopped);
    EXPECT_FALSE(session.lost(SessionClock::now()));
}

TEST(ClientRoomSession, ARefusalBeforeHelloStopsForGood) {
    Rng rng(3);
    RoomSession session("", rng);
    session.refused("no such room");
    EXPECT_FALSE(session.lost(SessionClock::now()));
    EXPECT_EQ(session.fatal_reason(), "no such room");
}

TEST(ClientRoomSession, OtherMessagesGoToTheHost) {
    Greeted g;
    EXPECT_TRUE(g.session.receive({{"type", "ended"}, {"ended", {{"by", "game"}}}}).for_host);
    // An answer to the host's own request.
    EXPECT_TRUE(g.session.receive({{"type", "observation"}, {"id", 12}}).for_host);
}

TEST(ClientRoomSessionBackoff, DoublesFromTheFirstDelayUpToTheCapWithJitterOfAtMostHalf) {
    const BackoffPolicy policy{500ms, 8000ms, 0};
    const std::int64_t full[] = {500, 1000, 2000, 4000, 8000, 8000, 8000, 8000};
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        Rng rng(seed);
        for (int attempt = 0; attempt < 8; ++attempt) {
            const auto d = backoff_delay(policy, attempt, rng).count();
            EXPECT_GE(d, full[attempt] / 2) << attempt;
            EXPECT_LE(d, full[attempt]) << attempt;
        }
    }
    // Huge attempt numbers stay at the cap (no overflow).
    Rng rng(1);
    EXPECT_LE(backoff_delay(policy, 1000, rng).count(), 8000);
}

TEST(ClientRoomSessionBackoff, TheJitterComesFromTheInjectedRngAndSpreadsAcrossTheRange) {
    const BackoffPolicy policy{};
    Rng a(42), b(42);
    std::int64_t lowest = 1 << 30, highest = 0;
    for (int i = 0; i < 500; ++i) {
        const auto x = backoff_delay(policy, 3, a).count();
        EXPECT_EQ(x, backoff_delay(policy, 3, b).count());
        lowest = std::min(lowest, x);
        highest = std::max(highest, x);
    }
    EXPECT_LT(lowest, 2100);  // of 2000..4000
    EXPECT_GT(highest, 3900);
}

TEST(ClientRoomSessionBackoff, TheSessionFollowsTheScheduleResetsOnAWelcomeAndGivesUp) {
    Rng rng(5), same(5);
    const BackoffPolicy policy{500ms, 8000ms, 4};
    RoomSession session("tok", rng, policy);
    const auto now = SessionClock::now();
    // Failed attempts in a row: the delays of attempts 0, 1, 2, 3, then no more.
    for (int attempt = 0; attempt < 4; ++attempt) {
        const auto due = session.lost(now);
        ASSERT_TRUE(due) << attempt;
        EXPECT_EQ(*due - now, backoff_delay(policy, attempt, same)) << attempt;
        session.opened();  // the attempt (which fails: lost again)
    }
    EXPECT_FALSE(session.lost(now));
    EXPECT_EQ(session.link(), RoomSession::Link::kStopped);
    EXPECT_FALSE(session.fatal_reason().empty());

    // A welcome starts a new series from the first delay.
    Rng rng2(9), same2(9);
    RoomSession ok("tok", rng2, policy);
    ok.lost(now);
    backoff_delay(policy, 0, same2);
    ok.opened();
    ok.lost(now);
    backoff_delay(policy, 1, same2);
    const json hello = ok.opened();
    ok.receive({{"type", "welcome"}, {"id", hello["id"]}, {"you", {{"seat", 0}}}});
    const auto due = ok.lost(now);
    ASSERT_TRUE(due);
    EXPECT_EQ(*due - now, backoff_delay(policy, 0, same2));
}

}  // namespace
}  // namespace broadside::client

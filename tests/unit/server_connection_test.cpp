// The connection's state machine (server/connection.h): the send queue, the write in flight, the
// order of closing, the rate limit and strikes. The orderings that crashed `serve` (a reply
// queued past the limit while a write was in flight) are spelled out here; fuzz/connection_fuzz
// explores the rest.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/connection.h"

namespace broadside::server {
namespace {

using Clock = Connection::Clock;

ConnectionLimits small_limits() {
    ConnectionLimits limits;
    limits.max_queued_bytes = 1000;
    limits.messages_per_second = 2;
    limits.message_burst = 3;
    limits.max_strikes = 4;
    return limits;
}

Connection open_connection(Clock::time_point now = Clock::time_point{}) {
    Connection c(small_limits(), now);
    EXPECT_FALSE(c.opened().start_write);
    return c;
}

TEST(ServerConnection, TheMessageInFlightIsUntouchedWhenTheQueueOverflows) {
    Connection c = open_connection();
    ASSERT_TRUE(c.send(std::string(400, 'a')).start_write);
    const char* buffer = c.in_flight().data();
    EXPECT_FALSE(c.send(std::string(400, 'b')).start_write);  // waits behind the write
    const ConnectionStep over = c.send(std::string(400, 'c'));
    EXPECT_TRUE(over.abort);
    EXPECT_EQ(c.overflows(), 1);
    // The write still points into its buffer, which holds what it held.
    EXPECT_TRUE(c.writing());
    EXPECT_EQ(c.in_flight().data(), buffer);
    EXPECT_EQ(c.in_flight(), std::string(400, 'a'));
    // Nothing more is queued or aborted again; the failing write ends it quietly.
    const ConnectionStep later = c.send("x");
    EXPECT_FALSE(later.abort || later.start_write);
    EXPECT_EQ(c.queued_messages(), 0U);
    EXPECT_TRUE(c.finished());
    const ConnectionStep done = c.write_done(false);
    EXPECT_FALSE(done.abort || done.start_write || done.start_close);
    EXPECT_FALSE(c.writing());
    EXPECT_EQ(c.overflows(), 1);
    EXPECT_FALSE(c.finished());  // the room was told once
}

TEST(ServerConnection, MessagesGoOutOneAtATimeInOrder) {
    Connection c = open_connection();
    ASSERT_TRUE(c.send("one").start_write);
    EXPECT_FALSE(c.send("two").start_write);
    EXPECT_FALSE(c.send("three").start_write);
    EXPECT_EQ(c.in_flight(), "one");
    ASSERT_TRUE(c.write_done(true).start_write);
    EXPECT_EQ(c.in_flight(), "two");
    ASSERT_TRUE(c.write_done(true).start_write);
    EXPECT_EQ(c.in_flight(), "three");
    const ConnectionStep idle = c.write_done(true);
    EXPECT_FALSE(idle.start_write || idle.start_close || idle.abort);
    EXPECT_EQ(c.queued_bytes(), 0U);
}

TEST(ServerConnection, AQueueThatNeverDrainsKeepsItsOrder) {
    // A reader that keeps up but never empties the queue (a phone in a busy party room): the
    // queue keeps its order however long it lives, and what it holds stays counted.
    ConnectionLimits limits = small_limits();
    limits.max_queued_bytes = 1 << 20;
    Connection c(limits, Clock::time_point{});
    c.opened();
    int sent = 0;
    ASSERT_TRUE(c.send(std::to_string(sent++)).start_write);
    for (int i = 0; i < 10; ++i) c.send(std::to_string(sent++));
    for (int written = 0; written < 1000; ++written) {
        ASSERT_EQ(c.in_flight(), std::to_string(written));
        EXPECT_EQ(c.queued_messages(), static_cast<std::size_t>(sent - written - 1));
        c.send(std::to_string(sent++));
        ASSERT_TRUE(c.write_done(true).start_write);
    }
}

TEST(ServerConnection, UntilAHelloIsAcceptedEveryMessageIsCheckedAsOne) {
    ConnectionLimits limits = small_limits();
    limits.message_burst = 10;
    Connection c(limits, Clock::time_point{});
    c.opened();
    // Not a hello: refused with its id as written, and the connection stays.
    ReadOutcome early = c.read(R"({"cmd":"ping","id":1.0})", false, Clock::time_point{});
    EXPECT_EQ(early.refused, "hello_first");
    EXPECT_FALSE(early.request);
    EXPECT_EQ(c.in_flight().rfind(R"({"id":1.0,)", 0), 0u) << c.in_flight();
    EXPECT_TRUE(early.keep_reading);
    c.write_done(true);
    // A hello for protocol 1 or 2 is handed on; after it, anything is.
    ReadOutcome hello =
        c.read(R"({"cmd":"hello","protocol":1,"id":"h"})", false, Clock::time_point{});
    ASSERT_TRUE(hello.request);
    EXPECT_EQ(hello.raw_id, "\"h\"");
    EXPECT_TRUE(c.read(R"({"cmd":"anything"})", false, Clock::time_point{}).request);
}

TEST(ServerConnection, AHelloForAnotherProtocolClosesTheConnection) {
    Connection c = open_connection();
    ReadOutcome out =
        c.read(R"({"cmd":"hello","protocol":3,"id":"a"})", false, Clock::time_point{});
    EXPECT_EQ(out.refused, "unsupported_protocol");
    EXPECT_FALSE(out.request);
    EXPECT_FALSE(out.keep_reading);
    EXPECT_TRUE(c.closing());
    EXPECT_EQ(c.close_reason(), "unsupported protocol");
}

TEST(ServerConnection, NothingIsWrittenBeforeTheHandshake) {
    Connection c(small_limits(), Clock::time_point{});
    EXPECT_FALSE(c.send("early").start_write);
    EXPECT_FALSE(c.close("bye").start_close);
    ConnectionStep open = c.opened();
    ASSERT_TRUE(open.start_write);
    EXPECT_EQ(c.in_flight(), "early");
    EXPECT_TRUE(c.write_done(true).start_close);
}

TEST(ServerConnection, TheCloseFrameWaitsForWhatIsQueuedAndNothingFollowsIt) {
    Connection c = open_connection();
    ASSERT_TRUE(c.send("last words").start_write);
    EXPECT_FALSE(c.close("bye").start_close);  // a write is in flight
    EXPECT_FALSE(c.send("after close asked").start_close);
    ASSERT_TRUE(c.write_done(true).start_write);  // the message queued before the close frame
    EXPECT_EQ(c.in_flight(), "after close asked");
    ASSERT_TRUE(c.write_done(true).start_close);
    EXPECT_TRUE(c.close_started());
    EXPECT_EQ(c.close_reason(), "bye");
    const ConnectionStep after = c.send("too late");
    EXPECT_FALSE(after.start_write || after.abort);
    EXPECT_FALSE(c.close("again").start_close);
}

TEST(ServerConnection, AClosingConnectionThatDoesNotReadIsDroppedWhenTheGraceEnds) {
    Connection c = open_connection();
    ASSERT_TRUE(c.send(std::string(500, 'a')).start_write);
    c.close("bye");
    EXPECT_TRUE(c.close_timed_out().abort);
    EXPECT_FALSE(c.close_timed_out().abort);  // once
    EXPECT_EQ(c.in_flight(), std::string(500, 'a'));
}

TEST(ServerConnection, BadFramesAreAnsweredAndTooManyCloseTheConnection) {
    Clock::time_point now{};
    Connection c = open_connection(now);
    ReadOutcome hello = c.read(R"({"cmd":"hello","protocol":2})", false, now);
    ASSERT_TRUE(hello.request.has_value());
    EXPECT_TRUE(hello.refused.empty());
    for (int i = 0; i < 3; ++i) {
        now += std::chrono::seconds(2);  // within the rate
        ReadOutcome bad = c.read("[1,2", false, now);
        EXPECT_FALSE(bad.request.has_value());
        EXPECT_FALSE(bad.refused.empty());
        EXPECT_TRUE(bad.keep_reading);
    }
    now += std::chrono::seconds(2);
    ReadOutcome fourth = c.read(R"({"cmd":"x"})", true, now);  // binary: refused
    EXPECT_FALSE(fourth.keep_reading);
    EXPECT_TRUE(c.closing());
    EXPECT_EQ(c.close_reason(), "too many bad messages");
    // Every refusal was queued as one error object.
    std::size_t errors = 0;
    ConnectionStep step = c.write_done(true);
    while (true) {
        const auto reply = nlohmann::json::parse(c.in_flight(), nullptr, false);
        ASSERT_TRUE(reply.is_object());
        EXPECT_EQ(reply["type"], "error");
        ++errors;
        step = c.write_done(true);
        if (!step.start_write) break;
    }
    EXPECT_EQ(errors + 1, 4U);  // the first went out at once, before the loop
    EXPECT_TRUE(step.start_close);
    EXPECT_FALSE(c.read("{}", false, now).keep_reading);
}

TEST(ServerConnection, TheRateLimitRefusesPastTheBurstAndRefills) {
    Clock::time_point now{};
    Connection c = open_connection(now);
    const std::string games = R"({"cmd":"hello","protocol":2})";
    int taken = 0;
    int limited = 0;
    for (int i = 0; i < 5; ++i) {
        ReadOutcome r = c.read(games, false, now);
        if (r.request) ++taken;
        if (r.refused == "rate_limited") ++limited;
    }
    EXPECT_EQ(taken, 3);
    EXPECT_EQ(limited, 2);
    now += std::chrono::milliseconds(500);  // one more token at 2 a second
    EXPECT_TRUE(c.read(games, false, now).request.has_value());
    EXPECT_EQ(c.read(games, false, now).refused, "rate_limited");
}

TEST(ServerConnection, AFailedWriteEndsTheConnectionOnceAndDropsTheQueue) {
    Connection c = open_connection();
    ASSERT_TRUE(c.send("a").start_write);
    c.send("b");
    EXPECT_TRUE(c.write_done(false).abort);
    EXPECT_EQ(c.queued_bytes(), 0U);
    EXPECT_FALSE(c.send("c").start_write);
    EXPECT_TRUE(c.finished());
    EXPECT_FALSE(c.finished());
}

}  // namespace
}  // namespace broadside::server

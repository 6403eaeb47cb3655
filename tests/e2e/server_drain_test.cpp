// docs/server.md, SIGTERM: "every client ... is sent {"type": "shutdown", ...} and closed with a
// close frame", and a connection the server is closing "gets 10 s to take what is queued": the
// drain waits until every WebSocket has taken what was queued for it (or for that grace) before
// the process stops, so a client that is slow to read still gets its shutdown.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "support/raw_ws.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST(ServerDrain, AClientSlowToReadStillGetsItsShutdownBeforeTheProcessStops) {
    ServerProcess server(temp_dir(), {"--messages-per-second", "1000", "--message-burst", "1000"});
    // A small receive window, and about 460 KB of answers (60 game lists of 7.6 KB) it does not
    // read: more than the kernel's buffers hold, less than --max-queued-bytes (1 MiB).
    RawWs slow(server.port(), "/ws", 4096);
    ASSERT_TRUE(slow.send(R"({"cmd":"hello","protocol":2})"));
    for (int i = 0; i < 60; ++i) {
        ASSERT_TRUE(slow.send(R"({"cmd":"games","id":)" + std::to_string(i) + "}"));
    }
    std::this_thread::sleep_for(milliseconds(500));
    const auto began = Clock::now();
    auto stopped = std::async(std::launch::async, [&] { return server.terminate(); });
    // The process has not stopped a second and a half later: it waits for this client.
    std::this_thread::sleep_for(milliseconds(1500));
    EXPECT_EQ(stopped.wait_for(milliseconds(0)), std::future_status::timeout)
        << "the drain stopped the process while a client still had its shutdown queued";
    bool shutdown = false;
    while (auto text = slow.receive(std::chrono::seconds(5))) {
        if (text->find(R"("type":"shutdown")") != std::string::npos) shutdown = true;
    }
    EXPECT_TRUE(shutdown) << "the slow client never read its shutdown";
    EXPECT_EQ(slow.close_code(), 1000);
    EXPECT_EQ(stopped.get(), 0);
    // Within the closing grace (10 s), however the client answers the close frame.
    EXPECT_LE(std::chrono::duration<double>(Clock::now() - began).count(), 14.0);
}

}  // namespace
}  // namespace broadside::testing

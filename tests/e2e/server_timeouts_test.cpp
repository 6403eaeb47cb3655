// How long `broadside serve` keeps a connection that does nothing useful (docs/server.md,
// "Abuse"): a silent WebSocket is closed after --idle-timeout while an active one stays, and a
// connection the server is closing that does not read is dropped after the 10 s grace.
#include <gtest/gtest.h>

#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "support/raw_ws.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

TEST(ServerTimeouts, ASilentConnectionIsClosedAfterTheIdleTimeoutAndAnActiveOneStays) {
    ServerProcess server(temp_dir(), {"--idle-timeout", "2"});
    auto silent = std::async(std::launch::async, [&] {
        RawWs ws(server.port(), "/ws");
        ws.send(R"({"cmd":"hello","protocol":2})");
        const auto began = Clock::now();
        // Reads everything (the welcome, the server's ping) and never answers the ping.
        const bool closed = ws.drain_until_closed(std::chrono::seconds(10));
        return closed ? seconds_since(began) : -1.0;
    });
    auto active = std::async(std::launch::async, [&] {
        RawWs ws(server.port(), "/ws");
        ws.send(R"({"cmd":"hello","protocol":2,"id":0})");
        for (int i = 1; i <= 10; ++i) {  // five seconds, a message every half second
            std::this_thread::sleep_for(milliseconds(500));
            if (!ws.send(R"({"cmd":"games","id":)" + std::to_string(i) + "}")) return false;
            while (auto text = ws.receive(milliseconds(0))) {
            }
        }
        return !ws.hung_up();
    });
    const double closed_after = silent.get();
    EXPECT_GE(closed_after, 1.5);  // not before the timeout
    EXPECT_LE(closed_after, 5.0);  // and soon after it
    EXPECT_TRUE(active.get()) << "a connection that keeps talking was closed";
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerTimeouts, AClosingConnectionThatDoesNotReadIsDroppedAfterTheGrace) {
    ServerProcess server(temp_dir());
    RawWs ws(server.port(), "/ws", 4096);
    // An unsupported protocol: the server answers with an error and closes. This client reads
    // neither, nor answers the close frame.
    ws.send(R"({"cmd":"hello","protocol":99})");
    const auto began = Clock::now();
    while (!ws.hung_up() && seconds_since(began) < 25) {
        std::this_thread::sleep_for(milliseconds(100));
    }
    const double dropped_after = seconds_since(began);
    EXPECT_TRUE(ws.hung_up());
    EXPECT_GE(dropped_after, 9.0);
    EXPECT_LE(dropped_after, 13.0);
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerTimeouts, TheIdleTimeoutFlagIsCheckedAndListed) {
    auto help = run_broadside({"serve", "--help"});
    EXPECT_NE(help.out.find("--idle-timeout"), std::string::npos);
    auto bad = run_broadside({"serve", "--idle-timeout", "1"});
    EXPECT_EQ(bad.exit_code, 2) << bad.out << bad.err;
}

// server.md's flag table: each limit has the range it states, so that 0 cannot turn a limit
// off (Beast takes a frame limit of 0 for none) or make the server refuse every connection.
TEST(ServerTimeouts, EveryLimitFlagRefusesAValueOutsideItsRange) {
    const std::string dir = temp_dir();
    std::ofstream(dir + "/file") << "";
    const std::string not_a_folder = dir + "/file/data";
    for (const auto& [flag, value] :
         std::vector<std::pair<std::string, std::string>>{{"--max-frame-bytes", "0"},
                                                          {"--max-frame-bytes", "255"},
                                                          {"--max-connections-per-address", "0"},
                                                          {"--max-rooms", "0"},
                                                          {"--messages-per-second", "0"},
                                                          {"--message-burst", "0"},
                                                          {"--max-queued-bytes", "0"},
                                                          {"--room-ttl", "0"}}) {
        // Were the value taken, the server would stop at once on this data path (a file's
        // child: exit 1) rather than listen forever.
        const auto r = run_broadside({"serve", "--port", "0", "--data", not_a_folder, flag, value});
        EXPECT_EQ(r.exit_code, 2) << flag << " " << value << ": " << r.err;
        EXPECT_NE(r.err.find(flag), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace broadside::testing

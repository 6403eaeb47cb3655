// What `broadside serve` does with no flag about it (docs/server.md): the default message rate
// and burst, WebSocket compression never agreed to, and `--node` refused without PostgreSQL.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "client/ws_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// Sends `count` lobby messages at once and reads every answer: how many were handled (the
// others were refused with rate_limited).
int handled_of_flood(client::WsClient& lobby, int count) {
    for (int i = 0; i < count; ++i) lobby.send(json{{"cmd", "games"}}.dump());
    int handled = 0;
    for (int i = 0; i < count; ++i) {
        const auto text = lobby.receive(std::chrono::seconds(5));
        if (!text) {
            ADD_FAILURE() << "an answer is missing";
            break;
        }
        handled +=
            json::parse(*text).value("error", json::object()).value("code", "") != "rate_limited";
    }
    return handled;
}

TEST(ServerDefaults, AConnectionMaySendABurstOf60And20ASecondAfter) {
    ServerProcess server(temp_dir());
    const auto opened = Clock::now();
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    // The bucket starts full (60); the hello took one. (The floods together stay under the 50
    // refusals that close a connection.)
    const auto flood_began = Clock::now();
    const int first = handled_of_flood(lobby, 80);
    ASSERT_LT(first, 80) << "the flood did not empty the bucket";
    const auto flooded = Clock::now();
    EXPECT_GE(first, 59);
    EXPECT_LE(first, 59 + static_cast<int>(20 * seconds_between(opened, flooded)) + 1);
    // Emptied, it refills at 20 a second. (The server times a message by when it was read off
    // the socket, and may read the whole flood at once: the bucket is empty from the flood's
    // start at the earliest.)
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    const auto resent = Clock::now();
    const int second = handled_of_flood(lobby, 40);
    EXPECT_GE(second, static_cast<int>(20 * seconds_between(flooded, resent)) - 1);
    EXPECT_LE(second, static_cast<int>(20 * seconds_between(flood_began, Clock::now())) + 1);
    EXPECT_EQ(server.terminate(), 0);
}

// The head of the server's answer to a WebSocket upgrade that offers permessage-deflate.
std::string upgrade_answer_offering_deflate(unsigned short port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval five_seconds{5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &five_seconds, sizeof five_seconds);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        return "";
    }
    const std::string upgrade =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n";
    (void)send(fd, upgrade.data(), upgrade.size(), MSG_NOSIGNAL);
    std::string answer;
    char buffer[1024];
    while (answer.find("\r\n\r\n") == std::string::npos) {
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        answer.append(buffer, static_cast<std::size_t>(n));
    }
    close(fd);
    return answer.substr(0, answer.find("\r\n\r\n"));
}

TEST(ServerDefaults, PermessageDeflateIsNeverAgreed) {
    ServerProcess server(temp_dir());
    std::string head = upgrade_answer_offering_deflate(server.port());
    ASSERT_EQ(head.rfind("HTTP/1.1 101", 0), 0U) << head;
    std::transform(head.begin(), head.end(), head.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    EXPECT_EQ(head.find("sec-websocket-extensions"), std::string::npos) << head;
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerDefaults, NodeWithoutAPostgresDatabaseIsBadUsage) {
    const std::string dir = temp_dir();
    std::ofstream(dir + "/file") << "";
    // Were it taken, the server would stop at once on this data path (a file's child).
    const std::string not_a_folder = dir + "/file/data";
    for (const auto& db : {std::string(), "sqlite:" + not_a_folder + "/nodes.db"}) {
        std::vector<std::string> args{"serve", "--port", "0", "--node", "a"};
        if (db.empty())
            args.insert(args.end(), {"--data", not_a_folder});
        else
            args.insert(args.end(), {"--db", db});
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 2) << db << ": " << r.err;
        EXPECT_NE(r.err.find("--node needs --db postgresql://"), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace broadside::testing

// What `broadside serve` tells its operator (docs/server.md): where it listens, on standard
// output, with the chosen port even when the links name another address (`--port 0` with
// `--public-url`); its logs (spdlog: rooms created, the drain) on standard error only; and
// `broadside_errors_total`, every request answered with an error, in the lobby and in rooms.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <thread>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

TEST(ServerOutput, ThePortIsPrintedOnStdoutAndTheLogsGoToStderr) {
    const std::string dir = temp_dir();
    const std::string out = dir + "/out.txt";
    const std::string err = dir + "/err.txt";
    const ExecLine line = broadside_line({"serve", "--port", "0", "--data", dir + "/data",
                                          "--public-url", "https://play.example.org"});
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        dup2(open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
        dup2(open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
        dup2(open("/dev/null", O_RDONLY), 0);
        line.exec();
    }
    const std::regex listening("listening on http://127\\.0\\.0\\.1:([0-9]+)");
    unsigned short port = 0;
    for (int i = 0; i < 3000 && port == 0; ++i) {
        std::smatch m;
        const std::string text = read_file(out);
        if (std::regex_search(text, m, listening)) {
            port = static_cast<unsigned short>(std::stoi(m[1].str()));
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    if (port == 0) {
        ::kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        FAIL() << "no port on stdout: " << read_file(out) << read_file(err);
    }
    EXPECT_NE(read_file(out).find("https://play.example.org"), std::string::npos) << read_file(out);
    // A room: its join link uses the public URL, and its creation is logged.
    const json made = create_room(port, {{"game", "classic"}});
    EXPECT_EQ(made["url"].get<std::string>().rfind("https://play.example.org/", 0), 0u)
        << made.dump();
    const std::string code = made["room"];
    ::kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    const std::string printed = read_file(out);
    const std::string logged = read_file(err);
    EXPECT_NE(logged.find("room " + code + " created"), std::string::npos) << logged;
    EXPECT_NE(logged.find("draining"), std::string::npos) << logged;
    EXPECT_EQ(printed.find("room " + code + " created"), std::string::npos) << printed;
    EXPECT_EQ(printed.find("draining"), std::string::npos) << printed;
}

// A metric's value from GET /metrics (0 when absent).
double metric(unsigned short port, const std::string& name) {
    const auto body = http_get(port, "/metrics").body;
    const std::regex line("(^|\n)" + name + " ([0-9.e+]+)");
    std::smatch m;
    return std::regex_search(body, m, line) ? std::stod(m[2]) : 0;
}

TEST(ServerOutput, ErrorsTotalCountsTheLobbysErrorsAndTheRooms) {
    ServerProcess server(temp_dir(),
                         {"--messages-per-second", "100000", "--message-burst", "100000"});
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    const double before = metric(server.port(), "broadside_errors_total");
    EXPECT_EQ(lobby.request({{"cmd", "nope"}})["error"]["code"], "unknown_command");
    EXPECT_EQ(lobby.request({{"cmd", "create"}, {"game", "chess"}})["type"], "error");
    EXPECT_EQ(lobby.request({{"cmd", "create"}, {"game", 5}})["error"]["code"], "bad_request");
    EXPECT_EQ(metric(server.port(), "broadside_errors_total"), before + 3);
    const json made = create_room(server.port(), {{"game", "classic"}});
    SeatClient owner(server.port(), made["room"], made["token"]);
    EXPECT_EQ(owner.request({{"cmd", "nope"}})["type"], "error");
    EXPECT_EQ(metric(server.port(), "broadside_errors_total"), before + 4);
    EXPECT_EQ(lobby.request({{"cmd", "games"}})["type"], "games");
    EXPECT_EQ(metric(server.port(), "broadside_errors_total"), before + 4);
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Abuse": a browser page's Origin is accepted when it is the `--public-url`'s
// origin (compared as origins: the case of the scheme and host, a default port and a trailing
// slash in the flag make no difference), the address the browser asked for, or loopback (http
// or https, any port); another site's page is refused.
TEST(ServerOutput, BrowserOriginsAreComparedAsOrigins) {
    ServerProcess server(temp_dir(), {"--public-url", "HTTPS://Play.Example.org:443/"});
    for (const std::string& origin : std::vector<std::string>{
             "https://play.example.org", "http://127.0.0.1:5173", "https://localhost",
             "http://127.0.0.1:" + std::to_string(server.port())}) {
        EXPECT_NO_THROW(client::WsClient("127.0.0.1", server.port(), "/ws", {{"Origin", origin}}))
            << origin;
    }
    for (const std::string origin :
         {"https://evil.example", "https://play.example.org.evil.example",
          "http://play.example.org:8443"}) {
        EXPECT_THROW(client::WsClient("127.0.0.1", server.port(), "/ws", {{"Origin", origin}}),
                     std::runtime_error)
            << origin;
    }
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Storage": one process owns the SQLite file. A second server on the same
// --data stops at start, saying why, and the first one goes on serving.
TEST(ServerOutput, ASecondServerOnTheSameDataIsRefused) {
    ServerProcess first(temp_dir());
    const std::string err = temp_dir() + "/second.err";
    const ExecLine line = broadside_line({"serve", "--port", "0", "--data", first.data_dir()});
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        dup2(open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
        dup2(open("/dev/null", O_WRONLY), 1);
        dup2(open("/dev/null", O_RDONLY), 0);
        line.exec();
    }
    int status = 0;
    bool exited = false;
    for (int i = 0; i < 1000 && !exited; ++i) {
        exited = waitpid(pid, &status, WNOHANG) == pid;
        if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!exited) {
        ::kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    ASSERT_TRUE(exited) << "a second server ran on the same --data";
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
    EXPECT_NE(read_file(err).find("another broadside server is using"), std::string::npos)
        << read_file(err);
    EXPECT_EQ(create_room(first.port(), {{"game", "classic"}})["type"], "room_created");
    EXPECT_EQ(first.terminate(), 0);
    // Once the first has stopped, the file is free again.
    first.restart();
    EXPECT_EQ(first.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

// Clients that do not read what `broadside serve` sends them, on a real socket against the real
// server (the ASan+UBSan build in the test suite): one that never reads, one that reads a byte a
// second, one that stops reading in the middle of a game. Each sends quickly, with the default
// message caps and with raised ones (the caps that venues and load tests are told to raise, on
// one network thread). The server must disconnect each once its queue passes --max-queued-bytes,
// keep its memory bounded, and go on serving: a game in another room plays to the end meanwhile
// (docs/server.md, "Hostile clients").
#include <gtest/gtest.h>

#include <cstdlib>
#include <future>
#include <regex>
#include <thread>

#include "core/rng.h"
#include "support/raw_ws.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A metric's value from GET /metrics (0 when absent).
double metric(unsigned short port, const std::string& name) {
    const auto body = http_get(port, "/metrics").body;
    const std::regex line("(^|\n)" + name + " ([0-9.e+]+)");
    std::smatch m;
    return std::regex_search(body, m, line) ? std::stod(m[2]) : 0;
}

// How fast a client sends: everything at once, or the default caps' burst then just under the
// sustained rate (so the server answers every message and never strikes it for the rate).
struct Pace {
    bool raised = false;
    milliseconds gap(int sent) const {
        if (raised || sent < 55) return milliseconds(0);
        return milliseconds(55);
    }
    // Between the requests of a client that plays (and reads): under the sustained rate.
    void breathe() const {
        if (!raised) std::this_thread::sleep_for(milliseconds(60));
    }
};

struct Outcome {
    bool disconnected = false;
    int sent = 0;
    std::size_t read = 0;
    std::string failure;
};

// Sends `request` (with a fresh id) at the pace until the server cuts the connection, reading a
// byte a second when `trickle`. Never reads otherwise.
Outcome flood(RawWs& ws, const json& request, Pace pace, bool trickle, int max_messages,
              milliseconds limit) {
    Outcome out;
    const auto deadline = Clock::now() + limit;
    auto next_byte = Clock::now();
    while (Clock::now() < deadline && out.sent < max_messages) {
        if (ws.hung_up()) break;
        json message = request;
        message["id"] = out.sent;
        if (!ws.send(message.dump(), false, milliseconds(2000))) break;
        ++out.sent;
        if (trickle && Clock::now() >= next_byte) {
            out.read += ws.read_bytes(1, milliseconds(0));
            next_byte += std::chrono::seconds(1);
        }
        std::this_thread::sleep_for(pace.gap(out.sent));
    }
    // The server has cut it off (a reset, found by sending or polling), or the time ran out.
    const auto wait = Clock::now() + std::chrono::seconds(15);
    while (!ws.hung_up() && Clock::now() < wait) {
        if (!ws.send(R"({"cmd":"ping"})", false, milliseconds(500))) break;
        std::this_thread::sleep_for(milliseconds(100));
    }
    out.disconnected = ws.hung_up() || !ws.send(R"({"cmd":"ping"})", false, milliseconds(500));
    return out;
}

// Reads messages until the reply with `id` (others are skipped).
json reply_to(RawWs& ws, std::int64_t id) {
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < deadline) {
        auto text = ws.receive(milliseconds(1000));
        if (!text) continue;
        auto message = json::parse(*text, nullptr, false);
        if (message.is_object() && message.value("id", std::int64_t{-1}) == id) return message;
    }
    throw std::runtime_error("no reply to request " + std::to_string(id));
}

Outcome never_reads(unsigned short port, Pace pace) {
    RawWs ws(port, "/ws", 4096);
    ws.send(R"({"cmd":"hello","protocol":2})");
    return flood(ws, {{"cmd", "games"}}, pace, false, 20000, std::chrono::seconds(90));
}

Outcome reads_a_byte_a_second(unsigned short port, Pace pace) {
    RawWs ws(port, "/ws", 4096);
    ws.send(R"({"cmd":"hello","protocol":2})");
    return flood(ws, {{"cmd", "games"}}, pace, true, 20000, std::chrono::seconds(90));
}

// Plays twenty shots of a classic game against a bot, reading every reply, then stops reading
// and keeps asking for every event since the start (a few kilobytes by then).
Outcome stops_reading_mid_game(unsigned short port, Pace pace) {
    auto created =
        create_room(port, {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    RawWs ws(port, "/ws/" + room, 4096);
    ws.send(
        json({{"cmd", "hello"}, {"protocol", 2}, {"token", created["token"]}, {"id", 1}}).dump());
    if (reply_to(ws, 1).value("type", "") != "welcome") return {false, 0, 0, "no welcome"};
    pace.breathe();
    ws.send(R"({"cmd":"start","id":2})");
    reply_to(ws, 2);
    Rng rng(7);
    for (int i = 0, acted = 0; acted < 20 && i < 500; ++i) {
        const std::int64_t id = 10 + 2 * i;
        pace.breathe();
        ws.send(json({{"cmd", "observe"}, {"id", id}}).dump());
        const json obs = reply_to(ws, id);
        if (obs["over"].get<bool>())
            return {false, 0, 0, "the game ended before it stopped reading"};
        if (obs["legal"].is_null()) {
            std::this_thread::sleep_for(milliseconds(50));  // the bot's turn
            continue;
        }
        ws.send(json({{"cmd", "act"},
                      {"id", id + 1},
                      {"action_id", "a" + std::to_string(i)},
                      {"action", random_action(obs["legal"], 0, rng, "classic")}})
                    .dump());
        pace.breathe();
        if (reply_to(ws, id + 1).value("type", "") != "acted") return {false, 0, 0, "not acted"};
        ++acted;
    }
    return flood(ws, {{"cmd", "events"}, {"after", 0}}, pace, false, 20000,
                 std::chrono::seconds(90));
}

// A classic game against a bot, played to the end through the server while the others flood it.
bool plays_to_the_end(unsigned short port, Pace pace) {
    auto created =
        create_room(port, {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    SeatClient me(port, created["room"], created["token"]);
    if (me.request({{"cmd", "start"}}).value("type", "") != "started") return false;
    Rng rng(3);
    for (int step = 0; step < 2000; ++step) {
        pace.breathe();
        const json obs = me.request({{"cmd", "observe"}});
        if (obs["over"].get<bool>()) return true;
        if (obs["legal"].is_null()) {
            std::this_thread::sleep_for(milliseconds(5));
            continue;
        }
        pace.breathe();
        me.request({{"cmd", "act"},
                    {"action_id", "p" + std::to_string(step)},
                    {"action", random_action(obs["legal"], 0, rng, "classic")}});
    }
    return false;
}

void survives_slow_readers(const std::vector<std::string>& flags, Pace pace) {
    // ASan keeps freed memory in quarantine (256 MiB by default), which would hide a bounded
    // heap behind a growing resident size: keep it small for this server.
    const char* asan = std::getenv("ASAN_OPTIONS");
    setenv("ASAN_OPTIONS",
           (std::string(asan ? asan : "") + (asan && *asan ? ":" : "") + "quarantine_size_mb=8")
               .c_str(),
           1);
    ServerProcess server(temp_dir(), flags);
    const unsigned short port = server.port();
    const double resident_before = metric(port, "process_resident_memory_bytes");

    auto game = std::async(std::launch::async, [&] { return plays_to_the_end(port, pace); });
    auto a = std::async(std::launch::async, [&] { return never_reads(port, pace); });
    auto b = std::async(std::launch::async, [&] { return reads_a_byte_a_second(port, pace); });
    auto c = std::async(std::launch::async, [&] { return stops_reading_mid_game(port, pace); });
    const Outcome outcomes[] = {a.get(), b.get(), c.get()};
    const char* names[] = {"never reads", "reads a byte a second", "stops reading mid-game"};
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(outcomes[i].failure.empty()) << names[i] << ": " << outcomes[i].failure;
        EXPECT_TRUE(outcomes[i].disconnected)
            << names[i] << " was not disconnected after " << outcomes[i].sent << " messages";
    }
    EXPECT_TRUE(game.get()) << "the game in another room did not finish";

    // Each was cut off for its queue (not for its pace), once.
    EXPECT_EQ(metric(port, "broadside_send_queue_drops_total"), 3);
    EXPECT_EQ(metric(port, "broadside_rate_limited_total"), 0);
    // Bounded: three queues of at most --max-queued-bytes (1 MiB) came and went. Without the
    // bound, each would have held everything it asked for (tens of megabytes).
    const double resident_after = metric(port, "process_resident_memory_bytes");
    EXPECT_LT(resident_after - resident_before, 48.0 * 1024 * 1024)
        << "resident " << resident_before << " -> " << resident_after;
    EXPECT_EQ(http_get(port, "/healthz").status, 200);
    EXPECT_EQ(server.terminate(), 0);
    const std::string log = server.output();
    EXPECT_EQ(log.find("AddressSanitizer"), std::string::npos) << log;
    EXPECT_EQ(log.find("runtime error"), std::string::npos) << log;
}

TEST(SlowReader, ClientsThatDoNotReadAreCutOffWithTheDefaultCaps) {
    survives_slow_readers({}, Pace{false});
}

TEST(SlowReader, ClientsThatDoNotReadAreCutOffWithRaisedCapsOnOneThread) {
    survives_slow_readers(
        {"--messages-per-second", "100000", "--message-burst", "100000", "--threads", "1"},
        Pace{true});
}

}  // namespace
}  // namespace broadside::testing

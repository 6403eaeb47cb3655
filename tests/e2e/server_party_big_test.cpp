// A party room of more than 64 seats keeps what it sends small (docs/server.md, "Party night"):
// its summary lists the first 65 seats with the counts always there, summaries go out at most
// once a second, and `to_act` lists only the host and the asking seat, with `to_act_count` in
// `observe`. A real server, phones joining over real WebSockets.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

int summaries_in(const std::vector<std::string>& frames) {
    int n = 0;
    for (const auto& frame : frames) {
        const json message = json::parse(frame, nullptr, false);
        if (!message.is_discarded() && message.value("type", "") == "room") ++n;
    }
    return n;
}

TEST(ServerPartyBig, ARoomOfMoreThan64SeatsSendsCompactSummariesAndToActLists) {
    ServerProcess server(temp_dir(), {"--messages-per-second", "1000", "--message-burst", "1000"});
    auto created = create_open_party(server.port());
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    const std::string room = created["room"];
    SeatClient host(server.port(), room, created["token"]);
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");

    const auto join_one = [&](int i) {
        auto phone = std::make_unique<SeatClient>(server.port(), room);
        auto joined = phone->request({{"cmd", "join"},
                                      {"name", "P" + std::to_string(i)},
                                      {"device", "device-" + std::to_string(i)}});
        EXPECT_EQ(joined["type"], "joined") << joined.dump();
        EXPECT_EQ(joined["seat"], i) << joined.dump();
        return phone;
    };
    // 64 players: seats 0 to 64, one more than a room lists in full.
    for (int i = 1; i <= 64; ++i) join_one(i);
    auto summary = host.request({{"cmd", "room"}});
    EXPECT_EQ(summary["seats"].size(), 65U);
    EXPECT_EQ(summary["seat_count"], 65);

    // Twenty more join as fast as they can: the host hears at most one summary a second.
    const int before = summaries_in(host.frames(300));
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<SeatClient> kept;
    for (int i = 65; i <= 84; ++i) {
        auto phone = join_one(i);
        if (i == 70) kept = std::move(phone);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the last one, held back
    const auto& frames = host.frames(300);
    const int heard = summaries_in(frames) - before;
    EXPECT_GE(heard, 1);
    EXPECT_LE(heard, static_cast<int>(seconds) + 3) << "in " << seconds << " s";
    // The one held back arrives, and says the room as it is: the last summary the host heard
    // counts every player (it once sent a summary a phone's hello had cached, and then no more).
    json last;
    for (const auto& frame : frames) {
        const json message = json::parse(frame, nullptr, false);
        if (!message.is_discarded() && message.value("type", "") == "room") last = message;
    }
    EXPECT_EQ(last["players_count"], 84) << last.dump();

    // The summary: the first 65 seats, and the counts.
    summary = host.request({{"cmd", "room"}});
    ASSERT_EQ(summary["seats"].size(), 65U) << summary.dump();
    for (int s = 0; s < 65; ++s) EXPECT_EQ(summary["seats"][s]["seat"], s);
    EXPECT_EQ(summary["seat_count"], 85);
    EXPECT_EQ(summary["players_count"], 84);
    EXPECT_EQ(summary["locked"], false);
    EXPECT_GE(summary["connected_count"].get<int>(), 2) << summary.dump();  // the host, seat 70
    EXPECT_LE(summary["connected_count"].get<int>(), 85) << summary.dump();

    // Every player must place: `to_act` names only the host and the asking seat.
    auto observed = kept->request({{"cmd", "observe"}});
    ASSERT_TRUE(observed.contains("to_act")) << observed.dump();
    for (const auto& s : observed["to_act"]) EXPECT_TRUE(s == 0 || s == 70) << observed["to_act"];
    EXPECT_NE(std::find(observed["to_act"].begin(), observed["to_act"].end(), json(70)),
              observed["to_act"].end())
        << observed["to_act"];
    EXPECT_GE(observed["to_act_count"].get<int>(), 84) << observed.dump();
}

}  // namespace
}  // namespace broadside::testing

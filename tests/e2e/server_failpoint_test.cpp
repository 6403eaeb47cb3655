// "Nothing is acknowledged before it is durable" (docs/server.md, "What survives what"), checked
// by crashing, stalling or failing the server inside each window on purpose with a failpoint
// (docs/testing.md, "Failpoints"), rather than by hoping a kill -9 from outside lands there:
// - `before_commit` / `after_commit_before_ack`, one room at a time (`exit`), and six rooms at
//   once (`pause`, then kill -9): a move handled but not committed was never acknowledged, is
//   gone after the restart and is applied once on resend; a move committed but not acknowledged
//   is there after the restart and its resend comes back with `"repeat": true`; every move
//   acknowledged before the kill is there.
// - `during_bot_move`: the server dies with a bot's move chosen, not committed; after the
//   restart the bot moves again and the game plays to its end, nothing applied twice.
// - `during_restore`: the server dies with some rooms rebuilt; the next start rebuilds all.
// - `commit_fails`: a commit fails as on a full disk; the move is not acknowledged, the server
//   stops (exit code 3), and after the restart the move is absent and plays normally.
// Mutants (tests/mutants/): ack_before_commit, commit_failure_acknowledged, restore_skips_a_room.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <thread>

#include "core/rng.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// Starts a server with BROADSIDE_FAILPOINT set to `armed`; a restart of it will not have it.
std::unique_ptr<ServerProcess> armed_server(const std::string& armed,
                                            std::vector<std::string> extra = kFast) {
    setenv("BROADSIDE_FAILPOINT", armed.c_str(), 1);
    auto server = std::make_unique<ServerProcess>(temp_dir(), std::move(extra));
    unsetenv("BROADSIDE_FAILPOINT");
    return server;
}

int count_of(const std::string& text, const std::string& piece) {
    int n = 0;
    for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
    return n;
}

// Waits until the server has written `line` `times` times (a failpoint firing: the server is
// inside the window now), failing after 30 s.
void wait_for_output(const ServerProcess& server, const std::string& line, int times) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (count_of(server.output(), line) < times) {
        ASSERT_LT(std::chrono::steady_clock::now(), deadline)
            << "\"" << line << "\" not written " << times << " times:\n"
            << server.output();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

// A classic room against an easy bot, seat 0 shooting first.
json bot_room(unsigned short port) {
    return create_room(port, {{"game", "classic"},
                              {"options", {{"first", 0}}},
                              {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
}

// Seat 0's legal actions once it is its turn (the bot may still be placing or shooting).
json legal_when_my_turn(SeatClient& me) {
    for (int i = 0; i < 3000; ++i) {
        auto obs = me.request({{"cmd", "observe"}});
        if (obs["over"].get<bool>()) return nullptr;
        if (!obs["legal"].is_null()) return obs["legal"];
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    throw std::runtime_error("seat 0's turn never came");
}

// How many times seat 0 fired at `cell`, in the room's events.
int shots_at(SeatClient& me, const std::string& cell) {
    const auto events = me.request({{"cmd", "events"}, {"after", 0}})["events"];
    int n = 0;
    for (const auto& e : events) {
        if (e.value("seat", -1) != 0 || e.value("type", "") != "shots") continue;
        for (const auto& shot : e["shots"]) n += shot.value("cell", "") == cell;
    }
    return n;
}

// Whether seat 0's fleet_placed event is in the room's events.
bool placed(SeatClient& me) {
    const auto events = me.request({{"cmd", "events"}, {"after", 0}})["events"];
    return std::any_of(events.begin(), events.end(), [](const json& e) {
        return e.value("type", "") == "fleet_placed" && e.value("seat", -1) == 0;
    });
}

// Plays a classic room against a bot up to seat 0's placement, sends it, and lets the server die
// at `point`; then restarts it and resends. `committed`: whether the move was durable.
void crash_at(const std::string& point, bool committed) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF): " << point;
#endif
    setenv("BROADSIDE_FAILPOINT", (point + ":exit").c_str(), 1);
    ServerProcess server(temp_dir(), kFast);
    unsetenv("BROADSIDE_FAILPOINT");  // the running server has it; the restarted one will not
    auto created = create_room(server.port(),
                               {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    const std::string token = created["token"];
    json act;
    {
        SeatClient me(server.port(), room, token);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        const auto legal = me.request({{"cmd", "legal"}})["legal"];
        Rng rng(3);
        act = {{"cmd", "act"}, {"action_id", "my-fleet"}, {"action", random_action(legal, 0, rng)}};
        // The server dies at the failpoint: no answer, the connection simply ends.
        EXPECT_THROW(me.request(act), std::runtime_error) << "the move was acknowledged";
        for (const auto& frame : me.frames(100)) {
            EXPECT_EQ(frame.find("\"acted\""), std::string::npos) << frame;
        }
    }
    server.kill9();  // reaps the process the failpoint ended (it is gone already)
    server.restart();
    SeatClient me(server.port(), room, token);
    EXPECT_EQ(me.request({{"cmd", "observe"}})["observation"]["placed"], committed)
        << "after the restart, the move is "
        << (committed ? "lost" : "there though never acknowledged");
    const auto again = me.request(act);
    ASSERT_EQ(again["type"], "acted") << again.dump();
    EXPECT_EQ(again.value("repeat", false), committed) << again.dump();
    EXPECT_TRUE(me.request({{"cmd", "observe"}})["observation"]["placed"].get<bool>());
    // Applied once: from now on the same id is a repeat.
    const auto third = me.request(act);
    EXPECT_EQ(third["type"], "acted") << third.dump();
    EXPECT_EQ(third.value("repeat", false), true) << third.dump();
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerFailpoint, AMoveTheServerDiedBeforeCommittingWasNeverAcknowledgedAndIsAppliedOnResend) {
    crash_at("before_commit", false);
}

TEST(ServerFailpoint, AMoveCommittedButNotAcknowledgedComesBackAsARepeat) {
    crash_at("after_commit_before_ack", true);
}

// Six rooms, each with its fleet placed and acknowledged, then a shot in flight in each when the
// server is killed: rooms 0-2 have theirs committed and stalled before the acknowledgement,
// rooms 3-5 have theirs handled and stalled before the commit. Failpoint hits are counted per
// point: the six placements are hits 1-6, rooms 0-2's shots hits 7-9, rooms 3-5's 10-12.
TEST(ServerFailpoint,
     SixRoomsKilledInBothWindowsAtOnceLoseNothingAcknowledgedAndApplyNothingTwice) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF)";
#endif
    auto extra = kFast;
    extra.insert(extra.end(), {"--threads", "8"});  // six stalled rooms, two threads to spare
    auto server =
        armed_server("after_commit_before_ack:pause=60000@7*3,before_commit:pause=60000@10", extra);
    struct Player {
        std::string room, token;
        std::unique_ptr<SeatClient> client;
        json shot;
        std::string cell;
    };
    std::vector<Player> players(6);
    Rng rng(17);
    for (auto& p : players) {
        auto created = bot_room(server->port());
        p.room = created["room"];
        p.token = created["token"];
        p.client = std::make_unique<SeatClient>(server->port(), p.room, p.token);
        ASSERT_EQ(p.client->request({{"cmd", "start"}})["type"], "started");
        const auto fleet = random_action(legal_when_my_turn(*p.client), 0, rng);
        const auto acted =
            p.client->request({{"cmd", "act"}, {"action_id", "fleet"}, {"action", fleet}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
        p.shot = random_action(legal_when_my_turn(*p.client), 0, rng);
        p.cell = p.shot["cells"][0];
    }
    auto send_shot = [](Player& p) {
        p.client->ws().send(
            json{{"cmd", "act"}, {"id", "shot"}, {"action_id", "shot"}, {"action", p.shot}}.dump());
    };
    for (int i = 0; i < 3; ++i) send_shot(players[static_cast<std::size_t>(i)]);
    wait_for_output(*server, "failpoint after_commit_before_ack: pause", 3);
    for (int i = 3; i < 6; ++i) send_shot(players[static_cast<std::size_t>(i)]);
    wait_for_output(*server, "failpoint before_commit: pause", 3);
    for (auto& p : players) {
        for (const auto& frame : p.client->frames(50)) {
            EXPECT_EQ(frame.find(R"("action_id":"shot")"), std::string::npos)
                << "acknowledged: " << frame;
        }
        p.client.reset();
    }
    server->kill9();
    server->restart();
    for (std::size_t i = 0; i < players.size(); ++i) {
        SCOPED_TRACE("room " + std::to_string(i));
        const bool committed = i < 3;
        SeatClient me(server->port(), players[i].room, players[i].token);
        EXPECT_TRUE(placed(me)) << "the acknowledged placement is lost";
        EXPECT_EQ(shots_at(me, players[i].cell), committed ? 1 : 0)
            << (committed ? "the committed shot is lost" : "an uncommitted shot is there");
        const json act{{"cmd", "act"}, {"action_id", "shot"}, {"action", players[i].shot}};
        const auto again = me.request(act);
        ASSERT_EQ(again["type"], "acted") << again.dump();
        EXPECT_EQ(again.value("repeat", false), committed) << again.dump();
        EXPECT_EQ(me.request(act).value("repeat", false), true);
        EXPECT_EQ(shots_at(me, players[i].cell), 1) << "applied other than once";
    }
    EXPECT_EQ(server->terminate(), 0);
}

// The server dies with the bot's first shot chosen but not committed (its placement is hit 1).
TEST(ServerFailpoint, KilledDuringABotsMoveTheBotMovesAgainAfterTheRestartAndTheGameEnds) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF)";
#endif
    auto server = armed_server("during_bot_move:exit@2");
    auto created = bot_room(server->port());
    const std::string room = created["room"];
    const std::string token = created["token"];
    Rng rng(23);
    std::vector<json> mine;  // seat 0's acknowledged actions
    {
        SeatClient me(server->port(), room, token);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        for (int i = 0; i < 2; ++i) {  // the fleet, then the first shot
            const auto action = random_action(legal_when_my_turn(me), 0, rng);
            const auto acted = me.request(
                {{"cmd", "act"}, {"action_id", "a" + std::to_string(i)}, {"action", action}});
            ASSERT_EQ(acted["type"], "acted") << acted.dump();
            mine.push_back(action);
        }
        wait_for_output(*server, "failpoint during_bot_move: exit", 1);
    }
    server->kill9();  // it is ending itself, or has: either way the bot's shot is not committed
    server->restart();
    SeatClient me(server->port(), room, token);
    for (int i = 2;; ++i) {
        const auto legal = legal_when_my_turn(me);  // the bot shoots again first
        if (legal.is_null()) break;
        const auto action = random_action(legal, 0, rng);
        const auto acted = me.request(
            {{"cmd", "act"}, {"action_id", "a" + std::to_string(i)}, {"action", action}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
        ASSERT_FALSE(acted.value("repeat", false));
        mine.push_back(action);
    }
    const auto record = me.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record") << record.dump();
    std::vector<json> seat0;
    std::set<std::string> bot_cells;
    int bot_shots = 0;
    for (const auto& a : record["record"]["actions"]) {
        if (a["seat"] == 0) seat0.push_back(a["action"]);
        if (a["seat"] == 1 && a["action"].value("type", "") == "fire") {
            ++bot_shots;
            bot_cells.insert(a["action"].contains("cell")
                                 ? a["action"]["cell"].get<std::string>()
                                 : a["action"]["cells"][0].get<std::string>());
        }
    }
    EXPECT_EQ(seat0, mine) << "seat 0's moves, each once, in order";
    EXPECT_GT(bot_shots, 0);
    EXPECT_EQ(static_cast<int>(bot_cells.size()), bot_shots) << "a bot shot applied twice";
    EXPECT_EQ(server->terminate(), 0);
}

// Three rooms stored with moves in them; the start that dies after rebuilding the second loses
// nothing, and the next start rebuilds all three exactly as they were.
TEST(ServerFailpoint, KilledDuringRestoreTheNextStartRestoresEveryRoomIntact) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF)";
#endif
    ServerProcess server(temp_dir(), kFast);
    Rng rng(29);
    std::vector<std::pair<std::string, std::string>> rooms;
    std::vector<json> before;
    for (int r = 0; r < 3; ++r) {
        auto created = bot_room(server.port());
        rooms.emplace_back(created["room"], created["token"]);
        SeatClient me(server.port(), rooms.back().first, rooms.back().second);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        for (int i = 0; i < 1 + r; ++i) {
            const auto action = random_action(legal_when_my_turn(me), 0, rng);
            ASSERT_EQ(me.request({{"cmd", "act"}, {"action_id", i}, {"action", action}})["type"],
                      "acted");
        }
        (void)legal_when_my_turn(me);  // the bot has answered: the room is at rest
        before.push_back(me.request({{"cmd", "events"}, {"after", 0}})["events"]);
    }
    ASSERT_EQ(server.terminate(), 0);
    setenv("BROADSIDE_FAILPOINT", "during_restore:exit@2", 1);
    try {
        server.restart();
        unsetenv("BROADSIDE_FAILPOINT");
        FAIL() << "the server started though armed to die during the restore";
    } catch (const std::runtime_error& e) {
        unsetenv("BROADSIDE_FAILPOINT");
        EXPECT_NE(std::string(e.what()).find("failpoint during_restore: exit"), std::string::npos)
            << e.what();
    }
    server.restart();
    for (std::size_t r = 0; r < rooms.size(); ++r) {
        SCOPED_TRACE("room " + std::to_string(r));
        SeatClient me(server.port(), rooms[r].first, rooms[r].second);
        EXPECT_EQ(me.request({{"cmd", "events"}, {"after", 0}})["events"], before[r]);
        EXPECT_EQ(me.welcome["you"]["seat"], 0);
    }
    EXPECT_EQ(server.terminate(), 0);
}

// A commit holding a player's move fails as on a full disk. The server acknowledges nothing and
// stops at once (exit code 3, docs/server.md "What survives what"); after the restart the move
// is absent, its resend is applied, and the game goes on.
TEST(ServerFailpoint, AFailedCommitIsNeverAcknowledgedTheServerStopsAndTheMoveIsAbsentAfter) {
#ifndef BROADSIDE_FAILPOINTS
    GTEST_SKIP() << "this build has no failpoints (BROADSIDE_FAILPOINTS=OFF)";
#endif
    auto server = armed_server("commit_fails:fail*1");
    auto created = bot_room(server->port());
    const std::string room = created["room"];
    const std::string token = created["token"];
    Rng rng(31);
    json act;
    {
        SeatClient me(server->port(), room, token);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        act = {{"cmd", "act"},
               {"action_id", "fleet"},
               {"action", random_action(legal_when_my_turn(me), 0, rng)}};
        EXPECT_THROW(me.request(act), std::runtime_error) << "the failed move was acknowledged";
        for (const auto& frame : me.frames(100)) {
            EXPECT_EQ(frame.find("\"acted\""), std::string::npos) << frame;
        }
    }
    wait_for_output(*server, "stopping at once", 1);
    EXPECT_EQ(server->terminate(), 3);
    const std::string log = server->output();
    EXPECT_NE(log.find("failpoint commit_fails: fail"), std::string::npos) << log;
    EXPECT_NE(log.find("commit failed"), std::string::npos) << log;
    server->restart();
    SeatClient me(server->port(), room, token);
    EXPECT_FALSE(placed(me)) << "the move of the failed commit is there";
    const auto again = me.request(act);
    ASSERT_EQ(again["type"], "acted") << again.dump();
    EXPECT_FALSE(again.value("repeat", false)) << again.dump();
    EXPECT_TRUE(placed(me));
    const auto shot = random_action(legal_when_my_turn(me), 0, rng);
    const auto fired = me.request({{"cmd", "act"}, {"action_id", "shot"}, {"action", shot}});
    ASSERT_EQ(fired["type"], "acted") << fired.dump();
    EXPECT_EQ(shots_at(me, shot["cells"][0]), 1);
    EXPECT_EQ(server->terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

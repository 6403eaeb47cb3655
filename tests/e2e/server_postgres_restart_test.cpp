// `serve --db postgresql://...` keeps its promise across a crash (docs/server.md, "What survives
// what"): two people play a classic game part-way on a throwaway PostgreSQL, the server is killed
// with SIGKILL, a new server on the same database brings the room back, nothing acknowledged is
// lost, and the same two clients (by their tokens) finish the game. The same test on SQLite is
// ServerFailpoint's and JoinReconnect's; this one adds the database the server does not own.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "core/rng.h"
#include "support/postgres_throwaway.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// Plays up to `limit` acknowledged actions for whichever of the two seats is to act (stops
// early when the game is over); returns how many were acknowledged.
int play(SeatClient* seats[2], Rng& rng, int limit, int& next_id) {
    int acted = 0;
    for (int round = 0; round < 3000 && acted < limit; ++round) {
        bool moved = false;
        for (int seat = 0; seat < 2 && acted < limit; ++seat) {
            auto obs = seats[seat]->request({{"cmd", "observe"}});
            if (obs["over"].get<bool>()) return acted;
            if (obs["legal"].is_null()) continue;
            const auto& to_act = obs["to_act"];
            if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) continue;
            auto ack = seats[seat]->request(
                {{"cmd", "act"},
                 {"action_id", "a" + std::to_string(next_id++)},
                 {"action", random_action(obs["legal"], seat, rng, "classic")}});
            if (ack.value("type", "") == "acted") {
                ++acted;
                moved = true;
            }
        }
        if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return acted;
}

TEST(ServerPostgres, KilledMidGameTheRestartedServerLosesNothingAndTheGameEnds) {
    const std::string db = shared_postgres().create_database();
    ServerProcess server(
        "", {"--db", db, "--messages-per-second", "100000", "--message-burst", "100000"});
    EXPECT_NE(server.output().find("database postgresql:///"), std::string::npos)
        << server.output();
    const json options = {{"rows", 5},
                          {"cols", 5},
                          {"first", 0},
                          {"fleet", {{{"name", "Destroyer"}, {"length", 2}}}}};
    auto created = create_room(server.port(), {{"game", "classic"}, {"options", options}});
    const std::string room = created["room"];
    const std::string ann_token = created["token"];
    std::string bob_token;
    json before;
    Rng rng(7);
    int next_id = 0;
    {
        SeatClient ann(server.port(), room, ann_token);
        SeatClient bob(server.port(), room);
        auto joined = bob.request({{"cmd", "join"}, {"name", "Bob"}});
        ASSERT_EQ(joined["type"], "joined") << joined;
        bob_token = joined["token"];
        ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
        SeatClient* seats[2] = {&ann, &bob};
        ASSERT_EQ(play(seats, rng, 5, next_id), 5);  // both placements and three shots
        before = ann.request({{"cmd", "events"}, {"after", 0}})["events"];
        server.kill9();
    }
    server.restart();
    SeatClient ann(server.port(), room, ann_token);
    SeatClient bob(server.port(), room, bob_token);
    EXPECT_EQ(ann.welcome["you"]["seat"], 0) << ann.welcome;
    EXPECT_EQ(bob.welcome["you"]["seat"], 1) << bob.welcome;
    // Every event acknowledged before the kill is there, the same, in the same order.
    const json after = ann.request({{"cmd", "events"}, {"after", 0}})["events"];
    ASSERT_GE(after.size(), before.size()) << after;
    for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(after[i], before[i]) << i;
    SeatClient* seats[2] = {&ann, &bob};
    play(seats, rng, 1'000'000, next_id);
    ann.wait_for("ended");
    const auto record = ann.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record") << record;
    EXPECT_EQ(bob.request({{"cmd", "record"}})["record"], record["record"]);
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerPostgres, BadDatabaseUrlsAndUnreachableDatabasesAreClearErrors) {
    const auto both = run_broadside(
        {"serve", "--port", "0", "--data", temp_dir(), "--db", "sqlite:" + temp_dir() + "/x.db"});
    EXPECT_EQ(both.exit_code, 2) << both.err;
    EXPECT_NE(both.err.find("--db and --data"), std::string::npos) << both.err;
    const auto bad = run_broadside({"serve", "--port", "0", "--db", "mysql://x/y"});
    EXPECT_EQ(bad.exit_code, 2) << bad.err;
    EXPECT_NE(bad.err.find("sqlite:PATH, or postgresql://"), std::string::npos) << bad.err;
    // server.md: "The password never appears in what the server prints", a mistyped scheme too.
    const auto typo = run_broadside(
        {"serve", "--port", "0", "--db", "postgressql://ann:s3cret@db.example/broadside"});
    EXPECT_EQ(typo.exit_code, 2) << typo.err;
    EXPECT_NE(typo.err.find("postgressql://ann:***@db.example/broadside"), std::string::npos)
        << typo.err;
    EXPECT_EQ(typo.err.find("s3cret"), std::string::npos) << typo.err;
    // Nothing listens there: a clear line, exit code 1, and the password is not printed.
    const auto down =
        run_broadside({"serve", "--port", "0", "--db",
                       "postgresql://ann:s3cret@127.0.0.1:1/broadside?connect_timeout=5"});
    EXPECT_EQ(down.exit_code, 1) << down.err;
    EXPECT_NE(down.err.find("cannot open the database postgresql://ann:***@127.0.0.1:1/"),
              std::string::npos)
        << down.err;
    EXPECT_NE(down.err.find("cannot connect to PostgreSQL"), std::string::npos) << down.err;
    EXPECT_EQ(down.err.find("s3cret"), std::string::npos) << down.err;
    // One line, though libpq's reason spans two.
    EXPECT_EQ(std::count(down.err.begin(), down.err.end(), '\n'), 1) << down.err;
    // A password given as a query parameter is not printed either.
    const auto query = run_broadside(
        {"serve", "--port", "0", "--db", "postgresql://127.0.0.1:1/db?password=hunter2"});
    EXPECT_EQ(query.exit_code, 1) << query.err;
    EXPECT_EQ(query.err.find("hunter2"), std::string::npos) << query.err;
    EXPECT_NE(query.err.find("?password=***"), std::string::npos) << query.err;
}

}  // namespace
}  // namespace broadside::testing

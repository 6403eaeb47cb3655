// The room clocks of `broadside serve` (docs/server.md, "Clocks"): a turn or placement that runs
// out is played by a bot or forfeited, as the creator chose; the clocks run on across a restart;
// an absent player's seat is held for the grace period, then a bot moves for it or the opponent
// claims the win. Limits of a second or two keep the tests short.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

TEST(ServerClock, BadClockSettingsAreRefusedAndNamed) {
    ServerProcess server(temp_dir(), kFast);
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    for (const json& clock : {json{{"turn_seconds", -1}}, json{{"turn_seconds", "60"}},
                              json{{"on_timeout", "explode"}}, json{{"grace_seconds", 99999}},
                              json{{"tick", 1}}, json("fast"), json{{"bot_for_absent", 1}}}) {
        auto refused = lobby.request({{"cmd", "create"}, {"game", "classic"}, {"clock", clock}});
        EXPECT_EQ(refused["error"]["code"], "bad_clock") << clock.dump() << refused.dump();
    }
    auto rooms = lobby.request({{"cmd", "rooms"}});
    EXPECT_TRUE(rooms["rooms"].empty());
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerClock, AnIdlePlayersPlacementAndTurnsArePlayedByABotAndTheClockSurvivesARestart) {
    ServerProcess server(temp_dir(), kFast);
    const json clock{{"turn_seconds", 1}, {"placement_seconds", 1}, {"on_timeout", "bot"}};
    auto created = create_room(
        server.port(),
        {{"game", "classic"}, {"clock", clock}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    {
        SeatClient me(server.port(), room, created["token"]);
        EXPECT_EQ(me.welcome["room"]["clock"]["turn_seconds"], 1);
        auto started = me.request({{"cmd", "start"}});
        ASSERT_EQ(started["type"], "started");
        auto state = me.request({{"cmd", "room"}});
        ASSERT_TRUE(state["deadlines"].contains("0")) << state.dump();
        // Nobody places seat 0's fleet: after a second a bot does, and then takes its shots.
        auto placed = me.wait_for("timeout");
        EXPECT_EQ(placed["seat"], 0);
        EXPECT_EQ(placed["why"], "clock");
        auto shot = me.wait_for("timeout");
        EXPECT_EQ(shot["seat"], 0);
        auto obs = me.request({{"cmd", "observe"}});
        EXPECT_TRUE(obs["observation"]["placed"].get<bool>());
        EXPECT_FALSE(obs["observation"]["targets"]["misses"].empty() &&
                     obs["observation"]["targets"]["hits"].empty());
    }
    // Stopped for longer than a turn: when it is back, the clock has run on, and a bot moves.
    ASSERT_EQ(server.terminate(), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    server.restart();
    SeatClient me(server.port(), room, created["token"]);
    const auto before = me.request({{"cmd", "observe"}})["last_event"].get<int>();
    auto again = me.wait_for("timeout");
    EXPECT_EQ(again["seat"], 0);
    EXPECT_GT(me.request({{"cmd", "observe"}})["last_event"].get<int>(), before);
    EXPECT_EQ(server.terminate(), 0);
}

// "With a clock on, the room summary and each `events` message carry `deadlines`" (docs/server.md,
// "Clocks"): the events pushed unasked and the answer to `events` alike, for a clock of any
// settings (with only a grace period no turn has a deadline, and the map is empty).
TEST(ServerClock, WithAClockOnEveryEventsMessageCarriesTheDeadlines) {
    ServerProcess server(temp_dir(), kFast);
    for (const json& clock :
         {json{{"placement_seconds", 60}, {"turn_seconds", 60}}, json{{"grace_seconds", 30}}}) {
        SCOPED_TRACE(clock.dump());
        auto created = create_room(
            server.port(),
            {{"game", "classic"}, {"clock", clock}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
        SeatClient me(server.port(), created["room"], created["token"]);
        ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
        const json asked = me.request({{"cmd", "events"}, {"after", 0}});
        ASSERT_EQ(asked["type"], "events") << asked.dump();
        EXPECT_TRUE(asked.contains("deadlines")) << asked.dump();
        EXPECT_TRUE(me.request({{"cmd", "room"}}).contains("deadlines"));
        // The bot places at once: its event reaches this seat unasked.
        const json pushed = me.wait_for("events");
        EXPECT_TRUE(pushed.contains("deadlines")) << pushed.dump();
        if (clock.contains("placement_seconds")) {
            EXPECT_TRUE(asked["deadlines"].contains("0")) << asked.dump();
        }
    }
    // Without a clock, none.
    auto created = create_room(server.port(),
                               {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    EXPECT_FALSE(me.request({{"cmd", "events"}}).contains("deadlines"));
    EXPECT_FALSE(me.request({{"cmd", "room"}}).contains("deadlines"));
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerClock, WithForfeitThePlayerWhoseTimeRunsOutLosesTheGame) {
    ServerProcess server(temp_dir(), kFast);
    const json clock{{"placement_seconds", 1}, {"on_timeout", "forfeit"}};
    auto created = create_room(server.port(), {{"game", "classic"}, {"clock", clock}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    SeatClient bob(server.port(), room);
    ASSERT_EQ(bob.request({{"cmd", "join"}, {"name", "Bob"}})["type"], "joined");
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    Rng rng(5);
    auto legal = ann.request({{"cmd", "legal"}})["legal"];
    ASSERT_EQ(ann.request({{"cmd", "act"},
                           {"action_id", "place"},
                           {"action", random_action(legal, 0, rng)}})["type"],
              "acted");
    // Bob never places his fleet.
    auto ended = ann.wait_for("ended");
    EXPECT_EQ(ended["ended"]["by"], "timeout");
    EXPECT_EQ(ended["ended"]["seat"], 1);
    EXPECT_EQ(ended["ended"]["winner"], 0);
    auto record = ann.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record");
    EXPECT_EQ(record["record"]["ended"]["by"], "timeout");
    // Every fleet is revealed, though the match itself never finished: Ann's, and Bob's none.
    EXPECT_EQ(record["record"]["reveal"]["fleets"][0].size(), 5u) << record["record"].dump();
    EXPECT_TRUE(record["record"]["reveal"]["fleets"][1].empty());
    // The record still replays (the forfeit is in the room's log, not a move of the match).
    const std::string file = temp_dir() + "/timeout.json";
    std::ofstream(file) << record["record"].dump();
    EXPECT_EQ(run_broadside({"replay", file}).exit_code, 0);
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerClock, TheOpponentOfSomeoneWhoLeftClaimsTheWinAfterTheGracePeriod) {
    ServerProcess server(temp_dir(), kFast);
    auto created =
        create_room(server.port(), {{"game", "classic"}, {"clock", {{"grace_seconds", 2}}}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    std::string bob_token;
    {
        SeatClient bob(server.port(), room);
        auto joined = bob.request({{"cmd", "join"}, {"name", "Bob"}});
        bob_token = joined["token"];
        ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
        EXPECT_EQ(ann.request({{"cmd", "claim"}})["error"]["code"], "not_allowed");
    }  // Bob's connection closes.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    auto early = ann.request({{"cmd", "claim"}});
    EXPECT_EQ(early["error"]["code"], "too_early") << early.dump();
    // Coming back within the grace period keeps the seat; leaving again restarts the wait.
    { SeatClient bob(server.port(), room, bob_token); }
    std::this_thread::sleep_for(std::chrono::milliseconds(2300));
    auto claimed = ann.request({{"cmd", "claim"}});
    ASSERT_EQ(claimed["type"], "claimed") << claimed.dump();
    EXPECT_EQ(claimed["winner"], 0);
    auto state = ann.request({{"cmd", "room"}});
    EXPECT_EQ(state["phase"], "over");
    EXPECT_EQ(state["ended"]["by"], "claim");
    EXPECT_EQ(state["ended"]["seat"], 1);
    EXPECT_EQ(server.terminate(), 0);
}

// The answer to a lobby's `quick`: `matched`, once a second person asked.
json matched(client::WsClient& lobby) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
        auto text = lobby.receive(std::chrono::milliseconds(500));
        if (!text) continue;
        auto message = json::parse(*text);
        if (message["type"] == "matched") return message;
    }
    return json();
}

// A quick match's partner who never opens the room (so never "left" it) is absent from the
// start: a claim against them waits out the grace period (`too_early`), instead of being refused
// for good as if they were there (it was, until the server restarted).
TEST(ServerClock, APlayerWhoNeverOpenedTheRoomIsAbsentFromTheStart) {
    ServerProcess server(temp_dir(), kFast);
    client::WsClient ann_lobby("127.0.0.1", server.port(), "/ws");
    client::WsClient bob_lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(ann_lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    ASSERT_EQ(bob_lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    ann_lobby.send_json({{"cmd", "quick"}, {"game", "classic"}, {"name", "Ann"}, {"id", 1}});
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    bob_lobby.send_json({{"cmd", "quick"}, {"game", "classic"}, {"name", "Bob"}, {"id", 1}});
    const auto ann_match = matched(ann_lobby);
    ASSERT_EQ(ann_match["type"], "matched") << ann_match;
    ASSERT_EQ(matched(bob_lobby)["type"], "matched");
    SeatClient ann(server.port(), ann_match["room"], ann_match["token"]);
    const auto early = ann.request({{"cmd", "claim"}});
    EXPECT_EQ(early["error"]["code"], "too_early") << early.dump();
    EXPECT_NE(early["error"]["message"].get<std::string>().find("claim in"), std::string::npos)
        << early.dump();
    // Bob never came: the message says how long he has been away, not that he left.
    EXPECT_EQ(early["error"]["message"].get<std::string>().rfind("Your opponent has been away ", 0),
              0U)
        << early.dump();
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerClock, WithBotForAbsentABotMovesForAPlayerWhoLeftAndHeTakesOverOnReturn) {
    ServerProcess server(temp_dir(), kFast);
    const json clock{{"grace_seconds", 1}, {"bot_for_absent", true}};
    auto created = create_room(server.port(), {{"game", "classic"}, {"clock", clock}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    std::string bob_token;
    Rng rng(8);
    {
        SeatClient bob(server.port(), room);
        bob_token = bob.request({{"cmd", "join"}, {"name", "Bob"}})["token"];
        ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    }
    auto legal = ann.request({{"cmd", "legal"}})["legal"];
    ASSERT_EQ(
        ann.request(
            {{"cmd", "act"}, {"action_id", "p"}, {"action", random_action(legal, 0, rng)}})["type"],
        "acted");
    // Bob is away: after the grace period his fleet is placed for him...
    auto placed = ann.wait_for("timeout");
    EXPECT_EQ(placed["seat"], 1);
    EXPECT_EQ(placed["why"], "absent");
    // ...and his shots are fired for him, whoever moves first; Ann plays her own turns.
    auto incoming = [&] {
        auto obs = ann.request({{"cmd", "observe"}});
        return obs["observation"]["incoming"]["hits"].size() +
               obs["observation"]["incoming"]["misses"].size();
    };
    // Ann's next shot, once it is her turn: what the server answered.
    int ann_shots = 0;
    auto ann_fires = [&] {
        for (;;) {
            auto obs = ann.request({{"cmd", "observe"}});
            if (!obs["legal"].is_null()) {
                return ann.request({{"cmd", "act"},
                                    {"action_id", "f" + std::to_string(++ann_shots)},
                                    {"action", random_action(obs["legal"], 0, rng)}});
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    };
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (incoming() == 0 && std::chrono::steady_clock::now() < give_up) {
        ASSERT_EQ(ann_fires()["type"], "acted");
    }
    ASSERT_GT(incoming(), 0u) << "no shot was fired for the absent player";
    // Bob comes back and plays his own turns again: nothing moves for him while he is here.
    SeatClient bob(server.port(), room, bob_token);
    ASSERT_EQ(ann_fires()["type"], "acted");
    const auto seen = incoming();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    EXPECT_EQ(bob.request({{"cmd", "observe"}})["to_act"], json({1}));
    EXPECT_EQ(incoming(), seen);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

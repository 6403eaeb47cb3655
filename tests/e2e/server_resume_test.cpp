// Reconnecting (docs/server.md, "Reconnecting"): `hello` with `after` sends the missed events
// right after the welcome, in order, before anything new, each once; without `after`, `events`
// answers every event above its number (so an event pushed between the hello and the request
// comes twice: the window `after` closes). Found by ServerClusterParty, where a relay widens the
// window. Mutant: tests/mutants/resume_after_ignored.patch.
#include <gtest/gtest.h>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// Every event number in the `events` messages among `frames` (after index `from`), in order.
std::vector<std::int64_t> numbers(const std::vector<std::string>& frames, std::size_t from = 0) {
    std::vector<std::int64_t> out;
    for (std::size_t i = from; i < frames.size(); ++i) {
        const json m = json::parse(frames[i], nullptr, false);
        if (!m.is_object() || m.value("type", "") != "events") continue;
        for (const auto& e : m["events"]) out.push_back(e["n"]);
    }
    return out;
}

struct Game {
    std::string room;
    std::unique_ptr<SeatClient> ann, bob;
    std::string bob_token;
    int next = 0;
    // Ann fires at the next cell of row A (a 5x5 board with one Destroyer each: no hit ends it).
    void ann_fires() {
        const auto shot = ann->request(
            {{"cmd", "act"},
             {"action_id", "f" + std::to_string(next)},
             {"action", {{"type", "fire"}, {"cells", {"E" + std::to_string(++next)}}}}});
        ASSERT_EQ(shot["type"], "acted") << shot;
    }
    void bob_fires() {
        const auto shot =
            bob->request({{"cmd", "act"},
                          {"action_id", "b" + std::to_string(next)},
                          {"action", {{"type", "fire"}, {"cells", {"D" + std::to_string(next)}}}}});
        ASSERT_EQ(shot["type"], "acted") << shot;
    }
};

Game start(ServerProcess& server) {
    const json options = {{"rows", 5},
                          {"cols", 5},
                          {"first", 0},
                          {"fleet", {{{"name", "Destroyer"}, {"length", 2}}}}};
    auto created = create_room(server.port(), {{"game", "classic"}, {"options", options}});
    Game g;
    g.room = created["room"];
    g.ann = std::make_unique<SeatClient>(server.port(), g.room, created["token"]);
    g.bob = std::make_unique<SeatClient>(server.port(), g.room);
    g.bob_token = g.bob->request({{"cmd", "join"}, {"name", "Bob"}})["token"];
    EXPECT_EQ(g.ann->request({{"cmd", "start"}})["type"], "started");
    EXPECT_EQ(g.ann->request({{"cmd", "act"},
                              {"action_id", "p"},
                              {"action", {{"type", "place"}, {"ships", {"A1 right"}}}}})["type"],
              "acted");
    EXPECT_EQ(g.bob->request({{"cmd", "act"},
                              {"action_id", "p"},
                              {"action", {{"type", "place"}, {"ships", {"A1 right"}}}}})["type"],
              "acted");
    return g;  // events 1 to 3: two placements and the start of the firing
}

TEST(ServerResume, HelloWithAfterSendsTheMissedEventsInOrderBeforeAnythingNew) {
    ServerProcess server(temp_dir(), kFast);
    Game g = start(server);
    g.bob.reset();  // Bob saw events 1 to 3
    g.ann_fires();  // 4
    g.bob = std::make_unique<SeatClient>(server.port(), g.room, g.bob_token, json{{"after", 3}});
    EXPECT_EQ(g.bob->welcome["last_event"], 4);
    g.bob_fires();  // 5
    g.ann_fires();  // 6
    g.bob->wait_for("events");
    const auto seen = numbers(g.bob->frames(200));
    // Event 5 came in Bob's own acknowledgement; every other number exactly once, in order.
    EXPECT_EQ(seen, (std::vector<std::int64_t>{4, 6})) << json(g.bob->frames()).dump();
    // `after` beyond the last event is the last event.
    SeatClient late(server.port(), g.room, g.bob_token, json{{"after", 99}});
    EXPECT_EQ(late.welcome["last_event"], 6);
    EXPECT_TRUE(numbers(late.frames(200)).empty());
}

TEST(ServerResume, WithoutAfterAnEventsAnswerHoldsEveryEventAboveItsNumber) {
    ServerProcess server(temp_dir(), kFast);
    Game g = start(server);
    g.bob.reset();  // Bob saw events 1 to 3
    g.ann_fires();  // 4
    g.bob = std::make_unique<SeatClient>(server.port(), g.room, g.bob_token);
    EXPECT_EQ(g.bob->welcome["last_event"], 4);
    EXPECT_TRUE(numbers(g.bob->frames(200)).empty());  // nothing is sent before it asks
    g.bob_fires();                                     // 5, in Bob's acknowledgement
    g.ann_fires();                                     // 6, pushed to Bob
    g.bob->wait_for("events");
    // The answer holds every event above 3, 6 included (the documented window: use `after`).
    const auto answer = g.bob->request({{"cmd", "events"}, {"after", 3}});
    std::vector<std::int64_t> got;
    for (const auto& e : answer["events"]) got.push_back(e["n"]);
    EXPECT_EQ(got, (std::vector<std::int64_t>{4, 5, 6})) << answer;
    EXPECT_EQ(answer["last_event"], 6);
}

}  // namespace
}  // namespace broadside::testing

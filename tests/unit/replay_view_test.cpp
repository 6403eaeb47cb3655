// The replay page's steps (match/replay_view.h): for each seat and for the public view, the
// observation after every action and the events it added are what that seat received live, the
// start is the view before any action, and a record that does not replay, or a seat the game
// does not have, is refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "match/match.h"
#include "match/replay_view.h"

namespace broadside {
namespace {

const json kFleet0 = {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
const json kFleet1 = {"A6 right", "B7 right", "C8 right", "D8 right", "E9 right"};

struct Live {
    json start;                            // observation before any action, per seat + 1
    std::vector<std::vector<json>> obs;    // [seat + 1][step]
    std::vector<std::vector<json>> added;  // [seat + 1][step]: events_for(seat, before)
    json record;
};

// Plays a whole Salvo game, noting what each seat (and the public view) saw after each action.
Live play_salvo() {
    Live live;
    auto created = Match::create("salvo", {{"first", 0}}, 11);
    EXPECT_TRUE(created.ok());
    Match m = std::move(created.value());
    live.obs.resize(3);
    live.added.resize(3);
    live.start = json::array({m.observation(-1), m.observation(0), m.observation(1)});
    auto step = [&](int seat, const json& action) {
        const auto before = m.last_event_number();
        auto r = m.act(seat, action);
        ASSERT_TRUE(r.ok()) << action.dump();
        for (int viewer = -1; viewer <= 1; ++viewer) {
            live.obs[static_cast<std::size_t>(viewer + 1)].push_back(m.observation(viewer));
            live.added[static_cast<std::size_t>(viewer + 1)].push_back(
                m.events_for(viewer, before));
        }
    };
    step(0, {{"type", "place"}, {"ships", kFleet0}});
    step(1, {{"type", "place"}, {"ships", kFleet1}});
    for (int turn = 0; !m.is_over() && turn < 200; ++turn) {
        const int seat = m.seats_to_act().at(0);
        const json legal = m.legal_actions(seat);
        std::vector<std::string> cells;
        for (int i = 0; i < legal["count"].get<int>(); ++i) cells.push_back(legal["cells"][i]);
        step(seat, {{"type", "fire"}, {"cells", cells}});
    }
    EXPECT_TRUE(m.is_over());
    live.record = m.record().value();
    return live;
}

TEST(ReplayView, EveryStepIsWhatTheSeatSawLiveForEachSeatAndThePublicView) {
    const Live live = play_salvo();
    const auto actions = live.record["actions"].size();
    for (int seat = -1; seat <= 1; ++seat) {
        SCOPED_TRACE(seat);
        auto view = replay_view(live.record, seat);
        ASSERT_TRUE(view.ok()) << view.error().message;
        const auto at = static_cast<std::size_t>(seat + 1);
        EXPECT_EQ((*view)["game"], "salvo");
        EXPECT_EQ((*view)["seat"], seat);
        EXPECT_EQ((*view)["seats"], 2);
        EXPECT_TRUE((*view)["over"].get<bool>());
        EXPECT_EQ((*view)["result"]["winner"], live.record["result"]["winner"]);
        EXPECT_EQ((*view)["start"]["observation"], live.start[at]);
        ASSERT_EQ((*view)["steps"].size(), actions);
        for (std::size_t i = 0; i < actions; ++i) {
            const json& s = (*view)["steps"][i];
            EXPECT_EQ(s["seat"], live.record["actions"][i]["seat"]) << i;
            EXPECT_EQ(s["observation"], live.obs[at][i]) << i;
            EXPECT_EQ(s["events"], json(live.added[at][i])) << i;
        }
    }
}

TEST(ReplayView, ASeatsStepsHideTheOtherFleetUntilItIsHit) {
    const Live live = play_salvo();
    auto view = replay_view(live.record, 0);
    ASSERT_TRUE(view.ok());
    // Seat 1's placement (step 2) reaches seat 0 without its ships, as it did live.
    const std::string placed = (*view)["steps"][1].dump();
    EXPECT_EQ(placed.find("A6 right"), std::string::npos) << placed;
    // The public view never names a placement.
    auto pub = replay_view(live.record, -1);
    ASSERT_TRUE(pub.ok());
    EXPECT_EQ(pub->dump().find("A6 right"), std::string::npos);
    EXPECT_EQ(pub->dump().find("A1 right"), std::string::npos);
    // While seat 0's own view has its own fleet from its placement on.
    EXPECT_NE((*view)["steps"][0].dump().find("A1 right"), std::string::npos);
}

TEST(ReplayView, ARecordThatDoesNotReplayOrASeatOutsideTheGameIsRefused) {
    const Live live = play_salvo();
    EXPECT_EQ(replay_view(live.record, 2).error().code, "bad_seat");
    EXPECT_EQ(replay_view(live.record, -2).error().code, "bad_seat");
    json tampered = live.record;
    tampered["actions"][2]["action"]["cells"][0] = "J10";
    tampered["actions"][2]["action"]["cells"][1] = "J10";
    EXPECT_EQ(replay_view(tampered, 0).error().code, "replay_mismatch");
    EXPECT_EQ(replay_view(json::array({1, 2}), 0).error().code, "bad_record");
    EXPECT_EQ(replay_view({{"format", "broadside-record"}}, 0).error().code, "bad_record");
}

}  // namespace
}  // namespace broadside

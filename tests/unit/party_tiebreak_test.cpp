// The tiebreak in all its cases: one winner left standing, a shared win by the same super
// torpedo, and a tie that survives all six. Torpedo orders are scripted: the 30 regular ones
// avoid six chosen cells, which then come as the super torpedoes in the order given.
#include <gtest/gtest.h>

#include "games/party/codec.h"
#include "games/party/instance.h"
#include "games/party/observation.h"
#include "unit/party_test_support.h"

namespace broadside::party {
namespace {

using namespace test;

// Left unfired: A6 is only the rows fleet's Patrol Boat, F1 only the columns fleet's Patrol
// Boat; C6-F6 are open sea for both. Each of the two fleets keeps exactly one ship afloat.
const std::vector<std::string> kPatrolBoatsLeft{"A6", "F1", "C6", "D6", "E6", "F6"};

TEST(PartyTiebreak, PlayersTiedForTheMostPlayTheTiebreakAndOthersDoNot) {
    // A third fleet with nothing on the six unfired cells ends with no ship afloat.
    const std::vector<std::string> sunk_fleet{"B1 down", "C1 down", "D1 down",
                                              "E1 down", "F2 down", "A1 down"};
    State s = placed_game({kRows, kColumns, sunk_fleet});
    fire_all_but(s, kPatrolBoatsLeft);
    ASSERT_EQ(s.phase, Phase::kTiebreak);
    EXPECT_EQ(s.most, 1);
    EXPECT_EQ(s.afloat[2], 0);
    EXPECT_EQ(s.tied, (std::vector<int>{0, 1}));
    EXPECT_EQ(s.remaining, (std::vector<int>{0, 1}));
}

TEST(PartyTiebreak, ATiedPlayerHitByASuperTorpedoIsEliminatedAtOnceAndTheLastOneLeftWins) {
    State s = placed_game({kRows, kColumns});
    fire_all_but(s, kPatrolBoatsLeft);
    ASSERT_EQ(s.phase, Phase::kTiebreak);
    const auto r = fire_ok(s, "A6");  // the rows fleet's Patrol Boat
    EXPECT_TRUE(r.super);
    EXPECT_EQ(r.number, 1);
    EXPECT_EQ(r.eliminated, std::vector<int>{0});
    EXPECT_EQ(s.eliminated_by[0], 1);
    EXPECT_EQ(s.phase, Phase::kOver);  // one winner: no more torpedoes needed
    EXPECT_EQ(s.winners, std::vector<int>{1});
    EXPECT_EQ(s.finish, Finish::kLastStanding);
    EXPECT_EQ(s.fired_count, 31);
    EXPECT_TRUE(ship_destroyed_by_super(s, 0, 5));
    // The player sees it in their own fleet; the other's Patrol Boat was never hit.
    EXPECT_EQ(observe(s, 1)["my_fleet"][5]["destroyed_by_super_torpedo"], true);
    EXPECT_EQ(observe(s, 1)["my_fleet"][0]["destroyed_by_super_torpedo"], false);
    EXPECT_EQ(observe(s, 2)["my_fleet"][5]["destroyed_by_super_torpedo"], false);
}

TEST(PartyTiebreak, ASuperTorpedoOnOpenSeaEliminatesNobody) {
    State s = placed_game({kRows, kColumns});
    fire_all_but(s, kPatrolBoatsLeft);
    for (const char* c : {"C6", "D6", "E6"}) {
        const auto r = fire_ok(s, c);
        EXPECT_TRUE(r.eliminated.empty());
        EXPECT_EQ(s.phase, Phase::kTiebreak);
    }
    fire_ok(s, "F1");  // the columns fleet's Patrol Boat
    EXPECT_EQ(s.winners, std::vector<int>{0});
    EXPECT_EQ(s.eliminated_by[1], 4);
}

TEST(PartyTiebreak, TiedPlayersEliminatedByTheSameLastSuperTorpedoShareTheWin) {
    // Ruling: several tied players eliminated by the same super torpedo as the last ones share.
    State s = placed_game({kRows, kRows, kColumns});
    fire_all_but(s, kPatrolBoatsLeft);
    ASSERT_EQ(s.tied, (std::vector<int>{0, 1, 2}));
    fire_ok(s, "F1");  // player 2 out; 0 and 1 remain
    EXPECT_EQ(s.remaining, (std::vector<int>{0, 1}));
    const auto r = fire_ok(s, "A6");  // both remaining out at once
    EXPECT_EQ(r.eliminated, (std::vector<int>{0, 1}));
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winners, (std::vector<int>{0, 1}));
    EXPECT_EQ(s.finish, Finish::kEliminatedTogether);
    EXPECT_TRUE(s.remaining.empty());
}

TEST(PartyTiebreak, EliminatingAllButOneAtOnceLeavesThatOneTheWinner) {
    State s = placed_game({kRows, kRows, kColumns});
    fire_all_but(s, kPatrolBoatsLeft);
    const auto r = fire_ok(s, "A6");
    EXPECT_EQ(r.eliminated, (std::vector<int>{0, 1}));
    EXPECT_EQ(s.winners, std::vector<int>{2});
    EXPECT_EQ(s.finish, Finish::kLastStanding);
}

TEST(PartyTiebreak, PlayersStillInAfterTheSixthSuperTorpedoShareTheWin) {
    // Ruling: a tie surviving all six is shared. It needs a tie at zero ships afloat: a tied
    // player with a ship afloat has a segment on an unfired cell, which a super torpedo hits.
    const std::vector<std::string> open_sea{"E3", "F3", "D4", "E4", "F4", "F6"};
    State s = placed_game({kRows, kColumns});
    fire_all_but(s, open_sea);
    ASSERT_EQ(s.phase, Phase::kTiebreak);
    EXPECT_EQ(s.most, 0);
    for (std::size_t i = 0; i < open_sea.size(); ++i) {
        EXPECT_EQ(s.phase, Phase::kTiebreak);
        const auto r = fire_ok(s, open_sea[i]);
        EXPECT_EQ(r.number, static_cast<int>(i) + 1);
        EXPECT_TRUE(r.eliminated.empty());
    }
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winners, (std::vector<int>{0, 1}));
    EXPECT_EQ(s.finish, Finish::kSurvivedAll);
    EXPECT_EQ(s.fired_count, kCells);
}

TEST(PartyTiebreak, ATiedPlayerWithAShipAfloatIsAlwaysHitBeforeTheSixthEnds) {
    // Why a tie above zero always ends with elimination: every afloat ship has a segment among
    // the six unfired cells, and the super torpedoes fire at all six.
    Rng rng(17);
    for (int game = 0; game < 300; ++game) {
        State s = placed_game({kRows, kColumns, kRows});
        while (s.phase != Phase::kOver) {
            TorpedoReport r;
            ASSERT_TRUE(fire_torpedo(s, draw_torpedo(s, rng), r).ok());
        }
        if (!s.tied.empty() && s.most > 0) {
            EXPECT_NE(s.finish, Finish::kSurvivedAll);
        }
        if (!s.tied.empty() && s.most == 0) {
            EXPECT_EQ(s.finish, Finish::kSurvivedAll);
        }
    }
}

TEST(PartyTiebreak, TheEventsAnnounceTheTiebreakAndEachSuperTorpedo) {
    // Through the instance with a seed whose draw ties two identical fleets (always tied).
    Rng rng(3);
    auto def = party_definition();
    auto g = def.create(def.normalize_options({{"players", 2}}).value(), rng);
    const json place{{"type", "place"}, {"ships", kRows}};
    ASSERT_TRUE(g->act(1, place, rng).ok());
    ASSERT_TRUE(g->act(2, place, rng).ok());
    std::vector<json> events;
    while (!g->is_over()) {
        auto fired = g->act(0, {{"type", "fire"}}, rng);
        ASSERT_TRUE(fired.ok());
        for (auto& e : *fired) events.push_back(e.content);
    }
    std::vector<std::string> types;
    for (const auto& e : events) types.push_back(e["type"]);
    ASSERT_GE(types.size(), 34U);
    EXPECT_EQ(types[29], "torpedo");
    EXPECT_EQ(types[30], "count");
    EXPECT_EQ(types[31], "tiebreak_starts");
    EXPECT_EQ(events[31]["players"], json::array({1, 2}));
    EXPECT_EQ(types[32], "super_torpedo");
    EXPECT_EQ(types.back(), "game_over");
    EXPECT_EQ(events.back()["winners"], json::array({1, 2}));
    const auto result = g->result();
    EXPECT_EQ(result["winners"], json::array({1, 2}));
    EXPECT_TRUE(result["how"] == "eliminated_together" || result["how"] == "survived_all_six");
}

}  // namespace
}  // namespace broadside::party

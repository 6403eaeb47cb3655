// Battleship Royale actions as JSON: every action survives a round trip, and bad JSON is an
// error that names what is wrong.
#include <gtest/gtest.h>

#include "games/royale/codec.h"
#include "unit/royale_test_support.h"

namespace broadside::royale {
namespace {

using namespace broadside::royale::testing;
using nlohmann::json;

TEST(RoyaleCodec, EveryActionRoundTrips) {
    const auto deck = default_deck(Mode::kAdvanced);
    const std::vector<json> actions{
        {{"type", "discard"}, {"cards", {"R09", "R15"}}},
        {{"type", "roll"}},
        {{"type", "end"}},
        {{"type", "sonar"}, {"line", "C"}},
        {{"type", "sonar"}, {"line", "10"}, {"source", "bonus"}},
        {{"type", "fire"}, {"cells", {"H10", "I7", "J9"}}},
        {{"type", "bonus"}, {"cells", {"A1", "B2"}}, {"card", "R24"}},
        {{"type", "bonus"}, {"cells", {"A1"}}},
    };
    for (const auto& a : actions) {
        auto parsed = parse_action(a, *deck);
        ASSERT_TRUE(parsed.ok()) << a.dump() << ": " << parsed.error().message;
        EXPECT_EQ(to_json(*parsed, *deck), a);
    }
}

TEST(RoyaleCodec, ForgivingForms) {
    const auto deck = default_deck(Mode::kStandard);
    auto one = parse_action({{"type", "fire"}, {"cell", "b7"}}, *deck);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ(to_json(*one, *deck), json({{"type", "fire"}, {"cells", {"B7"}}}));
    auto column = parse_action({{"type", "sonar"}, {"line", 7}}, *deck);
    ASSERT_TRUE(column.ok());
    EXPECT_EQ(to_json(*column, *deck)["line"], "7");
    auto row = parse_action({{"type", "sonar"}, {"line", "c"}}, *deck);
    ASSERT_TRUE(row.ok());
    EXPECT_EQ(to_json(*row, *deck)["line"], "C");
}

TEST(RoyaleCodec, BadActionsAreNamedErrors) {
    const auto deck = default_deck(Mode::kStandard);
    const std::vector<std::pair<json, std::string>> cases{
        {json("fire"), "bad_action"},
        {json({{"type", "fly"}}), "unknown_action"},
        {json({{"type", "fire"}}), "bad_action"},
        {json({{"type", "fire"}, {"cell", "K1"}}), "off_board"},
        {json({{"type", "fire"}, {"cell", "hello"}}), "bad_cell"},
        {json({{"type", "sonar"}, {"line", "K"}}), "bad_line"},
        {json({{"type", "sonar"}, {"line", "11"}}), "bad_line"},
        {json({{"type", "sonar"}}), "bad_action"},
        {json({{"type", "sonar"}, {"line", "A"}, {"source", "borrowed"}}), "bad_action"},
        {json({{"type", "discard"}, {"cards", {"S99"}}}), "unknown_card"},
        {json({{"type", "discard"}}), "bad_action"},
        {json({{"type", "bonus"}, {"card", "S01"}}), "bad_action"},
    };
    for (const auto& [action, code] : cases) {
        auto parsed = parse_action(action, *deck);
        ASSERT_FALSE(parsed.ok()) << action.dump();
        EXPECT_EQ(parsed.error().code, code) << action.dump();
        EXPECT_FALSE(parsed.error().message.empty());
    }
}

TEST(RoyaleRules, EliminationOrderFollowsTheSinkings) {
    Rng rng(40);
    // Seat 1 keeps S05 (A7-A9), S01 (A1-C1), S03 (A5-B5); seat 2 S10 (C2-G2), S12 (C9-G9), S13
    // (D1-F1). Seat 0 sinks seat 2 first, then seat 1.
    State s = dealt_game(Mode::kStandard,
                         {{"S02", "S07", "S11", "S14", "S24"},
                          {"S05", "S01", "S03", "S20", "S29"},
                          {"S10", "S12", "S13", "S15", "S16"}},
                         {{"S14", "S24"}, {"S20", "S29"}, {"S15", "S16"}}, rng);
    set_roll(s, 30);
    for (const char* c : {"C2", "D2", "E2", "F2", "G2", "C9", "D9", "E9", "F9", "G9", "D1", "E1",
                          "F1", "A7", "A8", "A9", "A1", "B1"}) {
        ASSERT_TRUE(apply(s, 0, FireAction{{at(c)}}, rng).ok()) << c;
    }
    EXPECT_EQ(s.elimination_order, std::vector<int>{2});
    for (const char* c : {"C1", "A5", "B5"}) {
        ASSERT_TRUE(apply(s, 0, FireAction{{at(c)}}, rng).ok()) << c;
    }
    EXPECT_EQ(s.elimination_order, (std::vector<int>{2, 1}));
    EXPECT_EQ(s.winners, std::vector<int>{0});
    EXPECT_EQ(s.phase, Phase::kOver);
}

}  // namespace
}  // namespace broadside::royale

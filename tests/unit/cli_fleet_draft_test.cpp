// `auto` in `play` (and `join`) places the ships the player has not placed yet: uniformly among
// the layouts that keep the ships already placed, and, when almost no random draw fits, by a
// search around them (docs/rules/classic.md, "Automatic placement"). It says "no room" only when
// the rest cannot fit at all.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "cli/classic/play_placement.h"
#include "support/chi_square.h"

namespace broadside::cli {
namespace {

std::vector<ShipSpec> ships_of(int count, int length) {
    std::vector<ShipSpec> out;
    for (int i = 0; i < count; ++i) out.push_back({"Ship" + std::to_string(i), length});
    return out;
}

TEST(FleetDraftAuto, FillsTheRestUniformlyAroundTheShipsPlaced) {
    // 5x5, a 3-ship placed on A1-A3, then a 2-ship by auto: every one of its legal places
    // equally often.
    const BoardSize board{5, 5};
    std::map<std::string, std::int64_t> seen;
    Rng rng(5);
    for (int i = 0; i < 20'000; ++i) {
        FleetDraft draft({{"Cruiser", 3}, {"Destroyer", 2}}, board, false);
        ASSERT_TRUE(draft.add("A1 right").ok());
        ASSERT_TRUE(draft.fill_randomly(rng).ok());
        ASSERT_TRUE(draft.complete());
        EXPECT_EQ(draft.placements()[0], "A1 right");
        ++seen[draft.placements()[1]];
    }
    // The legal places, counted by placing each by hand (the rules' own check), not assumed.
    int legal = 0;
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 5; ++c) {
            for (const char* way : {" right", " down"}) {
                FleetDraft probe({{"Cruiser", 3}, {"Destroyer", 2}}, board, false);
                ASSERT_TRUE(probe.add("A1 right").ok());
                const std::string text =
                    std::string(1, static_cast<char>('A' + r)) + std::to_string(c + 1) + way;
                if (probe.add(text).ok()) ++legal;
            }
        }
    }
    EXPECT_EQ(static_cast<int>(seen.size()), legal);
    std::vector<std::int64_t> counts;
    for (const auto& [place, n] : seen) counts.push_back(n);
    EXPECT_TRUE(broadside::testing::fits_uniform(counts));
}

TEST(FleetDraftAuto, FinishesAFleetTooTightForRandomDrawsBySearchingAroundThePlacedShips) {
    // Ten ships of length 10 on 10x10: about 7 legal layouts in 10^13 draws, so only the search
    // finds the other nine rows (or columns) once the player has placed the first.
    for (const char* first : {"A1 right", "A1 down", "E1 right"}) {
        FleetDraft draft(ships_of(10, 10), BoardSize{10, 10}, false);
        ASSERT_TRUE(draft.add(first).ok());
        Rng rng(11);
        const Status st = draft.fill_randomly(rng);
        ASSERT_TRUE(st.ok()) << first << ": " << st.error().message;
        EXPECT_TRUE(draft.complete());
        EXPECT_EQ(draft.placements()[0], first);
        EXPECT_TRUE(validate_layout(draft.fleet(), draft.layout(), BoardSize{10, 10}, false).ok());
    }
}

TEST(FleetDraftAuto, TheSearchKeepsClearOfTheCellsAroundThePlacedShipsWithNoTouch) {
    // Three 5-ships on 5x5 with no_touch fit only on rows A, C and E.
    FleetDraft draft(ships_of(3, 5), BoardSize{5, 5}, true);
    ASSERT_TRUE(draft.add("C1 right").ok());
    Rng rng(2);
    ASSERT_TRUE(draft.fill_randomly(rng).ok());
    EXPECT_TRUE(validate_layout(draft.fleet(), draft.layout(), BoardSize{5, 5}, true).ok());
}

TEST(FleetDraftAuto, SaysThereIsNoRoomOnlyWhenTheRestCannotFit) {
    // With the first ship on row B, the two left need two rows apart among D and E: impossible.
    FleetDraft draft(ships_of(3, 5), BoardSize{5, 5}, true);
    ASSERT_TRUE(draft.add("B1 right").ok());
    Rng rng(2);
    const Status st = draft.fill_randomly(rng);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "no_room");
    EXPECT_EQ(draft.placed(), 1u) << "a failed auto changes nothing";
}

}  // namespace
}  // namespace broadside::cli

// The optional weapons' geometry and rolls (seed 002), checked against the seed's own examples
// and every threshold of both dice kinds.
#include <gtest/gtest.h>

#include <set>

#include "games/classic/weapons.h"

namespace broadside::classic {
namespace {

const BoardSize k10{10, 10};

Cell at(const char* text) {
    return parse_cell(text, k10).value();
}

std::set<std::string> names(const Bitboard& cells) {
    std::set<std::string> out;
    cells.for_each([&](int i) { out.insert(to_string(cell_at(i, k10))); });
    return out;
}

TEST(Weapons, EachPlayerHasOneNukeAndTwoOfEveryOtherWeapon) {
    EXPECT_EQ(uses_per_game(Weapon::kNuke), 1);
    for (Weapon w : {Weapon::kScuba, Weapon::kTorpedo, Weapon::kExperimental, Weapon::kBomber}) {
        EXPECT_EQ(uses_per_game(w), 2) << weapon_name(w);
    }
}

TEST(Weapons, NamesRoundTripAndUnknownNamesAreErrors) {
    for (Weapon w : {Weapon::kNuke, Weapon::kScuba, Weapon::kTorpedo, Weapon::kExperimental,
                     Weapon::kBomber}) {
        EXPECT_EQ(parse_weapon(weapon_name(w)).value(), w);
    }
    EXPECT_EQ(parse_weapon("laser").error().code, "unknown_weapon");
}

TEST(TacticalNuke, CentreD4HitsExactlyTheThirteenCellsOfTheSeedExample) {
    const std::set<std::string> expected{"B4", "C3", "C4", "C5", "D2", "D3", "D4",
                                         "D5", "D6", "E3", "E4", "E5", "F4"};
    EXPECT_EQ(names(nuke_cells(at("D4"), k10, false)), expected);
}

TEST(TacticalNuke, ConditionBravoHitsTheFullFiveByFiveSquare) {
    const Bitboard cells = nuke_cells(at("D4"), k10, true);
    EXPECT_EQ(cells.count(), 25);
    for (const char* c : {"B2", "B6", "F2", "F6", "D4"})
        EXPECT_TRUE(cells.test(cell_index(at(c), k10))) << c;
}

TEST(TacticalNuke, CellsOutsideTheBoardAreIgnored) {
    EXPECT_EQ(nuke_cells(at("A1"), k10, false).count(), 6);  // A1-A3, B1, B2, C1
    EXPECT_EQ(nuke_cells(at("A1"), k10, true).count(), 9);
    EXPECT_EQ(nuke_cells(at("J10"), k10, true).count(), 9);
}

TEST(TacticalNuke, D20OneFailsTwoToNineteenExplodesTwentyIsConditionBravo) {
    EXPECT_EQ(nuke_outcome(DiceKind::kD20, 1), NukeOutcome::kFails);
    for (int r = 2; r <= 19; ++r)
        EXPECT_EQ(nuke_outcome(DiceKind::kD20, r), NukeOutcome::kDiamond) << r;
    EXPECT_EQ(nuke_outcome(DiceKind::kD20, 20), NukeOutcome::kConditionBravo);
}

TEST(TacticalNuke, ThreeD6ThreeFailsFourToSeventeenExplodesEighteenIsConditionBravo) {
    EXPECT_EQ(nuke_outcome(DiceKind::k3D6, 3), NukeOutcome::kFails);
    for (int r = 4; r <= 17; ++r)
        EXPECT_EQ(nuke_outcome(DiceKind::k3D6, r), NukeOutcome::kDiamond) << r;
    EXPECT_EQ(nuke_outcome(DiceKind::k3D6, 18), NukeOutcome::kConditionBravo);
}

TEST(BomberFlight, SucceedsOnD20EightOrMoreAnd3D6SixOrMore) {
    for (int r = 1; r <= 20; ++r) EXPECT_EQ(bomber_succeeds(DiceKind::kD20, r), r >= 8) << r;
    for (int r = 3; r <= 18; ++r) EXPECT_EQ(bomber_succeeds(DiceKind::k3D6, r), r >= 6) << r;
}

TEST(BomberFlight, HitsEverySquareAroundTheCentreIncludingItNineBombs) {
    const std::set<std::string> expected{"F5", "F6", "F7", "G5", "G6", "G7", "H5", "H6", "H7"};
    EXPECT_EQ(names(bomber_cells(at("G6"), k10)), expected);
    EXPECT_EQ(bomber_cells(at("A1"), k10).count(), 4);
}

TEST(ScubaAttack, D20TwelveCapturesEightDestroysLessFails) {
    for (int r = 1; r <= 20; ++r) {
        const auto want = r >= 12  ? ScubaOutcome::kCaptures
                          : r >= 8 ? ScubaOutcome::kDestroys
                                   : ScubaOutcome::kFails;
        EXPECT_EQ(scuba_outcome(DiceKind::kD20, r), want) << r;
    }
}

TEST(ScubaAttack, ThreeD6TenCapturesSevenDestroysLessFails) {
    for (int r = 3; r <= 18; ++r) {
        const auto want = r >= 10  ? ScubaOutcome::kCaptures
                          : r >= 7 ? ScubaOutcome::kDestroys
                                   : ScubaOutcome::kFails;
        EXPECT_EQ(scuba_outcome(DiceKind::k3D6, r), want) << r;
    }
}

TEST(TorpedoAttack, FromF10ItTravelsAlongRowFAndHitsTheSubmarineOnF7) {
    auto path = torpedo_path(at("F10"), std::nullopt, k10);
    ASSERT_TRUE(path.ok());
    ASSERT_EQ(path->size(), 10U);
    EXPECT_EQ(path->front(), at("F10"));
    EXPECT_EQ(path->back(), at("F1"));
    Bitboard submarine;
    for (const char* c : {"F5", "F6", "F7"}) submarine.set(cell_index(at(c), k10));
    const auto hit = torpedo_target(*path, submarine, Bitboard{}, k10);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(to_string(*hit), "F7");
}

TEST(TorpedoAttack, ItPassesOverHitSegmentsAndMissesWhenItLeavesTheBoard) {
    auto path = torpedo_path(at("A3"), std::nullopt, k10).value();  // top edge: travels down
    EXPECT_EQ(path[1], at("B3"));
    Bitboard ships, hits;
    for (const char* c : {"C3", "D3"}) ships.set(cell_index(at(c), k10));
    hits.set(cell_index(at("C3"), k10));
    EXPECT_EQ(to_string(*torpedo_target(path, ships, hits, k10)), "D3");
    hits.set(cell_index(at("D3"), k10));
    EXPECT_FALSE(torpedo_target(path, ships, hits, k10).has_value());
}

TEST(TorpedoAttack, ItMustStartOnTheEdgeAndACornerNeedsAHeading) {
    EXPECT_EQ(torpedo_path(at("E5"), std::nullopt, k10).error().code, "not_on_edge");
    EXPECT_EQ(torpedo_path(at("A1"), std::nullopt, k10).error().code, "heading_needed");
    auto down = torpedo_path(at("A1"), Heading::kDown, k10).value();
    EXPECT_EQ(down[1], at("B1"));
    auto right = torpedo_path(at("A1"), Heading::kRight, k10).value();
    EXPECT_EQ(right[1], at("A2"));
    EXPECT_EQ(torpedo_path(at("A1"), Heading::kUp, k10).error().code, "bad_heading");
    EXPECT_EQ(torpedo_path(at("F10"), Heading::kRight, k10).error().code, "bad_heading");
    EXPECT_EQ(parse_heading("sideways").error().code, "bad_heading");
}

TEST(TorpedoAttack, TheBonusRuleDestroysOnlyOnTwentyOrEighteen) {
    for (int r = 1; r <= 20; ++r) EXPECT_EQ(torpedo_bonus_destroys(DiceKind::kD20, r), r == 20);
    for (int r = 3; r <= 18; ++r) EXPECT_EQ(torpedo_bonus_destroys(DiceKind::k3D6, r), r == 18);
}

TEST(ExperimentalWeapon, TheSeedsSmileyG2H3H4H5G6IsAValidFive) {
    const std::vector<Cell> smile{at("G2"), at("H3"), at("H4"), at("H5"), at("G6")};
    EXPECT_TRUE(validate_blast(smile, 5, k10).ok());
    const std::vector<Cell> row{at("B2"), at("B3"), at("B4")};
    EXPECT_TRUE(validate_blast(row, 3, k10).ok());
}

TEST(ExperimentalWeapon, TheBlastMustMatchTheRollBeDistinctAndConnected) {
    EXPECT_EQ(validate_blast({at("B2"), at("B3")}, 3, k10).error().code, "wrong_blast_size");
    EXPECT_EQ(validate_blast({at("B2"), at("B2")}, 2, k10).error().code, "duplicate_cell");
    EXPECT_EQ(validate_blast({at("B2"), at("B4")}, 2, k10).error().code, "blast_not_connected");
    EXPECT_EQ(validate_blast({at("B2"), Cell{10, 1}}, 2, k10).error().code, "off_board");
    EXPECT_TRUE(validate_blast({at("B2"), at("C3")}, 2, k10).ok()) << "corners connect";
}

TEST(ExperimentalWeapon, MassiveCriticalityAddsEveryRollCappedAtTheBoard) {
    EXPECT_EQ(blast_size({3}, k10), 3);
    EXPECT_EQ(blast_size({6, 6, 3}, k10), 15);
    EXPECT_EQ(blast_size(std::vector<int>(20, 6), k10), 100);
    EXPECT_EQ(blast_size({6, 6, 6, 6, 2}, BoardSize{5, 5}), 25);
}

}  // namespace
}  // namespace broadside::classic

// Ships, placements, the placement rules of seed 001 and the no_touch house rule.
#include <gtest/gtest.h>

#include <vector>

#include "core/ship.h"

namespace broadside {
namespace {

constexpr BoardSize kClassic{10, 10};

Placement at(const char* cell, Orientation o) {
    auto c = parse_cell(cell, BoardSize{26, 26});
    EXPECT_TRUE(c.ok()) << cell;
    return Placement{c.ok() ? *c : Cell{}, o};
}
constexpr auto kRight = Orientation::kHorizontal;
constexpr auto kDown = Orientation::kVertical;

std::vector<std::string> cell_names(const Bitboard& b, BoardSize board) {
    std::vector<std::string> out;
    b.for_each([&](int i) { out.push_back(to_string(cell_at(i, board))); });
    return out;
}

TEST(Fleet, ClassicFleetIsCarrier5Battleship4Cruiser3Submarine3Destroyer2) {
    const std::vector<ShipSpec> expected{
        {"Carrier", 5}, {"Battleship", 4}, {"Cruiser", 3}, {"Submarine", 3}, {"Destroyer", 2}};
    EXPECT_EQ(classic_fleet(), expected);
}

TEST(ShipCells, HorizontalShipsRunRightAlongARow) {
    auto cells = ship_cells(at("B3", kRight), 4, kClassic);
    ASSERT_TRUE(cells);
    EXPECT_EQ(cell_names(*cells, kClassic), (std::vector<std::string>{"B3", "B4", "B5", "B6"}));
}

TEST(ShipCells, VerticalShipsRunDownAColumn) {
    auto cells = ship_cells(at("H10", kDown), 3, kClassic);
    ASSERT_TRUE(cells);
    EXPECT_EQ(cell_names(*cells, kClassic), (std::vector<std::string>{"H10", "I10", "J10"}));
}

TEST(ShipCells, NoPartMayLeaveTheBoard) {
    EXPECT_FALSE(ship_cells(at("A8", kRight), 4, kClassic));  // would end at A11
    EXPECT_FALSE(ship_cells(at("H1", kDown), 4, kClassic));   // would end at K1
    EXPECT_TRUE(ship_cells(at("A7", kRight), 4, kClassic));   // ends exactly at A10
    EXPECT_TRUE(ship_cells(at("G1", kDown), 4, kClassic));    // ends exactly at J1
    EXPECT_FALSE(ship_cells(Placement{{-1, 0}, kRight}, 2, kClassic));
    EXPECT_FALSE(ship_cells(Placement{{0, 0}, kRight}, 0, kClassic));
    EXPECT_FALSE(ship_cells(Placement{{0, 0}, kRight}, 11, kClassic));
}

TEST(ShipPositions, AShipOfLengthLHasRowsTimesColsMinusLPlusOneEachWay) {
    // 10 rows of 6 horizontal starts, and 6 rows of 10 vertical starts, for the Carrier.
    const auto carrier = ship_positions(5, kClassic);
    EXPECT_EQ(carrier.size(), 120U);
    const auto tall = ship_positions(3, BoardSize{4, 7});  // 4x5 across, 2x7 down
    EXPECT_EQ(tall.size(), 20U + 14U);
    for (const auto& p : tall) {
        const auto cells = ship_cells(p.placement, 3, BoardSize{4, 7});
        ASSERT_TRUE(cells);
        EXPECT_EQ(*cells, p.cells);
    }
}

TEST(ShipPositions, AOneCellShipHasOnePositionPerCellAndNoneIsRepeated) {
    const auto one = ship_positions(1, kClassic);
    ASSERT_EQ(one.size(), 100U);
    Bitboard seen;
    for (const auto& p : one) {
        EXPECT_FALSE(seen.intersects(p.cells));
        seen |= p.cells;
    }
    EXPECT_EQ(seen.count(), 100);
}

TEST(ShipPositions, AShipLongerThanBothSidesHasNone) {
    EXPECT_TRUE(ship_positions(11, kClassic).empty());
}

TEST(DistinctLengths, EqualShipsShareOneIndexInOrderOfFirstAppearance) {
    const LengthIndex index = distinct_lengths(classic_fleet());
    EXPECT_EQ(index.lengths, (std::vector<int>{5, 4, 3, 2}));
    EXPECT_EQ(index.of_ship, (std::vector<int>{0, 1, 2, 2, 3}));
    const LengthIndex mixed = distinct_lengths({{"a", 2}, {"b", 4}, {"c", 2}});
    EXPECT_EQ(mixed.lengths, (std::vector<int>{2, 4}));
    EXPECT_EQ(mixed.of_ship, (std::vector<int>{0, 1, 0}));
}

TEST(Neighbourhood, CountsEdgeAndCornerNeighboursOnly) {
    const auto one = [](const char* c) { return *ship_cells(at(c, kRight), 1, kClassic); };
    EXPECT_EQ(neighbourhood(one("A1"), kClassic).count(), 3);
    EXPECT_EQ(neighbourhood(one("A5"), kClassic).count(), 5);
    EXPECT_EQ(neighbourhood(one("E5"), kClassic).count(), 8);
    const Bitboard ship = *ship_cells(at("E4", kRight), 3, kClassic);
    const Bitboard around = neighbourhood(ship, kClassic);
    EXPECT_EQ(around.count(), 12);
    EXPECT_FALSE(around.intersects(ship));
    EXPECT_EQ(cell_names(around, kClassic),
              (std::vector<std::string>{"D3", "D4", "D5", "D6", "D7", "E3", "E7", "F3", "F4", "F5",
                                        "F6", "F7"}));
}

TEST(Placement, ParsesRightAndDownWithSynonymsCaseAndSpaces) {
    struct Case {
        const char* text;
        Placement expected;
    };
    for (const Case& c :
         {Case{"A1 right", at("A1", kRight)}, Case{"c3 down", at("C3", kDown)},
          Case{"A1 h", at("A1", kRight)}, Case{"A1 v", at("A1", kDown)},
          Case{"  B 7   DOWN ", at("B7", kDown)}, Case{"j10 r", at("J10", kRight)},
          Case{"E5 d", at("E5", kDown)}, Case{"E5 across", at("E5", kRight)},
          Case{"E5 horizontal", at("E5", kRight)}, Case{"E5 vertical", at("E5", kDown)},
          Case{"E5\tdown", at("E5", kDown)}}) {
        auto p = parse_placement(c.text, kClassic);
        ASSERT_TRUE(p.ok()) << c.text << ": " << p.error().message;
        EXPECT_EQ(*p, c.expected) << c.text;
    }
}

TEST(Placement, PrintsAsCellAndDirection) {
    EXPECT_EQ(to_string(at("A1", kRight)), "A1 right");
    EXPECT_EQ(to_string(at("C3", kDown)), "C3 down");
    for (const auto& p : {at("J10", kDown), at("B7", kRight)}) {
        auto back = parse_placement(to_string(p), kClassic);
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(*back, p);
    }
}

TEST(Placement, DiagonalAndUnknownDirectionsAreRejected) {
    for (const char* text : {"A1 diagonal", "A1 up", "A1 left", "A1 x", "A1 downright"}) {
        auto p = parse_placement(text, kClassic);
        ASSERT_FALSE(p.ok()) << text;
        EXPECT_EQ(p.error().code, "bad_placement") << text;
        EXPECT_NE(p.error().message.find("not a direction"), std::string::npos)
            << p.error().message;
    }
}

TEST(Placement, MissingDirectionOrNothingAtAllIsBadPlacement) {
    for (const char* text : {"", "   ", "A1", "A1right"}) {
        auto p = parse_placement(text, kClassic);
        ASSERT_FALSE(p.ok()) << text;
        EXPECT_EQ(p.error().code, "bad_placement") << text;
    }
}

TEST(Placement, WhatIsNotACellIsSaidSoAndQuotedAsTyped) {
    auto zz = parse_placement("zz", kClassic);
    ASSERT_FALSE(zz.ok());
    EXPECT_EQ(zz.error().code, "bad_placement");
    EXPECT_EQ(zz.error().message.find("needs a direction"), std::string::npos)
        << zz.error().message;
    EXPECT_NE(zz.error().message.find("\"zz\""), std::string::npos) << zz.error().message;
    auto cell_alone = parse_placement("B7", kClassic);
    ASSERT_FALSE(cell_alone.ok());
    EXPECT_NE(cell_alone.error().message.find("\"B7\" needs a direction"), std::string::npos)
        << cell_alone.error().message;
    auto off = parse_placement("Z1 down", kClassic);
    ASSERT_FALSE(off.ok());
    EXPECT_NE(off.error().message.find("\"Z1\""), std::string::npos) << off.error().message;
    EXPECT_EQ(off.error().message.find("\"z1\""), std::string::npos) << off.error().message;
}

TEST(Placement, BadCellsKeepTheCellErrorCode) {
    auto off = parse_placement("K1 right", kClassic);
    ASSERT_FALSE(off.ok());
    EXPECT_EQ(off.error().code, "off_board");
    auto junk = parse_placement("1A down", kClassic);
    ASSERT_FALSE(junk.ok());
    EXPECT_EQ(junk.error().code, "bad_cell");
}

// validate_layout: the placement rules.

const std::vector<ShipSpec> kTwoShips{{"Cruiser", 3}, {"Destroyer", 2}};

Status check(std::vector<Placement> layout, bool no_touch = false,
             const std::vector<ShipSpec>& fleet = kTwoShips, BoardSize board = kClassic) {
    return validate_layout(fleet, layout, board, no_touch);
}

TEST(ValidateLayout, AcceptsALegalClassicLayout) {
    const std::vector<Placement> layout{at("A1", kRight), at("C1", kDown), at("C3", kRight),
                                        at("J8", kRight), at("E10", kDown)};
    EXPECT_TRUE(validate_layout(classic_fleet(), layout, kClassic, false).ok());
    EXPECT_TRUE(validate_layout(classic_fleet(), layout, kClassic, true).ok());
}

TEST(ValidateLayout, EveryShipMustBeInsideTheBoard) {
    auto st = check({at("A9", kRight), at("C1", kRight)});
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "off_board");
    EXPECT_NE(st.error().message.find("Cruiser"), std::string::npos) << st.error().message;
    auto down = check({at("A1", kRight), at("J1", kDown)});
    ASSERT_FALSE(down.ok());
    EXPECT_EQ(down.error().code, "off_board");
    EXPECT_NE(down.error().message.find("Destroyer"), std::string::npos);
}

TEST(ValidateLayout, ShipsMayNotOverlap) {
    auto st = check({at("B2", kRight), at("A3", kDown)});  // both cover B3
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "overlap");
    EXPECT_NE(st.error().message.find("Destroyer"), std::string::npos);
    EXPECT_NE(st.error().message.find("Cruiser"), std::string::npos);
}

TEST(ValidateLayout, TouchingIsAllowedByDefault) {
    EXPECT_TRUE(check({at("B2", kRight), at("C2", kRight)}).ok());  // side by side
    EXPECT_TRUE(check({at("B2", kRight), at("B5", kRight)}).ok());  // end to end
    EXPECT_TRUE(check({at("B2", kRight), at("C5", kDown)}).ok());   // corner to corner
}

TEST(ValidateLayout, NoTouchRejectsEdgeContact) {
    for (const auto& layout : {std::vector<Placement>{at("B2", kRight), at("C2", kRight)},
                               std::vector<Placement>{at("B2", kRight), at("B5", kRight)},
                               std::vector<Placement>{at("B2", kDown), at("A3", kDown)}}) {
        auto st = check(layout, true);
        ASSERT_FALSE(st.ok()) << to_string(layout[0]) << " / " << to_string(layout[1]);
        EXPECT_EQ(st.error().code, "touching");
    }
}

TEST(ValidateLayout, NoTouchRejectsCornerContact) {
    for (const auto& layout : {std::vector<Placement>{at("B2", kRight), at("C5", kDown)},
                               std::vector<Placement>{at("B2", kRight), at("A5", kRight)},
                               std::vector<Placement>{at("D4", kDown), at("G5", kRight)}}) {
        auto st = check(layout, true);
        ASSERT_FALSE(st.ok()) << to_string(layout[0]) << " / " << to_string(layout[1]);
        EXPECT_EQ(st.error().code, "touching");
        EXPECT_NE(st.error().message.find("corner"), std::string::npos);
    }
}

TEST(ValidateLayout, NoTouchAcceptsOneEmptyCellBetweenShips) {
    EXPECT_TRUE(check({at("B2", kRight), at("D2", kRight)}, true).ok());
    EXPECT_TRUE(check({at("B2", kRight), at("B6", kRight)}, true).ok());
    EXPECT_TRUE(check({at("B2", kRight), at("D5", kDown)}, true).ok());
}

TEST(ValidateLayout, NeedsExactlyOnePlacementPerShip) {
    auto few = check({at("A1", kRight)});
    ASSERT_FALSE(few.ok());
    EXPECT_EQ(few.error().code, "bad_placement");
    auto many = check({at("A1", kRight), at("C1", kRight), at("E1", kRight)});
    ASSERT_FALSE(many.ok());
    EXPECT_EQ(many.error().code, "bad_placement");
}

TEST(ValidateLayout, ChecksEveryPairNotOnlyNeighboursInFleetOrder) {
    const std::vector<ShipSpec> three{{"A", 2}, {"B", 2}, {"C", 2}};
    // The third ship overlaps the first, not the second.
    auto st = check({at("A1", kRight), at("E1", kRight), at("A2", kDown)}, false, three);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "overlap");
    auto touch = check({at("A1", kRight), at("E1", kRight), at("B3", kDown)}, true, three);
    ASSERT_FALSE(touch.ok());
    EXPECT_EQ(touch.error().code, "touching");
}

TEST(LayoutExists, ClassicFleetFitsTheClassicBoardWithAndWithoutNoTouch) {
    EXPECT_TRUE(layout_exists(classic_fleet(), kClassic, false));
    EXPECT_TRUE(layout_exists(classic_fleet(), kClassic, true));
}

TEST(LayoutExists, FiveFullRowsFitA5x5BoardButSixDoNot) {
    const std::vector<ShipSpec> five(5, ShipSpec{"S", 5});
    EXPECT_TRUE(layout_exists(five, BoardSize{5, 5}, false));
    const std::vector<ShipSpec> six(6, ShipSpec{"S", 5});
    EXPECT_FALSE(layout_exists(six, BoardSize{5, 5}, false));
}

TEST(LayoutExists, NoTouchNeedsAGapBetweenRows) {
    const std::vector<ShipSpec> three(3, ShipSpec{"S", 5});
    EXPECT_TRUE(layout_exists(three, BoardSize{5, 5}, true));  // rows A, C, E
    const std::vector<ShipSpec> four(4, ShipSpec{"S", 5});
    EXPECT_TRUE(layout_exists(four, BoardSize{5, 5}, false));
    EXPECT_FALSE(layout_exists(four, BoardSize{5, 5}, true));
}

TEST(LayoutExists, AShipLongerThanTheBoardNeverFits) {
    EXPECT_FALSE(layout_exists({{"Long", 6}}, BoardSize{5, 5}, false));
    EXPECT_TRUE(layout_exists({{"Long", 6}}, BoardSize{5, 6}, false));
    EXPECT_FALSE(layout_exists(classic_fleet(), BoardSize{5, 5}, true));  // 17 cells + gaps
}

}  // namespace
}  // namespace broadside

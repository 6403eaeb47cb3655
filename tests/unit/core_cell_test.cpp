// "A1" notation: rows are letters from A (top), columns are numbers from 1.
#include <gtest/gtest.h>

#include "core/cell.h"

namespace broadside {
namespace {

constexpr BoardSize kClassic{10, 10};

Cell parsed(std::string_view text, BoardSize board = kClassic) {
    auto r = parse_cell(text, board);
    EXPECT_TRUE(r.ok()) << "\"" << text << "\": " << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : Cell{-1, -1};
}

std::string error_code(std::string_view text, BoardSize board = kClassic) {
    auto r = parse_cell(text, board);
    return r.ok() ? "ok" : r.error().code;
}

TEST(CellNotation, B7IsTheSecondRowAndSeventhColumn) {
    EXPECT_EQ(parsed("B7"), (Cell{1, 6}));
    EXPECT_EQ(to_string(Cell{1, 6}), "B7");
}

TEST(CellNotation, LowerCaseAndSpacesAreForgiven) {
    EXPECT_EQ(parsed("b7"), (Cell{1, 6}));
    EXPECT_EQ(parsed(" B 7 "), (Cell{1, 6}));
    EXPECT_EQ(parsed("\tb7\t"), (Cell{1, 6}));
    EXPECT_EQ(parsed("j 10"), (Cell{9, 9}));
}

TEST(CellNotation, CornersOfTheClassicBoard) {
    EXPECT_EQ(parsed("A1"), (Cell{0, 0}));
    EXPECT_EQ(parsed("A10"), (Cell{0, 9}));
    EXPECT_EQ(parsed("J1"), (Cell{9, 0}));
    EXPECT_EQ(parsed("J10"), (Cell{9, 9}));
}

TEST(CellNotation, EmptyInputIsBadCellAndSaysNothingWasGiven) {
    for (const char* text : {"", " ", "  \t "}) {
        auto r = parse_cell(text, kClassic);
        ASSERT_FALSE(r.ok()) << "\"" << text << "\"";
        EXPECT_EQ(r.error().code, "bad_cell");
        EXPECT_NE(r.error().message.find("nothing"), std::string::npos) << r.error().message;
    }
}

TEST(CellNotation, MissingRowLetterIsBadCell) {
    for (const char* text : {"7", "77", "7B", "#7", "-1"}) {
        auto r = parse_cell(text, kClassic);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error().code, "bad_cell") << text;
        EXPECT_NE(r.error().message.find("row letter"), std::string::npos) << r.error().message;
    }
}

TEST(CellNotation, MissingColumnNumberIsBadCellAndSuggestsOne) {
    for (const char* text : {"B", "b", " B "}) {
        auto r = parse_cell(text, kClassic);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error().code, "bad_cell") << text;
        EXPECT_NE(r.error().message.find("missing its column number"), std::string::npos)
            << r.error().message;
        EXPECT_NE(r.error().message.find("B7"), std::string::npos) << r.error().message;
    }
}

TEST(CellNotation, JunkAfterTheLetterIsBadCell) {
    for (const char* text :
         {"Bx", "B7x", "B-7", "B+7", "B7.", "BB7", "hello", "B1234", "B 7 7 7"}) {
        EXPECT_EQ(error_code(text), "bad_cell") << text;
    }
}

TEST(CellNotation, CellsOffTheBoardAreOffBoardAndNameTheRange) {
    for (const char* text : {"K1", "A11", "A0", "Z26", "J11", "k 5"}) {
        auto r = parse_cell(text, kClassic);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error().code, "off_board") << text;
        EXPECT_NE(r.error().message.find("A1 to J10"), std::string::npos) << r.error().message;
    }
}

// A letter and at most two digits (docs/rules/classic.md): two digits off the board are
// `off_board`, three are not a cell at all.
TEST(CellNotation, TwoDigitsOffTheBoardAreOffBoardAndThreeAreNotACell) {
    for (const char* text : {"B99", "B0", "B00"}) EXPECT_EQ(error_code(text), "off_board") << text;
    for (const char* text : {"B100", "B007", "b002"})
        EXPECT_EQ(error_code(text), "bad_cell") << text;
}

TEST(CellNotation, LeadingZeroInTheColumnIsTheSameColumn) {
    EXPECT_EQ(parsed("B07"), (Cell{1, 6}));
}

TEST(CellNotation, SmallestBoardIs5x5) {
    constexpr BoardSize small{5, 5};
    EXPECT_EQ(parsed("E5", small), (Cell{4, 4}));
    EXPECT_EQ(error_code("F1", small), "off_board");
    EXPECT_EQ(error_code("A6", small), "off_board");
    EXPECT_EQ(board_range(small), "A1 to E5");
}

TEST(CellNotation, LargestBoardIs26x26WithZ26) {
    constexpr BoardSize big{26, 26};
    EXPECT_EQ(parsed("Z26", big), (Cell{25, 25}));
    EXPECT_EQ(parsed("z 26", big), (Cell{25, 25}));
    EXPECT_EQ(to_string(Cell{25, 25}), "Z26");
    EXPECT_EQ(error_code("Z27", big), "off_board");
    EXPECT_EQ(board_range(big), "A1 to Z26");
}

TEST(CellNotation, RectangularBoardsCheckRowsAndColumnsSeparately) {
    constexpr BoardSize wide{5, 12};  // rows A-E, columns 1-12
    EXPECT_EQ(parsed("E12", wide), (Cell{4, 11}));
    EXPECT_EQ(error_code("F1", wide), "off_board");
    EXPECT_EQ(error_code("A13", wide), "off_board");
    EXPECT_EQ(board_range(wide), "A1 to E12");
}

TEST(CellNotation, EveryCellOfEveryBoardSizeRoundTrips) {
    for (int rows = kMinBoardSide; rows <= kMaxBoardSide; ++rows) {
        for (int cols = kMinBoardSide; cols <= kMaxBoardSide; cols += 7) {
            const BoardSize b{rows, cols};
            for (int i = 0; i < b.cells(); ++i) {
                const Cell c = cell_at(i, b);
                ASSERT_TRUE(on_board(c, b));
                ASSERT_EQ(cell_index(c, b), i);
                auto r = parse_cell(to_string(c), b);
                ASSERT_TRUE(r.ok()) << to_string(c);
                ASSERT_EQ(*r, c);
            }
        }
    }
}

TEST(CellNotation, OnBoardRejectsNegativeAndTooLargeCoordinates) {
    EXPECT_FALSE(on_board(Cell{-1, 0}, kClassic));
    EXPECT_FALSE(on_board(Cell{0, -1}, kClassic));
    EXPECT_FALSE(on_board(Cell{10, 0}, kClassic));
    EXPECT_FALSE(on_board(Cell{0, 10}, kClassic));
    EXPECT_TRUE(on_board(Cell{9, 9}, kClassic));
}

}  // namespace
}  // namespace broadside

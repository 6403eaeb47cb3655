// What the player types during `broadside play`: command words, shots and the yes-or-no answer
// that starts another game of a session (docs/play.md).
#include <gtest/gtest.h>

#include "cli/play_input.h"

namespace broadside::cli {
namespace {

constexpr BoardSize kClassic{10, 10};

TEST(PlayInput, CommandWordsInAnyCaseWithSpaces) {
    EXPECT_EQ(command_of("  HELP "), PlayCommand::kHelp);
    EXPECT_EQ(command_of("Quit"), PlayCommand::kQuit);
    EXPECT_EQ(command_of("q"), PlayCommand::kQuit);
    EXPECT_EQ(command_of("auto"), PlayCommand::kAuto);
    EXPECT_EQ(command_of("undo"), PlayCommand::kUndo);
    EXPECT_EQ(command_of("boards"), PlayCommand::kBoard);
    EXPECT_EQ(command_of("B7"), PlayCommand::kNone);
}

TEST(PlayInput, ShotsAreForgivingAboutCaseSpacesAndCommas) {
    const auto cells = parse_targets(" b 7, C3;d 1 0 ", kClassic);
    ASSERT_TRUE(cells.ok()) << cells.error().message;
    EXPECT_EQ(*cells, (std::vector<std::string>{"B7", "C3", "D10"}));
    EXPECT_FALSE(parse_targets("K1", kClassic).ok());
    EXPECT_FALSE(parse_targets("   ", kClassic).ok());
}

TEST(PlayInput, ShotWordsJoinALoneRowLetterToItsNumbersAndKeepOtherWords) {
    EXPECT_EQ(shot_words("fire b 7, C 1 0;sonar"),
              (std::vector<std::string>{"fire", "b7", "C10", "sonar"}));
    EXPECT_EQ(shot_words("discard S01,S09"), (std::vector<std::string>{"discard", "S01", "S09"}));
    EXPECT_TRUE(shot_words(" \t,; ").empty());
}

TEST(PlayInput, YesAndNoInAnyCaseQuitMeansNoAndAnythingElseIsNoAnswer) {
    for (const char* yes : {"y", "yes", " YES ", "Y"}) EXPECT_EQ(parse_yes_no(yes), true) << yes;
    for (const char* no : {"n", "no", " No ", "quit", "q", "exit"}) {
        EXPECT_EQ(parse_yes_no(no), false) << no;
    }
    for (const char* other : {"", "maybe", "yes please", "B7", "ye s"}) {
        EXPECT_EQ(parse_yes_no(other), std::nullopt) << other;
    }
}

}  // namespace
}  // namespace broadside::cli

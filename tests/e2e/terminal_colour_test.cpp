// play.md, "Terminal or not": colour only when stdout is a terminal and neither a non-empty
// NO_COLOR is set nor TERM=dumb; on a terminal the screen is redrawn each turn. The real program
// runs with its stdout on a pseudo-terminal under each environment, and every byte it draws is
// read back. (Piped output is checked by Play.PlainOutputHasNoEscapeCodes.)
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside_on_terminal;

// A short game: place, fire once, quit (which asks first).
const std::vector<std::string> kGame{"play", "classic", "--seed", "5", "--first", "me"};
const std::string kInput = "auto\nok\nA1\nquit\nyes\n";

// Select Graphic Rendition: the escape sequences that set colour and bold.
bool has_colour(const std::string& text) {
    static const std::regex sgr("\x1b\\[[0-9;]*m");
    return std::regex_search(text, sgr);
}

bool clears_the_screen(const std::string& text) {
    return text.find("\x1b[H\x1b[2J") != std::string::npos;
}

TEST(TerminalColour, ATerminalGetsColourAndARedrawnScreen) {
    const auto r = run_broadside_on_terminal(kGame, kInput, {"-u", "NO_COLOR", "TERM=xterm"});
    ASSERT_EQ(r.exit_code, 0) << r.out;
    ASSERT_NE(r.out.find("You fired at A1"), std::string::npos) << r.out;
    EXPECT_TRUE(has_colour(r.out)) << r.out;
    EXPECT_TRUE(clears_the_screen(r.out)) << r.out;
}

TEST(TerminalColour, NoColorTakesTheColourAwayButStillRedraws) {
    const auto r = run_broadside_on_terminal(kGame, kInput, {"NO_COLOR=1", "TERM=xterm"});
    ASSERT_EQ(r.exit_code, 0) << r.out;
    ASSERT_NE(r.out.find("You fired at A1"), std::string::npos) << r.out;
    EXPECT_FALSE(has_colour(r.out)) << r.out;
    EXPECT_TRUE(clears_the_screen(r.out)) << r.out;
}

// no-color.org: an empty NO_COLOR is as if it were not set.
TEST(TerminalColour, AnEmptyNoColorKeepsTheColour) {
    const auto r = run_broadside_on_terminal(kGame, kInput, {"NO_COLOR=", "TERM=xterm"});
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(has_colour(r.out)) << r.out;
}

TEST(TerminalColour, ADumbTerminalGetsPlainTextWithNoEscapeAtAll) {
    const auto r = run_broadside_on_terminal(kGame, kInput, {"-u", "NO_COLOR", "TERM=dumb"});
    ASSERT_EQ(r.exit_code, 0) << r.out;
    ASSERT_NE(r.out.find("You fired at A1"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    // Nothing is redrawn, so the boards of every turn stay on the terminal, one after another.
    EXPECT_GE(testing::count_of(r.out, "Target grid"), 2) << r.out;
}

// play.md, "Between two people's turns": a dumb terminal cannot clear, so the pass screen
// pushes the last person's screen out of sight with a terminal's height of blank lines.
TEST(TerminalColour, ADumbTerminalsPassScreenPushesTheLastScreenOutOfSight) {
    const auto r = run_broadside_on_terminal(
        {"play", "classic", "--humans", "2", "--names", "Ann,Bob", "--seed", "5"}, "\nauto\nok\n",
        {"-u", "NO_COLOR", "TERM=dumb"});
    std::string out;
    for (char c : r.out)
        if (c != '\r') out += c;
    const auto pass = out.find("Pass to Bob");
    ASSERT_NE(pass, std::string::npos) << out;
    ASSERT_NE(out.rfind("Ann", pass - 1), std::string::npos) << "Ann's screen came first";
    const auto text_before = out.find_last_not_of(" \n", pass - 1);
    EXPECT_GE(pass - text_before - 1, 24U)
        << "blank lines between Ann's screen and the pass screen";
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << "still no escape code";
}

TEST(TerminalColour, NoColorFlagTakesTheColourAwayToo) {
    auto args = kGame;
    args.push_back("--no-color");
    const auto r = run_broadside_on_terminal(args, kInput, {"-u", "NO_COLOR", "TERM=xterm"});
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_FALSE(has_colour(r.out)) << r.out;
    EXPECT_TRUE(clears_the_screen(r.out)) << r.out;
}

}  // namespace
}  // namespace broadside

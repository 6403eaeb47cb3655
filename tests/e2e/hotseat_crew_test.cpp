// `play crew` with people sharing the terminal, the commands of the moment, and the words a new
// player reads: whole games through the real program.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

// Enter (throw) and s (stop), over and over: every turn ends whatever the dice; at a pass
// screen either is the Enter it waits for.
std::string throw_and_stop(int lines) {
    std::string input;
    for (int i = 0; i < lines; ++i) input += i % 2 ? "s\n" : "\n";
    return input;
}

TEST(HotSeatCrew, TwoPeopleAndABotPlayToTheEndWithPassScreensAndSummaries) {
    const auto r = run_broadside({"play", "crew", "--humans", "2", "--names", "Ann,Bob",
                                  "--players", "3", "--rounds", "2", "--seed", "4"},
                                 throw_and_stop(400));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Game over: "), std::string::npos) << r.out;
    EXPECT_GE(testing::count_of(r.out, "Pass to Ann"), 2);
    EXPECT_GE(testing::count_of(r.out, "Pass to Bob"), 2);
    EXPECT_NE(r.out.find("Since your last turn:"), std::string::npos);
    EXPECT_NE(r.out.find("Ann's turn"), std::string::npos);
    // The bot after the two people is "Bot 1" (docs/play.md, bot names).
    EXPECT_NE(r.out.find("Bot 1 scores "), std::string::npos) << r.out;
    // Each pass screen hands over to the person whose turn it is: the screen after it is theirs.
    std::istringstream lines(r.out);
    std::string expected;
    for (std::string line; std::getline(lines, line);) {
        if (auto at = line.find("Pass to "); at != std::string::npos) {
            expected = line.substr(at + 8, 3) + "'s turn";
        } else if (line.find("BROADSIDE") != std::string::npos && !expected.empty()) {
            EXPECT_NE(line.find(expected), std::string::npos) << line;
            expected.clear();
        }
    }
}

// docs/play.md: right after your own move you see what it did and press Enter to end your
// turn, as in classic; then the pass screen. Every pass screen but the first follows that
// question, on the mover's screen with their score on it; with one person there is none.
TEST(HotSeatCrew, TheMoverSeesTheirTurnsResultAndPressesEnterBeforeThePassScreen) {
    const auto r = run_broadside({"play", "crew", "--humans", "2", "--names", "Ann,Bob",
                                  "--players", "3", "--rounds", "2", "--seed", "4"},
                                 throw_and_stop(400));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    int passes = 0;
    for (auto at = r.out.find("Pass to "); at != std::string::npos;
         at = r.out.find("Pass to ", at + 1)) {
        if (++passes == 1) continue;  // the first person's: nobody has moved yet
        const std::string next = r.out.substr(at + 8, 3);
        const std::string mover = next == "Ann" ? "Bob" : "Ann";
        const std::string before = r.out.substr(0, at);
        const std::string asked = "Your turn is over. Press Enter to pass the terminal to " + next;
        const auto question = before.rfind(asked);
        ASSERT_NE(question, std::string::npos) << before.substr(before.size() - 1500);
        // Nothing but the answer (echoed, piped) between the question and the pass screen.
        EXPECT_EQ(before.find_first_not_of(" \n", before.find('\n', question)), std::string::npos)
            << before.substr(question);
        // The screen it stands on is the mover's, with what their turn scored.
        const std::string screen = before.substr(before.rfind("BROADSIDE"));
        EXPECT_NE(screen.find(mover + "'s turn"), std::string::npos) << screen;
        EXPECT_NE(screen.find(mover + " scores "), std::string::npos) << screen;
        EXPECT_EQ(screen.find("throws left"), std::string::npos) << screen;
    }
    EXPECT_GT(passes, 3);
    const auto alone =
        run_broadside({"play", "crew", "--rounds", "1", "--seed", "4"}, throw_and_stop(100));
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_EQ(alone.out.find("Your turn is over"), std::string::npos) << alone.out;
    EXPECT_EQ(alone.out.find("Pass to"), std::string::npos) << alone.out;
}

TEST(CrewWords, YouScoreAndKeptDiceInWordsNeverJson) {
    // Throw twice, then try to keep each face in turn (one of them is in the crew once it is
    // held; the others are explained), then stop; over and over.
    std::string input;
    for (int i = 0; i < 40; ++i) input += "\n\nk 6\nk 5\nk 4\nk 3\nk 2\nk 1\ns\n";
    const auto r = run_broadside(
        {"play", "crew", "--bots", "cautious", "--rounds", "3", "--seed", "9"}, input);
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("You score "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("You scores"), std::string::npos);
    EXPECT_EQ(r.out.find("kept ["), std::string::npos);
    EXPECT_EQ(r.out.find("[1]"), std::string::npos);
    EXPECT_TRUE(r.out.find("(keeping the 6)") != std::string::npos ||
                r.out.find("(keeping the 5)") != std::string::npos ||
                r.out.find("(keeping the 4)") != std::string::npos)
        << r.out;
}

TEST(CrewCommands, HelpBoardAndQuitThatAsksFirst) {
    const auto r =
        run_broadside({"play", "crew", "--seed", "2"}, "help\nboard\nquit\nno\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Commands now:"), std::string::npos);
    EXPECT_NE(r.out.find("throw the 5 dice"), std::string::npos);
    EXPECT_NE(r.out.find("Tally sheet"), std::string::npos);
    EXPECT_EQ(testing::count_of(r.out, "Really leave the game? (yes or no): "), 2);
    EXPECT_NE(r.out.find("You left the game"), std::string::npos);
}

TEST(CrewCommands, LevelsAndBotsDoNotMix) {
    EXPECT_EQ(run_broadside({"play", "crew", "--bots", "race", "--level", "easy"}).exit_code, 2);
    const auto easy = run_broadside({"play", "crew", "--level", "easy", "--seed", "1"}, "");
    EXPECT_NE(easy.out.find("Bot 1 plays cautious."), std::string::npos) << easy.out;
    const auto hard = run_broadside({"play", "crew", "--level", "hard", "--seed", "1"}, "");
    EXPECT_NE(hard.out.find("Bot 1 plays race."), std::string::npos);
}

TEST(CrewScreens, EveryTurnFits80By24InPlainAscii) {
    const auto r =
        run_broadside({"play", "crew", "--players", "6", "--seed", "5"}, throw_and_stop(600));
    ASSERT_EQ(r.exit_code, 0);
    ASSERT_NE(r.out.find("Game over"), std::string::npos);
    std::istringstream lines(r.out);
    int rows = 0;
    bool in_screen = false;
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 80U) << line;
        for (char ch : line) EXPECT_GE(ch, 0) << "not ASCII: " << line;
        if (line.rfind("BROADSIDE", 0) == 0) {
            rows = 0;
            in_screen = true;
        }
        if (!in_screen) continue;
        ++rows;
        EXPECT_LE(rows, 24) << line;
        if (line.find(" > ") != std::string::npos) in_screen = false;
    }
}

}  // namespace
}  // namespace broadside

// `broadside replay FILE --show`: a saved game of every family stepped through with the screens
// of `play`, every board shown at the end; `replay` without --show keeps its check.
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

std::string every_cell() {
    std::string lines;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) lines += row + std::to_string(col) + "\n";
    }
    return lines;
}

std::string saved(const std::vector<std::string>& play, const std::string& input) {
    const std::string file = testing::temp_dir() + "/game.json";
    auto args = play;
    args.insert(args.end(), {"--save", file});
    const auto r = run_broadside(args, input);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return file;
}

TEST(ReplayShow, ClassicStepsThroughEveryMoveAndRevealsBothOceans) {
    const auto file = saved({"play", "classic", "--seed", "4", "--bot", "random"},
                            "auto\nok\n" + every_cell() + "no\n");
    const auto all = run_broadside({"replay", file, "--show", "--all"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_GT(testing::count_of(all.out, "REPLAY  classic"), 50);
    EXPECT_NE(all.out.find("move 1 of "), std::string::npos);
    // Every screen by the names the game was played with (docs/play.md: "replay --show uses the
    // same names"), never "seat 0" or "the enemy".
    EXPECT_NE(all.out.find("(your view)"), std::string::npos);
    EXPECT_NE(all.out.find("Your ocean"), std::string::npos);
    EXPECT_NE(all.out.find("Your target grid"), std::string::npos);
    EXPECT_NE(all.out.find("You fired at "), std::string::npos);
    EXPECT_NE(all.out.find("The random bot fired at "), std::string::npos);
    EXPECT_NE(all.out.find("The random bot's ocean"), std::string::npos)
        << all.out.substr(all.out.size() - 2000);
    for (const char* word : {"Seat 0", "Seat 1", "seat 0", "Enemy", "enemy"}) {
        EXPECT_EQ(all.out.find(word), std::string::npos) << word;
    }
    // Who fires first, in words that agree with the name ("You fire", never "You fires").
    EXPECT_TRUE(all.out.find("You fire first.") != std::string::npos ||
                all.out.find("The random bot fires first.") != std::string::npos)
        << all.out.substr(0, 3000);
    EXPECT_EQ(all.out.find("You fires"), std::string::npos);
    // The result by the names the game was played with (issue 28, item 5).
    EXPECT_NE(all.out.find(" won after "), std::string::npos);
    EXPECT_NE(all.out.find("Shots fired: you "), std::string::npos);
    EXPECT_NE(all.out.find(", the random bot "), std::string::npos);
    // Stepping: Enter shows the next move, q stops.
    const auto two = run_broadside({"replay", file, "--show"}, "\nq\n");
    EXPECT_EQ(testing::count_of(two.out, "REPLAY  classic"), 2);
    EXPECT_EQ(testing::count_of(two.out, "Enter for the next move, q to stop"), 2);
    // Without --show, the check as before.
    const auto check = run_broadside({"replay", file});
    EXPECT_NE(check.out.find("all events identical"), std::string::npos);
}

TEST(ReplayShow, APersonWhoFiredFirstIsToldYouFireFirst) {
    const auto file = saved({"play", "classic", "--seed", "4", "--bot", "random", "--first", "me"},
                            "auto\nok\nA1\nquit\nyes\n");
    const auto all = run_broadside({"replay", file, "--show", "--all"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_NE(all.out.find("You fire first."), std::string::npos) << all.out;
    EXPECT_EQ(all.out.find("You fires"), std::string::npos) << all.out;
}

TEST(ReplayShow, TwoPeopleAtOneTerminalAreShownByTheirNames) {
    const auto file = saved(
        {"play", "classic", "--seed", "4", "--humans", "2", "--names", "Ann,Bob", "--first", "me"},
        "\nauto\nok\n\nauto\nok\n\nA1\n\n\nA1\n\n\nquit\nyes\n");
    const auto all = run_broadside({"replay", file, "--show", "--all"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_NE(all.out.find("(Ann's view)"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("Ann fires first."), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("Ann's ocean"), std::string::npos);
    EXPECT_NE(all.out.find("Ann fired at A1"), std::string::npos);
    EXPECT_NE(all.out.find("Bob fired at A1"), std::string::npos);
    EXPECT_NE(all.out.find("Bob's ocean"), std::string::npos);
}

TEST(ReplayShow, RoyaleCrewAndPartyToo) {
    const auto royale = saved(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "discard S30 S09\nA1\nyes\nquit\nyes\n");
    auto r = run_broadside({"replay", royale, "--show", "--all"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("REPLAY  royale"), std::string::npos);
    EXPECT_NE(r.out.find("The game was not finished when it was saved."), std::string::npos);
    // The seats by the names they played with: the person is "you", the bot "Bot 1".
    EXPECT_NE(r.out.find("Bot 1 kept "), std::string::npos);
    EXPECT_NE(r.out.find("You kept "), std::string::npos);
    // Every seat's board at the end, not only seat 0's.
    EXPECT_NE(r.out.find("Bot 1's screen:"), std::string::npos);

    const auto crew =
        saved({"play", "crew", "--seed", "3", "--rounds", "1"}, "\ns\n\ns\n\ns\n\ns\n\ns\n\ns\n");
    r = run_broadside({"replay", crew, "--show", "--all"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("REPLAY  crew"), std::string::npos);
    EXPECT_NE(r.out.find("Bot 1 threw "), std::string::npos);
    EXPECT_NE(r.out.find("You threw "), std::string::npos);
    EXPECT_NE(r.out.find("Tally sheet"), std::string::npos);

    const auto party = saved({"play", "party", "--seed", "4", "--pause-ms", "0"}, "auto\nok\n");
    r = run_broadside({"replay", party, "--show", "--all"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(testing::count_of(r.out, "Torpedo "), 30);
    EXPECT_NE(r.out.find("Bot 3's sea:"), std::string::npos);
    EXPECT_NE(r.out.find("Your sea:"), std::string::npos);
    for (const auto* bad : {"--all", "--record"}) {
        std::vector<std::string> args{"replay", party, bad};
        if (std::string(bad) == "--record") args.push_back("2");
        EXPECT_EQ(run_broadside(args).exit_code, 2) << bad;
    }
    EXPECT_EQ(run_broadside({"replay", party, "--show", "--record", "2"}).exit_code, 2);
}

}  // namespace
}  // namespace broadside

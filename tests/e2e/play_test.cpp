// `broadside play` end to end: the real program with a scripted stdin (not a terminal, so the
// output is plain text and each input line is echoed after its prompt).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

// Every cell of a 10x10 board in reading order, one per line: enough shots to finish any game.
std::string every_cell() {
    std::string lines;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) lines += row + std::to_string(col) + "\n";
    }
    return lines;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Whether some occurrence of `before` is followed (within its line) by digits and then `after`.
bool follows_number(const std::string& text, const std::string& before, const std::string& after) {
    for (auto at = text.find(before); at != std::string::npos; at = text.find(before, at + 1)) {
        const auto line_end = text.find('\n', at);
        const std::string rest = text.substr(at + before.size(), line_end - at - before.size());
        for (std::size_t i = 0; i < rest.size(); ++i) {
            if (!std::isdigit(static_cast<unsigned char>(rest[i]))) continue;
            std::size_t j = i;
            while (j < rest.size() && std::isdigit(static_cast<unsigned char>(rest[j]))) ++j;
            if (rest.compare(j, after.size(), after) == 0) return true;
        }
    }
    return false;
}

TEST(Play, ScriptedGameWithAutoPlacementRunsToTheEndAndNamesTheWinner) {
    const auto r = run_broadside({"play", "classic", "--seed", "1"}, "auto\nok\n" + every_cell());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Game over: "), std::string::npos) << r.out;
    // The default opponent is the normal level's bot, density.
    EXPECT_TRUE(r.out.find("Game over: you won after ") != std::string::npos ||
                r.out.find("Game over: the density bot won after ") != std::string::npos)
        << r.out;
    EXPECT_TRUE(follows_number(r.out, "Game over: ", " turns")) << r.out;
    EXPECT_TRUE(follows_number(r.out, "fired ", " shots")) << r.out;
    EXPECT_NE(r.out.find("The enemy fleet was: Carrier "), std::string::npos);
    EXPECT_NE(r.out.find("Enemy ocean, revealed"), std::string::npos);
    EXPECT_NE(r.out.find("You fired at A1: "), std::string::npos);
}

TEST(Play, TheSameSeedAndInputGiveTheSameGame) {
    const std::vector<std::string> args{"play", "classic", "--seed", "77", "--bot", "random"};
    const auto a = run_broadside(args, "auto\nok\n" + every_cell());
    const auto b = run_broadside(args, "auto\nok\n" + every_cell());
    ASSERT_EQ(a.exit_code, 0);
    EXPECT_EQ(a.out, b.out);
}

TEST(Play, PlainOutputHasNoEscapeCodes) {
    const auto r = run_broadside({"play", "salvo", "--seed", "5", "--bot", "random"},
                                 "help\nauto\nok\nboard\nA1 A2 A3 A4 A5\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
    EXPECT_NE(r.out.find("Legend:"), std::string::npos);
}

TEST(Play, ShowsBothBoardsWithCoordinates) {
    const auto r =
        run_broadside({"play", "classic", "--seed", "3", "--first", "me"}, "auto\nok\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Your ocean"), std::string::npos);
    EXPECT_NE(r.out.find("Target grid"), std::string::npos);
    EXPECT_NE(r.out.find("1  2  3  4  5  6  7  8  9 10"), std::string::npos);
    EXPECT_NE(r.out.find("  J  "), std::string::npos);
    EXPECT_NE(r.out.find("Your ships afloat: 5 of 5"), std::string::npos);
    EXPECT_NE(r.out.find("Enemy ships afloat: 5 of 5"), std::string::npos);
}

TEST(Play, ManualPlacementRejectsAnOverlapAndAsksForTheSameShipAgain) {
    const auto r = run_broadside({"play", "classic", "--seed", "4", "--first", "me"},
                                 "A1 right\nA1 down\nB1 right\nC1 right\nD1 right\nE1 right\n"
                                 "quit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("The Battleship at A1 down overlaps the Carrier."), std::string::npos)
        << r.out;
    EXPECT_EQ(count(r.out, "Place your Battleship (4 cells)"), 2);
    EXPECT_NE(r.out.find("Your fleet is in position."), std::string::npos);
    // The fleet as placed, drawn on the player's ocean.
    // The fleet as placed, drawn on the player's ocean, a letter per ship (Cruiser: R).
    EXPECT_NE(r.out.find("  A  C  C  C  C  C  .  .  .  .  ."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  B  B  B  B  B  .  .  .  .  .  ."), std::string::npos);
    EXPECT_NE(r.out.find("  C  R  R  R  .  .  .  .  .  .  ."), std::string::npos);
    EXPECT_NE(r.out.find("  E  D  D  .  .  .  .  .  .  .  ."), std::string::npos);
}

TEST(Play, PlacementErrorsAndUndo) {
    const auto r = run_broadside({"play", "classic", "--seed", "4", "--no-touch"},
                                 "A9 right\nA1 sideways\nA1 right\nundo\nA1 down\n"
                                 "A2 right\nrotate\nA3\nA3 right\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("does not fit on the board"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("is not a direction"), std::string::npos);
    EXPECT_NE(r.out.find("touches the Carrier"), std::string::npos);
    // A cell alone takes the direction `rotate` set: down.
    EXPECT_NE(r.out.find("A ship given by its cell alone now runs down."), std::string::npos);
    EXPECT_NE(r.out.find("Carrier     CCCCC  A1 down"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Battleship  BBBB   A3 down"), std::string::npos);
    EXPECT_NE(r.out.find("The Cruiser at A3 right overlaps the Battleship."), std::string::npos);
}

TEST(Play, AutoPlacesTheRestOfTheFleetAroundTheShipsPlaced) {
    const auto r = run_broadside({"play", "classic", "--seed", "4", "--first", "me"},
                                 "C3 down\nauto\nok\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Your fleet is in position."), std::string::npos);
    EXPECT_NE(r.out.find("  C  .  .  C"), std::string::npos) << r.out;
}

TEST(Play, BadShotsAreExplainedAndTheTurnIsKept) {
    const auto r = run_broadside({"play", "classic", "--seed", "8", "--first", "me"},
                                 "auto\nok\nZ99\nhello\n\nA1\nA1\n b 7 \nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"Z99\" is off the board: cells go from A1 to J10."), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"hello\" is not a cell"), std::string::npos);
    EXPECT_NE(r.out.find("Type a cell such as B7"), std::string::npos);
    EXPECT_NE(r.out.find("A1 was already fired at"), std::string::npos);
    EXPECT_EQ(count(r.out, "You fired at "), 2);
    EXPECT_NE(r.out.find("You fired at A1: "), std::string::npos);
    EXPECT_NE(r.out.find("You fired at B7: "), std::string::npos);
    EXPECT_EQ(count(r.out, "Enemy fired at "), 2);
}

TEST(Play, SalvoNeedsExactlyTheShotsDue) {
    const auto r = run_broadside({"play", "salvo", "--seed", "8", "--first", "me"},
                                 "auto\nok\nA1 A2\nA1 A2 A3 A4 A4\nA1, A2, a3 A 4 A 1 0\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Your salvo: 5 shots"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("must have exactly 5 different shots"), std::string::npos);
    EXPECT_NE(r.out.find("A4 appears twice"), std::string::npos);
    EXPECT_EQ(count(r.out, "Your salvo of 5 shots: "), 1);
    EXPECT_NE(r.out.find("Your salvo of 5 shots: A1 "), std::string::npos);
    EXPECT_NE(r.out.find("; A10 "), std::string::npos);
    EXPECT_NE(r.out.find("Enemy salvo of 5 shots: "), std::string::npos);
}

// docs/play.md: `help` gives "an example that is valid now": in Salvo, a volley of exactly the
// shots due, which the game then accepts as typed.
TEST(Play, SalvoHelpsExampleIsAVolleyTheGameAccepts) {
    const std::vector<std::string> args{"play", "salvo", "--seed", "8", "--first", "me"};
    const auto r = run_broadside(args, "auto\nok\nhelp\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto at = r.out.find("Commands now:\n    ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string row = r.out.substr(at + 18, r.out.find('\n', at + 18) - at - 18);
    const std::string example = row.substr(0, row.find("  "));
    EXPECT_EQ(std::count(example.begin(), example.end(), ' '), 4) << row;  // five cells
    EXPECT_NE(row.find("fire these 5 shots"), std::string::npos) << row;
    const auto fired = run_broadside(args, "auto\nok\n" + example + "\nquit\n");
    EXPECT_NE(fired.out.find("Your salvo of 5 shots: " + example.substr(0, 2)), std::string::npos)
        << fired.out;
}

// docs/play.md: `help` gives an example that is valid now. On a 5x5 board, once the Carrier
// lies along row A, "A1 right" is not: help's example is the prompt's, and the game takes it.
TEST(Play, HelpsPlacementExampleIsOneTheNextShipFitsNow) {
    const std::vector<std::string> args{"play", "classic",   "--seed",
                                        "3",    "--options", R"({"rows":5,"cols":5})"};
    const auto r = run_broadside(args, "A1 right\nhelp\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto at = r.out.find("Commands now:\n    ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string row = r.out.substr(at + 18, r.out.find('\n', at + 18) - at - 18);
    const std::string example = row.substr(0, row.find("  "));
    EXPECT_NE(example, "A1 right") << row;
    EXPECT_EQ(example.find(','), std::string::npos) << "one example, not a list: " << row;
    // The prompt suggests the same placement.
    EXPECT_NE(r.out.find("Place your Battleship (4 cells), e.g. " + example + ": help"),
              std::string::npos)
        << r.out;
    // The cell alone, as the next row shows it, runs right from the same cell.
    const std::string cell = example.substr(0, example.find(' '));
    EXPECT_NE(r.out.find("    " + cell + std::string(20 - cell.size(), ' ') +
                         "a cell alone: the ship runs right"),
              std::string::npos)
        << r.out;
    const auto placed = run_broadside(args, "A1 right\n" + example + "\nquit\nyes\n");
    EXPECT_NE(placed.out.find("Place your Cruiser"), std::string::npos) << placed.out;
}

TEST(Play, HelpListsTheCommands) {
    const auto r = run_broadside({"play", "classic", "--seed", "2"}, "help\nquit\n");
    ASSERT_EQ(r.exit_code, 0);
    for (const char* word : {"auto", "undo", "rotate", "board", "help", "quit"}) {
        EXPECT_NE(r.out.find(word), std::string::npos) << word;
    }
}

TEST(Play, EndOfInputLeavesTheGameLikeQuit) {
    const auto r = run_broadside({"play", "classic", "--seed", "2"}, "auto\nok\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("You left the game"), std::string::npos);
}

TEST(Play, WithoutASeedItPrintsTheOneItChose) {
    const auto r = run_broadside({"play", "classic"}, "quit\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(follows_number(r.out, "seed ", "")) << r.out;
}

TEST(Play, SaveWritesARecordThatReplayAccepts) {
    const std::string dir = testing::temp_dir();
    const std::string done = dir + "/done.json", quit = dir + "/quit.json";
    const auto finished =
        run_broadside({"play", "classic", "--seed", "12", "--bot", "random", "--save", done},
                      "auto\nok\n" + every_cell());
    ASSERT_EQ(finished.exit_code, 0) << finished.err;
    EXPECT_NE(finished.out.find("Saved the game record to " + done), std::string::npos);
    auto replayed = run_broadside({"replay", done});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("all events identical"), std::string::npos);
    EXPECT_NE(replayed.out.find(" won after "), std::string::npos) << replayed.out;
    EXPECT_EQ(replayed.out.find("{"), std::string::npos) << replayed.out;

    const auto left = run_broadside({"play", "salvo", "--seed", "12", "--save", quit},
                                    "auto\nok\nB2 C3 D4 E5 F6\nquit\n");
    ASSERT_EQ(left.exit_code, 0) << left.err;
    EXPECT_NE(left.out.find("Saved the unfinished game record"), std::string::npos);
    replayed = run_broadside({"replay", quit});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
}

// A fleet along the left edge, placed by hand: a habit a learning bot can pick up.
const std::string kEdgeFleet = "A1 down\nA3 down\nA5 down\nA7 down\nA9 down\n";

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(PlaySession, AnotherGameFollowsOnYesWithTheNextSeedAndTheScore) {
    const std::string dir = testing::temp_dir();
    const std::string save = dir + "/session.jsonl";
    const auto r =
        run_broadside({"play", "classic", "--seed", "40", "--bot", "random", "--save", save},
                      "auto\nok\n" + every_cell() + "yes\nauto\nok\n" + every_cell() + "no\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Game 1 is won by firing every cell or lost: either way the score is given, and the next
    // game's header carries its number, its seed and the score so far.
    EXPECT_EQ(count(r.out, "Game over"), 2) << r.out;
    EXPECT_NE(r.out.find("seed 41  |  game 2 (you "), std::string::npos) << r.out;
    EXPECT_EQ(count(r.out, "Games: you "), 2);
    EXPECT_EQ(count(r.out, "Play again? (yes or no): "),
              count(r.out, "Please answer yes or no.") + 2);
    EXPECT_EQ(r.out.find("game 3"), std::string::npos);
    // One record per game, each replayed identically.
    ASSERT_EQ(lines_of(save).size(), 2U);
    const auto replayed = run_broadside({"replay", save});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("record 2: classic, seed 41"), std::string::npos) << replayed.out;
}

TEST(PlaySession, AGivenSeedIsPlayedAsIsEvenAboveTheRangeOfPickedSeeds) {
    const auto r = run_broadside({"play", "classic", "--seed", "4000000000", "--bot", "random"},
                                 "auto\nok\n" + every_cell() + "yes\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("seed 4000000000\n"), std::string::npos) << r.out;
    // The header is 86 columns on one line: the session's score goes on the second.
    EXPECT_NE(r.out.find("seed 4000000001\ngame 2 (you "), std::string::npos) << r.out;
}

TEST(PlaySession, AnythingButYesOrNoIsAskedAgainAndEndOfInputEndsTheSession) {
    const auto r = run_broadside({"play", "classic", "--seed", "40", "--bot", "random"},
                                 "auto\nok\n" + every_cell() + "maybe\nY E S please\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Play again? (yes or no): maybe\n  Please answer yes or no."),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("game 2"), std::string::npos);
    // quit answers no as well.
    const auto q = run_broadside({"play", "classic", "--seed", "40", "--bot", "random"},
                                 "auto\nok\n" + every_cell() + "quit\n");
    EXPECT_EQ(q.exit_code, 0);
    EXPECT_EQ(q.out.find("game 2"), std::string::npos);
}

// Game 2 of a session uses the next seed; a fresh session started at that seed, with the same
// input, differs only if the bot learned from game 1. `density` does not learn (the control,
// which shows the comparison can come out equal); `best-fast` does.
std::string second_game_record(const std::string& bot, bool after_a_first_game) {
    const std::string save = testing::temp_dir() + "/games.jsonl";
    const std::string game = kEdgeFleet + every_cell();
    const auto r =
        after_a_first_game
            ? run_broadside({"play", "classic", "--seed", "60", "--bot", bot, "--save", save},
                            game + "yes\n" + game + "no\n")
            : run_broadside({"play", "classic", "--seed", "61", "--bot", bot, "--save", save},
                            game + "no\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto lines = lines_of(save);
    return lines.empty() ? "" : lines.back();
}

TEST(PlaySession, TheBotLearnsFromEachFinishedGameOfTheSession) {
    const std::string control = second_game_record("density", true);
    ASSERT_FALSE(control.empty());
    EXPECT_EQ(control, second_game_record("density", false));
    const std::string learned = second_game_record("best-fast", true);
    ASSERT_FALSE(learned.empty());
    EXPECT_NE(learned, second_game_record("best-fast", false));
}

TEST(Play, HelpFlagExitsZero) {
    const auto r = run_broadside({"play", "classic", "--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("--bot"), std::string::npos);
    EXPECT_NE(r.out.find("--first"), std::string::npos);
}

TEST(Play, HelpListsTheGames) {
    const auto r = run_broadside({"play", "--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("salvo"), std::string::npos) << r.out;
}

TEST(Play, MissingGameNamesTheGames) {
    const auto r = run_broadside({"play"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("the games are classic, salvo"), std::string::npos) << r.err;
}

TEST(Play, StrengthFastPlaysTheFastBestBot) {
    const auto r = run_broadside({"play", "classic", "--seed", "1", "--strength", "fast"},
                                 "auto\nok\n" + every_cell());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.find("Game over: you won after ") != std::string::npos ||
                r.out.find("Game over: the best-fast bot won after ") != std::string::npos)
        << r.out;
}

TEST(Play, StrengthIsOnlyForTheBestBotAndHasTwoLevels) {
    const auto other =
        run_broadside({"play", "classic", "--bot", "density", "--strength", "fast"}, "auto\nok\n");
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("--strength applies to the best bot only"), std::string::npos)
        << other.err;
    const auto level = run_broadside({"play", "classic", "--strength", "hardest"}, "auto\nok\n");
    EXPECT_EQ(level.exit_code, 2);
    EXPECT_NE(level.err.find("hardest"), std::string::npos) << level.err;
}

// docs/play.md: the bot is chosen by --level or --bot; --strength is how hard `best` thinks, so
// with a --level whose bot is not `best` it is refused (exit 2) rather than silently playing
// best; classic's hard level is best, so --level hard --strength fast plays best-fast.
TEST(Play, StrengthWithALevelFitsOnlyALevelWhoseBotIsBest) {
    const auto easy =
        run_broadside({"play", "classic", "--level", "easy", "--strength", "fast"}, "auto\nok\n");
    EXPECT_EQ(easy.exit_code, 2) << easy.out;
    EXPECT_NE(easy.err.find("--strength applies to the best bot only; --level easy plays hunt, "
                            "which has one strength."),
              std::string::npos)
        << easy.err;
    EXPECT_EQ(easy.out, "");
    const auto normal =
        run_broadside({"play", "classic", "--level", "normal", "--strength", "full"}, "");
    EXPECT_EQ(normal.exit_code, 2);
    EXPECT_NE(normal.err.find("--level normal plays density"), std::string::npos) << normal.err;
    // Salvo's hard level is best-salvo, which has one strength.
    const auto salvo =
        run_broadside({"play", "salvo", "--level", "hard", "--strength", "fast"}, "");
    EXPECT_EQ(salvo.exit_code, 2);
    EXPECT_NE(salvo.err.find("--level hard plays best-salvo"), std::string::npos) << salvo.err;
    const auto hard = run_broadside(
        {"play", "classic", "--level", "hard", "--strength", "fast", "--seed", "1"}, "quit\nyes\n");
    EXPECT_EQ(hard.exit_code, 0) << hard.err;
    EXPECT_NE(hard.out.find("against the best-fast bot"), std::string::npos) << hard.out;
}

TEST(Play, UnknownBotIsAUsageError) {
    const auto r = run_broadside({"play", "classic", "--bot", "nosuchbot"}, "auto\nok\n");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Unknown bot \"nosuchbot\""), std::string::npos) << r.err;
}

TEST(Play, UnknownGameAndBadOptionsAreUsageErrors) {
    EXPECT_EQ(run_broadside({"play", "chess"}).exit_code, 2);
    const auto r = run_broadside({"play", "classic", "--options", "{\"rows\": 99}"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("rows"), std::string::npos);
}

}  // namespace
}  // namespace broadside

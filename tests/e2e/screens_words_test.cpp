// What the terminal games say (issue 28): one definition of a turn in play, replay and the
// record; replay names the players as they played; every bot seat has a short name of its own;
// a player's own latest result is never the news cut; the words of Royale and the party.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/news.h"
#include "cli/party/play.h"
#include "cli/royale/render.h"
#include "support/test_support.h"

namespace broadside {
namespace {

using testing::count_of;
using testing::run_broadside;

std::string last_line_of(const std::string& path) {
    std::istringstream lines(testing::read_file(path));
    std::string last;
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty()) last = line;
    }
    return last;
}

// Ann sinks Bob's one Destroyer on a 5x5 board: Ann, Bob, Ann fire; three turns in all.
TEST(ScreensWords, ATurnIsOnePlayersMoveInPlayReplayAndTheRecord) {
    const std::string file = testing::temp_dir() + "/turns.json";
    const auto r =
        run_broadside({"play", "classic", "--humans", "2", "--names", "Ann,Bob", "--seed", "3",
                       "--first", "me", "--save", file, "--options",
                       R"({"rows":5,"cols":5,"fleet":[{"name":"Destroyer","length":2}]})"},
                      "\nA1 right\n\nC3 down\n\nC3\n\n\nA1\n\n\nD3\nno\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Game over: Ann won after 3 turns (2 of them Ann's)."), std::string::npos)
        << r.out;
    const auto record = nlohmann::json::parse(last_line_of(file));
    EXPECT_EQ(record["result"]["turns"], 3);
    const auto replayed = run_broadside({"replay", file});
    EXPECT_NE(replayed.out.find("; Ann won after 3 turns\n"), std::string::npos) << replayed.out;
    const auto shown = run_broadside({"replay", file, "--show", "--all"});
    EXPECT_NE(shown.out.find("Ann won after 3 turns."), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("Shots fired: Ann 2, Bob 1."), std::string::npos) << shown.out;
}

TEST(ScreensWords, ReplayNamesTheBotAndThePersonAsTheGameWasPlayed) {
    const std::string file = testing::temp_dir() + "/bot.json";
    std::string shots;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) shots += row + std::to_string(col) + "\n";
    }
    const auto r = run_broadside({"play", "classic", "--seed", "4", "--save", file},
                                 "auto\nok\n" + shots + "no\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto record = nlohmann::json::parse(last_line_of(file));
    const int turns = record["result"]["turns"].get<int>();
    const bool bot_won = record["result"]["winner"] == 1;
    const std::string winner = bot_won ? "the density bot" : "you";
    EXPECT_NE(
        r.out.find("Game over: " + winner + " won after " + std::to_string(turns) + " turns ("),
        std::string::npos)
        << r.out.substr(r.out.size() - 2000);
    const auto replayed = run_broadside({"replay", file});
    EXPECT_NE(replayed.out.find("; " + winner + " won after " + std::to_string(turns) + " turns"),
              std::string::npos)
        << replayed.out;
    EXPECT_EQ(replayed.out.find("seat 1 won"), std::string::npos) << replayed.out;
}

TEST(ScreensWords, EveryCrewBotHasAShortNameOfItsOwnAndTheBannerSaysWhichWon) {
    const std::string file = testing::temp_dir() + "/crew.json";
    std::string input;
    for (int i = 0; i < 80; ++i) input += "\ns\n";
    const auto r =
        run_broadside({"play", "crew", "--players", "6", "--seed", "3", "--save", file}, input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("optimal bo"), std::string::npos) << r.out.substr(r.out.size() - 2000);
    // The tally's header names the six seats, each once.
    const auto tally = r.out.rfind("Tally sheet\n");
    ASSERT_NE(tally, std::string::npos);
    const std::string header = r.out.substr(tally, r.out.find('\n', tally + 12) - tally);
    for (const char* name : {"You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"}) {
        EXPECT_EQ(count_of(header, name), 1) << name << " in " << header;
    }
    std::string flat = r.out.substr(0, 400);  // the intro, wrapped: its lines joined
    for (auto& c : flat) c = c == '\n' ? ' ' : c;
    EXPECT_NE(flat.find("The bots (Bot 1 to Bot 5) play optimal."), std::string::npos) << flat;
    const auto record = nlohmann::json::parse(last_line_of(file));
    const int w = record["result"]["winner"].get<int>();
    const std::string banner =
        w == 0 ? "Game over: You win" : "Game over: Bot " + std::to_string(w) + " wins";
    EXPECT_NE(r.out.find(banner), std::string::npos);
    const auto replayed = run_broadside({"replay", file});
    EXPECT_NE(replayed.out.find(w == 0 ? "; you won" : "; Bot " + std::to_string(w) + " won"),
              std::string::npos)
        << replayed.out;
}

TEST(ScreensWords, RoyaleBotsAreNumberedAndAPlayerHitOnTwoCardsIsNamedOnce) {
    cli::SeatNames names{{"You", "Bot 1", "Bot 2"}, 0};
    const nlohmann::json twice = {{"type", "shots"},
                                  {"seat", 2},
                                  {"source", "die"},
                                  {"shots", {{{"cell", "I5"}, {"hit", {0, 0}}}}}};
    EXPECT_EQ(cli::narrate_royale(twice, names), "Bot 2 shot I5: hit (two of your ships).");
    const nlohmann::json mixed = {{"type", "shots"},
                                  {"seat", 0},
                                  {"source", "die"},
                                  {"shots", {{{"cell", "B2"}, {"hit", {1, 2, 1}}}}}};
    EXPECT_EQ(cli::narrate_royale(mixed, names),
              "You shot B2: hit (two of Bot 1's ships and Bot 2).");
    const nlohmann::json once = {{"type", "shots"},
                                 {"seat", 1},
                                 {"source", "die"},
                                 {"shots", {{{"cell", "A1"}, {"hit", {0}}}}}};
    EXPECT_EQ(cli::narrate_royale(once, names), "Bot 1 shot A1: hit (you).");
    // The game itself: the bots are "Bot 1" ... in the intro's players and the news.
    const auto r =
        run_broadside({"play", "royale", "--players", "4", "--seed", "5"}, "quit\nyes\n");
    EXPECT_NE(r.out.find("Bot 3: "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("bot 3"), std::string::npos) << r.out;
}

TEST(ScreensWords, RoyaleHelpIsTwoAlignedColumnsInside80) {
    const auto r =
        run_broadside({"play", "royale", "--mode", "advanced", "--players", "4", "--seed", "6"},
                      "help\nquit\nyes\n");
    const auto at = r.out.find("Commands now:\n");
    ASSERT_NE(at, std::string::npos) << r.out;
    std::istringstream lines(r.out.substr(at + 14));
    int rows = 0;
    for (std::string line; std::getline(lines, line) && line.rfind("  ", 0) == 0; ++rows) {
        EXPECT_LE(line.size(), 80U) << line;
        // The description starts in column 23, after the command and its padding.
        EXPECT_NE(line[22], ' ') << line;
        EXPECT_EQ(line.substr(20, 2), "  ") << line;
    }
    EXPECT_GE(rows, 3);
    // The example discards two cards that may be discarded: never the Submarine card.
    const auto pick = r.out.find("  discard ", at);
    ASSERT_NE(pick, std::string::npos);
    EXPECT_EQ(r.out.substr(pick, 14).find(" U"), std::string::npos) << r.out.substr(pick, 40);
}

TEST(ScreensWords, ThePartySaysTheEditionsNameAndNamesItsBots) {
    const auto r = run_broadside(
        {"play", "party", "--players", "4", "--seed", "12", "--pause-ms", "0"}, "auto\nok\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Rainbow Armada, 4 players"), std::string::npos) << r.out.substr(0, 300);
    EXPECT_EQ(r.out.find("Rainbow & European"), std::string::npos);
    EXPECT_NE(r.out.find("  Bot 3 "), std::string::npos) << r.out.substr(r.out.size() - 800);
    EXPECT_EQ(r.out.find("player 4"), std::string::npos);
}

// A big room's super torpedo counts whom it eliminated: "1 player", never "1 players".
TEST(ScreensWords, APartyCountOfOneIsSingular) {
    const nlohmann::json e = {
        {"type", "super_torpedo"}, {"number", 2},           {"cell", "C4"},
        {"eliminated", nullptr},   {"eliminated_count", 1}, {"remaining", nullptr},
        {"remaining_count", 5}};
    std::ostringstream out;
    cli::narrate_party(e, 3, {}, out);
    EXPECT_NE(out.str().find("eliminated 1 player; 5 still in"), std::string::npos) << out.str();
}

// The news keeps the viewer's own lines and cuts the others' oldest first.
TEST(ScreensWords, NewsNeverCutsTheViewersOwnLatestMove) {
    std::vector<cli::NewsItem> items{
        {"Bot 1 threw 6 5 4 1 1.", false},       {"You threw 6 5 4 3 2: crew 3 + 2 = 5.", true},
        {"You score 5 points; total 40.", true}, {"Bot 2 threw 1 1 2 3 4.", false},
        {"Bot 3 threw 2 2 2 2 2.", false},       {"Bot 4 threw 6 5 4 6 6: crew 12.", false}};
    const auto fitted = cli::fit_news(items, 4, 76);
    ASSERT_EQ(fitted.lines.size(), 4U);
    EXPECT_EQ(fitted.lines[0], "(3 lines not shown)");
    EXPECT_EQ(fitted.lines[1], "You threw 6 5 4 3 2: crew 3 + 2 = 5.");
    EXPECT_EQ(fitted.lines[2], "You score 5 points; total 40.");
    EXPECT_EQ(fitted.lines[3], "Bot 4 threw 6 5 4 6 6: crew 12.");
    EXPECT_EQ(fitted.note, 0);
    // Room for everything: nothing cut, no note.
    EXPECT_EQ(cli::fit_news(items, 6, 76).lines.size(), 6U);
    EXPECT_EQ(cli::fit_news(items, 6, 76).note, -1);
    // The viewer's lines alone are more than the room: all of them stay.
    const auto tight = cli::fit_news(items, 2, 76);
    EXPECT_EQ(count_of(tight.lines.back(), "You score"), 1);
    EXPECT_EQ(tight.lines[0], "(4 lines not shown)");
}

// The dice game in a taller terminal than 24 rows gets more news, and its own throw stays:
// with six players, the screen after the person stops says what they scored.
TEST(ScreensWords, TheDiceGameShowsThePlayersOwnScoreAfterEveryStop) {
    std::string input;
    for (int i = 0; i < 80; ++i) input += "\ns\n";
    const auto r = run_broadside({"play", "crew", "--players", "6", "--seed", "3"}, input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Each screen that follows a stop ("... > s") opens its news with what was cut, if
    // anything, and always says "You score".
    std::size_t at = 0;
    int stops = 0;
    while ((at = r.out.find("> s\n", at)) != std::string::npos) {
        const auto next = r.out.find("> ", at + 4);
        const std::string screen =
            r.out.substr(at, next == std::string::npos ? std::string::npos : next - at);
        if (screen.find("Latest:") != std::string::npos) {
            EXPECT_NE(screen.find("You score"), std::string::npos) << screen;
            ++stops;
        }
        at += 4;
    }
    EXPECT_GE(stops, 2);
}

}  // namespace
}  // namespace broadside

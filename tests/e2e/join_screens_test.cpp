// `broadside join` draws the screens of `play` for every game (issue 30, item 4): the header
// line, the boards (the placement screen ship by ship, the two grids), the dice screen with
// play's words, Royale's grid and players, the party sea and scoreboard; and a watcher sees each
// game's boards from the public view. Real program, real server; classic in a real terminal
// (tmux), the others through a pipe, where every screen is printed in turn.
#include <gtest/gtest.h>

#include <cstdlib>
#include <tuple>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"
#include "support/tmux_pane.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

std::string first_line(const std::string& screen) {
    return screen.substr(0, screen.find('\n'));
}

// Classic in a terminal: the screen is cleared and drawn as play draws it, header on top; the
// fleet is placed ship by ship on play's placement screen; the battle screen has both grids,
// the ships afloat and the news, with the bot's reply shown as it comes.
TEST(JoinScreens, ClassicInATerminalIsPlaysPlacementAndBattleScreens) {
    if (!TmuxPane::available()) GTEST_SKIP() << "no tmux";
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(), {{"game", "classic"},
                                               {"options", {{"first", 0}}},
                                               {"name", "Ann"},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    TmuxPane pane("'" + std::string(BROADSIDE_BINARY) + "' join " +
                      created["room"].get<std::string>() + " --server " + server.url() +
                      " --token " + created["token"].get<std::string>(),
                  40);
    ASSERT_TRUE(pane.ok());
    ASSERT_TRUE(pane.wait_for("Seats:")) << pane.screen();
    pane.keys("start Enter");
    ASSERT_TRUE(pane.wait_for("Place your Carrier")) << pane.screen();
    std::string screen = pane.screen();
    EXPECT_EQ(first_line(screen).rfind("BROADSIDE  classic Ann against ", 0), 0u) << screen;
    EXPECT_NE(screen.find("Your ocean"), std::string::npos) << screen;
    EXPECT_NE(screen.find("> Carrier"), std::string::npos) << screen;
    pane.keys("'A1 right' Enter");
    ASSERT_TRUE(pane.wait_for("Place your Battleship")) << pane.screen();
    screen = pane.screen();
    EXPECT_EQ(first_line(screen).rfind("BROADSIDE", 0), 0u) << screen;
    EXPECT_NE(screen.find("Carrier     CCCCC  A1 right"), std::string::npos) << screen;
    pane.keys("auto Enter");
    ASSERT_TRUE(pane.wait_for("Your shot")) << pane.screen();
    pane.keys("J10 Enter");
    ASSERT_TRUE(pane.wait_for("You fired at J10")) << pane.screen();
    ASSERT_TRUE(pane.wait_for("Enemy fired at")) << pane.screen();  // the bot's turn, shown
    screen = pane.screen();
    EXPECT_EQ(first_line(screen).rfind("BROADSIDE", 0), 0u) << screen;
    EXPECT_NE(screen.find("Target grid"), std::string::npos) << screen;
    EXPECT_NE(screen.find("Your ships afloat: "), std::string::npos) << screen;
    EXPECT_NE(screen.find("Enemy ships afloat: "), std::string::npos) << screen;
    EXPECT_EQ(count_of(screen, "BROADSIDE"), 1) << screen;  // one screen, not a scrolling log
    pane.keys("quit Enter");
    EXPECT_EQ(server.terminate(), 0);
}

// The dice game: play's header (whose turn, the round), the totals, the dice drawn, and play's
// words (Enter or t throws, s stops), not a numbered menu.
TEST(JoinScreens, TheDiceGameIsPlaysDiceScreen) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(),
                               {{"game", "crew"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    auto run = run_broadside({"join", created["room"].get<std::string>(), "--server", server.url(),
                              "--token", created["token"].get<std::string>(), "--no-color"},
                             "start\nt\nt\nt\ntally\n");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("BROADSIDE  Ship, Captain and Crew  |  your turn  |  round 1"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("  Totals: You 0, "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("3 throws left. Holding: nothing."), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Enter throws the 5 dice (help for more) > "), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("You threw "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("Type the number of your choice"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("  Tally sheet\n"), std::string::npos) << run.out;
    EXPECT_EQ(server.terminate(), 0);
}

// Royale and the party game: play's header over the game's own screen; the party fleet is
// placed ship by ship on the 6x6 sea, as in play.
TEST(JoinScreens, RoyaleAndThePartyGameDrawPlaysScreens) {
    ServerProcess server(temp_dir(), kFast);
    {
        auto created = create_room(
            server.port(), {{"game", "royale"}, {"options", {{"players", 2}}}, {"seat", 0}});
        auto run =
            run_broadside({"join", created["room"].get<std::string>(), "--server", server.url(),
                           "--token", created["token"].get<std::string>(), "--no-color"},
                          "start fill\nauto\n");
        EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
        EXPECT_NE(run.out.find("BROADSIDE  royale standard  |  room "), std::string::npos)
            << run.out;
        EXPECT_NE(run.out.find("Your hand (keep 3):"), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("Players:"), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("[discard] > "), std::string::npos) << run.out;
    }
    {
        auto created = create_room(server.port(),
                                   {{"game", "party"}, {"options", {{"players", 2}}}, {"seat", 1}});
        auto run =
            run_broadside({"join", created["room"].get<std::string>(), "--server", server.url(),
                           "--token", created["token"].get<std::string>(), "--no-color"},
                          "start fill\nA1 right\n");
        EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
        EXPECT_NE(run.out.find("BROADSIDE  party: Rainbow Armada  |  2 players"), std::string::npos)
            << run.out;
        EXPECT_NE(run.out.find("Aircraft Carrier (5): "), std::string::npos) << run.out;
        // The first ship drawn on the sea after it is placed, and the next one asked for.
        EXPECT_NE(run.out.find("  1  A A A A A ."), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("Battleship (4): "), std::string::npos) << run.out;
    }
    EXPECT_EQ(server.terminate(), 0);
}

// A watcher of every game gets play's header ("watching") and the game's boards from the
// public view, before anything is typed.
TEST(JoinScreens, AWatcherSeesEveryGamesBoards) {
    ServerProcess server(temp_dir(), kFast);
    for (const auto& [game, options, board] :
         std::vector<std::tuple<std::string, json, std::string>>{
             {"classic", json::object(), "Ann fires at "},
             {"royale", {{"players", 2}}, "Players:"},
             {"crew", json::object(), "Totals:"},
             {"party", {{"players", 2}}, "A B C D E F"}}) {
        SCOPED_TRACE(game);
        auto created = create_room(server.port(), {{"game", game},
                                                   {"options", options},
                                                   {"name", "Ann"},
                                                   {"seat", game == "party" ? 1 : 0}});
        SeatClient ann(server.port(), created["room"], created["token"]);
        ASSERT_EQ(ann.request({{"cmd", "start"}, {"fill", true}})["type"], "started");
        auto run = run_broadside({"join", created["room"].get<std::string>(), "--server",
                                  server.url(), "--watch", "--no-color"},
                                 "quit\n");
        EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
        const auto header = run.out.find("\nBROADSIDE  ");
        ASSERT_NE(header, std::string::npos) << run.out;
        // "watching" ends the header (on its first line, or alone on its second when long).
        const auto watching = run.out.find("watching\n", header);
        ASSERT_NE(watching, std::string::npos) << run.out;
        EXPECT_LE(count_of(run.out.substr(header + 1, watching - header), "\n"), 1) << run.out;
        EXPECT_NE(run.out.find(board), std::string::npos) << run.out;
    }
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

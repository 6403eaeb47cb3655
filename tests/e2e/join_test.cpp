// `broadside join`: the terminal client of `broadside serve`, driven as a person would, with
// lines on standard input, against a real server: a whole classic game against a bot with a
// token, a crew game, and a person joining a room where another client plays the other seat.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <thread>
#include <tuple>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// Every cell of a 10x10 board, `per_line` to a line: enough shots to finish any game.
std::string every_cell(int per_line = 1) {
    std::string lines;
    int on_line = 0;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) {
            lines += std::string(1, row) + std::to_string(col);
            lines += ++on_line % per_line == 0 ? "\n" : " ";
        }
    }
    return lines;
}

TEST(Join, APlayerWithATokenPlaysAWholeClassicGameAgainstABot) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(), {{"game", "classic"},
                                               {"options", {{"first", 0}}},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    auto run = run_broadside({"join", room, "--server", server.url(), "--token",
                              created["token"].get<std::string>(), "--no-color"},
                             "start\nauto\n" + every_cell());
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("You are back in seat 0"), std::string::npos) << run.out;
    // play's screens (issue 30): the placement screen, then "Your ocean" beside "Target grid".
    EXPECT_NE(run.out.find("Your fleet"), std::string::npos);
    EXPECT_NE(run.out.find("Target grid"), std::string::npos);
    EXPECT_NE(run.out.find("You fired at A1"), std::string::npos) << run.out;
    EXPECT_TRUE(run.out.find("You won!") != std::string::npos ||
                run.out.find("You lost.") != std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("broadside replay --verify"), std::string::npos);
    // The end shows the bot's fleet, every ship of it, from the record.
    EXPECT_NE(run.out.find("'s fleet, revealed"), std::string::npos) << run.out;
    EXPECT_EQ(server.terminate(), 0);
}

// However the game ends, the terminal shows what the record reveals: here the other player
// resigns once both fleets are placed, before a shot, so every ship of hers is drawn unhit.
TEST(Join, AResignationShowsTheOtherFleetRevealed) {
    ServerProcess server(temp_dir(), kFast);
    const std::string state = temp_dir();
    ::setenv("XDG_STATE_HOME", state.c_str(), 1);
    auto created = create_room(server.port(), {{"game", "classic"}, {"options", {{"first", 0}}}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    CommandResult bob;
    std::thread terminal([&] {
        bob = run_broadside({"join", room, "--server", server.url(), "--name", "Bob", "--no-color"},
                            "auto\n" + every_cell());
    });
    for (int i = 0; i < 400; ++i) {
        if (ann.request({{"cmd", "room"}})["seats"][1]["kind"] == "human") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    const json ships = {"A1 right", "C1 right", "E1 right", "G1 right", "I1 right"};
    ASSERT_EQ(ann.request({{"cmd", "act"},
                           {"action_id", "p"},
                           {"action", {{"type", "place"}, {"ships", ships}}}})["type"],
              "acted");
    // Once Bob's terminal has placed his fleet it is Ann's turn: she resigns instead of firing.
    for (int i = 0; i < 400; ++i) {
        if (ann.request({{"cmd", "observe"}})["to_act"] == json({0})) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    ASSERT_EQ(ann.request({{"cmd", "resign"}})["type"], "resigned");
    terminal.join();
    ::unsetenv("XDG_STATE_HOME");
    EXPECT_EQ(bob.exit_code, 0) << bob.out << bob.err;
    EXPECT_NE(bob.out.find("You won!"), std::string::npos) << bob.out;
    EXPECT_NE(bob.out.find("(ended by resign)"), std::string::npos) << bob.out;
    EXPECT_NE(bob.out.find("Player 1's fleet, revealed"), std::string::npos) << bob.out;
    EXPECT_EQ(bob.out.find("(never placed)"), std::string::npos) << bob.out;
    // Ann's Carrier, A1 to A5, is drawn by its letter on the revealed grid (the right one).
    const auto revealed = bob.out.find("Player 1's fleet, revealed");
    const auto row_a = bob.out.find("\n  A ", bob.out.find("\n", revealed));
    ASSERT_NE(row_a, std::string::npos);
    const std::string line = bob.out.substr(row_a + 1, bob.out.find('\n', row_a + 1) - row_a - 1);
    EXPECT_EQ(count_of(line.substr(line.size() / 2), "C"), 5) << line;
    EXPECT_EQ(server.terminate(), 0);
}

// The dice game is played with play's words (Enter or t throws, s stops), not a numbered menu.
TEST(Join, ACrewGameIsPlayedWithPlaysWords) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(),
                               {{"game", "crew"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    std::string input = "start\n";
    for (int i = 0; i < 300; ++i) input += "t\ns\n";
    auto run = run_broadside({"join", created["room"].get<std::string>(), "--server", server.url(),
                              "--token", created["token"].get<std::string>(), "--no-color"},
                             input);
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("dice (help for more) > "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Totals:"), std::string::npos);
    EXPECT_TRUE(run.out.find("You won!") != std::string::npos ||
                run.out.find("You lost.") != std::string::npos)
        << run.out;
    EXPECT_EQ(server.terminate(), 0);
}

TEST(Join, APersonJoinsAnOpenSeatKeepsTheTokenPrivatelyAndPlaysAnotherClient) {
    ServerProcess server(temp_dir(), kFast);
    const std::string state = temp_dir();
    ::setenv("XDG_STATE_HOME", state.c_str(), 1);
    auto created = create_room(server.port(), {{"game", "classic"}, {"options", {{"first", 1}}}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    CommandResult bob;
    std::thread terminal([&] {
        bob = run_broadside({"join", room, "--server", server.url(), "--name", "Bob", "--no-color"},
                            "auto\n" + every_cell());
    });
    // Ann starts once Bob sits down (up to 30 s: the ASan binary starting under a loaded
    // machine took over 5), then plays her seat at random.
    for (int i = 0; i < 1200; ++i) {
        auto summary = ann.request({{"cmd", "room"}});
        if (summary["seats"][1]["kind"] == "human") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    Rng rng(4);
    for (int i = 0; i < 5000; ++i) {
        auto obs = ann.request({{"cmd", "observe"}});
        if (obs["over"].get<bool>()) break;
        if (obs["legal"].is_null()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            continue;
        }
        ann.request({{"cmd", "act"},
                     {"action_id", "ann-" + std::to_string(i)},
                     {"action", random_action(obs["legal"], 0, rng)}});
    }
    terminal.join();
    EXPECT_EQ(bob.exit_code, 0) << bob.out << bob.err;
    EXPECT_NE(bob.out.find("You sit in seat 1 as Bob"), std::string::npos) << bob.out;
    EXPECT_TRUE(bob.out.find("You won!") != std::string::npos ||
                bob.out.find("You lost.") != std::string::npos)
        << bob.out;
    // The token is kept for the next `join`, readable by its owner only.
    const std::string file = state + "/broadside/tokens.json";
    struct stat info {};
    ASSERT_EQ(::stat(file.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600);
    const auto tokens = json::parse(read_file(file));
    EXPECT_EQ(tokens.size(), 1u);
    ::unsetenv("XDG_STATE_HOME");
    EXPECT_EQ(server.terminate(), 0);
}

TEST(Join, NewCreatesTheRoomAndItsCreatorStartsItWithBots) {
    ServerProcess server(temp_dir(), kFast);
    const std::string state = temp_dir();
    ::setenv("XDG_STATE_HOME", state.c_str(), 1);
    auto run = run_broadside({"join", "--new", "classic", "--options", "{\"first\": 0}", "--server",
                              server.url(), "--name", "Ann", "--no-color"},
                             "start fill\nauto\nA1 A2\n" + every_cell());
    ::unsetenv("XDG_STATE_HOME");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find(" is ready. Friends join with:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Not allowed:"), std::string::npos) << run.out;  // two shots of one
    EXPECT_TRUE(run.out.find("You won!") != std::string::npos ||
                run.out.find("You lost.") != std::string::npos)
        << run.out;
    auto bad =
        run_broadside({"join", "--new", "salvo", "--options", "[]", "--server", server.url()});
    EXPECT_EQ(bad.exit_code, 2) << bad.err;
    // Refused for what it is, before any room is made: the message names the option.
    EXPECT_NE(bad.err.find("--options must be a JSON object."), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out.find(" is ready."), std::string::npos) << bad.out;
    EXPECT_EQ(server.terminate(), 0);
}

TEST(Join, RoyaleAndThePartyGamePlayFromTheTerminalWithAutoMoves) {
    ServerProcess server(temp_dir(), kFast);
    for (const auto& [game, options, seat] : std::vector<std::tuple<std::string, json, int>>{
             {"royale", {{"players", 2}}, 0}, {"party", {{"players", 2}}, 1}}) {
        SCOPED_TRACE(game);
        auto created =
            create_room(server.port(), {{"game", game}, {"options", options}, {"seat", seat}});
        std::string input = "start fill\n";
        for (int i = 0; i < 400; ++i) input += "auto\n";
        auto run =
            run_broadside({"join", created["room"].get<std::string>(), "--server", server.url(),
                           "--token", created["token"].get<std::string>(), "--no-color"},
                          input);
        EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
        EXPECT_TRUE(run.out.find("You won!") != std::string::npos ||
                    run.out.find("You lost.") != std::string::npos)
            << run.out;
        EXPECT_EQ(run.out.find("Not allowed"), std::string::npos) << run.out;
    }
    EXPECT_EQ(server.terminate(), 0);
}

TEST(Join, ABadCodeOrAnUnknownRoomIsAClearError) {
    ServerProcess server(temp_dir(), kFast);
    auto bad = run_broadside({"join", "ab1", "--server", server.url()});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("is not a room code"), std::string::npos) << bad.err;
    auto unknown = run_broadside({"join", "ZZZZZ", "--server", server.url()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_NE(unknown.err.find("cannot join ZZZZZ"), std::string::npos) << unknown.err;
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

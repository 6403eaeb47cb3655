// `broadside join` as a newcomer meets it (issue 30, item 4), typed line by line against a real
// server, each line after the output it answers: a new room says it was created, once; `quit`
// names the command that comes back to this room; two people at one machine hold two seats; a
// spectator hears the seats by name and sees the boards; a move typed early is answered at once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <regex>

#include "support/interactive.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

std::string created_code(const std::string& out) {
    std::smatch m;
    return std::regex_search(out, m, std::regex("Room ([A-Z]{5}) is ready")) ? m[1].str() : "";
}

class JoinNewcomer : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("XDG_STATE_HOME", state_.c_str(), 1); }
    void TearDown() override { ::unsetenv("XDG_STATE_HOME"); }
    std::string state_ = temp_dir();
    ServerProcess server_{temp_dir(), kFast};
};

// Items 1 and 2: the room's creator is told so, sees the lobby once (the server's room summary
// after the connection changes nobody's seat), and `quit` prints the command that comes back to
// THIS room, which does: no second room is made.
TEST_F(JoinNewcomer, ANewRoomSaysItWasCreatedOnceAndQuitNamesTheWayBack) {
    Interactive ann(
        {"join", "--new", "classic", "--server", server_.url(), "--name", "Ann", "--no-color"});
    ASSERT_TRUE(ann.wait_for("'start' when everyone")) << ann.out();
    // The server's room summary after the connection comes meanwhile; `help` is answered after.
    ann.type("help");
    ASSERT_TRUE(ann.wait_for("Commands:")) << ann.out();
    ann.type("quit");
    ASSERT_EQ(ann.finish(), 0) << ann.out();
    const std::string code = created_code(ann.out());
    ASSERT_FALSE(code.empty()) << ann.out();
    EXPECT_NE(ann.out().find("You created room " + code + " and took seat 0 as Ann."),
              std::string::npos)
        << ann.out();
    EXPECT_EQ(ann.out().find("You are back"), std::string::npos) << ann.out();
    EXPECT_EQ(count_of(ann.out(), "Seats:"), 1) << ann.out();
    const std::string back =
        "broadside join " + code + " --server " + server_.url() + " --name Ann";
    EXPECT_NE(ann.out().find("Left the room; your seat is kept. Come back with: " + back),
              std::string::npos)
        << ann.out();

    auto again =
        run_broadside({"join", code, "--server", server_.url(), "--name", "Ann"}, "quit\n");
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find("You are back in seat 0 as Ann."), std::string::npos) << again.out;
    EXPECT_EQ(again.out.find("is ready"), std::string::npos) << again.out;
    EXPECT_EQ(server_.terminate(), 0);
}

// Item 3: Bob, at Ann's machine, joins her room as a second player; each name comes back to its
// own seat, and a join without a name is asked whose seat it means.
TEST_F(JoinNewcomer, TwoPeopleAtOneMachineHoldTwoSeats) {
    auto ann = run_broadside(
        {"join", "--new", "classic", "--server", server_.url(), "--name", "Ann"}, "quit\n");
    ASSERT_EQ(ann.exit_code, 0) << ann.err;
    const std::string code = created_code(ann.out);
    auto bob = run_broadside({"join", code, "--server", server_.url(), "--name", "Bob"}, "quit\n");
    EXPECT_EQ(bob.exit_code, 0) << bob.err;
    EXPECT_NE(bob.out.find("You sit in seat 1 as Bob."), std::string::npos) << bob.out;
    EXPECT_EQ(bob.out.find("You are back"), std::string::npos) << bob.out;
    auto bob_again =
        run_broadside({"join", code, "--server", server_.url(), "--name", "Bob"}, "quit\n");
    EXPECT_NE(bob_again.out.find("You are back in seat 1 as Bob."), std::string::npos)
        << bob_again.out;
    auto ann_again =
        run_broadside({"join", code, "--server", server_.url(), "--name", "Ann"}, "quit\n");
    EXPECT_NE(ann_again.out.find("You are back in seat 0 as Ann."), std::string::npos)
        << ann_again.out;
    auto nameless = run_broadside({"join", code, "--server", server_.url()}, "quit\n");
    EXPECT_EQ(nameless.exit_code, 2) << nameless.out;
    EXPECT_NE(nameless.err.find("several seats of room " + code +
                                " (Ann, Bob): say whose with "
                                "--name"),
              std::string::npos)
        << nameless.err;
    EXPECT_EQ(server_.terminate(), 0);
}

// A classic room with Ann (a test client, seat 0) and Bob (`broadside join`, seat 1, first to
// fire), both fleets placed and Bob's first shot, A1, fired: a hit on Ann's Carrier.
class JoinGame : public JoinNewcomer {
protected:
    void SetUp() override {
        JoinNewcomer::SetUp();
        auto created = create_room(
            server_.port(), {{"game", "classic"}, {"options", {{"first", 1}}}, {"name", "Ann"}});
        room_ = created["room"];
        ann_ = std::make_unique<SeatClient>(server_.port(), room_, created["token"]);
        bob_ = std::make_unique<Interactive>(std::vector<std::string>{
            "join", room_, "--server", server_.url(), "--name", "Bob", "--no-color"});
        ASSERT_TRUE(bob_->wait_for("You sit in seat 1 as Bob.")) << bob_->out();
    }
    void play_to_bobs_first_shot() {
        ASSERT_EQ(ann_->request({{"cmd", "start"}})["type"], "started");
        const json ships = {"A1 right", "C1 right", "E1 right", "G1 right", "I1 right"};
        ASSERT_EQ(ann_->request({{"cmd", "act"},
                                 {"action_id", "p"},
                                 {"action", {{"type", "place"}, {"ships", ships}}}})["type"],
                  "acted");
        ASSERT_TRUE(bob_->wait_for("Place your fleet")) << bob_->out();
        bob_->type("auto");
        ASSERT_TRUE(bob_->wait_for("Your shot")) << bob_->out();
        bob_->type("A1");
        ASSERT_TRUE(bob_->wait_for("You fired at A1")) << bob_->out();
    }
    std::string room_;
    std::unique_ptr<SeatClient> ann_;
    std::unique_ptr<Interactive> bob_;
};

// Item 4: a spectator hears each shot by the shooter's name, never "enemy" or "your", and sees
// both sides' shots drawn, with whose turn it is, at every change.
TEST_F(JoinGame, AWatcherHearsTheSeatsByNameAndSeesTheBoards) {
    Interactive watcher({"join", room_, "--server", server_.url(), "--watch", "--no-color"});
    ASSERT_TRUE(watcher.wait_for("You are watching.")) << watcher.out();
    play_to_bobs_first_shot();
    ASSERT_TRUE(watcher.wait_for("Bob fired at A1: hit, Carrier.")) << watcher.out();
    ASSERT_TRUE(watcher.wait_for("Ann to fire.")) << watcher.out();
    watcher.type("B2");  // not a watcher's to make
    ASSERT_TRUE(watcher.wait_for("You are watching: moves are for the players")) << watcher.out();
    watcher.type("quit");
    EXPECT_EQ(watcher.finish(), 0);
    const std::string& out = watcher.out();
    EXPECT_EQ(out.find("Enemy"), std::string::npos) << out;
    EXPECT_EQ(out.find("enemy"), std::string::npos) << out;
    EXPECT_EQ(out.find("your"), std::string::npos) << out;
    EXPECT_NE(out.find("Bob fires first."), std::string::npos) << out;
    // The last board: Bob's hit on his grid of shots at Ann (the right block), none on Ann's.
    const auto board = out.rfind("Ann fires at Bob");
    ASSERT_NE(board, std::string::npos) << out;
    EXPECT_NE(out.find("Bob fires at Ann", board), std::string::npos) << out;
    const auto row_a = out.find("\n  A ", board);
    ASSERT_NE(row_a, std::string::npos) << out;
    const std::string line = out.substr(row_a + 1, out.find('\n', row_a + 1) - row_a - 1);
    EXPECT_EQ(count_of(line.substr(line.size() / 2), "X"), 1) << line;
    EXPECT_EQ(count_of(line.substr(0, line.size() / 2), "X"), 0) << line;
    bob_->type("quit");
    EXPECT_EQ(bob_->finish(), 0);
    EXPECT_EQ(server_.terminate(), 0);
}

// Item 5: a shot typed during the other side's turn is answered at once: it waits, and says so.
TEST_F(JoinGame, AShotTypedOnTheOtherSidesTurnSaysItWaits) {
    play_to_bobs_first_shot();
    bob_->type("B2");  // Ann's turn now
    ASSERT_TRUE(bob_->wait_for("Not your turn yet: 'B2' is kept and played when your turn comes"))
        << bob_->out();
    EXPECT_EQ(bob_->out().find("You fired at B2"), std::string::npos) << bob_->out();
    // Ann fires; then Bob's kept shot is played.
    ASSERT_EQ(ann_->request({{"cmd", "act"},
                             {"action_id", "a1"},
                             {"action", {{"type", "fire"}, {"cells", {"J10"}}}}})["type"],
              "acted");
    ASSERT_TRUE(bob_->wait_for("You fired at B2")) << bob_->out();
    bob_->type("quit");
    EXPECT_EQ(bob_->finish(), 0);
    EXPECT_EQ(server_.terminate(), 0);
}

// A watcher of Royale sees the game's own screen (the shared grid and the players), with no hand
// of "yours": the public view has none, and drawing it used to abort the program.
TEST_F(JoinNewcomer, AWatcherOfRoyaleSeesTheSharedGridAndThePlayers) {
    auto created = create_room(server_.port(), {{"game", "royale"},
                                                {"options", {{"players", 2}}},
                                                {"name", "Ann"},
                                                {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    SeatClient ann(server_.port(), created["room"], created["token"]);
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    Interactive watcher({"join", created["room"].get<std::string>(), "--server", server_.url(),
                         "--watch", "--no-color"});
    ASSERT_TRUE(watcher.wait_for("Players:")) << watcher.out();
    watcher.type("quit");
    EXPECT_EQ(watcher.finish(), 0) << watcher.out();
    EXPECT_NE(watcher.out().find("Ann: "), std::string::npos) << watcher.out();
    EXPECT_EQ(watcher.out().find("Your"), std::string::npos) << watcher.out();
    EXPECT_EQ(watcher.out().find("your ships"), std::string::npos) << watcher.out();
    EXPECT_EQ(server_.terminate(), 0);
}

// A watcher of the party game sees the sea's torpedoes and the scoreboard, and no key of "your
// ships" under a board that has none.
TEST_F(JoinNewcomer, AWatcherOfThePartyGameIsToldNothingOfShipsOfTheirOwn) {
    auto created = create_room(server_.port(),
                               {{"game", "party"}, {"options", {{"players", 2}}}, {"seat", 1}});
    SeatClient host(server_.port(), created["room"], created["token"]);
    ASSERT_EQ(host.request({{"cmd", "start"}, {"fill", true}})["type"], "started");
    Interactive watcher({"join", created["room"].get<std::string>(), "--server", server_.url(),
                         "--watch", "--no-color"});
    ASSERT_TRUE(watcher.wait_for("Scoreboard")) << watcher.out();
    watcher.type("quit");
    EXPECT_EQ(watcher.finish(), 0) << watcher.out();
    EXPECT_NE(watcher.out().find("A B C D E F"), std::string::npos) << watcher.out();
    EXPECT_EQ(watcher.out().find("your"), std::string::npos) << watcher.out();
    EXPECT_EQ(server_.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

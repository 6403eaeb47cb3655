// `broadside join` as a newcomer meets it (issue 30, item 4), typed line by line against a real
// server, each line after the output it answers: a new room says it was created, once; `quit`
// names the command that comes back to this room; two people at one machine hold two seats; a
// spectator hears the seats by name and sees the boards; a move typed early is answered at once.
#include <gtest/gtest.h>

#include <cstdlib>
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

// Items 4 and 5: a spectator of a classic game hears each shot by the shooter's name and sees
// both sides' shots drawn at every change; the player, typing a shot during the other side's
// turn, is told at once that it waits.
TEST_F(JoinNewcomer, AWatcherSeesTheBoardsByNameAndAnEarlyShotIsAnswered) {
    auto created = create_room(server_.port(),
                               {{"game", "classic"}, {"options", {{"first", 1}}}, {"name", "Ann"}});
    const std::string room = created["room"];
    SeatClient ann(server_.port(), room, created["token"]);
    Interactive bob({"join", room, "--server", server_.url(), "--name", "Bob", "--no-color"});
    ASSERT_TRUE(bob.wait_for("You sit in seat 1 as Bob.")) << bob.out();
    Interactive watcher({"join", room, "--server", server_.url(), "--watch", "--no-color"});
    ASSERT_TRUE(watcher.wait_for("You are watching.")) << watcher.out();
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    const json ships = {"A1 right", "C1 right", "E1 right", "G1 right", "I1 right"};
    ASSERT_EQ(ann.request({{"cmd", "act"},
                           {"action_id", "p"},
                           {"action", {{"type", "place"}, {"ships", ships}}}})["type"],
              "acted");
    ASSERT_TRUE(bob.wait_for("Place your fleet")) << bob.out();
    bob.type("auto");
    ASSERT_TRUE(bob.wait_for("Your shot")) << bob.out();
    bob.type("A1");  // Bob fires first: a hit on Ann's Carrier
    ASSERT_TRUE(bob.wait_for("You fired at A1")) << bob.out();
    bob.type("B2");  // now it is Ann's turn
    ASSERT_TRUE(bob.wait_for("Not your turn yet: 'B2' is kept")) << bob.out();
    EXPECT_EQ(bob.out().find("You fired at B2"), std::string::npos) << bob.out();

    ASSERT_TRUE(watcher.wait_for("Bob fired at A1: hit, Carrier.")) << watcher.out();
    ASSERT_TRUE(watcher.wait_for("Ann fires at Bob")) << watcher.out();
    ASSERT_TRUE(watcher.wait_for("Ann to fire.")) << watcher.out();
    watcher.type("quit");
    EXPECT_EQ(watcher.finish(), 0);
    EXPECT_EQ(watcher.out().find("Enemy"), std::string::npos) << watcher.out();
    EXPECT_EQ(watcher.out().find("your"), std::string::npos) << watcher.out();
    EXPECT_NE(watcher.out().find("Bob fires at Ann"), std::string::npos) << watcher.out();
    // Bob's hit is drawn on the grid of his shots at Ann (the right block: seat 1's), none on
    // Ann's grid of shots at Bob.
    const auto board = watcher.out().rfind("Ann fires at Bob");
    const auto row_a = watcher.out().find("\n  A ", board);
    ASSERT_NE(row_a, std::string::npos) << watcher.out();
    const std::string line =
        watcher.out().substr(row_a + 1, watcher.out().find('\n', row_a + 1) - row_a - 1);
    EXPECT_EQ(count_of(line.substr(line.size() / 2), "X"), 1) << line;
    EXPECT_EQ(count_of(line.substr(0, line.size() / 2), "X"), 0) << line;
    bob.type("quit");
    EXPECT_EQ(bob.finish(), 0);
    EXPECT_EQ(server_.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

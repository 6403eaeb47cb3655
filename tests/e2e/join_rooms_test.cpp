// `broadside join --list`, `--abort CODE` and `--resign CODE` (docs/play.md, "Your unfinished
// rooms"), driven as a person would against a real server: the rooms created with `join --new`
// fill the address's cap, the refusal says how to get out, the list shows them, and ending one
// frees a place. Someone else's room cannot be ended from this machine.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <regex>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// The room code `join --new` printed ("Room KXQRT is ready").
std::string created_code(const std::string& out) {
    std::smatch m;
    return std::regex_search(out, m, std::regex("Room ([A-Z]{5}) is ready")) ? m[1].str() : "";
}

class JoinRooms : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("XDG_STATE_HOME", state_.c_str(), 1); }
    void TearDown() override { ::unsetenv("XDG_STATE_HOME"); }
    CommandResult join(std::vector<std::string> args, const std::string& input = "") {
        args.insert(args.begin(), "join");
        args.insert(args.end(), {"--server", server_.url()});
        return run_broadside(args, input);
    }
    std::string state_ = temp_dir();
    ServerProcess server_{temp_dir(),
                          {"--messages-per-second", "100000", "--message-burst", "100000",
                           "--max-rooms-per-address", "2"}};
};

TEST_F(JoinRooms, ListAbortAndResignTheRoomsThatFillTheAddresssCap) {
    // Two rooms made from the terminal and left ("quit": the seat is kept), one started
    // against a bot with the fleet placed.
    auto first = join({"--new", "classic", "--name", "Ann"}, "quit\n");
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    auto second = join({"--new", "salvo", "--name", "Ann"}, "start fill\nauto\n");
    ASSERT_EQ(second.exit_code, 0) << second.out << second.err;
    const std::string waiting = created_code(first.out), playing = created_code(second.out);
    ASSERT_FALSE(waiting.empty());
    ASSERT_FALSE(playing.empty());

    // The cap: the refusal says where the rooms are listed.
    auto refused = join({"--new", "classic"}, "quit\n");
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.err.find("broadside join --list"), std::string::npos) << refused.err;

    auto listed = join({"--list"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_NE(listed.out.find(waiting + "  classic  waiting  seat 0, yours   --abort"),
              std::string::npos)
        << listed.out;
    EXPECT_NE(listed.out.find(playing + "  salvo    playing  seat 0, yours   --resign"),
              std::string::npos)
        << listed.out;
    const auto kept = json::parse(read_file(state_ + "/broadside/tokens.json"));
    ASSERT_EQ(kept.size(), 2U);
    for (const auto& [key, token] : kept.items()) {
        EXPECT_EQ(listed.out.find(token.get<std::string>()), std::string::npos) << key;
    }

    // A game with a move cannot be aborted: the refusal names the way that works.
    auto no_abort = join({"--abort", playing});
    EXPECT_EQ(no_abort.exit_code, 1);
    EXPECT_NE(no_abort.err.find("broadside join --resign " + playing), std::string::npos)
        << no_abort.err;
    auto resigned = join({"--resign", playing});
    EXPECT_EQ(resigned.exit_code, 0) << resigned.err;
    EXPECT_NE(resigned.out.find("You resigned in room " + playing), std::string::npos);
    std::string lower = waiting;  // codes are case-insensitive, as everywhere
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto aborted = join({"--abort", lower});
    EXPECT_EQ(aborted.exit_code, 0) << aborted.err;
    EXPECT_NE(aborted.out.find("Room " + waiting + " is aborted."), std::string::npos);

    auto empty = join({"--list"});
    EXPECT_EQ(empty.exit_code, 0);
    EXPECT_NE(empty.out.find("You have no unfinished rooms"), std::string::npos) << empty.out;
    // Both places are free again.
    auto again = join({"--new", "classic"}, "quit\n");
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_FALSE(created_code(again.out).empty());
    EXPECT_EQ(server_.terminate(), 0);
}

TEST_F(JoinRooms, AnotherPersonsRoomIsNeitherListedNorEndedAndBadInputIsUsage) {
    auto bobs = create_room(server_.port(), {{"game", "classic"}, {"name", "Bob"}});
    const std::string room = bobs["room"];
    EXPECT_NE(join({"--list"}).out.find("no unfinished rooms"), std::string::npos);
    // No token kept for it here: nothing is sent.
    auto no_token = join({"--abort", room});
    EXPECT_EQ(no_token.exit_code, 1);
    EXPECT_NE(no_token.err.find("no seat of room " + room), std::string::npos) << no_token.err;
    // A token of another room is refused by the room.
    auto mine = create_room(server_.port(), {{"game", "classic"}});
    auto foreign = join({"--abort", room, "--token", mine["token"]});
    EXPECT_EQ(foreign.exit_code, 1);
    EXPECT_NE(foreign.err.find("holds no seat in room"), std::string::npos) << foreign.err;
    SeatClient watcher(server_.port(), room);
    EXPECT_EQ(watcher.welcome["room"]["phase"], "waiting");  // Bob's room is untouched
    // Usage: a code that is not one, and two modes at once.
    EXPECT_EQ(join({"--abort", "ab1"}).exit_code, 2);
    EXPECT_EQ(join({"--list", "--abort", room}).exit_code, 2);
    EXPECT_EQ(join({"--list", room}).exit_code, 2);
    EXPECT_EQ(server_.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

// `broadside referee` with a number of --seat that does not match the game: the error says how
// many seats the game has and, for games whose player count is an option, how to change it.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

TEST(RefereeUsage, TooFewSeatsForAPlayerCountGameHintsAtThePlayersOption) {
    // Royale's default is 4 players.
    const auto r = run_broadside({"referee", "--game", "royale", "--seat", "builtin:random",
                                  "--seat", "builtin:random", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("royale with these options has 4 seats, but 2 --seat were given"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--options '{\"players\":2}'"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(RefereeUsage, TheHintedOptionsWork) {
    const auto r =
        run_broadside({"referee", "--game", "royale", "--options", "{\"players\":2}", "--seat",
                       "builtin:random", "--seat", "builtin:random", "--games", "1"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

// The party game's host holds a seat of its own: four seats are three players, and the hint
// says so (it once said {"players":4}, which asks for five seats).
TEST(RefereeUsage, ThePartyHintCountsTheHostsSeat) {
    const auto r = run_broadside({"referee", "--game", "party", "--seat", "builtin:random",
                                  "--seat", "builtin:random", "--seat", "builtin:random", "--seat",
                                  "builtin:random", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("party with these options has 3 seats, but 4 --seat were given"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--options '{\"players\":3}'"), std::string::npos) << r.err;
    const auto hinted =
        run_broadside({"referee", "--game", "party", "--options", "{\"players\":3}", "--seat",
                       "builtin:random", "--seat", "builtin:random", "--seat", "builtin:random",
                       "--seat", "builtin:random", "--games", "1"});
    EXPECT_EQ(hinted.exit_code, 0) << hinted.err;
}

TEST(RefereeUsage, AGameWithFixedSeatsSaysHowManyWithoutAPlayersHint) {
    const auto r = run_broadside({"referee", "--game", "classic", "--seat", "builtin:random",
                                  "--seat", "builtin:random", "--seat", "builtin:random"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("classic with these options has 2 seats, but 3 --seat were given"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("players"), std::string::npos) << r.err;
}

TEST(RefereeUsage, OneSeatIsToldHowManySeatsTheGameHas) {
    // docs/play.md: the wrong number of --seat says how many seats the game has, one too.
    auto r = run_broadside({"referee", "--game", "classic", "--seat", "builtin:random"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("classic with these options has 2 seats, but 1 --seat was given"),
              std::string::npos)
        << r.err;
    r = run_broadside({"referee", "--game", "royale", "--seat", "builtin:random"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("royale with these options has 4 seats, but 1 --seat was given"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("\"players\":1"), std::string::npos) << r.err;  // never a game
}

}  // namespace
}  // namespace broadside

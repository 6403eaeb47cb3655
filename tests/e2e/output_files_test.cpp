// Files a command writes (--save, --plot) are checked before any game is played: a path that
// cannot be written is a usage error at once (exit 2, a sentence naming the flag and the file),
// never a long run or a whole game whose record is then lost.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;
using testing::temp_dir;

struct Case {
    std::vector<std::string> args;  // the command, before its output flag
    std::string flag;
};

TEST(OutputFiles, AnUnwritablePathIsAUsageErrorBeforeAnyGame) {
    const std::string bad = temp_dir() + "/no/such/folder/out.json";
    const std::vector<Case> cases{
        {{"play", "classic", "--seed", "1"}, "--save"},
        {{"play", "salvo", "--seed", "1"}, "--save"},
        {{"play", "crew", "--seed", "1"}, "--save"},
        {{"play", "royale", "--seed", "1"}, "--save"},
        {{"play", "party", "--seed", "1"}, "--save"},
        // Long enough runs that, if the check came after the games, the test would notice.
        {{"sim", "classic", "--bots", "density,density", "--games", "100000"}, "--save"},
        {{"sim", "crew", "--games", "1000000"}, "--save"},
        {{"bench", "shooter", "--bot", "density", "--games", "100000"}, "--plot"},
    };
    for (const auto& c : cases) {
        auto args = c.args;
        args.push_back(c.flag);
        args.push_back(bad);
        // Input that would play on, were the game to start.
        const auto r = run_broadside(args, "auto\nA1\nA2\nA3\n");
        EXPECT_EQ(r.exit_code, 2) << c.args[0] << " " << c.args[1] << ": " << r.err;
        EXPECT_NE(r.err.find("Cannot write the " + c.flag + " file " + bad), std::string::npos)
            << r.err;
        EXPECT_EQ(r.out.find("BROADSIDE"), std::string::npos) << r.out;
    }
}

TEST(OutputFiles, AWritablePathPassesTheCheckAndQuittingAtOnceStillWritesTheRecord) {
    // `play` checks the path at the start and writes the record when the game ends or is left.
    const std::string file = temp_dir() + "/game.json";
    const auto first = run_broadside({"play", "classic", "--seed", "3", "--save", file}, "quit\n");
    ASSERT_EQ(first.exit_code, 0) << first.err;
    ASSERT_TRUE(std::filesystem::exists(file));
    EXPECT_GT(std::filesystem::file_size(file), 0U);
}

}  // namespace
}  // namespace broadside

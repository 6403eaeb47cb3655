// Files a command writes (--save, --plot) are checked before any game is played: a path that
// cannot be written is a usage error at once (exit 2, a sentence naming the flag and the file),
// never a long run or a whole game whose record is then lost.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::ExecLine;
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
    // The record of the game just left: classic, seed 3, not over, no move of the player's, and it
    // replays.
    const auto record = nlohmann::json::parse(testing::read_file(file), nullptr, false);
    ASSERT_FALSE(record.is_discarded()) << testing::read_file(file);
    EXPECT_EQ(record["format"], "broadside-record");
    EXPECT_EQ(record["game"], "classic");
    EXPECT_EQ(record["seed"], 3);
    EXPECT_FALSE(record["over"].get<bool>());
    // The bot (seat 1) has placed its fleet; the player, who quit at once, did nothing.
    for (const auto& a : record["actions"]) EXPECT_EQ(a["seat"], 1) << a.dump();
    const auto replayed = run_broadside({"replay", file});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
}

// Files in `dir` whose name starts with `name` (the output and any temporary file beside it).
std::vector<std::string> files_named(const std::string& dir, const std::string& name) {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string file = entry.path().filename().string();
        if (file.rfind(name, 0) == 0) found.push_back(file);
    }
    return found;
}

TEST(OutputFiles, ALongRunInterruptedLeavesNoOutputFileBehind) {
    const std::vector<Case> cases{
        {{"bench", "shooter", "--bot", "best", "--games", "10000"}, "--plot"},
        {{"sim", "classic", "--bots", "density,density", "--games", "1000000"}, "--save"},
        {{"sim", "crew", "--games", "100000000"}, "--save"},
    };
    for (const auto& c : cases) {
        for (const int signal : {SIGINT, SIGTERM}) {
            const std::string dir = temp_dir();
            const std::string file = dir + "/out.file";
            std::vector<std::string> args{BROADSIDE_BINARY};
            args.insert(args.end(), c.args.begin(), c.args.end());
            args.insert(args.end(), {c.flag, file});
            const ExecLine line(args);
            const pid_t pid = fork();
            ASSERT_GE(pid, 0);
            if (pid == 0) line.exec();
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            kill(pid, signal);
            int status = 0;
            waitpid(pid, &status, 0);
            EXPECT_TRUE(WIFSIGNALED(status)) << c.args[1] << ": the run ended before the signal";
            EXPECT_TRUE(files_named(dir, "out.file").empty())
                << c.args[0] << " " << c.args[1] << " left " << files_named(dir, "out.file")[0];
        }
    }
}

}  // namespace
}  // namespace broadside

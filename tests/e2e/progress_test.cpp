// Long commands show how far they are on stderr when it is a terminal (issue 28: a 20-minute
// `bench shooter` once ran 15 minutes without a word), and never when stderr is a pipe or a file.
#include <gtest/gtest.h>

#include "cli/progress.h"
#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;
using testing::run_broadside_stderr_on_terminal;

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

TEST(Progress, TheLineSaysHowFarHowLongAndAboutHowLongIsLeft) {
    EXPECT_EQ(cli::Progress::line(1234, 10000, "games", 15.0),
              "  1234/10000 games (12%), 0:15 elapsed, about 1:47 left");
    EXPECT_EQ(cli::Progress::line(0, 10000, "games", 1.0), "  0/10000 games (0%), 0:01 elapsed");
    EXPECT_EQ(cli::Progress::line(5, 10, "series", 4000.0),
              "  5/10 series (50%), 1:06:40 elapsed, about 1:06:40 left");
}

TEST(Progress, SimAndBenchShowProgressOnATerminalAndClearItAtTheEnd) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"sim", "classic", "--bots", "density,density", "--games", "800", "--seed", "3"},
             {"bench", "shooter", "--bot", "density", "--games", "2500", "--seed", "3"}}) {
        const auto r = run_broadside_stderr_on_terminal(args);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(has(r.err, " games (")) << args[0] << ": " << r.err;
        EXPECT_TRUE(has(r.err, " elapsed, about ")) << args[0] << ": " << r.err;
        // The last thing on the terminal is the erased line, so the report starts clean.
        EXPECT_EQ(r.err.substr(r.err.size() - 4), "\r\x1b[K") << args[0];
        EXPECT_FALSE(has(r.out, "elapsed")) << "progress went to stdout: " << r.out;
    }
}

TEST(Progress, NothingOnStderrWhenItIsNotATerminal) {
    const auto r = run_broadside(
        {"sim", "classic", "--bots", "density,density", "--games", "800", "--seed", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace broadside

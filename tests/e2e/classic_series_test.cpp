// `bench shooter --placer/--series` and `sim classic|salvo --series`: series runs report figures by
// game of the series, do not depend on --threads, and bad input is a usage error (exit code 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

nlohmann::json run_json(std::vector<std::string> args) {
    args.push_back("--json");
    const auto r = run_broadside(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

TEST(ClassicSeries, BenchSeriesDoesNotDependOnThreads) {
    // best-fast learns the border placer's fleets over series of 4 games.
    const std::vector<std::string> base{"bench",    "shooter", "--bot",   "best-fast",
                                        "--placer", "border",  "--games", "8",
                                        "--series", "4",       "--seed",  "5"};
    auto one = base;
    one.insert(one.end(), {"--threads", "1"});
    auto two = base;
    two.insert(two.end(), {"--threads", "2"});
    const auto a = run_json(one);
    const auto b = run_json(two);
    EXPECT_EQ(a["mean_shots"], b["mean_shots"]);
    EXPECT_EQ(a["histogram"], b["histogram"]);
    EXPECT_EQ(a["series_blocks"], b["series_blocks"]);
    EXPECT_EQ(a["placer"], "border");
    EXPECT_EQ(a["series"], 4);
    const auto blocks = a["series_blocks"];
    ASSERT_EQ(blocks.size(), 1U);  // games 1 to 4 of each series
    EXPECT_EQ(blocks[0]["first"], 1);
    EXPECT_EQ(blocks[0]["last"], 4);
    EXPECT_EQ(blocks[0]["games"], 8);
}

TEST(ClassicSeries, BenchPlacerOutputNamesThePlacerAndTheSeriesBlocks) {
    const auto r = run_broadside({"bench", "shooter", "--bot", "density", "--placer", "best",
                                  "--games", "30", "--series", "15", "--seed", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("against fleets placed by best"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("in series of 15 games"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("games    1 to   10"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("games   11 to   15"), std::string::npos) << r.out;
}

TEST(ClassicSeries, BenchDefaultPlacerIsUniform) {
    const auto a = run_json({"bench", "shooter", "--bot", "density", "--games", "20"});
    const auto b =
        run_json({"bench", "shooter", "--bot", "density", "--games", "20", "--placer", "uniform"});
    EXPECT_EQ(a["mean_shots"], b["mean_shots"]);
    EXPECT_EQ(a["placer"], "uniform");
    EXPECT_FALSE(a.contains("series_blocks"));
}

TEST(ClassicSeries, BenchAgainstTheSequentialPlacerNamesItAndDiffersFromUniform) {
    const auto seq = run_json({"bench", "shooter", "--bot", "density", "--games", "40", "--placer",
                               "sequential", "--seed", "3"});
    const auto uni =
        run_json({"bench", "shooter", "--bot", "density", "--games", "40", "--seed", "3"});
    EXPECT_EQ(seq["placer"], "sequential");
    EXPECT_EQ(seq["games"], 40);
    EXPECT_NE(seq["mean_shots"], uni["mean_shots"]);  // other fleets
}

TEST(ClassicSeries, SimSeriesDoesNotDependOnThreads) {
    for (const std::string game : {"classic", "salvo"}) {
        const std::vector<std::string> base{"sim",     game, "--bots",   "best-fast,border",
                                            "--games", "6",  "--series", "3",
                                            "--seed",  "4"};
        auto one = base;
        one.insert(one.end(), {"--threads", "1"});
        auto two = base;
        two.insert(two.end(), {"--threads", "2"});
        const auto a = run_json(one);
        const auto b = run_json(two);
        EXPECT_EQ(a["wins"], b["wins"]) << game;
        EXPECT_EQ(a["histogram"], b["histogram"]) << game;
        EXPECT_EQ(a["series_blocks"], b["series_blocks"]) << game;
        EXPECT_EQ(a["series"], 3);
    }
}

TEST(ClassicSeries, AnUnknownPlacerIsAUsageError) {
    const auto r =
        run_broadside({"bench", "shooter", "--bot", "density", "--placer", "nope", "--games", "2"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Unknown placer \"nope\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("uniform"), std::string::npos) << r.err;
}

TEST(ClassicSeries, ASeriesOfNoGamesIsAUsageError) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"bench", "shooter", "--games", "2", "--series", "0"},
             {"sim", "classic", "--games", "2", "--series", "0"},
             {"sim", "salvo", "--games", "2", "--series", "-3"}}) {
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 2) << args[1];
        EXPECT_NE(r.err.find("--series must be at least 1"), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace broadside

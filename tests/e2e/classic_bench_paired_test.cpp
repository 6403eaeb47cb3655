// `bench shooter --per-game FILE` writes each fleet's shots and volleys (game,shots,volleys), the
// same fleets for every shooter of the same seed; `bench paired A B` pairs two such files: the
// mean difference B - A with its 95% interval, and how often each needed fewer shots.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;
using testing::temp_dir;

std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(ClassicBenchPaired, PerGameFilesPairUpOnTheSameFleets) {
    const std::string dir = temp_dir();
    auto bench = [&](const std::string& bot, const std::string& file) {
        const auto r = run_broadside({"bench", "shooter", "--bot", bot, "--games", "30", "--seed",
                                      "5", "--per-game", dir + "/" + file, "--json"});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return nlohmann::json::parse(r.out);
    };
    const auto random = bench("random", "random.csv");
    const auto best = bench("best-fast", "best.csv");
    bench("best-fast", "best-again.csv");
    const auto rows = lines(dir + "/random.csv");
    ASSERT_EQ(rows.size(), 31u);
    EXPECT_EQ(rows[0], "game,shots,volleys");
    EXPECT_EQ(rows[1].rfind("0,", 0), 0u);
    // The file's shots average to the summary's mean.
    double total = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        total += std::stod(rows[i].substr(rows[i].find(',') + 1));
    }
    EXPECT_NEAR(total / 30, random["mean_shots"].get<double>(), 1e-9);

    // The same shooter twice: no difference at all.
    const auto same =
        run_broadside({"bench", "paired", dir + "/best.csv", dir + "/best-again.csv", "--json"});
    ASSERT_EQ(same.exit_code, 0) << same.err;
    const auto s = nlohmann::json::parse(same.out);
    EXPECT_EQ(s["games"], 30);
    EXPECT_EQ(s["shots"]["mean_difference"], 0.0);
    EXPECT_EQ(s["shots"]["ties"], 30);
    // Random against best-fast: the difference is the difference of the means, far from 0.
    const auto vs =
        run_broadside({"bench", "paired", dir + "/random.csv", dir + "/best.csv", "--json"});
    ASSERT_EQ(vs.exit_code, 0) << vs.err;
    const auto d = nlohmann::json::parse(vs.out)["shots"];
    EXPECT_NEAR(d["mean_difference"].get<double>(),
                best["mean_shots"].get<double>() - random["mean_shots"].get<double>(), 1e-9);
    EXPECT_LT(d["ci95"][1].get<double>(), 0.0);
    EXPECT_GT(d["second_fewer"].get<long>(), 20);
    // The text form says the same.
    const auto text = run_broadside({"bench", "paired", dir + "/random.csv", dir + "/best.csv"});
    EXPECT_NE(text.out.find("30 games paired"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("shots, second minus first: -"), std::string::npos) << text.out;
}

TEST(ClassicBenchPaired, FilesThatDoNotPairAreClearErrors) {
    const std::string dir = temp_dir();
    ASSERT_EQ(run_broadside({"bench", "shooter", "--bot", "random", "--games", "3", "--per-game",
                             dir + "/three.csv"})
                  .exit_code,
              0);
    ASSERT_EQ(run_broadside({"bench", "shooter", "--bot", "random", "--games", "4", "--per-game",
                             dir + "/four.csv"})
                  .exit_code,
              0);
    const auto sizes = run_broadside({"bench", "paired", dir + "/three.csv", dir + "/four.csv"});
    EXPECT_EQ(sizes.exit_code, 2) << sizes.err;
    EXPECT_NE(sizes.err.find("hold 3 and 4 games"), std::string::npos) << sizes.err;
    std::ofstream(dir + "/bad.csv") << "shots\n44\n";
    const auto bad = run_broadside({"bench", "paired", dir + "/bad.csv", dir + "/three.csv"});
    EXPECT_EQ(bad.exit_code, 2) << bad.err;
    EXPECT_NE(bad.err.find("is not a file of `bench shooter --per-game`"), std::string::npos)
        << bad.err;
}

}  // namespace
}  // namespace broadside

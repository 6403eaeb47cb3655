// End-to-end: the real `broadside` program's solve, sim and play commands for crew, and crew
// over the engine protocol.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support/test_support.h"

namespace broadside {
namespace {

using nlohmann::json;
using testing::run_broadside;

json json_of(const testing::CommandResult& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto j = json::parse(r.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << r.out;
    return j;
}

TEST(CrewSolveCommand, JsonHasTheExactExpectedScoreAndQualifyProbability) {
    const json j = json_of(run_broadside({"solve", "crew", "--json"}));
    EXPECT_EQ(j["crew_reroll"], "each");
    EXPECT_EQ(j["expected_score_fraction"], "169123624727/39182082048");
    EXPECT_NEAR(j["expected_score"].get<double>(), 4.316351, 1e-6);
    EXPECT_EQ(j["qualify_probability_fraction"], "42314697971/78364164096");
    EXPECT_NEAR(j["qualify_probability"].get<double>(), 0.539975, 1e-6);
    EXPECT_EQ(j["policy"].size(), 42U);  // 21 crews x 2 throws left
    EXPECT_EQ(j["distribution"].size(), 13U);
}

TEST(CrewSolveCommand, HouseRulesGiveLowerExpectations) {
    const json both = json_of(run_broadside({"solve", "crew", "--crew-reroll", "both", "--json"}));
    const json none = json_of(run_broadside({"solve", "crew", "--crew-reroll", "none", "--json"}));
    EXPECT_LT(both["expected_score"].get<double>(), 4.316351);
    EXPECT_LT(none["expected_score"].get<double>(), both["expected_score"].get<double>());
    EXPECT_EQ(none["qualify_probability_fraction"], "42314697971/78364164096");
}

TEST(CrewSolveCommand, TextShowsFractionDecimalAndTable) {
    const auto r = run_broadside({"solve", "crew"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("169123624727/39182082048 = 4.316351"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("keep 6"), std::string::npos);
    EXPECT_EQ(run_broadside({"solve", "chess"}).exit_code, 2);
}

TEST(CrewSimCommand, ReportsWinsAndTheMeanScoreAgainstTheSolver) {
    const json j = json_of(run_broadside(
        {"sim", "crew", "--bots", "optimal,cautious", "--games", "300", "--seed", "5", "--json"}));
    EXPECT_EQ(j["games"], 300);
    EXPECT_EQ(j["wins"][0].get<long>() + j["wins"][1].get<long>(), 300);
    EXPECT_NEAR(j["solver_expected_score"].get<double>(), 4.316351, 1e-6);
    const auto& optimal = j["seats"][0];
    EXPECT_EQ(optimal["turns"].get<long>() >= 3000, true);
    // With this seed the optimal bot's sample mean lies within its interval of the exact value.
    EXPECT_TRUE(optimal["solver_within_ci"].get<bool>());
}

TEST(CrewSimCommand, ManyPlayersAndTargetMode) {
    const json j =
        json_of(run_broadside({"sim", "crew", "--bots", "race,optimal,cautious,race", "--games",
                               "40", "--mode", "target", "--target", "50", "--json"}));
    EXPECT_EQ(j["options"]["players"], 4);
    EXPECT_EQ(j["options"]["target"], 50);
    long total = 0;
    for (const auto& w : j["wins"]) total += w.get<long>();
    EXPECT_EQ(total, 40);
}

TEST(CrewSimCommand, SavedGamesReplay) {
    const std::string path = testing::temp_dir() + "/crew.jsonl";
    ASSERT_EQ(
        run_broadside({"sim", "crew", "--bots", "race,cautious", "--games", "3", "--save", path})
            .exit_code,
        0);
    std::ifstream in(path);
    std::string line;
    int n = 0;
    std::set<json> seeds;
    while (std::getline(in, line)) {
        // Each line is a whole crew game: over, with a total per seat, its own seed.
        const json record = json::parse(line);
        EXPECT_EQ(record["game"], "crew");
        EXPECT_TRUE(record["over"].get<bool>());
        EXPECT_EQ(record["result"]["totals"].size(), 2U) << line;
        EXPECT_FALSE(record["actions"].empty());
        seeds.insert(record["seed"]);
        const std::string one = testing::temp_dir() + "/one.json";
        std::ofstream(one) << line;
        const auto r = run_broadside({"replay", one});
        EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
        EXPECT_NE(r.out.find("1 record(s) replayed"), std::string::npos) << r.out;
        ++n;
    }
    EXPECT_EQ(n, 3);
    EXPECT_EQ(seeds.size(), 3U) << "three different games";
}

TEST(CrewSimCommand, BadBotOrOptionIsAUsageError) {
    EXPECT_EQ(run_broadside({"sim", "crew", "--bots", "race,oracle"}).exit_code, 2);
    EXPECT_EQ(run_broadside({"sim", "crew", "--options", "{\"rounds\": 0}"}).exit_code, 2);
}

TEST(CrewPlayCommand, AWholeGameWithDiceTallyAndResult) {
    // Enter throws; 's' stops as soon as a crew is held; repeated to the end.
    std::string input;
    for (int i = 0; i < 200; ++i) input += i % 2 ? "s\n" : "\n";
    const std::string save = testing::temp_dir() + "/game.json";
    const auto r = run_broadside({"play", "crew", "--bots", "optimal,cautious", "--seed", "11",
                                  "--rounds", "2", "--stake", "3", "--save", save},
                                 input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Throw for the order"), std::string::npos);
    EXPECT_NE(r.out.find("+-------+"), std::string::npos);  // dice drawn as faces
    EXPECT_NE(r.out.find("Tally sheet"), std::string::npos);
    EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the pot of 9"), std::string::npos);
    EXPECT_EQ(run_broadside({"replay", save}).exit_code, 0);
}

TEST(CrewPlayCommand, SoloPracticeAndQuitting) {
    const auto r = run_broadside({"play", "crew", "--bots", "", "--seed", "2"}, "q\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("You left the game"), std::string::npos);
}

TEST(CrewEngine, HelloListsCrewWithItsOptions) {
    const auto r = run_broadside({"engine"}, "{\"cmd\": \"hello\"}\n");
    ASSERT_EQ(r.exit_code, 0);
    const json j = json::parse(r.out.substr(0, r.out.find('\n')));
    bool found = false;
    for (const auto& g : j["games"]) {
        if (g["name"] == "crew") {
            found = true;
            EXPECT_EQ(g["options"]["crew_reroll"]["default"], "each");
        }
    }
    EXPECT_TRUE(found);
}

}  // namespace
}  // namespace broadside

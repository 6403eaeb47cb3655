// End-to-end: the real `broadside` program's sim, bench and replay commands.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using nlohmann::json;
using testing::CommandResult;
using testing::run_broadside;

json parse_json_output(const CommandResult& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto j = json::parse(r.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << r.out;
    return j;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

TEST(SimCommand, JsonReportHasGamesWinsAndShotStatistics) {
    const auto r = run_broadside(
        {"sim", "classic", "--bots", "random,random", "--games", "200", "--seed", "7", "--json"});
    const json j = parse_json_output(r);
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j["games"], 200);
    ASSERT_TRUE(j["wins"].is_array());
    ASSERT_EQ(j["wins"].size(), 2U);
    EXPECT_EQ(j["wins"][0].get<long>() + j["wins"][1].get<long>(), 200);
    ASSERT_TRUE(j["mean_shots"].is_number());
    ASSERT_TRUE(j["median_shots"].is_number());
    // Random shooters need most of the board to sink 17 cells of ships: the winner fires at
    // least 17 shots and at most 100.
    EXPECT_GE(j["mean_shots"].get<double>(), 17.0);
    EXPECT_LE(j["mean_shots"].get<double>(), 100.0);
    EXPECT_GE(j["median_shots"].get<double>(), 17.0);
    EXPECT_LE(j["median_shots"].get<double>(), 100.0);
    EXPECT_EQ(j["seed"], 7);
}

TEST(SimCommand, TheSameSeedGivesTheSameReport) {
    const std::vector<std::string> args{"sim", "salvo",  "--bots", "random,random", "--games",
                                        "40",  "--seed", "11",     "--json"};
    const auto a = run_broadside(args);
    const auto b = run_broadside(args);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    auto other = args;
    other[7] = "12";
    const auto c = run_broadside(other);
    ASSERT_EQ(c.exit_code, 0) << c.err;
    EXPECT_NE(a.out, c.out);
}

TEST(SimCommand, TextReportMentionsTheBotsAndWins) {
    const auto r = run_broadside(
        {"sim", "classic", "--bots", "random,random", "--games", "20", "--seed", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("random"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("wins"), std::string::npos) << r.out;
}

TEST(SimCommand, SavedRecordsReplay) {
    const std::string file = testing::temp_dir() + "/games.jsonl";
    const auto sim = run_broadside(
        {"sim", "salvo", "--bots", "random,random", "--games", "5", "--seed", "3", "--save", file});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    const auto lines = lines_of(read_file(file));
    ASSERT_EQ(lines.size(), 5U);
    for (const auto& line : lines) {
        const json rec = json::parse(line);
        EXPECT_EQ(rec["format"], "broadside-record");
        EXPECT_EQ(rec["game"], "salvo");
        EXPECT_TRUE(rec["over"].get<bool>());
    }
    const auto replay = run_broadside({"replay", file});
    EXPECT_EQ(replay.exit_code, 0) << replay.err;
    EXPECT_NE(replay.out.find("5 record(s) replayed"), std::string::npos) << replay.out;
}

TEST(ReplayCommand, ATamperedRecordFailsWithExitOneAndSaysWhy) {
    const std::string dir = testing::temp_dir();
    const std::string file = dir + "/games.jsonl";
    const auto sim = run_broadside({"sim", "classic", "--bots", "random,random", "--games", "3",
                                    "--seed", "9", "--save", file});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    auto lines = lines_of(read_file(file));
    ASSERT_EQ(lines.size(), 3U);
    // Flip the result of one shot in the second record.
    json rec = json::parse(lines[1]);
    bool changed = false;
    for (auto& e : rec["events"]) {
        if (e["type"] == "shots") {
            auto& result = e["shots"][0]["result"];
            result = result == "miss" ? "hit" : "miss";
            changed = true;
            break;
        }
    }
    ASSERT_TRUE(changed);
    lines[1] = rec.dump();
    const std::string tampered = dir + "/tampered.jsonl";
    {
        std::ofstream out(tampered);
        for (const auto& line : lines) out << line << "\n";
    }
    const auto r = run_broadside({"replay", tampered});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("record 2"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("replay_mismatch"), std::string::npos) << r.err;
}

TEST(ReplayCommand, AMissingFileIsBadUsageAndAnInvalidOneFails) {
    const std::string dir = testing::temp_dir();
    const auto missing = run_broadside({"replay", dir + "/nothing.jsonl"});
    // One rule for every input file named on the command line (--resume, --deck, replay).
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(run_broadside({"play", "classic", "--resume", dir + "/nothing.jsonl"}).exit_code, 2);
    EXPECT_EQ(run_broadside({"play", "royale", "--deck", dir + "/nothing.txt"}).exit_code, 2);
    EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
    // A directory is an input file that cannot be read too (README: "named in the message").
    for (const std::vector<std::string>& args : {std::vector<std::string>{"replay", dir},
                                                 {"replay", "--show", dir},
                                                 {"replay", "--verify", dir},
                                                 {"play", "classic", "--resume", dir},
                                                 {"play", "party", "--resume", dir},
                                                 {"play", "royale", "--deck", dir}}) {
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 2) << args[1] << " " << r.err;
        EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(dir + " (a directory)."), std::string::npos) << r.err;
    }
    const std::string junk = dir + "/junk.jsonl";
    std::ofstream(junk) << "{\"format\": \"broadside-record\"}\nnot json\n";
    const auto bad = run_broadside({"replay", junk});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("line 2"), std::string::npos) << bad.err;
    const std::string empty = dir + "/empty.jsonl";
    std::ofstream(empty) << "\n";
    const auto none = run_broadside({"replay", empty});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("holds no record"), std::string::npos) << none.err;
}

TEST(SimCommand, AFleetTooTightForRejectionSamplingIsStillPlaced) {
    // Ten ships of length 10 on 10x10: the bots fall back to randomized search.
    std::string fleet = "[";
    for (int i = 0; i < 10; ++i) {
        fleet +=
            std::string(i ? "," : "") + "{\"name\":\"S" + std::to_string(i) + "\",\"length\":10}";
    }
    fleet += "]";
    const auto r = run_broadside({"sim", "classic", "--bots", "random,random", "--games", "2",
                                  "--json", "--options", "{\"fleet\":" + fleet + "}"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The fleet fills the board, so every shot hits: both games were played, each winner fired
    // exactly 100 shots, and the seat that fired first always won.
    const json j = json::parse(r.out);
    EXPECT_EQ(j["games"], 2);
    EXPECT_EQ(j["wins"][0].get<int>() + j["wins"][1].get<int>(), 2);
    EXPECT_EQ(j["mean_shots"], 100.0);
    EXPECT_EQ(j["p10_shots"], 100.0);
    EXPECT_EQ(j["p90_shots"], 100.0);
    EXPECT_EQ(j["first_mover_win_rate"], 1.0);
    EXPECT_EQ(j["options"]["fleet"].size(), 10U);
}

TEST(SimCommand, UnknownBotIsBadUsage) {
    const auto r = run_broadside({"sim", "classic", "--bots", "random,psychic", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("psychic"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("random"), std::string::npos) << r.err;  // lists the bots
}

TEST(SimCommand, OneBotOnlyIsBadUsage) {
    const auto r = run_broadside({"sim", "classic", "--bots", "random", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--bots"), std::string::npos) << r.err;
}

TEST(SimCommand, UnknownGameIsBadUsage) {
    const auto r = run_broadside({"sim", "chess", "--bots", "random,random", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Unknown game \"chess\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("classic, salvo"), std::string::npos) << r.err;
}

TEST(SimCommand, ZeroGamesIsBadUsage) {
    const auto r = run_broadside({"sim", "classic", "--bots", "random,random", "--games", "0"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--games"), std::string::npos) << r.err;
}

TEST(SimCommand, InvalidOptionsJsonIsBadUsage) {
    const auto r = run_broadside(
        {"sim", "classic", "--bots", "random,random", "--games", "1", "--options", "{rows:8"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--options"), std::string::npos) << r.err;
}

TEST(SimCommand, InvalidOptionValuesAreBadUsageNamingTheOption) {
    const auto unknown = run_broadside({"sim", "classic", "--bots", "random,random", "--games", "1",
                                        "--options", R"({"colour":"red"})"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("colour"), std::string::npos) << unknown.err;
    const auto rows = run_broadside({"sim", "classic", "--bots", "random,random", "--games", "1",
                                     "--options", R"({"rows":40})"});
    EXPECT_EQ(rows.exit_code, 2);
    EXPECT_NE(rows.err.find("rows"), std::string::npos) << rows.err;
}

TEST(Help, SimBenchAndReplayHelpExitZero) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sim", "--help"}, std::vector<std::string>{"bench", "--help"},
          std::vector<std::string>{"bench", "shooter", "--help"},
          std::vector<std::string>{"replay", "--help"}}) {
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 0) << args[0] << ": " << r.err;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
    }
}

TEST(BenchCommand, ShooterJsonReportHasShotsAndTiming) {
    const auto r =
        run_broadside({"bench", "shooter", "--bot", "random", "--games", "50", "--json"});
    const json j = parse_json_output(r);
    for (const char* key : {"mean_shots", "median_shots", "max_shots", "p99_ms_per_shot",
                            "p999_ms_per_shot", "max_ms_per_shot"}) {
        ASSERT_TRUE(j.contains(key)) << key;
        EXPECT_TRUE(j[key].is_number()) << key;
    }
    // Every fleet is sunk within the 100 cells of the board, and needs at least its 17 cells.
    EXPECT_GE(j["mean_shots"].get<double>(), 17.0);
    EXPECT_LE(j["max_shots"].get<double>(), 100.0);
    EXPECT_LE(j["mean_shots"].get<double>(), j["max_shots"].get<double>());
    EXPECT_GE(j["p99_ms_per_shot"].get<double>(), 0.0);
    // The percentiles of the time per shot are in order.
    EXPECT_LE(j["p99_ms_per_shot"].get<double>(), j["p999_ms_per_shot"].get<double>());
    EXPECT_LE(j["p999_ms_per_shot"].get<double>(), j["max_ms_per_shot"].get<double>());
    EXPECT_EQ(j["games"], 50);
}

TEST(BenchCommand, ShotsDoNotDependOnThreads) {
    const auto one = parse_json_output(run_broadside(
        {"bench", "shooter", "--bot", "density", "--games", "40", "--seed", "5", "--json"}));
    const auto two =
        parse_json_output(run_broadside({"bench", "shooter", "--bot", "density", "--games", "40",
                                         "--seed", "5", "--threads", "2", "--json"}));
    EXPECT_EQ(one["mean_shots"], two["mean_shots"]);
    EXPECT_EQ(one["histogram"], two["histogram"]);
}

// `bench` answers a missing or unknown command as `sim` answers a game (docs/play.md, "Unknown
// flags and stray words are errors"): it names the word and the commands there are.
TEST(BenchCommand, AnUnknownOrMissingCommandIsNamedWithTheCommandsThereAre) {
    auto r = run_broadside({"bench", "extra"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(
        r.err.find("Unknown command \"extra\" for 'bench'; the commands are shooter, paired."),
        std::string::npos)
        << r.err;
    r = run_broadside({"bench"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Name a command for 'bench'; the commands are shooter, paired."),
              std::string::npos)
        << r.err;
}

TEST(BenchCommand, UnknownBotIsBadUsage) {
    const auto r = run_broadside({"bench", "shooter", "--bot", "psychic", "--games", "5"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("psychic"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace broadside

// `play royale|crew|party --resume FILE`: a game saved halfway and resumed is the game played
// straight through with the same input (classic's own test is in hotseat_classic_test.cpp).
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
using testing::run_broadside;

json load(const std::string& path) {
    std::ifstream in(path);
    return json::parse(in);
}

struct Halves {
    std::string first, second;
};

// Plays `args` straight through with first + second, and again with first, quit, then
// --resume with second; the two records must have the same actions and result.
void expect_resume_is_straight_through(const std::string& game, std::vector<std::string> args,
                                       const Halves& input) {
    const std::string dir = testing::temp_dir();
    auto full_args = args;
    full_args.insert(full_args.end(), {"--save", dir + "/full.json"});
    ASSERT_EQ(run_broadside(full_args, input.first + input.second).exit_code, 0);
    auto part_args = args;
    part_args.insert(part_args.end(), {"--save", dir + "/part.json"});
    const auto part = run_broadside(part_args, input.first + "quit\nyes\n");
    ASSERT_NE(part.out.find("Saved the unfinished game record"), std::string::npos) << part.out;
    EXPECT_FALSE(load(dir + "/part.json")["over"].get<bool>());
    const auto resumed =
        run_broadside({"play", game, "--resume", dir + "/part.json"}, input.second);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("Resumed: the game goes on from where it was saved."),
              std::string::npos)
        << resumed.out.substr(0, 2000);
    const auto a = load(dir + "/full.json"), b = load(dir + "/part.json");
    EXPECT_TRUE(a["over"].get<bool>());
    EXPECT_EQ(a["actions"], b["actions"]) << game;
    EXPECT_EQ(a["result"], b["result"]) << game;
    // Flags that would change the game are refused.
    const auto bad = run_broadside({"play", game, "--resume", dir + "/part.json", "--seed", "1"});
    EXPECT_EQ(bad.exit_code, 2) << game;
}

// play.md: --resume reads "one record written over several lines" too; a line of it that is
// JSON on its own (the last cell of a list, "A1") is not taken for the record.
TEST(Resume, ARecordWrittenOverSeveralLines) {
    const std::string dir = testing::temp_dir();
    const auto part = run_broadside(
        {"play", "classic", "--seed", "3", "--first", "me", "--save", dir + "/part.json"},
        "auto\nok\nA1\nquit\nyes\n");
    ASSERT_NE(part.out.find("Saved the unfinished game record"), std::string::npos) << part.out;
    std::ofstream(dir + "/pretty.json") << load(dir + "/part.json").dump(2) << "\n";
    const auto resumed =
        run_broadside({"play", "classic", "--resume", dir + "/pretty.json"}, "quit\nyes\n");
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("Resumed: the game goes on from where it was saved."),
              std::string::npos)
        << resumed.out.substr(0, 2000) << resumed.err;
    // --resume takes the file's last record: a finished one there is named for `replay --show`.
    ASSERT_EQ(
        run_broadside({"sim", "classic", "--games", "1", "--save", dir + "/done.jsonl"}).exit_code,
        0);
    {
        std::ofstream mixed(dir + "/mixed.jsonl");
        mixed << load(dir + "/part.json").dump() << "\n";
        std::ifstream done(dir + "/done.jsonl");
        mixed << done.rdbuf();
    }
    const auto finished = run_broadside({"play", "classic", "--resume", dir + "/mixed.jsonl"});
    EXPECT_EQ(finished.exit_code, 2);
    EXPECT_NE(finished.err.find("is finished; 'broadside replay " + dir +
                                "/mixed.jsonl --show --record 2' steps through it."),
              std::string::npos)
        << finished.err;
}

TEST(Resume, RoyaleWithItsBotsGeneratorsWhereTheyWere) {
    const std::vector<std::string> args{"play",   "royale", "--players", "3",
                                        "--seed", "7",      "--first",   "0"};
    const auto hello = run_broadside(args, "");
    const auto at = hello.out.find("You were dealt ");
    ASSERT_NE(at, std::string::npos);
    std::istringstream hand(hello.out.substr(at + 15, 7));
    std::string a, b;
    hand >> a >> b;
    std::string first = "discard " + a + " " + b + "\n", second;
    int n = 0;
    for (char r = 'A'; r <= 'J'; ++r) {
        for (int c = 1; c <= 10; ++c) {
            (++n <= 10 ? first : second) += std::string(1, r) + std::to_string(c) + "\nyes\nend\n";
        }
    }
    expect_resume_is_straight_through("royale", args, {first, second});
}

TEST(Resume, CrewAndParty) {
    std::string crew_first, crew_second;
    for (int i = 0; i < 6; ++i) crew_first += "\ns\n";
    for (int i = 0; i < 60; ++i) crew_second += "\ns\n";
    expect_resume_is_straight_through("crew", {"play", "crew", "--seed", "3", "--rounds", "3"},
                                      {crew_first, crew_second});
    expect_resume_is_straight_through("party", {"play", "party", "--seed", "3", "--enter"},
                                      {"auto\nok\n\n\n\n", std::string(40, '\n')});
}

}  // namespace
}  // namespace broadside

namespace broadside {
namespace {

std::vector<nlohmann::json> records_in(const std::string& path) {
    std::vector<nlohmann::json> out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) out.push_back(nlohmann::json::parse(line));
    }
    return out;
}

// A file that already holds a finished game keeps it through a new game saved to it, a quit, a
// --resume and another quit: every save keeps every record, and only the resumed game's own
// earlier save is replaced (it was lost once: --resume rewrote the file with one record).
TEST(Resume, EveryRecordTheFileHeldSurvivesEverySave) {
    struct Case {
        std::string game, flag, moves;
    };
    const std::vector<Case> cases{{"classic", "--first=me", "auto\nA1\n"},
                                  {"crew", "--rounds=3", "\ns\n"},
                                  {"royale", "--players=3", ""},
                                  {"party", "--enter", "auto\nok\n\n\n"}};
    for (const auto& [game, flag, moves] : cases) {
        const std::string file = testing::temp_dir() + "/session.json";
        ASSERT_EQ(
            run_broadside({"sim", "classic", "--bots", "hunt,hunt", "--games", "1", "--save", file})
                .exit_code,
            0);
        const auto first = records_in(file);
        ASSERT_EQ(first.size(), 1U);
        const auto played = run_broadside({"play", game, flag, "--seed", "5", "--save", file},
                                          moves + "quit\nyes\n");
        ASSERT_NE(played.out.find("Saved the unfinished game record"), std::string::npos)
            << game << ": " << played.out << played.err;
        auto held = records_in(file);
        ASSERT_EQ(held.size(), 2U) << game << ": a new game's save deleted the file's records";
        EXPECT_EQ(held[0], first[0]);
        const auto resumed = run_broadside({"play", game, "--resume", file}, "quit\nyes\n");
        ASSERT_EQ(resumed.exit_code, 0) << game << ": " << resumed.out << resumed.err;
        held = records_in(file);
        ASSERT_EQ(held.size(), 2U) << game << ": --resume deleted the file's other records";
        EXPECT_EQ(held[0], first[0]) << game;
        EXPECT_EQ(held[1]["game"], game);
        EXPECT_EQ(run_broadside({"replay", file}).exit_code, 0) << game;
    }
}

}  // namespace
}  // namespace broadside

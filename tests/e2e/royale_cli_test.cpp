// `broadside sim royale` and `play royale` end to end: the real program, scripted stdin.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace {

using broadside::testing::run_broadside;
using nlohmann::json;

// Commands that shoot every coordinate in order, whatever the rolls: volleys of 3, 2 and 1
// coordinates from each position (Advanced needs exactly the roll; the others are rejected with
// a message and the game goes on), each followed by "yes" (to fire at your own ship when asked)
// and "end" to decline bonus shots, twice over.
std::string every_cell_script() {
    std::vector<std::string> cells;
    for (char r = 'A'; r <= 'J'; ++r) {
        for (int c = 1; c <= 10; ++c) cells.push_back(r + std::to_string(c));
    }
    std::string s;
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            for (std::size_t k = 3; k >= 1; --k) {
                s += "roll\nfire";
                for (std::size_t j = i; j < i + k && j < cells.size(); ++j) s += " " + cells[j];
                // "yes" answers the question asked before shooting your own ship; when none
                // is asked it is an unknown command, explained, and play goes on.
                s += "\nyes\nend\n";
            }
        }
    }
    return s;
}

TEST(RoyaleSim, TheRoyaleBotBeatsRandomBotsWithConfidence) {
    const auto r = run_broadside(
        {"sim", "royale", "--players", "6", "--bots", "royale,random", "--games", "200", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["seats"].size(), 6U);
    EXPECT_EQ(j["seats"][5]["bot"], "random");
    // Better than a fair share (1/6), with the whole 95% interval above it.
    EXPECT_GT(j["by_bot"]["royale"]["win_rate_ci"][0].get<double>(), 1.0 / 6);
    EXPECT_LT(j["by_bot"]["random"]["win_rate_ci"][1].get<double>(), 1.0 / 6);
}

TEST(RoyaleSim, OneBotNamePlaysEverySeatAndReportsEachSeat) {
    const auto r = run_broadside({"sim", "royale", "--players", "3", "--bots", "royale", "--mode",
                                  "advanced", "--games", "30", "--json", "--seed", "9"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["seats"].size(), 3U);
    long wins = 0;
    for (const auto& s : j["seats"]) wins += s["wins"].get<long>();
    EXPECT_GE(wins, 30);  // shared wins count for each winner
    EXPECT_EQ(j["options"]["mode"], "advanced");
    // Same seed, same games.
    const auto again =
        run_broadside({"sim", "royale", "--players", "3", "--bots", "royale", "--mode", "advanced",
                       "--games", "30", "--json", "--seed", "9", "--threads", "2"});
    EXPECT_EQ(json::parse(again.out)["seats"], j["seats"]);
}

// Without --players the seats follow --bots (the default royale,random is two players; one name
// fills the option's 4 seats), and --help says so instead of the option's "=4".
TEST(RoyaleSim, WithoutPlayersTheSeatsFollowTheBotsAsTheHelpSays) {
    const auto players = [](std::vector<std::string> args) {
        args.insert(args.begin(), {"sim", "royale", "--games", "2", "--json"});
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return json::parse(r.out)["options"]["players"];
    };
    EXPECT_EQ(players({}), 2);
    EXPECT_EQ(players({"--bots", "royale,random,random"}), 3);
    EXPECT_EQ(players({"--bots", "royale"}), 4);
    EXPECT_EQ(players({"--bots", "royale", "--players", "5"}), 5);
    const auto help = run_broadside({"sim", "royale", "--help"});
    EXPECT_NE(help.out.find("one per name in --bots"), std::string::npos) << help.out;
    const auto line = help.out.substr(help.out.find("--players"), 60);
    EXPECT_EQ(line.find("=4"), std::string::npos) << line;
}

TEST(RoyaleSim, UnknownBotsAndBadDecksAreUsageErrors) {
    auto r = run_broadside({"sim", "royale", "--bots", "royale,genius"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("genius"), std::string::npos) << r.err;
    const std::string dir = broadside::testing::temp_dir();
    {
        std::ofstream f(dir + "/bad.json");
        f << R"({"cards": [{"id": "X1", "ship": "Destroyer", "cells": ["A1", "B2", "C3"]}]})";
    }
    r = run_broadside({"sim", "royale", "--deck", dir + "/bad.json", "--games", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("straight line"), std::string::npos) << r.err;
}

// The shipped Advanced deck file is read card by card as the built-in Advanced deck: the report
// echoes the file's cards, and the games are exactly those of the built-in deck with the same
// seed (a cell, bonus or submarine read wrongly would change them). That a different deck is
// really dealt is tests/e2e/royale_deck_file_test.cpp's part.
TEST(RoyaleSim, TheShippedAdvancedDeckFileIsReadAsTheBuiltInDeck) {
    const std::string file = std::string(BROADSIDE_SOURCE_DIR) + "/data/decks/royale-advanced.json";
    const auto r = run_broadside({"sim", "royale", "--deck", file, "--mode", "advanced", "--games",
                                  "5", "--seed", "4", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto built_in = run_broadside(
        {"sim", "royale", "--mode", "advanced", "--games", "5", "--seed", "4", "--json"});
    ASSERT_EQ(built_in.exit_code, 0) << built_in.err;
    json from_file = json::parse(r.out);
    json expected = json::parse(built_in.out);
    EXPECT_EQ(from_file["options"]["deck"]["mode"], "advanced");
    EXPECT_EQ(from_file["options"]["deck"]["cards"],
              json::parse(broadside::testing::read_file(file))["cards"]);
    from_file["options"].erase("deck");
    expected["options"].erase("deck");
    EXPECT_EQ(from_file, expected);
}

TEST(RoyalePlay, ShowsTheHandTakesDiscardsAndExplainsErrors) {
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "help\ndiscard S30 S01\ndiscard S30 S09\nfire Z9\nfire A1\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("S30 Aircraft Carrier J6-J10"), std::string::npos) << r.out;
    // The help's example names two cards of this hand.
    EXPECT_NE(r.out.find("Commands now:\n  discard S"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("You were not dealt S01."), std::string::npos);
    EXPECT_NE(r.out.find("You discarded S09 S30."), std::string::npos);
    EXPECT_NE(r.out.find("\"Z9\""), std::string::npos);  // the bad cell, named
    EXPECT_NE(r.out.find("You shot A1: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("You left the game"), std::string::npos);
}

TEST(RoyalePlay, AWholeGameEndsAndItsRecordReplays) {
    const std::string dir = broadside::testing::temp_dir();
    const std::string file = dir + "/royale.json";
    for (const char* mode : {"standard", "advanced"}) {
        const std::string discard =
            std::string(mode) == "standard" ? "discard S30 S09\n" : "discard R09 R15\n";
        const std::string seed = std::string(mode) == "standard" ? "7" : "3";
        const auto r = run_broadside({"play", "royale", "--mode", mode, "--players", "3", "--seed",
                                      seed, "--first", "0", "--bot", "random", "--save", file},
                                     discard + every_cell_script());
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.out.find("Game over: "), std::string::npos) << mode << r.out.substr(0, 3000);
        EXPECT_NE(r.out.find("The hands (kept / discarded):"), std::string::npos);
        const auto replayed = run_broadside({"replay", file});
        EXPECT_EQ(replayed.exit_code, 0) << replayed.out << replayed.err;
    }
}

}  // namespace

namespace {

TEST(RoyaleReferee, BuiltInRoyaleBotsPlayRefereedMatches) {
    const auto r = broadside::testing::run_broadside(
        {"referee", "--game", "royale", "--options", R"({"players": 3, "mode": "advanced"})",
         "--seat", "builtin:royale", "--seat", "builtin:random", "--seat", "builtin:random",
         "--games", "20", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    long decided = j["shared"].get<long>();
    for (const auto& w : j["wins"]) decided += w.get<long>();
    EXPECT_EQ(decided, 20);
    EXPECT_TRUE(j["faults"].empty());
    // A seat count that does not match the players option is refused.
    const auto bad = broadside::testing::run_broadside({"referee", "--game", "royale", "--seat",
                                                        "builtin:royale", "--seat",
                                                        "builtin:random", "--games", "1"});
    EXPECT_NE(bad.exit_code, 0);
}

}  // namespace

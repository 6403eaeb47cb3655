// `broadside play|sim|solve party` and the engine, end to end with the real program.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "support/test_support.h"

namespace broadside {
namespace {

using nlohmann::json;
using testing::run_broadside;

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

TEST(PartyCli, PlayWithAutoPlacementRunsToTheEndAndNamesTheWinner) {
    const auto r = run_broadside(
        {"play", "party", "--players", "4", "--seed", "5", "--pause-ms", "0"}, "auto\nok\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Torpedo 1 of 30 has hit square ")) << r.out;
    EXPECT_TRUE(has(r.out, "Torpedo 30 of 30 has hit square ")) << r.out;
    EXPECT_TRUE(has(r.out, "Game over: ")) << r.out;
    EXPECT_TRUE(has(r.out, "     A B C D E F")) << r.out;
    EXPECT_TRUE(has(r.out, "Scoreboard (ships afloat):")) << r.out;
    // Every bot seat has a short name of its own (docs/play.md, bot names).
    EXPECT_TRUE(has(r.out, "Bot 3")) << r.out;
}

TEST(PartyCli, PlayAsksForEachShipAndExplainsMistakes) {
    const std::string input =
        "A1 right\nA1 down\nB1 down\nG1 down\nA2 right\nA3 right\nA4 right\nA5 right\nA6 right\n";
    const auto r = run_broadside({"play", "party", "--players", "2", "--seed", "9", "--pause-ms",
                                  "0", "--edition", "european"},
                                 input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Aircraft Carrier (5): ")) << r.out;
    EXPECT_TRUE(has(r.out, "That overlaps a ship you have placed.")) << r.out;
    EXPECT_TRUE(has(r.out, "is off the sea")) << r.out;
    EXPECT_TRUE(has(r.out, "European Navy, 2 players")) << r.out;
    EXPECT_TRUE(has(r.out, "  1  A A A A A .")) << r.out;  // the Carrier along row 1
    EXPECT_TRUE(has(r.out, "Game over: ")) << r.out;
}

// docs/play.md, `auto` "the same in every game": after the proposed fleet, a word that is not
// ok or again is asked about again (the fleet stays), quit asks first, and undo takes back only
// the last ship, which is then placed by hand.
TEST(PartyCli, AfterAutoUndoTakesBackTheLastShipAndATypoAsksAgain) {
    const std::vector<std::string> args{"play",   "party", "--players",  "2",
                                        "--seed", "4",     "--pause-ms", "0"};
    const auto r = run_broadside(args, "A1 right\nauto\nokk\nquit\nno\nundo\nboard\n");
    EXPECT_TRUE(has(r.out, "Type ok to keep this fleet, again for another, or undo")) << r.out;
    EXPECT_TRUE(has(r.out, "Really leave the game? (yes or no)")) << r.out;
    EXPECT_FALSE(has(r.out, "Placing ship by ship")) << r.out;
    // Five ships kept: the next question is the last ship's, and the sea still has the others.
    const auto undone = r.out.rfind("Keep this fleet?");
    ASSERT_NE(undone, std::string::npos) << r.out;
    const std::string after = r.out.substr(undone);
    EXPECT_TRUE(has(after, "Patrol Boat (1): ")) << after;
    EXPECT_TRUE(has(after, "  1  A A A A A .")) << after;
    int ship_cells = 0;
    for (std::size_t at = after.find("  1  "); at != std::string::npos && at < after.size();) {
        const auto end = after.find('\n', at);
        const std::string row = after.substr(at, end - at);
        if (row.size() != 16 || row[2] < '1' || row[2] > '6') break;
        for (std::size_t i = 5; i < row.size(); i += 2) ship_cells += row[i] != '.';
        at = end + 1;
    }
    EXPECT_EQ(ship_cells, 5 + 4 + 3 + 3 + 2) << "every ship but the Patrol Boat (1)\n" << after;
    // Then the rest as usual: auto again places the last ship only, and ok keeps it.
    const auto played = run_broadside(args, "A1 right\nauto\nundo\nauto\nok\n");
    ASSERT_EQ(played.exit_code, 0) << played.err;
    EXPECT_TRUE(has(played.out, "Game over: ")) << played.out;
}

// docs/play.md: `help` gives an example that is valid now. Once the Carrier lies along row 1,
// "A1 right" overlaps it: help names a placement the Battleship fits, and the game takes it.
TEST(PartyCli, HelpsPlacementExampleIsOneTheNextShipFitsNow) {
    const std::vector<std::string> args{"play",   "party", "--players",  "2",
                                        "--seed", "9",     "--pause-ms", "0"};
    const auto r = run_broadside(args, "A1 right\nhelp\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto at = r.out.find(" places the Battleship; ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string example =
        r.out.substr(r.out.rfind('\n', at) + 1, at - r.out.rfind('\n', at) - 1);
    EXPECT_NE(example, "A1 right");
    const std::string cell = example.substr(0, example.find(' '));
    EXPECT_TRUE(has(r.out, " places the Battleship; " + cell + " alone runs right")) << r.out;
    const auto placed = run_broadside(args, "A1 right\n" + example + "\nquit\nyes\n");
    EXPECT_FALSE(has(placed.out, "overlaps")) << placed.out;
    EXPECT_TRUE(has(placed.out, "Yellow Cruiser (3): ") || has(placed.out, "Cruiser (3): "))
        << placed.out;
}

TEST(PartyCli, PlayOnEnterFiresOneTorpedoPerLineAndCanQuit) {
    const auto r = run_broadside({"play", "party", "--players", "3", "--seed", "2", "--enter"},
                                 "auto\nok\n\n\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Torpedo 2 of 30")) << r.out;
    EXPECT_FALSE(has(r.out, "Torpedo 3 of 30")) << r.out;
    EXPECT_TRUE(has(r.out, "You left the party.")) << r.out;
}

// docs/play.md, "Commands, the same in every game": quit asks "Really leave the game? (yes or
// no)", with --save the line before says where the game goes, and leaving while placing saves
// the game so far too (it once printed "Bye." and saved nothing).
TEST(PartyCli, QuitAsksAsEveryGameDoesAndSavesTheGameSoFarEvenWhilePlacing) {
    const std::string dir = testing::temp_dir();
    const std::string file = dir + "/placing.json";
    auto r = run_broadside({"play", "party", "--players", "3", "--seed", "2", "--save", file},
                           "A1 right\nquit\nno\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The line is wrapped to the screen: a long temporary path breaks it.
    const auto unwrapped = [](std::string text) {
        for (std::size_t at; (at = text.find("\n  ")) != std::string::npos;) {
            text.replace(at, 3, " ");
        }
        return text;
    };
    EXPECT_TRUE(has(unwrapped(r.out), "The game so far is saved to " + file + " if you leave."))
        << r.out;
    EXPECT_TRUE(has(r.out, "Really leave the game? (yes or no): ")) << r.out;
    EXPECT_FALSE(has(r.out, "Really leave the party")) << r.out;
    EXPECT_TRUE(has(r.out, "You left the party.")) << r.out;
    EXPECT_TRUE(has(r.out, "Saved the unfinished game record to " + file)) << r.out;
    // The saved game resumes where it was left: the person still places their fleet.
    const auto resumed = run_broadside({"play", "party", "--resume", file}, "auto\nok\n");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_TRUE(has(resumed.out, "Game over: ")) << resumed.out;

    const std::string later = dir + "/torpedoes.json";
    r = run_broadside(
        {"play", "party", "--players", "3", "--seed", "2", "--enter", "--save", later},
        "auto\nok\n\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(unwrapped(r.out), "The game so far is saved to " + later + " if you leave."))
        << r.out;
    EXPECT_TRUE(has(r.out, "Really leave the game? (yes or no): ")) << r.out;
    EXPECT_TRUE(has(r.out, "Saved the unfinished game record to " + later)) << r.out;
}

TEST(PartyCli, PlaySameSeedSameMatchAndTheSavedRecordReplays) {
    const std::string dir = testing::temp_dir();
    const std::vector<std::string> args{"play",   "party",        "--players",  "6",
                                        "--seed", "31",           "--pause-ms", "0",
                                        "--save", dir + "/p.json"};
    const auto a = run_broadside(args, "auto\nok\n");
    const auto b = run_broadside(args, "auto\nok\n");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    const auto replayed = run_broadside({"replay", dir + "/p.json"});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.out << replayed.err;
}

// `auto` after ships placed by hand keeps them and places only the rest (docs/play.md); it once
// drew a whole new fleet, moving the Carrier the player had put on A1.
TEST(PartyCli, AutoAfterShipsPlacedByHandPlacesOnlyTheRemainingShips) {
    const std::string dir = testing::temp_dir();
    for (const char* seed : {"1", "2", "3"}) {
        const std::string path = dir + "/auto" + seed + ".json";
        const auto r = run_broadside(
            {"play", "party", "--players", "2", "--seed", seed, "--pause-ms", "0", "--save", path},
            "A1 right\nB2 down\nauto\nok\n");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(has(r.out, "remaining ships at random")) << r.out;
        std::ifstream in(path);
        const json saved = json::parse(in);
        const json record = saved.is_array() ? saved.back() : saved;
        bool found = false;
        for (const auto& step : record["actions"]) {
            const json& action = step["action"];
            if (step["seat"] != 1 || action.value("type", "") != "place") continue;  // you
            EXPECT_EQ(action["ships"][0], "A1 right") << action;
            EXPECT_EQ(action["ships"][1], "B2 down") << action;
            EXPECT_EQ(action["ships"].size(), 6U);
            found = true;
        }
        EXPECT_TRUE(found) << record.dump();
    }
}

TEST(PartyCli, PlayWithThousandsOfPlayersSummarisesTheScoreboard) {
    const auto r = run_broadside(
        {"play", "party", "--players", "2000", "--seed", "4", "--pause-ms", "0"}, "auto\nok\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Scoreboard: players by ships afloat:")) << r.out.substr(0, 3000);
    EXPECT_TRUE(has(r.out, "Game over: "));
}

TEST(PartyCli, SolveGivesTheExactOddsInJson) {
    const auto r =
        run_broadside({"solve", "party", "--players", "3", "--json", "--trials", "20000"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json::parse(r.out);
    EXPECT_NEAR(j["afloat_probability"]["1"].get<double>(), 1.0 / 6.0, 1e-12);
    EXPECT_NEAR(j["afloat_probability"]["5"].get<double>(), 1211511.0 / 1947792.0, 1e-12);
    EXPECT_EQ(j["afloat_probability_exact"]["5"], "1211511/1947792");
    double expected = 0;
    for (const auto& [k, v] : j["afloat_probability"].items()) {
        expected += v.get<double>() * (k == "3" ? 2 : 1);  // Cruiser and Submarine
    }
    EXPECT_NEAR(j["expected_afloat"].get<double>(), expected, 1e-12);
    EXPECT_EQ(j["afloat_distribution"].size(), 7U);
    EXPECT_EQ(j["tie_for_most"]["method"], "simulation");
    EXPECT_EQ(j["tie_for_most"]["trials"], 20000);
    EXPECT_LT(j["tie_for_most"]["ci95"][0].get<double>(),
              j["tie_for_most"]["probability"].get<double>());
    EXPECT_TRUE(has(j["placement"].get<std::string>(), "does not change"));
}

TEST(PartyCli, SolveForOnePlayerIsExactAndTheTextSaysHowEachFigureWasGot) {
    const auto one = run_broadside({"solve", "party", "--players", "1", "--json"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(json::parse(one.out)["tie_for_most"]["method"], "exact");
    const auto text = run_broadside({"solve", "party", "--trials", "2000"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_TRUE(has(text.out, "by simulation of 2000 matches")) << text.out;
    EXPECT_TRUE(has(text.out, "(exact)")) << text.out;
    const auto missing = run_broadside({"solve"});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_TRUE(has(missing.err, "party")) << missing.err;
}

TEST(PartyCli, SimReportsHowMatchesAreDecided) {
    const auto r = run_broadside({"sim", "party", "--players", "5", "--games", "2000", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json::parse(r.out);
    double total = 0;
    for (const auto& [k, v] : j["finishes"].items()) total += v["rate"].get<double>();
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_NEAR(j["mean_afloat"].get<double>(), 2.4957, 0.05);
    const auto again =
        run_broadside({"sim", "party", "--players", "5", "--games", "2000", "--json"});
    EXPECT_EQ(r.out, again.out);
}

TEST(PartyCli, TheEngineHostsAPartyWithTheHostAsSeatZero) {
    const std::string input =
        R"({"cmd":"create","game":"party","seed":1,"options":{"players":2,"host":"auto"}})"
        "\n"
        R"({"cmd":"act","match":"m1","seat":1,"action":{"type":"place","ships":["A1 right","A2 right","A3 right","A4 right","A5 right","A6 right"]}})"
        "\n"
        R"({"cmd":"act","match":"m1","seat":2,"action":{"type":"place","ships":["A1 down","B1 down","C1 down","D1 down","E1 down","F1 down"]}})"
        "\n"
        R"({"cmd":"record","match":"m1"})"
        "\n";
    const auto r = run_broadside({"engine"}, input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    std::vector<json> answers;
    while (std::getline(lines, line)) answers.push_back(json::parse(line));
    ASSERT_EQ(answers.size(), 4U);
    EXPECT_EQ(answers[0]["seats"], 3);
    EXPECT_EQ(answers[2]["over"], true);
    EXPECT_EQ(answers[3]["type"], "record");
    EXPECT_EQ(answers[3]["record"]["reveal"]["fleets"][1][0], "A1 right");
}

}  // namespace
}  // namespace broadside

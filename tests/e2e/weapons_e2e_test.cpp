// The optional weapons through the real `broadside` program: typed commands in `play`, the
// weapon-using bot in `sim` (with a confidence interval), the referee, and replay of saved games.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace broadside {
namespace {

using json = nlohmann::json;
using testing::run_broadside;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(WeaponsPlay, TypedWeaponCommandsAreUnderstoodAndEveryRollIsShown) {
    const auto r = run_broadside(
        {"play", "classic", "--weapons", "all", "--seed", "5", "--first", "me", "--bot", "random"},
        "auto\nok\nnuke\nnuke D4\ntorpedo A1\ntorpedo A1 down\nscuba\nquit\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Name one cell after nuke")) << r.out;
    EXPECT_TRUE(has(r.out, "You launched the Tactical Nuke: D20 rolled")) << r.out;
    EXPECT_TRUE(has(r.out, "A1 is a corner: say which way the torpedo travels")) << r.out;
    EXPECT_TRUE(has(r.out, "You fired a torpedo from A1 heading down")) << r.out;
    EXPECT_TRUE(has(r.out, "You sent SCUBA commandos: D20 rolled")) << r.out;
    EXPECT_TRUE(has(r.out, "Your weapons left:")) << r.out;
}

TEST(WeaponsPlay, ANukeCannotBeUsedTwiceAndTheReasonIsShown) {
    const auto r = run_broadside(
        {"play", "classic", "--weapons", "nuke", "--seed", "8", "--first", "me", "--bot", "random"},
        "auto\nok\nnuke E5\nnuke E5\nquit\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "You have used the nuke once, its only use this game.")) << r.out;
    // The second nuke was refused, not launched: the nuke went off exactly once.
    const std::string launched = "You launched the Tactical Nuke";
    const auto first = r.out.find(launched);
    ASSERT_NE(first, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(launched, first + 1), std::string::npos) << r.out;
}

TEST(WeaponsPlay, HelpListsTheWeaponCommandsOnlyWhenTheGameHasWeapons) {
    const auto armed = run_broadside({"play", "classic", "--weapons", "all", "--seed", "1"},
                                     "auto\nok\nhelp\nquit\n");
    EXPECT_TRUE(has(armed.out, "torpedo A1 down")) << armed.out;
    const auto plain = run_broadside({"play", "classic", "--seed", "1"}, "auto\nok\nhelp\nquit\n");
    EXPECT_FALSE(has(plain.out, "torpedo A1 down")) << plain.out;
}

TEST(WeaponsPlay, AnUnknownWeaponIsAUsageErrorThatNamesTheWeapons) {
    const auto r = run_broadside({"play", "classic", "--weapons", "laser"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "laser")) << r.err;
    EXPECT_TRUE(has(r.err, "nuke, scuba, torpedo, experimental and bomber")) << r.err;
}

TEST(WeaponsSim, TheWeaponUsingBotBeatsTheSameBotWithoutWeaponsOutsideTheInterval) {
    const auto r =
        run_broadside({"sim", "classic", "--weapons", "all", "--bots", "density,density-plain",
                       "--games", "300", "--seed", "4", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_GT(j["seats"][0]["win_rate_ci"][0].get<double>(), 0.5) << j.dump();
    EXPECT_GT(j["mean_winner_weapon_turns"].get<double>(), 0.0);
    EXPECT_TRUE(j.contains("draws"));
}

TEST(WeaponsSim, SavedGamesWithWeaponsReplayExactly) {
    const std::string file = testing::temp_dir() + "/armed.jsonl";
    const auto sim =
        run_broadside({"sim", "salvo", "--weapons", "all", "--dice", "3d6", "--torpedo-bonus",
                       "--bots", "density,hunt", "--games", "6", "--seed", "9", "--save", file});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_TRUE(has(text.str(), "\"weapon\"")) << "no weapon was used in 6 games";
    const auto replay = run_broadside({"replay", file});
    EXPECT_EQ(replay.exit_code, 0) << replay.err << replay.out;
    EXPECT_TRUE(has(replay.out, "6 record(s) replayed")) << replay.out;
}

TEST(WeaponsReferee, TheBuiltInBotUsesWeaponsAgainstThePythonExampleWithoutFaults) {
    const auto r = run_broadside(
        {"referee", "--json", "--game", "classic", "--options", R"({"weapons": "all"})", "--seat",
         "builtin:density", "--seat",
         "python3 " + std::string(BROADSIDE_SOURCE_DIR) + "/examples/bots/random_bot.py", "--games",
         "3", "--seed", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["wins"][0].get<int>() + j["wins"][1].get<int>(), 3);
    EXPECT_TRUE(j["faults"].empty()) << j["faults"].dump();
}

}  // namespace
}  // namespace broadside

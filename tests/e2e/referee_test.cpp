// `broadside referee` with real child-process bots, well-behaved and not.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/test_support.h"

namespace {

using broadside::testing::run_broadside;
using nlohmann::json;

std::string source(const std::string& path) {
    return std::string(BROADSIDE_SOURCE_DIR) + "/" + path;
}
std::string python_bot(const std::string& path) {
    return "python3 " + source(path);
}

json referee(std::vector<std::string> extra) {
    std::vector<std::string> args{"referee", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_broadside(args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto j = json::parse(run.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << run.out;
    return j;
}

// `pattern` should bracket one letter ("[s]leep 300") so that it does not match the shell that
// runs pgrep, whose own command line contains the pattern.
int count_processes(const std::string& pattern) {
    FILE* p = popen(("pgrep -f -c '" + pattern + "'").c_str(), "r");
    int n = 0;
    if (p) {
        if (std::fscanf(p, "%d", &n) != 1) n = 0;
        pclose(p);
    }
    return n;
}

TEST(Referee, ThePythonExampleBotPlaysClassicWithoutFaults) {
    const auto r =
        referee({"--game", "classic", "--seat", python_bot("examples/bots/random_bot.py"), "--seat",
                 "builtin:random", "--games", "3", "--seed", "5"});
    EXPECT_EQ(r["games"], 3);
    EXPECT_EQ(r["wins"][0].get<int>() + r["wins"][1].get<int>(), 3);
    EXPECT_TRUE(r["faults"].empty()) << r["faults"].dump();
}

TEST(Referee, ThePythonExampleBotPlaysSalvoWithNoTouchWithoutFaults) {
    const auto r = referee({"--game", "salvo", "--seat", "builtin:hunt", "--seat",
                            python_bot("examples/bots/random_bot.py"), "--games", "2", "--options",
                            R"({"no_touch": true})"});
    EXPECT_EQ(r["wins"][0].get<int>() + r["wins"][1].get<int>(), 2);
    EXPECT_TRUE(r["faults"].empty()) << r["faults"].dump();
}

TEST(Referee, ABotThatSleepsPastItsBudgetLosesByTimeout) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = referee({"--game", "classic", "--seat", python_bot("tests/bots/sleepy_bot.py"),
                            "--seat", "builtin:random", "--games", "2", "--move-ms", "100"});
    const auto seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r["wins"][1], 2);
    ASSERT_EQ(r["faults"].size(), 2U);
    EXPECT_EQ(r["faults"][0]["kind"], "timeout");
    EXPECT_EQ(r["faults"][0]["seat"], 0);
    EXPECT_TRUE(r["faults"][0]["forfeit"].get<bool>());
    EXPECT_LT(seconds, 25.0) << "the referee waited for the sleeping bot";
}

TEST(Referee, ABotThatCrashesLosesAndTheReportSaysWhy) {
    const auto r = referee({"--game", "classic", "--seat", "builtin:random", "--seat",
                            python_bot("tests/bots/crashing_bot.py"), "--games", "2"});
    EXPECT_EQ(r["wins"][0], 2);
    ASSERT_EQ(r["faults"].size(), 2U);
    EXPECT_EQ(r["faults"][0]["kind"], "crash");
    EXPECT_EQ(r["faults"][0]["seat"], 1);
    EXPECT_NE(r["faults"][0]["detail"].get<std::string>().find("exited with code 3"),
              std::string::npos)
        << r["faults"][0].dump();
}

TEST(Referee, ABotCommandThatDoesNotExistIsReportedAsSuch) {
    const auto r = referee({"--game", "classic", "--seat", "no-such-bot-program", "--seat",
                            "builtin:random", "--games", "1"});
    EXPECT_EQ(r["wins"][1], 1);
    ASSERT_EQ(r["faults"].size(), 1U);
    EXPECT_EQ(r["faults"][0]["kind"], "crash");
    EXPECT_NE(r["faults"][0]["detail"].get<std::string>().find("could not find the command"),
              std::string::npos)
        << r["faults"][0].dump();
}

TEST(Referee, ABotThatPrintsGarbageLoses) {
    const auto r = referee({"--game", "classic", "--seat", python_bot("tests/bots/garbage_bot.py"),
                            "--seat", "builtin:random", "--games", "1"});
    EXPECT_EQ(r["wins"][1], 1);
    ASSERT_EQ(r["faults"].size(), 1U);
    EXPECT_EQ(r["faults"][0]["kind"], "garbage");
}

TEST(Referee, ABotThatPlaysIllegallyLoses) {
    const auto r =
        referee({"--game", "classic", "--seat", python_bot("tests/bots/illegal_bot.py"), "--seat",
                 "builtin:random", "--games", "1", "--options", R"({"first": 0})"});
    EXPECT_EQ(r["wins"][1], 1);
    ASSERT_EQ(r["faults"].size(), 1U);
    EXPECT_EQ(r["faults"][0]["kind"], "illegal");
    EXPECT_NE(r["faults"][0]["detail"].get<std::string>().find("cell_already_fired"),
              std::string::npos);
}

TEST(Referee, WithDefaultActionsAFaultyBotsGameIsPlayedToTheEnd) {
    const auto r = referee({"--game", "classic", "--seat", python_bot("tests/bots/illegal_bot.py"),
                            "--seat", "builtin:random", "--games", "1", "--on-fault", "default",
                            "--options", R"({"first": 0})"});
    EXPECT_EQ(r["wins"][0].get<int>() + r["wins"][1].get<int>(), 1);
    ASSERT_GT(r["faults"].size(), 10U) << "every illegal shot is reported";
    EXPECT_FALSE(r["faults"][0]["forfeit"].get<bool>());
}

TEST(Referee, NoChildProcessIsLeftBehind) {
    const int before = count_processes("[s]leep 300");
    const json r = referee({"--game", "classic", "--seat", python_bot("tests/bots/forking_bot.py"),
                            "--seat", "builtin:random", "--games", "1", "--move-ms", "100"});
    // The bot really ran (and so started its grandchild): it timed out on its first move and
    // forfeited the game to the other seat.
    ASSERT_EQ(r["faults"].size(), 1U) << r.dump();
    EXPECT_EQ(r["faults"][0]["kind"], "timeout");
    EXPECT_EQ(r["wins"], json({0, 1}));
    EXPECT_EQ(count_processes("[s]leep 300"), before);
    EXPECT_EQ(count_processes("[f]orking_bot.py"), 0);
}

TEST(Referee, SavedRecordsReplay) {
    const std::string dir = broadside::testing::temp_dir() + "/records";
    const json r = referee({"--game", "salvo", "--seat", "builtin:density", "--seat",
                            "builtin:hunt", "--games", "2", "--save", dir});
    // Each saved record is the game the referee reported: salvo, played to its end, its winner
    // counted in the summary's wins.
    std::array<int, 2> wins{0, 0};
    for (const char* name : {"/g1.json", "/g2.json"}) {
        const json record = json::parse(broadside::testing::read_file(dir + name));
        EXPECT_EQ(record["format"], "broadside-record");
        EXPECT_EQ(record["game"], "salvo");
        EXPECT_TRUE(record["over"].get<bool>()) << name;
        ++wins.at(record["result"]["winner"].get<std::size_t>());
        const auto replay = run_broadside({"replay", dir + name});
        EXPECT_EQ(replay.exit_code, 0) << replay.err;
        EXPECT_NE(replay.out.find("1 record(s) replayed"), std::string::npos) << replay.out;
    }
    EXPECT_EQ(r["wins"], json(wins));
}

// tests/bots/recording_bot.py's log (its stderr, kept by --save), one list of entries per game:
// {"received": message} for each message from the referee, {"sent": action} for each answer.
std::vector<std::vector<json>> bot_log_by_game(const std::string& path) {
    std::vector<std::vector<json>> games;
    std::istringstream lines(broadside::testing::read_file(path));
    for (std::string line; std::getline(lines, line);) {
        const json entry = json::parse(line, nullptr, false);
        EXPECT_FALSE(entry.is_discarded()) << line;
        if (entry.is_discarded()) continue;
        if (entry.contains("received") && entry["received"]["type"] == "start")
            games.emplace_back();
        if (!games.empty()) games.back().push_back(entry);
    }
    return games;
}

// The event numbers of a game's `act` messages, in the order received, join up: 1, 2, 3, ...
// with no gap (an event never sent) and no repeat.
void expect_events_join_up(const std::vector<json>& game) {
    std::int64_t expected = 1;
    for (const auto& entry : game) {
        if (!entry.contains("received") || entry["received"]["type"] != "act") continue;
        for (const auto& event : entry["received"]["events"]) {
            ASSERT_EQ(event["n"].get<std::int64_t>(), expected) << event.dump();
            ++expected;
        }
    }
}

// Each action the bot sent, with the `act` message that followed it in the same game (null for
// the game's last action, which no `act` follows).
std::vector<std::pair<json, json>> actions_and_next_act(const std::vector<json>& game) {
    std::vector<std::pair<json, json>> out;
    for (std::size_t i = 0; i < game.size(); ++i) {
        if (!game[i].contains("sent")) continue;
        json next = nullptr;
        for (std::size_t j = i + 1; j < game.size() && next.is_null(); ++j) {
            if (game[j].contains("received") && game[j]["received"]["type"] == "act") {
                next = game[j]["received"];
            }
        }
        out.emplace_back(game[i]["sent"], next);
    }
    return out;
}

TEST(Referee, AChildBotIsToldWhatItsOwnShotsHit) {
    for (const int bot_seat : {0, 1}) {
        SCOPED_TRACE("the recording bot in seat " + std::to_string(bot_seat));
        const std::string dir = broadside::testing::temp_dir() + "/own" + std::to_string(bot_seat);
        std::vector<std::string> seats{"builtin:random", "builtin:random"};
        seats[static_cast<std::size_t>(bot_seat)] =
            "/usr/bin/python3 " + source("tests/bots/recording_bot.py");
        const auto r =
            referee({"--game", "salvo", "--seat", seats[0], "--seat", seats[1], "--games", "2",
                     "--seed", "3", "--save", dir, "--options",
                     R"({"rows": 6, "cols": 6, "fleet": [{"name": "Cruiser", "length": 3},
                                    {"name": "Destroyer", "length": 2}]})"});
        ASSERT_TRUE(r["faults"].empty()) << r["faults"].dump();
        const auto games = bot_log_by_game(dir + "/seat" + std::to_string(bot_seat) + ".stderr");
        ASSERT_EQ(games.size(), 2U);
        int shots_reported = 0;
        for (const auto& game : games) {
            expect_events_join_up(game);
            for (const auto& [action, next] : actions_and_next_act(game)) {
                if (action["type"] != "fire" || next.is_null()) continue;
                // The next request starts with this shot's own event: every cell, with its result.
                ASSERT_FALSE(next["events"].empty()) << next.dump();
                const json& event = next["events"][0];
                EXPECT_EQ(event["type"], "shots") << event.dump();
                EXPECT_EQ(event["seat"], bot_seat) << event.dump();
                std::vector<std::string> cells;
                for (const auto& shot : event["shots"]) {
                    cells.push_back(shot["cell"].get<std::string>());
                    EXPECT_TRUE(shot["result"] == "miss" || shot["result"] == "hit" ||
                                shot["result"] == "sunk")
                        << shot.dump();
                }
                auto fired = action["cells"].get<std::vector<std::string>>();
                std::sort(fired.begin(), fired.end());
                std::sort(cells.begin(), cells.end());
                EXPECT_EQ(cells, fired);
                ++shots_reported;
            }
        }
        EXPECT_GT(shots_reported, 4);
    }
}

TEST(Referee, AChildBotThatActsTwiceInARowSeesItsFirstActionsEvents) {
    const std::string dir = broadside::testing::temp_dir() + "/crew";
    const auto r = referee({"--game", "crew", "--seat",
                            "/usr/bin/python3 " + source("tests/bots/recording_bot.py"), "--seat",
                            "builtin:cautious", "--games", "2", "--seed", "4", "--save", dir,
                            "--options", R"({"rounds": 2})"});
    ASSERT_TRUE(r["faults"].empty()) << r["faults"].dump();
    const auto games = bot_log_by_game(dir + "/seat0.stderr");
    ASSERT_EQ(games.size(), 2U);
    int throws_seen = 0;
    for (const auto& game : games) {
        expect_events_join_up(game);
        for (const auto& [action, next] : actions_and_next_act(game)) {
            if (action["type"] != "throw" || next.is_null()) continue;
            ASSERT_FALSE(next["events"].empty()) << next.dump();
            // Its own throw: the dice it threw come first in the next request.
            EXPECT_EQ(next["events"][0]["type"], "throw") << next.dump();
            EXPECT_EQ(next["events"][0]["seat"], 0) << next.dump();
            ++throws_seen;
        }
    }
    EXPECT_GT(throws_seen, 2);
}

// docs/protocol.md, "Bots on the referee's side": a rejected action is told with the engine's
// shape for a refused action ("illegal_action", the game's code as "reason"), and the game then
// forfeited under `--on-fault lose` ends, for every bot, with `end`: "over" true and a result
// saying who forfeited and who won.
TEST(Referee, ABotIsToldWhyItsActionWasRejectedAndHowAForfeitedGameEnded) {
    const std::string dir = broadside::testing::temp_dir() + "/forfeit";
    const std::string bot = "/usr/bin/python3 " + source("tests/bots/recording_bot.py");
    const auto r =
        referee({"--game", "classic", "--seat", bot + " --illegal", "--seat", bot, "--games", "1",
                 "--seed", "5", "--save", dir, "--options", R"({"first": 0})"});
    ASSERT_EQ(r["faults"].size(), 1U) << r.dump();
    EXPECT_EQ(r["wins"][1], 1);
    const json expected_end{{"forfeit", true}, {"seat", 0}, {"winners", {1}}};
    for (const int seat : {0, 1}) {
        SCOPED_TRACE("seat " + std::to_string(seat));
        const auto games = bot_log_by_game(dir + "/seat" + std::to_string(seat) + ".stderr");
        ASSERT_EQ(games.size(), 1U);
        json rejected = nullptr;
        json end = nullptr;
        for (const auto& entry : games[0]) {
            if (!entry.contains("received")) continue;
            if (entry["received"]["type"] == "rejected") rejected = entry["received"];
            if (entry["received"]["type"] == "end") end = entry["received"];
        }
        ASSERT_FALSE(end.is_null());
        EXPECT_EQ(end["over"], true) << end.dump();
        EXPECT_EQ(end["seat"], seat) << end.dump();
        EXPECT_EQ(end["result"], expected_end) << end.dump();
        if (seat == 0) {
            ASSERT_FALSE(rejected.is_null());
            EXPECT_EQ(rejected["error"]["code"], "illegal_action") << rejected.dump();
            EXPECT_EQ(rejected["error"]["reason"], "cell_already_fired") << rejected.dump();
            EXPECT_TRUE(rejected["error"]["message"].is_string()) << rejected.dump();
        } else {
            EXPECT_TRUE(rejected.is_null()) << rejected.dump();
        }
    }
}

// protocol.md, "Time": each `act` says its limit, `time_ms`, which is --move-ms (default 1000).
TEST(Referee, EveryActSaysItsTimeLimitWhichIsTheMoveMs) {
    const std::vector<std::pair<std::vector<std::string>, int>> cases{{{}, 1000},
                                                                      {{"--move-ms", "700"}, 700}};
    for (const auto& [flags, expected] : cases) {
        SCOPED_TRACE("time_ms " + std::to_string(expected));
        const std::string dir = broadside::testing::temp_dir() + "/t" + std::to_string(expected);
        std::vector<std::string> args{
            "--game",  "classic",
            "--seat",  "/usr/bin/python3 " + source("tests/bots/recording_bot.py"),
            "--seat",  "builtin:random",
            "--games", "1",
            "--seed",  "6",
            "--save",  dir};
        args.insert(args.end(), flags.begin(), flags.end());
        const auto r = referee(args);
        ASSERT_TRUE(r["faults"].empty()) << r["faults"].dump();
        const auto games = bot_log_by_game(dir + "/seat0.stderr");
        ASSERT_EQ(games.size(), 1U);
        int acts = 0;
        for (const auto& entry : games[0]) {
            if (!entry.contains("received") || entry["received"]["type"] != "act") continue;
            EXPECT_EQ(entry["received"]["time_ms"], expected) << entry.dump();
            ++acts;
        }
        EXPECT_GT(acts, 17);  // the placement and at least a shot per ship cell
    }
}

// protocol.md, "Time": the first `act` after the bot process starts gets 2 extra seconds for
// start-up; every later one has only `time_ms`. The bot answers one `act` 1.2 s late, with
// --move-ms 500.
TEST(Referee, OnlyTheFirstActGetsTwoSecondsForStartUp) {
    const std::string bot = "/usr/bin/python3 " + source("tests/bots/slow_start_bot.py");
    const std::vector<std::string> rest{"--seat", "builtin:random", "--games", "1", "--seed",
                                        "5",      "--move-ms",      "500"};
    auto first_late = std::vector<std::string>{"--game", "classic", "--seat", bot + " --late 1"};
    first_late.insert(first_late.end(), rest.begin(), rest.end());
    const auto covered = referee(first_late);
    EXPECT_TRUE(covered["faults"].empty()) << covered["faults"].dump();

    auto second_late = std::vector<std::string>{"--game", "classic", "--seat", bot + " --late 2"};
    second_late.insert(second_late.end(), rest.begin(), rest.end());
    const auto late = referee(second_late);
    ASSERT_EQ(late["faults"].size(), 1U) << late["faults"].dump();
    EXPECT_EQ(late["faults"][0]["kind"], "timeout");
    EXPECT_EQ(late["faults"][0]["seat"], 0);
}

// protocol.md, "The bot side": a bot's stderr is discarded, kept with --save DIR, or shown with
// --bot-stderr (which shows it instead of keeping it).
TEST(Referee, ABotsStderrIsDiscardedKeptOrShown) {
    const std::vector<std::string> game{"referee",
                                        "--game",
                                        "classic",
                                        "--seat",
                                        "/usr/bin/python3 " + source("tests/bots/recording_bot.py"),
                                        "--seat",
                                        "builtin:random",
                                        "--games",
                                        "1",
                                        "--seed",
                                        "7"};
    const std::string logged = "{\"received\": {";  // the recording bot's stderr lines

    const auto discarded = run_broadside(game);
    ASSERT_EQ(discarded.exit_code, 0) << discarded.err;
    EXPECT_EQ(discarded.err.find(logged), std::string::npos) << discarded.err;

    auto show = game;
    show.push_back("--bot-stderr");
    const auto shown = run_broadside(show);
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.err.find(logged), std::string::npos) << shown.err;
    EXPECT_EQ(shown.out.find(logged), std::string::npos) << "the bot's stderr is not the report";

    const std::string dir = broadside::testing::temp_dir() + "/kept";
    auto keep = game;
    keep.insert(keep.end(), {"--save", dir});
    const auto kept = run_broadside(keep);
    ASSERT_EQ(kept.exit_code, 0) << kept.err;
    EXPECT_EQ(kept.err.find(logged), std::string::npos) << kept.err;
    EXPECT_NE(broadside::testing::read_file(dir + "/seat0.stderr").find(logged), std::string::npos);
}

TEST(Referee, BadUsageExitsWithTwo) {
    EXPECT_EQ(run_broadside({"referee", "--seat", "builtin:nobody", "--seat", "builtin:random"})
                  .exit_code,
              2);
    EXPECT_EQ(run_broadside({"referee", "--seat", "builtin:random"}).exit_code, 2);
    EXPECT_EQ(run_broadside({"referee", "--game", "chess", "--seat", "builtin:random", "--seat",
                             "builtin:random"})
                  .exit_code,
              2);
    EXPECT_EQ(run_broadside({"referee", "--help"}).exit_code, 0);
}

}  // namespace

namespace broadside {
namespace {

TEST(RefereeGames, TheDiceGamesBuiltInBotsPlayAsRefereeSeats) {
    const auto r = run_broadside({"referee", "--json", "--game", "crew", "--seat", "builtin:race",
                                  "--seat", "builtin:optimal", "--games", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["wins"][0].get<int>() + j["wins"][1].get<int>() + j["shared"].get<int>() +
                  j["draws"].get<int>(),
              4);
    EXPECT_TRUE(j["faults"].empty()) << j["faults"].dump();
}

TEST(RefereeGames, ThePartyGamesWinnersAreCountedIncludingSharedWins) {
    const auto r = run_broadside({"referee", "--json", "--game", "party", "--options",
                                  R"({"players": 2})", "--seat", "builtin:random", "--seat",
                                  "builtin:random", "--seat", "builtin:random", "--games", "20"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["wins"][0], 0) << "the host never wins";
    // Each game has a sole winning player or a shared win (both players, counted as "shared");
    // nobody is removed, so no game is won by nobody ("draws").
    EXPECT_EQ(j["wins"][1].get<int>() + j["wins"][2].get<int>() + j["shared"].get<int>(), 20);
    EXPECT_EQ(j["draws"], 0);
    // Without --json the counts are said too.
    const auto text = run_broadside({"referee", "--game", "party", "--options", R"({"players": 2})",
                                     "--seat", "builtin:random", "--seat", "builtin:random",
                                     "--seat", "builtin:random", "--games", "20"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(
        text.out.find("  shared wins: " + std::to_string(j["shared"].get<int>()) + "  draws: 0\n"),
        std::string::npos)
        << text.out;
    EXPECT_TRUE(j["faults"].empty()) << j["faults"].dump();
}

}  // namespace
}  // namespace broadside

// Two people at one terminal (`play classic|salvo --humans 2`), end to end: whole games played
// through the real program, where the test knows both fleets (from the saved record) and checks
// every screen shown between two pass screens: the other person's ships are never drawn, and
// the owner's ocean shows only the owner's ships.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/cell.h"
#include "core/ship.h"
#include "support/test_support.h"
#include "support/tmux_pane.h"

namespace broadside {
namespace {

using testing::run_broadside;

const BoardSize kBoard{10, 10};
const int kLengths[] = {5, 4, 3, 3, 2};

std::vector<std::string> every_cell() {
    std::vector<std::string> cells;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) cells.push_back(row + std::to_string(col));
    }
    return cells;
}

// Input for a whole hot-seat game: each person passes, places with auto, and the two then fire
// at every cell in reading order, each turn: Enter at the pass screen, the shot, Enter to end it.
std::string whole_game_input(const std::string& shot_prefix = "") {
    std::string in = "\nauto\nok\n\nauto\nok\n";
    for (const auto& cell : every_cell()) {
        for (int person = 0; person < 2; ++person) in += "\n" + shot_prefix + cell + "\n\n";
    }
    return in + "no\n";
}

std::set<std::string> fleet_cells(const nlohmann::json& placements) {
    std::set<std::string> cells;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        auto p = parse_placement(placements[i].get<std::string>(), kBoard);
        if (!p) continue;
        auto bits = ship_cells(*p, kLengths[i], kBoard);
        if (!bits) continue;
        bits->for_each([&](int index) { cells.insert(to_string(cell_at(index, kBoard))); });
    }
    return cells;
}

struct Screen {
    std::string owner;  // whose pass screen began it
    std::string text;
};

// The transcript cut at every pass screen ("Pass to NAME ..."): each piece is what NAME saw.
std::vector<Screen> screens_by_person(const std::string& out) {
    std::vector<Screen> screens;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find("Pass to ");
        if (at != std::string::npos) {
            const auto start = at + 8;
            const auto end = line.find(' ', start);
            screens.push_back({line.substr(start, end - start), ""});
            continue;
        }
        if (!screens.empty()) screens.back().text += line + "\n";
    }
    return screens;
}

bool is_ship_letter(const std::string& token) {
    return token.size() == 1 && std::string("CBRSD").find(token[0]) != std::string::npos;
}

// Every ship letter drawn on a grid row of `text`: (cell, on the left grid?) pairs. A grid row
// is a row letter and ten one-character cells; a second grid may follow on the same line.
std::vector<std::pair<std::string, bool>> ship_letters_drawn(const std::string& text) {
    std::vector<std::pair<std::string, bool>> found;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::vector<std::string> t;
        for (std::string w; words >> w;) t.push_back(w);
        for (std::size_t base = 0, grid = 0; base + 11 <= t.size(); base += 11, ++grid) {
            const std::string& row = t[base];
            if (row.size() != 1 || row[0] < 'A' || row[0] > 'J') break;
            bool cells_ok = true;
            for (std::size_t c = 1; c <= 10; ++c) cells_ok = cells_ok && t[base + c].size() == 1;
            if (!cells_ok) break;
            for (std::size_t c = 1; c <= 10; ++c) {
                if (is_ship_letter(t[base + c])) {
                    found.push_back({row + std::to_string(c), grid == 0});
                }
            }
        }
    }
    return found;
}

void check_no_leaks(const std::string& game, const std::string& shot_prefix) {
    const std::string save = testing::temp_dir() + "/hotseat.json";
    const auto r = run_broadside({"play", game, "--humans", "2", "--names", "Ann,Bob", "--seed",
                                  "21", "--first", "me", "--save", save},
                                 whole_game_input(shot_prefix));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out.find("Game over: "), std::string::npos) << r.out.substr(r.out.size() - 3000);
    std::ifstream in(save);
    const auto record = nlohmann::json::parse(in);
    const std::set<std::string> fleets[2] = {fleet_cells(record["reveal"]["fleets"][0]),
                                             fleet_cells(record["reveal"]["fleets"][1])};
    ASSERT_EQ(fleets[0].size(), 17U);
    ASSERT_EQ(fleets[1].size(), 17U);
    // The very first thing shown is Ann's pass screen.
    EXPECT_EQ(r.out.find("Pass to "), r.out.find("Pass to Ann"));
    const auto screens = screens_by_person(r.out);
    ASSERT_GT(screens.size(), 20U);
    int summaries = 0;
    for (std::size_t i = 0; i < screens.size(); ++i) {
        const auto& s = screens[i];
        ASSERT_TRUE(s.owner == "Ann" || s.owner == "Bob") << s.owner;
        const int me = s.owner == "Ann" ? 0 : 1;
        // Only the last piece holds the end, where both fleets are revealed to everyone.
        const bool end = s.text.find("Game over") != std::string::npos;
        EXPECT_TRUE(!end || i + 1 == screens.size());
        summaries += s.text.find("Since your last turn:") != std::string::npos ? 1 : 0;
        for (const auto& [cell, left] : ship_letters_drawn(s.text)) {
            if (left) {
                // The left grid is the owner's ocean: only the owner's ships are on it.
                EXPECT_TRUE(fleets[me].count(cell)) << s.owner << " saw a ship at " << cell;
            } else {
                EXPECT_TRUE(end) << s.owner << " saw the other fleet's ship at " << cell
                                 << " in screen " << i << ":\n"
                                 << s.text;
            }
        }
        // Nothing names a cell of the other's fleet as a ship they placed.
        const std::string other = me == 0 ? "Bob" : "Ann";
        EXPECT_EQ(s.text.find(other + "'s fleet\n"), std::string::npos);
    }
    // Every pass screen after the first shots opens with the summary; the screen a person
    // sees right after their own shot is not a summary.
    EXPECT_GT(summaries, static_cast<int>(screens.size()) / 2);
    for (const auto& s : screens) {
        const auto second = s.text.find("BROADSIDE", s.text.find("BROADSIDE") + 1);
        if (second == std::string::npos) continue;
        EXPECT_EQ(s.text.find("Since your last turn:", second), std::string::npos) << s.text;
    }
}

TEST(HotSeatClassic, AWholeGameNeverShowsOnePersonTheOthersShips) {
    check_no_leaks("classic", "");
}

TEST(HotSeatClassic, SalvoWithFireWordsToo) {
    // A Salvo turn each, one written with the `fire` word, then Ann quits (and confirms).
    const auto r = run_broadside(
        {"play", "salvo", "--humans", "2", "--names", "Ann,Bob", "--seed", "2", "--first", "me"},
        "\nauto\nok\n\nauto\nok\n\nfire A1 A2 A3 A4 A5\n\n\n"
        "B1 B2 B3 B4 B5\n\n\nquit\nyes\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Your salvo of 5 shots: A1 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Ann's salvo of 5 shots: A1 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("The game was left"), std::string::npos);
    for (const auto& s : screens_by_person(r.out)) {
        for (const auto& [cell, left] : ship_letters_drawn(s.text)) {
            EXPECT_TRUE(left) << s.owner << " saw a ship on the other's ocean at " << cell;
        }
    }
}

TEST(HotSeatClassic, NamesScoresAndNoBot) {
    const auto r =
        run_broadside({"play", "classic", "--humans", "2", "--names", "Ann,Bob", "--seed", "21"},
                      whole_game_input());
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("classic Ann against Bob"), std::string::npos);
    EXPECT_EQ(r.out.find("bot"), std::string::npos) << "no bot plays with two people";
    EXPECT_TRUE(r.out.find("Games: Ann 1, Bob 0.") != std::string::npos ||
                r.out.find("Games: Ann 0, Bob 1.") != std::string::npos);
    EXPECT_NE(r.out.find("Your turn is over. Press Enter to pass the terminal to Bob"),
              std::string::npos);
}

TEST(HotSeatClassic, FlagsThatMakeNoSenseWithTwoPeopleAreRefused) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"play", "classic", "--humans", "2", "--bot", "hunt"},
          {"play", "classic", "--humans", "2", "--level", "hard"},
          {"play", "classic", "--humans", "2", "--first", "bot"},
          {"play", "classic", "--humans", "3"},
          {"play", "classic", "--humans", "2", "--names", "Ann"},
          {"play", "classic", "--bot", "hunt", "--level", "easy"}}) {
        const auto r = run_broadside(args, "");
        EXPECT_EQ(r.exit_code, 2) << args[3];
        EXPECT_EQ(r.out, "");
    }
}

TEST(HotSeatClassic, LevelsChooseTheDocumentedBots) {
    for (const auto& [level, bot] : {std::pair<std::string, std::string>{"easy", "hunt"},
                                     {"normal", "density"},
                                     {"hard", "best"}}) {
        const auto r =
            run_broadside({"play", "classic", "--seed", "1", "--level", level}, "quit\nyes\n");
        EXPECT_NE(r.out.find("against the " + bot + " bot"), std::string::npos) << level;
    }
    // In Salvo, hard is the Salvo specialist.
    const auto r =
        run_broadside({"play", "salvo", "--seed", "1", "--level", "hard"}, "quit\nyes\n");
    EXPECT_NE(r.out.find("against the best-salvo bot"), std::string::npos) << r.out;
}

TEST(HotSeatClassic, QuitAsksFirstAndNoCarriesOn) {
    const auto r = run_broadside({"play", "classic", "--seed", "1"}, "quit\nno\nquit\nyes\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Really leave the game? (yes or no): no"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Carry on."), std::string::npos);
    EXPECT_NE(r.out.find("You left the game"), std::string::npos);
}

// In tmux, a real terminal: after Ann places her fleet and the pass screen shows, nothing of
// Ann's screen is left in the pane's scrollback (the pass screen clears it with ESC[3J).
TEST(HotSeatClassic, TheScrollbackHoldsNothingOfThePreviousPlayerAfterThePassScreen) {
    if (!testing::TmuxPane::available()) GTEST_SKIP() << "no tmux";
    const std::string dir = testing::temp_dir();
    const std::string socket = dir + "/tmux.sock";
    const std::string tmux = "tmux -S '" + socket + "' ";
    const std::string capture_file = dir + "/pane.txt";
    const auto sh = [&](const std::string& command) { return std::system(command.c_str()); };
    const auto capture = [&] {
        sh(tmux + "capture-pane -p -S - -t hs > '" + capture_file + "'");
        return testing::read_file(capture_file);
    };
    const auto wait_for = [&](const std::string& text) {
        for (int i = 0; i < 200; ++i) {
            if (capture().find(text) != std::string::npos) return true;
            sh("sleep 0.05");
        }
        return false;
    };
    ASSERT_EQ(sh(tmux + "new-session -d -s hs -x 100 -y 40 \"env LANG=C.UTF-8 TERM=xterm '" +
                 std::string(BROADSIDE_BINARY) +
                 "' play classic --humans 2 --names Ann,Bob --seed 5; sleep 30\""),
              0);
    ASSERT_TRUE(wait_for("Pass to Ann"));
    sh(tmux + "send-keys -t hs Enter");
    ASSERT_TRUE(wait_for("Place your Carrier"));
    sh(tmux + "send-keys -t hs auto Enter");
    ASSERT_TRUE(wait_for("Keep this fleet?"));
    const std::string ann = capture();
    EXPECT_NE(ann.find("Ann's fleet"), std::string::npos) << ann;
    sh(tmux + "send-keys -t hs ok Enter");
    ASSERT_TRUE(wait_for("Pass to Bob"));
    const std::string after = capture();
    sh(tmux + "kill-server");
    EXPECT_EQ(after.find("Ann's fleet"), std::string::npos) << after;
    EXPECT_EQ(after.find("CCCCC"), std::string::npos) << after;
    EXPECT_EQ(after.find("Keep this fleet?"), std::string::npos) << after;
}

}  // namespace
}  // namespace broadside

namespace broadside {
namespace {

// Each screen, from its "BROADSIDE" header down to its first prompt, fits 80x24.
void expect_screens_fit(const std::string& out, const std::string& what) {
    static const char* const kPrompts[] = {
        "Your shot",   "Your salvo",       "Place your",        "Name your blast",
        "Play again?", "Keep this fleet?", "Your turn is over", "Nothing left to fire"};
    std::istringstream lines(out);
    int rows = 0, screens = 0;
    bool in_screen = false;
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 80U) << what << ": " << line;
        if (line.rfind("BROADSIDE", 0) == 0) {
            in_screen = true;
            rows = 0;
            ++screens;
        }
        if (!in_screen) continue;
        ++rows;
        EXPECT_LE(rows, 24) << what << ": " << line;
        for (const char* p : kPrompts) {
            if (line.find(p) != std::string::npos) in_screen = false;
        }
    }
    EXPECT_GT(screens, 10) << what;
}

TEST(ClassicScreens, EveryTurnFits80By24AtTheDefaultOptions) {
    std::string shots;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) shots += row + std::to_string(col) + "\n";
    }
    // Salvo volleys shrink as ships sink: each group of five fresh cells is offered as 5, 4,
    // 3, 2 and 1 shots; the size due is accepted, the others are explained.
    std::string volleys;
    for (int group = 0; group < 20; ++group) {
        for (int size = 5; size >= 1; --size) {
            for (int k = 0; k < size; ++k) {
                const int cell = group * 5 + k;
                volleys += (k ? " " : "") + std::string(1, static_cast<char>('A' + cell / 10)) +
                           std::to_string(cell % 10 + 1);
            }
            volleys += "\n";
        }
    }
    expect_screens_fit(run_broadside({"play", "classic", "--seed", "4"}, "auto\nok\n" + shots).out,
                       "classic");
    expect_screens_fit(run_broadside({"play", "salvo", "--seed", "4"}, "auto\nok\n" + volleys).out,
                       "salvo");
    expect_screens_fit(
        run_broadside({"play", "classic", "--humans", "2", "--seed", "4"}, whole_game_input()).out,
        "hot-seat");
}

}  // namespace
}  // namespace broadside

namespace broadside {
namespace {

TEST(ClassicScreens, AResizedTerminalGetsTheScreenAgainWithTheHalfTypedLine) {
    if (!testing::TmuxPane::available()) GTEST_SKIP() << "no tmux";
    testing::TmuxPane pane("'" + std::string(BROADSIDE_BINARY) +
                           "' play classic --seed 5 --first me");
    ASSERT_TRUE(pane.ok());
    ASSERT_TRUE(pane.wait_for("Place your Carrier"));
    pane.keys("auto Enter");
    ASSERT_TRUE(pane.wait_for("Keep this fleet?"));
    pane.keys("ok Enter");
    ASSERT_TRUE(pane.wait_for("Your shot"));
    pane.keys("A1 Enter");
    ASSERT_TRUE(pane.wait_for("You fired at A1"));
    pane.keys("'B7 hal'");
    ASSERT_TRUE(pane.wait_for("B7 hal"));
    // The pane is wiped behind the program's back, so whatever shows after the resize was
    // drawn after it.
    pane.wipe();
    ASSERT_EQ(pane.screen().find("Target grid"), std::string::npos) << pane.screen();
    pane.resize(100, 40);
    // Wider now: the pane is redrawn from the top, boards, news, prompt and the line typed. All
    // of it is waited for at once: a screen read at once on a loaded machine held the title
    // and not yet the boards.
    EXPECT_NE(pane.wait_for_all(
                  {"BROADSIDE", "Target grid", "You fired at A1", "(help for commands): B7 hal"}),
              "")
        << pane.screen();
    pane.keys("BSpace BSpace BSpace BSpace Enter");  // " hal" goes
    EXPECT_TRUE(pane.wait_for("You fired at B7")) << pane.screen();
}

}  // namespace
}  // namespace broadside

namespace broadside {
namespace {

TEST(ClassicResume, SavedHalfwayAndResumedIsTheGamePlayedStraightThrough) {
    const std::string dir = testing::temp_dir();
    std::vector<std::string> cells;
    for (char row = 'A'; row <= 'J'; ++row) {
        for (int col = 1; col <= 10; ++col) cells.push_back(row + std::to_string(col));
    }
    std::string first_half, second_half;
    for (std::size_t i = 0; i < cells.size(); ++i)
        (i < 30 ? first_half : second_half) += cells[i] + "\n";
    const auto full =
        run_broadside({"play", "classic", "--seed", "8", "--save", dir + "/full.json"},
                      "auto\nok\n" + first_half + second_half + "no\n");
    ASSERT_EQ(full.exit_code, 0);
    const auto part =
        run_broadside({"play", "classic", "--seed", "8", "--save", dir + "/part.json"},
                      "auto\nok\n" + first_half + "quit\nyes\n");
    ASSERT_NE(part.out.find("Saved the unfinished game record"), std::string::npos);
    const auto resumed =
        run_broadside({"play", "classic", "--resume", dir + "/part.json"}, second_half + "no\n");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("Resumed: the game goes on from where it was saved."),
              std::string::npos);
    const auto a = nlohmann::json::parse(testing::read_file(dir + "/full.json"));
    const auto b = nlohmann::json::parse(testing::read_file(dir + "/part.json"));
    EXPECT_EQ(a["actions"], b["actions"]);
    EXPECT_EQ(a["result"], b["result"]);
    EXPECT_EQ(b["play"]["bot"], "density");
    // A finished game, another game's file, or flags that would change the game are refused.
    EXPECT_EQ(run_broadside({"play", "classic", "--resume", dir + "/full.json"}).exit_code, 2);
    EXPECT_EQ(run_broadside({"play", "salvo", "--resume", dir + "/part.json"}).exit_code, 2);
    const auto flag =
        run_broadside({"play", "classic", "--resume", dir + "/part.json", "--seed", "3"});
    EXPECT_EQ(flag.exit_code, 2);
    EXPECT_NE(flag.err.find("leave out --seed"), std::string::npos);
}

TEST(ClassicResume, CtrlCWithSaveKeepsTheUnfinishedGame) {
    if (!testing::TmuxPane::available()) GTEST_SKIP() << "no tmux";
    const std::string save = testing::temp_dir() + "/ctrl-c.json";
    testing::TmuxPane pane("'" + std::string(BROADSIDE_BINARY) +
                           "' play classic --seed 5 --first me --save '" + save + "'");
    ASSERT_TRUE(pane.ok());
    ASSERT_TRUE(pane.wait_for("Place your Carrier"));
    pane.keys("auto Enter");
    ASSERT_TRUE(pane.wait_for("Keep this fleet?"));
    pane.keys("ok Enter");
    ASSERT_TRUE(pane.wait_for("Your shot"));
    pane.keys("A1 Enter");
    ASSERT_TRUE(pane.wait_for("You fired at A1"));
    pane.keys("C-c");
    ASSERT_TRUE(pane.wait_for("Saved the unfinished game record")) << pane.screen();
    const auto record = nlohmann::json::parse(testing::read_file(save));
    EXPECT_FALSE(record["over"].get<bool>());
    EXPECT_GE(record["actions"].size(), 3U);  // both fleets and the shot at A1
}

}  // namespace
}  // namespace broadside

namespace broadside {
namespace {

TEST(ClassicWords, TheEndCountsTurnsAndShotsInRightPlurals) {
    // One Destroyer each on a 5x5 board: Ann sinks Bob's in 2 turns with 1 ship afloat.
    const auto r = run_broadside(
        {"play", "classic", "--humans", "2", "--names", "Ann,Bob", "--seed", "3", "--first", "me",
         "--options", R"({"rows":5,"cols":5,"fleet":[{"name":"Destroyer","length":2}]})"},
        "\nA1 right\n\nC3 down\n\nC3\n\n\nA1\n\n\nD3\nno\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Three turns in all (Ann, Bob, Ann), two of them Ann's: docs/play.md's one definition.
    EXPECT_NE(r.out.find("Game over: Ann won after 3 turns (2 of them Ann's)."), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Ann fired 2 shots, Bob 1; 1 of Ann's 1 ship is still afloat."),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find(" ships are still afloat"), std::string::npos);
}

}  // namespace
}  // namespace broadside

// `play royale` with people sharing the terminal, and the screen defects a new player found:
// whole games played through the real program, with every screen between two pass screens
// checked against the hands the record reveals at the end.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using nlohmann::json;
using testing::run_broadside;

std::string dealt_line(const std::string& out, std::size_t from = 0) {
    const auto at = out.find("You were dealt ", from);
    if (at == std::string::npos) return "";
    const auto end = out.find('.', at);
    return out.substr(at + 15, end - at - 15);
}

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Shots at every coordinate, one at a time, each followed by "yes" (shooting your own ship
// asks first) and "end"; words that do not fit the moment are explained and play goes on.
std::string shooting_script() {
    std::string s;
    for (int pass = 0; pass < 3; ++pass) {
        for (char r = 'A'; r <= 'J'; ++r) {
            for (int c = 1; c <= 10; ++c)
                s += "\n" + std::string(1, r) + std::to_string(c) + "\nyes\nend\n";
        }
    }
    return s;
}

struct Piece {
    std::string owner;
    std::string text;
};

std::vector<Piece> pieces(const std::string& out) {
    std::vector<Piece> result;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find("Pass to ");
        if (at != std::string::npos) {
            const auto end = line.find(' ', at + 8);
            result.push_back({line.substr(at + 8, end - at - 8), ""});
        } else if (!result.empty()) {
            result.back().text += line + "\n";
        }
    }
    return result;
}

std::map<std::string, std::vector<std::string>> deck_cells() {
    std::ifstream in(std::string(BROADSIDE_SOURCE_DIR) + "/data/decks/royale-standard.json");
    const auto deck = json::parse(in);
    std::map<std::string, std::vector<std::string>> cells;
    for (const auto& c : deck["cards"]) {
        for (const auto& cell : c["cells"]) cells[c["id"]].push_back(cell);
    }
    return cells;
}

// The cells where a grid row of `text` draws a ship letter: a row is "X A" where X is the sonar
// column, then the row letter and ten one-character cells.
std::set<std::string> letters_on_grid(const std::string& text) {
    std::set<std::string> cells;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.size() < 36 || line[4] < 'A' || line[4] > 'J' || line[5] != ' ') continue;
        for (int c = 0; c < 10; ++c) {
            const char mark = line[static_cast<std::size_t>(8 + 3 * c)];
            // X marks a hit, not a ship.
            if (mark >= 'A' && mark <= 'Z' && mark != 'X')
                cells.insert(std::string(1, line[4]) + std::to_string(c + 1));
        }
    }
    return cells;
}

TEST(HotSeatRoyale, TwoPeopleAndABotPlayToTheEndSeeingOnlyTheirOwnHands) {
    const std::vector<std::string> base{"play",    "royale",  "--players", "3",        "--seed",
                                        "11",      "--first", "0",         "--humans", "2",
                                        "--names", "Ann,Bob", "--level",   "easy"};
    // The hands follow from the seed: look at Ann's, discard two, then look at Bob's.
    const auto first = run_broadside(base, "\n");
    const auto ann_hand = split(dealt_line(first.out));
    ASSERT_EQ(ann_hand.size(), 5U) << first.out;
    const std::string ann_discard = "discard " + ann_hand[0] + " " + ann_hand[1] + "\n";
    const auto second = run_broadside(base, "\n" + ann_discard + "\n");
    const auto bob_hand = split(dealt_line(second.out, second.out.find("Pass to Bob")));
    ASSERT_EQ(bob_hand.size(), 5U) << second.out;
    const std::string bob_discard = "discard " + bob_hand[0] + " " + bob_hand[1] + "\n";

    const std::string save = testing::temp_dir() + "/royale.json";
    auto args = base;
    args.insert(args.end(), {"--save", save});
    const auto r = run_broadside(args, "\n" + ann_discard + "\n" + bob_discard + shooting_script());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out.find("Game over: "), std::string::npos) << r.out.substr(r.out.size() - 3000);
    std::ifstream in(save);
    const auto record = json::parse(in);
    const auto hands = record["reveal"]["hands"];
    const auto cells = deck_cells();

    const auto all = pieces(r.out);
    ASSERT_GT(all.size(), 4U);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& p = all[i];
        const int me = p.owner == "Ann" ? 0 : 1;
        const int other = 1 - me;
        const bool end = p.text.find("Game over") != std::string::npos;
        // The other person's discards are never shown before the end.
        if (!end) {
            for (const auto& id : hands[other]["discarded"]) {
                EXPECT_EQ(p.text.find(id.get<std::string>()), std::string::npos)
                    << p.owner << " saw " << id << " in piece " << i << ":\n"
                    << p.text;
            }
        }
        // Ship letters on the grid stand only on the owner's kept cards.
        std::set<std::string> own;
        for (const auto& id : hands[me]["kept"]) {
            for (const auto& c : cells.at(id)) own.insert(c);
        }
        for (const auto& cell : letters_on_grid(p.text)) {
            EXPECT_TRUE(own.count(cell)) << p.owner << " saw a ship letter at " << cell;
        }
    }
    EXPECT_NE(r.out.find("Since your last turn:"), std::string::npos);
    EXPECT_NE(r.out.find("The hands (kept / discarded):\n  Ann "), std::string::npos) << r.out;
    const auto replayed = run_broadside({"replay", save});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
}

// docs/play.md: right after your own move you see what it did and press Enter to end your turn
// (as in classic), then the pass screen; the next person's screen opens with the summary. The
// discards, chosen before the first turn as a fleet is placed, go straight to the pass screen.
TEST(HotSeatRoyale, TheMoverSeesTheirLastShotAndPressesEnterBeforeThePassScreen) {
    // Seed 4 deals Ann S03 and S24 and Bob S04 and S05 to discard; Bob's die says 3 shots.
    const auto r = run_broadside(
        {"play", "royale", "--humans", "2", "--players", "2", "--names", "Ann,Bob", "--seed", "4"},
        "\ndiscard S24 S03\n\ndiscard S05 S04\nA1\nA2\nA3\n\n\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string asked = "Your turn is over. Press Enter to pass the terminal to Ann: ";
    EXPECT_EQ(testing::count_of(r.out, "Your turn is over"), 1) << r.out;
    const auto question = r.out.find(asked);
    ASSERT_NE(question, std::string::npos) << r.out;
    // On Bob's own screen, after his last shot's result.
    const std::string screen = r.out.substr(r.out.rfind("BROADSIDE", question),
                                            question - r.out.rfind("BROADSIDE", question));
    EXPECT_NE(screen.find("Bob's screen"), std::string::npos) << screen;
    EXPECT_NE(screen.find("You shot A3: "), std::string::npos) << screen;
    // Then nothing but the pass screen: Bob's hand is not printed again after his Enter.
    const auto pass = r.out.find("Pass to Ann", question);
    ASSERT_NE(pass, std::string::npos) << r.out.substr(question);
    EXPECT_EQ(r.out.find_first_not_of(" \n", question + asked.size()), pass)
        << r.out.substr(question, pass - question);
    const std::string ann = r.out.substr(pass);
    EXPECT_NE(ann.find("Since your last turn:"), std::string::npos) << ann;
    EXPECT_NE(ann.find("Bob shot A3: "), std::string::npos) << ann;
}

TEST(RoyaleScreens, TheGridStandsUnderItsColumnNumbers) {
    // Shoot A1 and J10 and check both marks sit under the last digit of their column's number.
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "discard S30 S09\nA1\nyes\nquit\nyes\n");
    std::istringstream lines(r.out);
    std::string header;
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("1  2  3") != std::string::npos) header = line;
        if (line.size() > 5 && line[4] == 'A' && line[5] == ' ') rows.push_back(line);
    }
    ASSERT_FALSE(header.empty());
    ASSERT_FALSE(rows.empty());
    const auto one = header.find('1');
    const auto ten = header.find("10") + 1;
    for (const auto& row : rows) {
        EXPECT_EQ(row.find_first_not_of(" A", 5), one) << row << "\n" << header;
        EXPECT_NE(row[ten], ' ') << row << "\n" << header;
    }
    EXPECT_NE(r.out.find("You shot A1: "), std::string::npos) << r.out;
}

TEST(RoyaleScreens, ShootingYourOwnShipAsksFirstAndNoKeepsTheShot) {
    // S30 (J6-J10) is dealt to seat 0 with seed 7; keep it, then aim at J6.
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "discard S01 S09\nfire J6\nno\nquit\nyes\n");
    const bool dealt = r.out.find("S30") != std::string::npos;
    ASSERT_TRUE(dealt) << r.out;
    // What would be hit on a line of its own, then a short question (80 columns).
    EXPECT_NE(r.out.find("That would hit your Aircraft Carrier S30 at J6.\nFire anyway?"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Not fired."), std::string::npos);
    EXPECT_EQ(r.out.find("You shot J6"), std::string::npos);
}

// docs/play.md: cells are forgiving in every game ("b7", "B7", " B 7 "), and cards and cells may
// be separated by commas.
TEST(RoyaleScreens, CellsAreForgivingAsInClassic) {
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "discard S01, S09\n j 6 \nno\nfire J 6\nno\nquit\nyes\n");
    ASSERT_NE(r.out.find("S30"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Unknown command"), std::string::npos) << r.out;
    // Both lines aimed at J6 (S30, seat 0's own card) and were asked about.
    const std::string asked = "That would hit your Aircraft Carrier S30 at J6.";
    const auto first = r.out.find(asked);
    ASSERT_NE(first, std::string::npos) << r.out;
    EXPECT_NE(r.out.find(asked, first + 1), std::string::npos) << r.out;
}

TEST(RoyaleScreens, HelpExamplesAreValidNowAndCardsListsTheDeck) {
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "help\ncards\nquit\nyes\n");
    const auto hand = split(dealt_line(r.out));
    ASSERT_EQ(hand.size(), 5U);
    EXPECT_NE(r.out.find("  discard " + hand[0] + " " + hand[1]), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("A12"), std::string::npos) << "no card id that Standard has not got";
    EXPECT_NE(r.out.find("The deck (30 cards"), std::string::npos);
    EXPECT_NE(r.out.find("Unseen (25;"), std::string::npos) << r.out;
}

TEST(RoyaleScreens, WordsForPeopleNotJson) {
    const auto r = run_broadside(
        {"play", "royale", "--players", "2", "--seed", "7", "--first", "0", "--bot", "random"},
        "discard S30 S09\n" + shooting_script());
    ASSERT_NE(r.out.find("The hands (kept / discarded):"), std::string::npos);
    EXPECT_EQ(r.out.find("[\""), std::string::npos) << "no JSON array in text for people";
    EXPECT_EQ(r.out.find("seats 1-1"), std::string::npos);
    EXPECT_NE(r.out.find("1 'random' bot."), std::string::npos) << r.out.substr(0, 300);
    EXPECT_NE(r.out.find("(kept / discarded):\n  You S"), std::string::npos) << r.out;
}

TEST(RoyaleScreens, EveryScreenFits80ColumnsAnd24Rows) {
    // The default options: 4 players, Standard, the normal level's bots.
    const std::vector<std::string> args{"play", "royale", "--seed", "7", "--first", "0"};
    const auto hand = split(dealt_line(run_broadside(args, "").out));
    ASSERT_EQ(hand.size(), 5U);
    const auto r =
        run_broadside(args, "discard " + hand[0] + " " + hand[1] + "\n" + shooting_script());
    ASSERT_NE(r.out.find("Game over"), std::string::npos);
    // A screen runs from its "BROADSIDE" header to its prompt ("[fire] > ..."), included.
    std::istringstream lines(r.out);
    int rows = 0, screens = 0;
    bool in_screen = false;
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 80U) << line;
        if (line.rfind("BROADSIDE", 0) == 0) {
            rows = 0;
            in_screen = true;
            ++screens;
        }
        if (!in_screen) continue;
        ++rows;
        EXPECT_LE(rows, 24) << line;
        if (line.find("] > ") != std::string::npos) in_screen = false;
    }
    EXPECT_GT(screens, 5);
}

}  // namespace
}  // namespace broadside

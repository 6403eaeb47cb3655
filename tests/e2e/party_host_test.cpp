// The party game at one terminal: the host mode for a room playing on paper, people sharing the
// terminal, the printable sheets, and `solve party` in words.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

std::string enters(int n) {
    return std::string(static_cast<std::size_t>(n), '\n');
}

// The squares called, in order, from "Torpedo k of 30: C4" / "Super torpedo k of 6: C4" lines.
// (Parsed by hand: std::regex trips GCC 12's maybe-uninitialized warning in the sanitizer build.)
std::vector<std::string> calls(const std::string& out) {
    std::vector<std::string> cells;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find("orpedo ");
        if (at == std::string::npos) continue;
        const auto of = line.find(" of ", at);
        const auto colon = line.find(": ", at);
        if (of == std::string::npos || colon == std::string::npos || colon < of) continue;
        const std::string total = line.substr(of + 4, colon - of - 4);
        if (total != "30" && total != "6") continue;
        const std::string cell = line.substr(colon + 2, 2);
        if (cell.size() == 2 && cell[0] >= 'A' && cell[0] <= 'F' && cell[1] >= '1' &&
            cell[1] <= '6' && (line.size() == colon + 4 || line[colon + 4] == ' ')) {
            cells.push_back(cell);
        }
    }
    return cells;
}

TEST(PartyHost, CallsThirtyDistinctSquaresThenOneLeaderWins) {
    const auto r = run_broadside({"play", "party", "--host", "--seed", "4"}, enters(30) + "1\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto called = calls(r.out);
    ASSERT_EQ(called.size(), 30U) << r.out;
    EXPECT_EQ(std::set<std::string>(called.begin(), called.end()).size(), 30U);
    EXPECT_NE(r.out.find("Torpedo 12 of 30: "), std::string::npos);
    EXPECT_NE(r.out.find("18 torpedoes left."), std::string::npos);
    EXPECT_NE(r.out.find("1 torpedo left."), std::string::npos);
    EXPECT_NE(r.out.find("Called so far:"), std::string::npos);
    EXPECT_NE(r.out.find("How many players are tied for the most ships afloat?"),
              std::string::npos);
    EXPECT_NE(r.out.find("The player with the most ships afloat wins!"), std::string::npos);
    EXPECT_EQ(r.out.find("Super torpedo"), std::string::npos);
}

TEST(PartyHost, TheTiebreakAsksAfterEachSuperTorpedoAndChecksTheAnswers) {
    // 3 tied; after the first super torpedo "five" and 4 are refused (more than were in), 2
    // stay in; after the second, 1 is left and wins.
    const auto r = run_broadside({"play", "party", "--humans", "0", "--seed", "4"},
                                 enters(30) + "0\nthree\n3\n\nfive\n4\n2\n\n1\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto called = calls(r.out);
    ASSERT_EQ(called.size(), 32U);
    EXPECT_EQ(std::set<std::string>(called.begin(), called.end()).size(), 32U);
    EXPECT_EQ(testing::count_of(r.out, "Please type a number from 1 to 1000000."), 2);
    EXPECT_EQ(testing::count_of(r.out, "Please type a number from 0 to 3."), 2);
    EXPECT_NE(r.out.find("Super torpedo 1 of 6: "), std::string::npos);
    EXPECT_NE(r.out.find("How many of the 3 are still in?"), std::string::npos);
    EXPECT_NE(r.out.find("How many of the 2 are still in?"), std::string::npos);
    EXPECT_NE(r.out.find("One player is left: they win"), std::string::npos);
}

TEST(PartyHost, EveryoneOutTogetherOrSurvivingAllSixShareTheWin) {
    const auto together =
        run_broadside({"play", "party", "--host", "--seed", "4"}, enters(30) + "2\n\n0\n");
    EXPECT_NE(together.out.find("the 2 players it eliminated share the win"), std::string::npos)
        << together.out;
    std::string six = enters(30) + "2\n";
    for (int s = 0; s < 6; ++s) six += "\n2\n";
    const auto all = run_broadside({"play", "party", "--host", "--seed", "4"}, six);
    EXPECT_EQ(calls(all.out).size(), 36U);
    EXPECT_NE(all.out.find("After all six super torpedoes, the 2 players still in share the win."),
              std::string::npos);
}

TEST(PartyHost, TheSeedRepeatsTheCallsAndQuitAsksFirst) {
    const auto a = run_broadside({"play", "party", "--host", "--seed", "9"}, enters(30) + "1\n");
    const auto b = run_broadside({"play", "party", "--host", "--seed", "9"}, enters(30) + "1\n");
    EXPECT_EQ(calls(a.out), calls(b.out));
    const auto c = run_broadside({"play", "party", "--host", "--seed", "10"}, enters(30) + "1\n");
    EXPECT_NE(calls(a.out), calls(c.out));
    const auto q =
        run_broadside({"play", "party", "--host", "--seed", "9"}, "\nquit\nno\nquit\nyes\n");
    EXPECT_EQ(calls(q.out).size(), 1U);
    EXPECT_NE(q.out.find("Stopped hosting (seed 9"), std::string::npos);
    // At the tiebreak's questions too: "no" keeps the game, and the answer that follows counts.
    const auto t =
        run_broadside({"play", "party", "--host", "--seed", "4"}, enters(30) + "quit\nno\n1\n");
    EXPECT_EQ(testing::count_of(t.out, "Really stop hosting? (yes or no)"), 1) << t.out;
    EXPECT_NE(t.out.find("The player with the most ships afloat wins!"), std::string::npos)
        << t.out;
    // A hosted game has no record to save.
    EXPECT_EQ(run_broadside({"play", "party", "--host", "--save", "x.json"}).exit_code, 2);
}

TEST(PartyHost, APausedHostCallsWithoutEnter) {
    const auto r =
        run_broadside({"play", "party", "--host", "--seed", "4", "--pause-ms", "1"}, "1\n");
    EXPECT_EQ(calls(r.out).size(), 30U);
    EXPECT_NE(r.out.find("The player with the most ships afloat wins!"), std::string::npos);
}

TEST(HotSeatParty, EachPersonPlacesBehindTheirOwnPassScreenAndNoOneElseSeesTheirSea) {
    std::string input = "\nauto\nok\n\nC1 down\nrotate\nD1\nE1\nundo\nE1\nF1\nA6 right\nA1\n\n";
    input += "look Ann\n\n\n";
    input += enters(40);
    const auto r =
        run_broadside({"play", "party", "--humans", "2", "--names", "Ann,Bob", "--players", "3",
                       "--seed", "4", "--save", testing::temp_dir() + "/party.json"},
                      input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out.find("Game over"), std::string::npos) << r.out;
    // Cut at pass screens: a piece with a person's sea drawn belongs to that person, and the
    // pieces "for everyone" never draw a sea with ships.
    std::istringstream lines(r.out);
    std::string owner;
    bool over = false;
    int seas_seen = 0;
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 80U) << line;
        if (auto at = line.find("Pass to "); at != std::string::npos) {
            owner = line.substr(at + 8, line.find(' ', at + 8) - at - 8);
            continue;
        }
        over = over || line.find("Game over") != std::string::npos;
        if (line.find("'s sea:") != std::string::npos && !over) {
            ++seas_seen;
            EXPECT_EQ(line.substr(0, line.find("'s sea:")), owner) << line;
        }
        if (owner == "everyone" && !over) {
            // A sea row is "  N  x x x x x x": no ship letters on a screen for everyone.
            if (line.size() == 15 && line[2] >= '1' && line[2] <= '6' && line[3] == ' ') {
                EXPECT_EQ(line.find_first_of("ABCSDP", 4), std::string::npos) << line;
            }
        }
    }
    EXPECT_EQ(seas_seen, 1);  // Ann's `look`
    EXPECT_NE(r.out.find("Keep this fleet? ok, or again for another: ok"), std::string::npos);
    EXPECT_NE(r.out.find("A ship given by its cell alone now runs down."), std::string::npos);
    EXPECT_NE(r.out.find(": Ann "), std::string::npos) << "each person's call by name";
    EXPECT_NE(r.out.find("Bob's sea:"), std::string::npos) << "every sea revealed at the end";
}

TEST(PartySheet, PrintableSvgSheetsForPartyAndClassic) {
    const std::string dir = testing::temp_dir();
    const auto party = run_broadside({"sheet", "party", "--out", dir + "/party.svg"});
    ASSERT_EQ(party.exit_code, 0) << party.err;
    std::ifstream in(dir + "/party.svg");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string svg = ss.str();
    EXPECT_EQ(svg.rfind("<?xml", 0), 0U);
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    EXPECT_EQ(testing::count_of(svg, "<text"), testing::count_of(svg, "</text>"));
    for (const char* label : {">A<", ">F<", ">1<", ">6<", "Red Aircraft Carrier (5)",
                              "Violet Patrol Boat (1)", "Rainbow Armada",
                              // Ships lie across or down, never diagonally (the rules refuse it).
                              "each across or down (they may touch)"}) {
        EXPECT_NE(svg.find(label), std::string::npos) << label;
    }
    // 36 squares of the sea, plus the 18 segment boxes and 6 "sunk" boxes of the fleet.
    EXPECT_GE(testing::count_of(svg, "<rect"), 36 + 18 + 6);
    const auto european = run_broadside({"sheet", "party", "--edition", "european"});
    EXPECT_NE(european.out.find("British Aircraft Carrier"), std::string::npos);
    const auto classic = run_broadside({"sheet", "classic"});
    ASSERT_EQ(classic.exit_code, 0);
    for (const char* label : {">J<", ">10<", "Carrier (5)", "Destroyer (2)", "Target grid"}) {
        EXPECT_NE(classic.out.find(label), std::string::npos) << label;
    }
    EXPECT_GE(testing::count_of(classic.out, "<rect"), 200);
    EXPECT_NE(run_broadside({"sheet", "chess"}).exit_code, 0);
    EXPECT_EQ(run_broadside({"sheet", "party", "--out", "/no/such/dir/x.svg"}).exit_code, 1);
}

TEST(PartySolve, SaysEverythingInWords) {
    const auto r = run_broadside({"solve", "party", "--players", "3"});
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.find("if_independent"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("player(s)"), std::string::npos);
    EXPECT_NE(r.out.find("who each had their own torpedoes"), std::string::npos);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80U) << line;
    // JSON keeps its key for programs.
    const auto j = run_broadside({"solve", "party", "--players", "3", "--json"});
    EXPECT_NE(j.out.find("if_independent"), std::string::npos);
}

}  // namespace
}  // namespace broadside

// The dice game's tally sheet in the terminal (docs/rules/crew.md: "Playoff rounds appear on the
// tally sheet marked as playoffs"), drawn from a game played with chosen dice.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/crew/render.h"
#include "games/crew/observation.h"
#include "games/crew/rules.h"

namespace broadside::cli {
namespace {

// A whole turn scoring `score` (2 to 12) for the player to move: 6-5-4 at once, then stop.
void turn_scoring(crew::State& s, int score) {
    const int a = std::max(1, score - 6);
    crew::Progress p;
    ASSERT_TRUE(crew::throw_given(s, s.to_move(), {}, {6, 5, 4, a, score - a}, p).ok());
    ASSERT_TRUE(crew::stop(s, s.to_move(), p).ok());
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(CrewTally, PlayoffRoundsAreMarkedAsPlayoffsOnTheSheet) {
    crew::Options o;
    o.players = 3;
    o.rounds = 1;
    Rng rng(1);
    crew::State s = crew::new_game(o, rng);
    s.first = 0;
    s.rounds.back().seats = crew::seat_order(0, 3);
    for (int score : {8, 8, 5}) turn_scoring(s, score);  // seats 0 and 1 tie for the lead
    for (int score : {4, 6}) turn_scoring(s, score);     // the playoff: seat 1 wins
    ASSERT_EQ(s.phase, crew::Phase::kOver);
    const auto lines = lines_of(render_tally(crew::observe(s, 0), {"Ann", "Bob", "Cy"}));
    int rounds = 0;
    int playoffs = 0;
    for (const auto& line : lines) {
        if (line.rfind("  round", 0) == 0) ++rounds;
        if (line.rfind("  playoff", 0) == 0) {
            ++playoffs;
            EXPECT_NE(line.find('4'), std::string::npos) << line;
            EXPECT_NE(line.find('6'), std::string::npos) << line;
        }
    }
    EXPECT_EQ(rounds, 1);
    EXPECT_EQ(playoffs, 1);
}

}  // namespace
}  // namespace broadside::cli

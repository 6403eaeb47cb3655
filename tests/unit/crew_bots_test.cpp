// The crew bots: optimal follows the solver's table, cautious follows its rule of thumb, race
// maximises the chance of winning (and so departs from optimal when the game calls for it).
#include <gtest/gtest.h>

#include "ai/crew/bot.h"
#include "ai/crew/race_tables.h"
#include "ai/crew/self_play.h"
#include "games/crew/solver.h"

namespace broadside::crew {
namespace {

// A two-player game in its last turn: seat 0 has played and scored `leader_total`, seat 1 holds
// the crew `crew` with `left` throws left and a total of `own_total`.
State last_turn(int leader_total, int own_total, std::array<int, 2> crew, int left,
                Mode mode = Mode::kRounds) {
    Options o;
    o.rounds = 1;
    o.mode = mode;
    o.target = 20;
    Rng rng(1);
    State s = new_game(o, rng);
    s.first = 0;
    s.rounds.back().seats = {0, 1};
    s.rounds.back().scores = {leader_total, -1};
    s.totals = {leader_total, own_total};
    s.target_reached = mode == Mode::kTarget && leader_total >= o.target;
    s.turn_index = 1;
    s.turn.held = kQualified;
    s.turn.crew = crew;
    s.turn.throws = kThrowsPerTurn - left;
    return s;
}

CrewChoice choice_of(Bot& bot, const State& s) {
    return bot.act(observe(s, s.to_move()));
}

TEST(CrewBots, NamesMakeTheirBotsAndUnknownNamesAreRefused) {
    for (const auto& name : bot_names()) {
        auto b = make_bot(name);
        ASSERT_TRUE(b.ok());
        EXPECT_EQ((*b)->name(), name);
    }
    EXPECT_EQ(make_bot("oracle").error().code, "unknown_bot");
}

TEST(CrewBots, EveryBotThrowsUntilTheTrioIsHeld) {
    Rng rng(3);
    const State s = new_game(Options{}, rng);
    for (const auto& name : bot_names()) {
        auto b = std::move(make_bot(name).value());
        EXPECT_EQ(b->act(observe(s, s.to_move())), throw_action());
    }
}

TEST(CrewBots, OptimalFollowsTheSolversTable) {
    const auto sol = solve(Reroll::kEach);
    OptimalBot bot;
    for (int left = 1; left <= 2; ++left) {
        for (int a = 1; a <= 6; ++a) {
            for (int b = 1; b <= 6; ++b) {
                const State s = last_turn(0, 0, {a, b}, left);
                EXPECT_EQ(choice_of(bot, s), sol.plan.best({a, b}, left, Reroll::kEach));
            }
        }
    }
}

TEST(CrewBots, CautiousStandsOnEightAndKeepsAHighDie) {
    CautiousBot bot;
    EXPECT_EQ(choice_of(bot, last_turn(0, 0, {4, 4}, 2)), (CrewChoice{true, {}}));
    EXPECT_EQ(choice_of(bot, last_turn(0, 0, {2, 5}, 2)), (CrewChoice{false, {5}}));
    EXPECT_EQ(choice_of(bot, last_turn(0, 0, {1, 3}, 1)), (CrewChoice{false, {}}));
}

TEST(CrewBots, RaceThrowsWhenStoppingLosesAndOptimalWouldStop) {
    // 9 loses to 10: optimal stops on 4 + 5 with one throw left, race must try for more.
    const State s = last_turn(10, 0, {4, 5}, 1);
    OptimalBot optimal;
    RaceBot race;
    EXPECT_TRUE(choice_of(optimal, s).stop);
    const auto c = choice_of(race, s);
    EXPECT_FALSE(c.stop);
    EXPECT_EQ(c.keep, (std::vector<int>{5}));  // 5 + a 6 is the only way to win
}

TEST(CrewBots, RaceStopsWhenAheadEvenWithAPoorCrew) {
    // Already winning with 2: any throw can only risk nothing, but stopping is certain.
    const State s = last_turn(0, 0, {1, 1}, 2);
    RaceBot race;
    EXPECT_TRUE(choice_of(race, s).stop);
    OptimalBot optimal;
    EXPECT_FALSE(choice_of(optimal, s).stop);
}

TEST(CrewBots, RaceOnAFinalTurnInTargetModeNeedsToPassTheLeader) {
    const State s = last_turn(25, 16, {4, 4}, 1, Mode::kTarget);  // needs more than 9
    RaceBot race;
    EXPECT_FALSE(choice_of(race, s).stop);
}

TEST(CrewRaceTables, WinChancesAreProbabilitiesAndGrowWithTheLead) {
    const auto t = RaceTables::get(Reroll::kEach, Mode::kRounds, 10);
    EXPECT_GT(t->playoff_first_wins(), 0.0);
    EXPECT_LT(t->playoff_first_wins(), 1.0);
    for (int k = 1; k <= 20; ++k) {
        for (int d = -30; d < 30; ++d) {
            EXPECT_GE(t->rounds_win(k, d), 0.0);
            EXPECT_LE(t->rounds_win(k, d), 1.0);
            EXPECT_LE(t->rounds_win(k, d), t->rounds_win(k, d + 1) + 1e-12);
        }
    }
    // A lead no turn can catch up with is a certain win.
    EXPECT_DOUBLE_EQ(t->rounds_win(1, 13), 1.0);
}

TEST(CrewRaceTables, TargetWinChancesAreProbabilities) {
    const auto t = RaceTables::get(Reroll::kEach, Mode::kTarget, 30);
    for (int x = 0; x < 30; ++x) {
        for (int y = 0; y < 30; ++y) {
            for (bool first : {true, false}) {
                EXPECT_GE(t->target_win(first, x, y), -1e-12);
                EXPECT_LE(t->target_win(first, x, y), 1.0 + 1e-12);
            }
        }
    }
    // Second in the round, one turn from the target with the other far behind: nearly sure.
    EXPECT_GT(t->target_win(false, 29, 0), 0.5);
}

TEST(CrewSelfPlay, GamesEndAndTheSameSeedGivesTheSameGame) {
    OptimalBot a;
    RaceBot b;
    CautiousBot c;
    Options o;
    o.players = 3;
    const auto g1 = play_game(o, {&a, &b, &c}, 77, true);
    const auto g2 = play_game(o, {&a, &b, &c}, 77, true);
    EXPECT_GE(g1.winner, 0);
    EXPECT_EQ(g1.totals, g2.totals);
    EXPECT_EQ(g1.actions.size(), g2.actions.size());
    for (const auto& scores : g1.turn_scores) EXPECT_GE(scores.size(), 10U);
}

}  // namespace
}  // namespace broadside::crew

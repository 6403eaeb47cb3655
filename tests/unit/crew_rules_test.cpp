// The rules of Ship, Captain and Crew (seed 003), one test per checkable sentence, named for it.
// Turns are driven with chosen dice through throw_given() (the same code path as a random throw,
// minus the draw); whole games and errors also through the GameInstance interface.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/crew/instance.h"
#include "games/crew/rules.h"

namespace broadside::crew {
namespace {

using Dice = std::vector<int>;

// A game whose first player is fixed, for tests that need to know who plays when.
State game(Options o, int first = 0) {
    Rng rng(1);
    State s = new_game(o, rng);
    s.first = first;
    s.rounds.back().seats = seat_order(first, o.players);
    return s;
}

Options players(int n) {
    Options o;
    o.players = n;
    return o;
}

// Throws chosen dice for the player to move, asserting that the rules accept it.
Progress roll(State& s, const Dice& faces, const Dice& keep = {}) {
    Progress p;
    const auto st = throw_given(s, s.to_move(), keep, faces, p);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return p;
}

// A whole turn scoring exactly `score` (0, or 2..12) for the player to move.
void turn_scoring(State& s, int score) {
    if (score == 0) {
        for (int i = 0; i < kThrowsPerTurn; ++i) roll(s, {1, 1, 1, 1, 1});
        return;
    }
    const int a = std::max(1, score - 6);
    roll(s, {6, 5, 4, a, score - a});
    Progress p;
    ASSERT_TRUE(stop(s, s.to_move(), p).ok());
}

TEST(CrewOptions, DefaultsAreTheSeedsRules) {
    const auto o = parse_options(nlohmann::json::object());
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->players, 2);
    EXPECT_EQ(o->mode, Mode::kRounds);
    EXPECT_EQ(o->rounds, 10);   // "the most points after ten rounds of play"
    EXPECT_EQ(o->target, 100);  // "the first player to reach 100 points"
    EXPECT_EQ(o->stake, 0);
    EXPECT_EQ(o->crew_reroll, Reroll::kEach);
}

TEST(CrewOptions, AnyNumberOfPlayersFromOneUp) {
    EXPECT_TRUE(parse_options({{"players", 1}}).ok());
    EXPECT_TRUE(parse_options({{"players", kMaxPlayers}}).ok());
    EXPECT_EQ(parse_options({{"players", 0}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"players", 4294967298ULL}}).error().code, "bad_option");
}

TEST(CrewOptions, UnknownOptionsAndBadValuesAreNamed) {
    const auto unknown = parse_options({{"colour", "red"}});
    EXPECT_EQ(unknown.error().code, "unknown_option");
    EXPECT_NE(unknown.error().message.find("colour"), std::string::npos);
    EXPECT_EQ(parse_options({{"mode", "sprint"}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"crew_reroll", "some"}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"stake", -1}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"rounds", "ten"}}).error().code, "bad_option");
}

TEST(CrewOptions, RoundTripThroughJson) {
    Options o;
    o.players = 4;
    o.mode = Mode::kTarget;
    o.target = 50;
    o.stake = 3;
    o.crew_reroll = Reroll::kBoth;
    EXPECT_EQ(parse_options(to_json(o)).value(), o);
}

TEST(CrewOrder, LowestTotalOfFiveDiceGoesFirst) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Rng rng(seed);
        const State s = new_game(players(4), rng);
        ASSERT_FALSE(s.order_rolls.empty());
        const auto& last = s.order_rolls.back();
        ASSERT_EQ(last.seats.size(), last.totals.size());
        for (int t : last.totals) {
            EXPECT_GE(t, 5);
            EXPECT_LE(t, 30);
        }
        const auto lowest = std::min_element(last.totals.begin(), last.totals.end());
        EXPECT_EQ(std::count(last.totals.begin(), last.totals.end(), *lowest), 1);
        EXPECT_EQ(s.first, last.seats[static_cast<std::size_t>(lowest - last.totals.begin())]);
    }
}

TEST(CrewOrder, TiesAmongTheLowestRollAgain) {
    int ties_seen = 0;
    for (std::uint64_t seed = 1; seed <= 500; ++seed) {
        Rng rng(seed);
        const State s = new_game(players(6), rng);
        for (std::size_t i = 0; i + 1 < s.order_rolls.size(); ++i) {
            const auto& r = s.order_rolls[i];
            const int lowest = *std::min_element(r.totals.begin(), r.totals.end());
            std::vector<int> tied;
            for (std::size_t j = 0; j < r.seats.size(); ++j)
                if (r.totals[j] == lowest) tied.push_back(r.seats[j]);
            EXPECT_GE(tied.size(), 2U);
            EXPECT_EQ(s.order_rolls[i + 1].seats, tied);  // only the tied lowest roll again
            ++ties_seen;
        }
    }
    EXPECT_GT(ties_seen, 10);  // six players tie for lowest often enough to test this
}

TEST(CrewOrder, SeatOrderContinuesFromTheFirstPlayer) {
    Rng rng(9);
    const State s = new_game(players(5), rng);
    std::vector<int> expected;
    for (int i = 0; i < 5; ++i) expected.push_back((s.first + i) % 5);
    EXPECT_EQ(s.round().seats, expected);
    EXPECT_EQ(seat_order(3, 5), (std::vector<int>{3, 4, 0, 1, 2}));
}

TEST(CrewOrder, SoloPracticeNeedsNoThrowOff) {
    Rng rng(4);
    const State s = new_game(players(1), rng);
    EXPECT_TRUE(s.order_rolls.empty());
    EXPECT_EQ(s.first, 0);
    EXPECT_EQ(s.to_move(), 0);
}

TEST(CrewTurn, FirstPlayerBeginsByThrowingAllFiveDice) {
    State s = game(players(2));
    EXPECT_EQ(dice_to_throw(s, {}), 5);
}

TEST(CrewTurn, WithoutASixAllFiveDiceAreThrownAgain) {
    State s = game(players(2));
    const auto p = roll(s, {5, 4, 3, 2, 1});
    EXPECT_EQ(s.turn.held, 0);
    EXPECT_EQ(p.throw_result.newly, 0);
    EXPECT_EQ(dice_to_throw(s, {}), 5);
}

TEST(CrewTurn, ASixIsTheShipAndTheOtherFourAreThrownAgain) {
    State s = game(players(2));
    roll(s, {6, 3, 3, 2, 1});
    EXPECT_EQ(s.turn.held, 1);
    EXPECT_EQ(dice_to_throw(s, {}), 4);
}

TEST(CrewTurn, OnlyOneSixCountsAsTheShipExtraSixesAreThrownAgain) {
    State s = game(players(2));
    const auto p = roll(s, {6, 6, 6, 2, 1});
    EXPECT_EQ(s.turn.held, 1);
    EXPECT_EQ(p.throw_result.rest, (Dice{6, 6, 2, 1}));
    EXPECT_EQ(dice_to_throw(s, {}), 4);
}

TEST(CrewTurn, ASixAndAFiveGiveShipAndCaptainAndThreeDiceAreThrownAgain) {
    State s = game(players(2));
    roll(s, {5, 1, 6, 2, 2});
    EXPECT_EQ(s.turn.held, 2);
    EXPECT_EQ(dice_to_throw(s, {}), 3);
}

TEST(CrewTurn, SixFiveFourInOneThrowHoldsAllThreeAndTheOtherTwoAreTheCrew) {
    State s = game(players(2));
    roll(s, {4, 2, 5, 6, 3});
    EXPECT_EQ(s.turn.held, kQualified);
    EXPECT_EQ(s.turn.crew, (std::array<int, 2>{2, 3}));
}

TEST(CrewTurn, AFiveOrFourWithoutTheShipDoesNotCount) {
    State s = game(players(2));
    roll(s, {5, 4, 5, 4, 1});
    EXPECT_EQ(s.turn.held, 0);
    roll(s, {6, 1, 1, 1, 1});
    EXPECT_EQ(s.turn.held, 1);  // the earlier 5 and 4 were not kept
}

TEST(CrewTurn, NoMateBeforeTheCaptain) {
    State s = game(players(2));
    roll(s, {6, 4, 4, 1, 2});
    EXPECT_EQ(s.turn.held, 1);
    roll(s, {5, 1, 1, 1});
    EXPECT_EQ(s.turn.held, 2);
    EXPECT_EQ(dice_to_throw(s, {}), 3);
}

TEST(CrewTurn, ShipCaptainAndMateMayComeFromDifferentThrows) {
    State s = game(players(2));
    roll(s, {6, 1, 1, 1, 1});
    roll(s, {5, 2, 2, 2});
    const auto p = roll(s, {3, 4, 6});
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 9);  // the crew is the 3 and the 6 beside the mate
}

TEST(CrewTurn, TheCrewScoresItsSumWhenThePlayerStops) {
    State s = game(players(2));
    roll(s, {6, 5, 4, 3, 6});
    Progress p;
    ASSERT_TRUE(stop(s, 0, p).ok());
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 9);
    EXPECT_EQ(s.totals[0], 9);
    EXPECT_EQ(s.to_move(), 1);
}

TEST(CrewTurn, NoShipCaptainAndMateInThreeThrowsScoresZero) {
    State s = game(players(2));
    roll(s, {6, 5, 1, 1, 1});
    roll(s, {3, 3, 3});
    const auto p = roll(s, {2, 2, 2});
    EXPECT_TRUE(p.turn_over);
    EXPECT_FALSE(p.qualified);
    EXPECT_EQ(p.turn_score, 0);
    EXPECT_EQ(s.totals[0], 0);
    EXPECT_EQ(s.to_move(), 1);
}

TEST(CrewTurn, TrioOnTheFirstThrowAllowsTwoMoreThrowsOfTheCrew) {
    State s = game(players(2));
    roll(s, {6, 5, 4, 1, 1});
    EXPECT_EQ(dice_to_throw(s, {}), 2);
    roll(s, {2, 2});
    EXPECT_EQ(s.turn.crew, (std::array<int, 2>{2, 2}));
    EXPECT_EQ(s.to_move(), 0);
    const auto p = roll(s, {3, 3});
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 6);
}

TEST(CrewTurn, TheTrioOnTheSecondThrowLeavesTheThirdForTheCrew) {
    State s = game(players(2));
    roll(s, {1, 2, 3, 1, 2});  // no ship
    roll(s, {6, 5, 4, 1, 2});  // ship, captain and mate on the second throw; crew 1 + 2
    EXPECT_EQ(s.to_move(), 0) << "one throw is left, for the crew";
    const auto p = roll(s, {6}, {2});  // keeps the 2, throws the 1
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 8);
}

TEST(CrewTurn, KeepingWhicheverDieThePlayerWishes) {
    State s = game(players(2));
    roll(s, {6, 5, 4, 1, 6});
    roll(s, {3}, {6});  // keeps the 6, throws the 1
    EXPECT_EQ(s.turn.crew, (std::array<int, 2>{3, 6}));
    // A die kept from the second throw may still be thrown on the third.
    const auto p = roll(s, {2}, {3});
    EXPECT_EQ(p.turn_score, 5);
}

TEST(CrewTurn, DiceCastInTheThirdRollMustBeKept) {
    State s = game(players(2));
    roll(s, {1, 1, 1, 1, 1});
    roll(s, {1, 1, 1, 1, 1});
    const auto p = roll(s, {6, 5, 4, 1, 2});
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 3);
    EXPECT_EQ(s.to_move(), 1);
}

TEST(CrewTurn, TheCaptainAndMateAreNotCountedInTheScore) {
    State s = game(players(2));
    const auto p = [&] {
        roll(s, {1, 1, 1, 1, 1});
        roll(s, {1, 1, 1, 1, 1});
        return roll(s, {6, 5, 4, 6, 6});
    }();
    EXPECT_EQ(p.turn_score, 12);  // only the two crew dice count
}

TEST(CrewTurn, StoppingBeforeTheTrioIsRefused) {
    State s = game(players(2));
    roll(s, {6, 5, 1, 1, 1});
    Progress p;
    const auto st = stop(s, 0, p);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "no_crew");
    EXPECT_EQ(s.turn.throws, 1);
}

TEST(CrewTurn, NothingCanBeKeptBeforeTheTrio) {
    State s = game(players(2));
    Progress p;
    EXPECT_EQ(throw_given(s, 0, {6}, {1, 2, 3, 4}, p).error().code, "keep_before_crew");
    EXPECT_EQ(s.turn.throws, 0);
}

TEST(CrewTurn, KeepingADieNotInTheCrewOrBothDiceIsRefused) {
    State s = game(players(2));
    roll(s, {6, 5, 4, 2, 3});
    Progress p;
    EXPECT_EQ(throw_given(s, 0, {6}, {1}, p).error().code, "not_in_crew");
    EXPECT_EQ(throw_given(s, 0, {2, 3}, {}, p).error().code, "keep_all");
    EXPECT_EQ(throw_given(s, 0, {}, {1, 2, 3}, p).error().code, "bad_dice");
    EXPECT_EQ(s.turn.throws, 1);
    EXPECT_EQ(s.turn.crew, (std::array<int, 2>{2, 3}));
}

TEST(CrewTurn, OnlyThePlayerToMoveMayThrow) {
    State s = game(players(3));
    Progress p;
    EXPECT_EQ(throw_given(s, 1, {}, {1, 1, 1, 1, 1}, p).error().code, "not_your_turn");
    EXPECT_EQ(stop(s, 2, p).error().code, "not_your_turn");
}

TEST(CrewHouseRules, BothThrowsTheCrewDiceTogetherOrNotAtAll) {
    Options o = players(2);
    o.crew_reroll = Reroll::kBoth;
    State s = game(o);
    roll(s, {6, 5, 4, 1, 6});
    Progress p;
    EXPECT_EQ(throw_given(s, 0, {6}, {2}, p).error().code, "keep_not_allowed");
    roll(s, {2, 2});
    EXPECT_EQ(s.turn.crew, (std::array<int, 2>{2, 2}));
    EXPECT_EQ(crew_choices({1, 6}, Reroll::kBoth).size(), 2U);  // stop, throw both
}

TEST(CrewHouseRules, NoneEndsTheTurnWithTheCrewAsThrown) {
    Options o = players(2);
    o.crew_reroll = Reroll::kNone;
    State s = game(o);
    const auto p = roll(s, {6, 5, 4, 1, 2});
    EXPECT_TRUE(p.turn_over);
    EXPECT_EQ(p.turn_score, 3);
    EXPECT_EQ(s.to_move(), 1);
}

TEST(CrewScoring, RoundsModeHighestTotalAfterTheRoundsWins) {
    Options o = players(3);
    o.rounds = 2;
    State s = game(o, 1);  // order 1, 2, 0
    for (int score : {5, 7, 3, 4, 4, 9}) turn_scoring(s, score);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.totals, (std::vector<int>{12, 9, 11}));
    EXPECT_EQ(s.winner, 0);
}

TEST(CrewScoring, AGameLastsExactlyTheRoundsAskedFor) {
    Options o = players(2);
    o.rounds = 3;
    State s = game(o);
    for (int i = 0; i < 5; ++i) {
        turn_scoring(s, 2 + i);
        EXPECT_EQ(s.phase, Phase::kPlaying);
    }
    turn_scoring(s, 2);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.rounds.size(), 3U);
}

TEST(CrewScoring, TiedLeadersPlayAOneRoundPlayoffAndOnlyThey) {
    Options o = players(3);
    o.rounds = 1;
    State s = game(o);
    for (int score : {8, 8, 5}) turn_scoring(s, score);
    ASSERT_EQ(s.phase, Phase::kPlaying);
    EXPECT_TRUE(s.round().playoff);
    EXPECT_EQ(s.round().seats, (std::vector<int>{0, 1}));
    turn_scoring(s, 4);
    turn_scoring(s, 6);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 1);
    EXPECT_EQ(s.totals, (std::vector<int>{8, 8, 5}));  // playoffs decide, they do not add
}

TEST(CrewScoring, PlayoffsRepeatUntilOneWins) {
    Options o = players(3);
    o.rounds = 1;
    State s = game(o);
    for (int score : {7, 7, 7}) turn_scoring(s, score);
    ASSERT_EQ(s.round().seats, (std::vector<int>{0, 1, 2}));
    for (int score : {0, 6, 6}) turn_scoring(s, score);  // seat 0 is out; 1 and 2 tie again
    ASSERT_EQ(s.phase, Phase::kPlaying);
    EXPECT_EQ(s.round().number, 2);
    EXPECT_EQ(s.round().seats, (std::vector<int>{1, 2}));
    turn_scoring(s, 0);
    turn_scoring(s, 2);
    EXPECT_EQ(s.winner, 2);
}

TEST(CrewScoring, PlayoffsGoInTheGamesSeatOrderFromTheFirstPlayer) {
    Options o = players(3);
    o.rounds = 1;
    State s = game(o, 2);  // seats play 2, 0, 1
    for (int score : {8, 5, 8}) turn_scoring(s, score);
    ASSERT_TRUE(s.round().playoff);
    EXPECT_EQ(s.round().seats, (std::vector<int>{2, 1}));
    EXPECT_EQ(s.to_move(), 2);
}

TEST(CrewScoring, TargetModeTheRoundIsCompletedAfterAPlayerReachesTheTarget) {
    Options o = players(3);
    o.mode = Mode::kTarget;
    o.target = 20;
    State s = game(o);
    for (int score : {10, 10, 10, 10, 9, 12}) turn_scoring(s, score);
    ASSERT_EQ(s.phase, Phase::kOver);  // seat 0 reached 20; seats 1 and 2 still played
    EXPECT_EQ(s.totals, (std::vector<int>{20, 19, 22}));
    EXPECT_EQ(s.winner, 2);  // the highest total over the target wins, not the first to it
}

TEST(CrewScoring, TargetModeGoesOnUntilSomeoneReachesIt) {
    Options o = players(2);
    o.mode = Mode::kTarget;
    o.target = 30;
    State s = game(o);
    for (int i = 0; i < 4; ++i) turn_scoring(s, 7);
    EXPECT_EQ(s.phase, Phase::kPlaying);
    turn_scoring(s, 2);   // seat 0: 16
    turn_scoring(s, 12);  // seat 1: 26
    turn_scoring(s, 12);  // seat 0: 28
    turn_scoring(s, 4);   // seat 1: 30
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 1);
}

TEST(CrewScoring, TargetModeTieGoesToAPlayoff) {
    Options o = players(2);
    o.mode = Mode::kTarget;
    o.target = 10;
    State s = game(o);
    turn_scoring(s, 10);
    turn_scoring(s, 10);
    EXPECT_EQ(s.phase, Phase::kPlaying);
    EXPECT_TRUE(s.round().playoff);
    turn_scoring(s, 3);
    turn_scoring(s, 0);
    EXPECT_EQ(s.winner, 0);
}

TEST(CrewScoring, SoloPracticeEndsAfterTheRounds) {
    Options o = players(1);
    o.rounds = 2;
    State s = game(o);
    turn_scoring(s, 5);
    turn_scoring(s, 0);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 0);
    EXPECT_EQ(s.totals[0], 5);
}

TEST(CrewStake, EveryPlayerStakesTheSameAndTheWinnerTakesThePot) {
    Options o = players(3);
    o.rounds = 1;
    o.stake = 5;
    State s = game(o);
    EXPECT_EQ(pot(s), 15);
    EXPECT_EQ(payouts(s), (std::vector<int>{0, 0, 0}));  // nothing paid out before the end
    for (int score : {4, 11, 6}) turn_scoring(s, score);
    EXPECT_EQ(payouts(s), (std::vector<int>{0, 15, 0}));
}

// ---- Through the GameInstance interface, as the match layer and the protocol drive it ----

class CrewInstance : public ::testing::Test {
protected:
    void make(json options) {
        const auto def = crew_definition();
        auto normalized = def.normalize_options(options);
        ASSERT_TRUE(normalized.ok());
        game_ = def.create(*normalized, rng_);
    }
    Rng rng_{12};
    std::unique_ptr<GameInstance> game_;
};

TEST_F(CrewInstance, ThrowEventsShowTheDiceAndWhatIsHeld) {
    make({{"players", 2}});
    const int seat = game_->seats_to_act().front();
    auto events = game_->act(seat, {{"type", "throw"}}, rng_);
    ASSERT_TRUE(events.ok());
    const json& e = events->front().content;
    EXPECT_EQ(e["type"], "throw");
    EXPECT_EQ(e["seat"], seat);
    EXPECT_EQ(e["throw"], 1);
    EXPECT_EQ(e["dice"].size(), 5U);
    EXPECT_TRUE(e.contains("held"));
    EXPECT_FALSE(events->front().audience.has_value());  // dice are thrown in the open
}

TEST_F(CrewInstance, LegalActionsListEveryChoice) {
    make({{"players", 2}});
    const int seat = game_->seats_to_act().front();
    const json legal = game_->legal_actions(seat);
    EXPECT_EQ(legal["type"], "turn");
    EXPECT_EQ(legal["throws_left"], 3);
    EXPECT_EQ(legal["choices"], json::array({{{"type", "throw"}}}));
    EXPECT_TRUE(game_->legal_actions(1 - seat).is_null());
}

TEST_F(CrewInstance, BadActionsAreRefusedAndChangeNothing) {
    make({{"players", 2}});
    const int seat = game_->seats_to_act().front();
    const json before = game_->observation(seat);
    for (const json& bad :
         {json("throw"), json{{"type", "roll"}}, json{{"type", "stop"}},
          json{{"type", "throw"}, {"keep", "all"}}, json{{"type", "throw"}, {"keep", {9}}},
          json{{"type", "throw"}, {"dice", {1}}}}) {
        EXPECT_FALSE(game_->act(seat, bad, rng_).ok()) << bad.dump();
    }
    EXPECT_FALSE(game_->act(1 - seat, {{"type", "throw"}}, rng_).ok());
    EXPECT_FALSE(game_->act(7, {{"type", "throw"}}, rng_).ok());
    EXPECT_EQ(game_->observation(seat), before);
}

TEST_F(CrewInstance, TheThrowOffIsPublicInEveryObservation) {
    make({{"players", 3}});
    const json rolls = game_->observation(0)["order_rolls"];
    ASSERT_TRUE(rolls.is_array());
    ASSERT_FALSE(rolls.empty());
    EXPECT_EQ(rolls.front()["seats"].size(), 3U) << "every player throws";
    for (int seat : {1, 2, -1}) EXPECT_EQ(game_->observation(seat)["order_rolls"], rolls) << seat;
}

TEST_F(CrewInstance, AWholeGameEndsWithResultAndPayouts) {
    make({{"players", 3}, {"rounds", 2}, {"stake", 2}});
    int guard = 0;
    while (!game_->is_over() && ++guard < 1000) {
        const int seat = game_->seats_to_act().front();
        const json legal = game_->legal_actions(seat);
        ASSERT_TRUE(game_->act(seat, legal["choices"].back(), rng_).ok());
    }
    ASSERT_TRUE(game_->is_over());
    const json r = game_->result();
    EXPECT_EQ(r["stake"], 2);
    EXPECT_EQ(r["pot"], 6);
    int paid = 0;
    for (const auto& v : r["payouts"]) paid += v.get<int>();
    EXPECT_EQ(paid, 6);
    EXPECT_EQ(r["payouts"][r["winner"].get<std::size_t>()], 6);
    EXPECT_EQ(game_->reveal()["result"], r);
}

}  // namespace
}  // namespace broadside::crew

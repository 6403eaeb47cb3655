// Battleship Royale, Standard mode (seed 000): each checkable sentence of the seed, including
// its worked examples (A9 hit, B9 miss; the Destroyer on A7-A9 sunk with Sunk pegs placed), and
// the rulings.
#include <gtest/gtest.h>

#include <set>

#include "games/royale/instance.h"
#include "games/royale/observation.h"
#include "match/match.h"
#include "unit/royale_test_support.h"

namespace broadside::royale {
namespace {

using namespace broadside::royale::testing;
using nlohmann::json;

// Seat 0 keeps S02 (A2-A4), S07 (B2-B4), S11 (C3-C5); seat 1 keeps the Destroyer S05 on A7-A9,
// S01 (A1-C1), S03 (A5-B5); seat 2 (when there are three) keeps S10 (C2-G2), S12 (C9-G9), S13
// (D1-F1). B9 is on no card of the default deck.
const std::vector<std::vector<std::string>> kHands{{"S02", "S07", "S11", "S14", "S24"},
                                                   {"S05", "S01", "S03", "S20", "S29"},
                                                   {"S10", "S12", "S13", "S15", "S16"}};
const std::vector<std::vector<std::string>> kDiscards{
    {"S14", "S24"}, {"S20", "S29"}, {"S15", "S16"}};

State game(int players, Rng& rng, int first = 0) {
    return dealt_game(Mode::kStandard, {kHands.begin(), kHands.begin() + players},
                      {kDiscards.begin(), kDiscards.begin() + players}, rng, first);
}

std::vector<GameEvent> shoot(State& s, int seat, const std::string& cell, Rng& rng) {
    std::vector<GameEvent> events;
    auto st = apply(s, seat, FireAction{{at(cell)}}, rng, &events);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return events;
}

const json* find_event(const std::vector<GameEvent>& events, const std::string& type) {
    for (const auto& e : events)
        if (e.content["type"] == type) return &e.content;
    return nullptr;
}

TEST(RoyaleStandard, TwoToFourPlayersAreDealtFiveCardsAndKeepThree) {
    for (int players = 2; players <= 4; ++players) {
        Rng rng(static_cast<std::uint64_t>(players));
        State s = new_game(options(Mode::kStandard, players), rng);
        for (const auto& p : s.players) {
            EXPECT_EQ(p.dealt.size(), 5U) << players;
        }
        for (int p = 0; p < players; ++p) {
            const auto& d = s.players[p].dealt;
            ASSERT_TRUE(apply(s, p, DiscardAction{{d[0], d[1]}}, rng).ok());
        }
        for (const auto& p : s.players) {
            EXPECT_EQ(p.kept.size(), 3U) << players;
        }
    }
}

TEST(RoyaleStandard, FiveOrSixPlayersAreDealtFourCardsAndKeepTwo) {
    for (int players = 5; players <= 6; ++players) {
        Rng rng(static_cast<std::uint64_t>(players));
        State s = new_game(options(Mode::kStandard, players), rng);
        for (const auto& p : s.players) {
            EXPECT_EQ(p.dealt.size(), 4U) << players;
        }
        for (int p = 0; p < players; ++p) {
            const auto& d = s.players[p].dealt;
            ASSERT_TRUE(apply(s, p, DiscardAction{{d[2], d[3]}}, rng).ok());
        }
        for (const auto& p : s.players) {
            EXPECT_EQ(p.kept.size(), 2U) << players;
        }
    }
}

TEST(RoyaleStandard, TheDealIsAShuffledDeckWithNoCardTwice) {
    std::set<std::vector<int>> first_hands;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Rng rng(seed);
        State s = new_game(options(Mode::kStandard, 6), rng);
        std::set<int> seen;
        for (const auto& p : s.players)
            for (int c : p.dealt) {
                EXPECT_TRUE(seen.insert(c).second);
            }
        first_hands.insert(s.players[0].dealt);
    }
    EXPECT_GT(first_hands.size(), 15U);
}

TEST(RoyaleStandard, TheDealIsLoggedEachSeatSeeingOnlyItsOwnCards) {
    auto m = Match::create("royale", {{"players", 3}}, 21);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->last_event_number(), 3);
    for (int seat = 0; seat < 3; ++seat) {
        const auto events = m->events_for(seat);
        ASSERT_EQ(events.size(), 3U);
        for (int p = 0; p < 3; ++p) {
            const json& e = events[static_cast<std::size_t>(p)];
            EXPECT_EQ(e["type"], "dealt");
            EXPECT_EQ(e["seat"], p);
            EXPECT_EQ(e["count"], 5);
            EXPECT_EQ(e.contains("cards"), p == seat) << e.dump();
            if (p == seat) {
                EXPECT_EQ(e["cards"].size(), 5U);
            }
        }
    }
    for (const auto& e : m->events_for(-1)) EXPECT_FALSE(e.contains("cards"));
}

TEST(RoyaleStandard, EveryoneDiscardsAtOnceAndDiscardsAreOutOfPlay) {
    Rng rng(1);
    auto opts = options(Mode::kStandard, 2);
    State s = new_game_with_deal(opts, {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}}, 0);
    EXPECT_EQ(seats_to_act(s), (std::vector<int>{0, 1}));
    std::vector<GameEvent> events;
    // Seat 1 may choose before seat 0.
    ASSERT_TRUE(apply(s, 1, DiscardAction{{5, 6}}, rng, &events).ok());
    EXPECT_EQ(seats_to_act(s), (std::vector<int>{0}));
    ASSERT_EQ(events.size(), 1U);
    EXPECT_EQ(events[0].audience, std::vector<int>{1});
    EXPECT_FALSE(events[0].redacted.contains("cards"));
    EXPECT_EQ(events[0].content["cards"], json({"S06", "S07"}));
    EXPECT_EQ(s.holder[5], -1);
    EXPECT_EQ(s.holder[7], 1);
    ASSERT_TRUE(apply(s, 0, DiscardAction{{0, 4}}, rng).ok());
    EXPECT_EQ(s.phase, Phase::kShooting);
}

TEST(RoyaleStandard, AShotOnADiscardedCardIsAMiss) {
    Rng rng(30);
    State s = game(2, rng);
    set_roll(s, 1);
    // J6-J10 is S30, dealt to nobody here; J1-J5 is S29, discarded by seat 1.
    auto events = shoot(s, 0, "J1", rng);
    EXPECT_EQ(events[0].content["shots"][0]["hit"], json::array());
    EXPECT_EQ(observe(s, 1).hit_pegs(cell_index(at("J1"), kBoard)), 0);
}

TEST(RoyaleStandard, ARandomStartingSeatIsDrawnFromTheMatchGeneratorAndIsPublic) {
    std::set<int> firsts;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Rng rng(seed);
        nlohmann::json o{{"players", 5}};
        State s = new_game(std::make_shared<const Options>(parse_options(o).value()), rng);
        firsts.insert(s.first);
        EXPECT_EQ(to_json(observe(s, (s.first + 1) % 5))["first"], s.first);
        Rng again(seed);
        EXPECT_EQ(new_game(s.options, again).first, s.first);
    }
    EXPECT_EQ(firsts.size(), 5U);
}

TEST(RoyaleStandard, DiscardsMustBeTwoOfYourOwnDifferentCards) {
    Rng rng(1);
    State s =
        new_game_with_deal(options(Mode::kStandard, 2), {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}}, 0);
    const State before = s;
    EXPECT_EQ(apply(s, 0, DiscardAction{{0}}, rng).error().code, "wrong_card_count");
    EXPECT_EQ(apply(s, 0, DiscardAction{{0, 1, 2}}, rng).error().code, "wrong_card_count");
    EXPECT_EQ(apply(s, 0, DiscardAction{{0, 0}}, rng).error().code, "duplicate_card");
    EXPECT_EQ(apply(s, 0, DiscardAction{{0, 5}}, rng).error().code, "not_your_card");
    EXPECT_EQ(apply(s, 0, FireAction{{at("A1")}}, rng).error().code, "wrong_phase");
    EXPECT_EQ(s.players[0].has_discarded, before.players[0].has_discarded);
    ASSERT_TRUE(apply(s, 0, DiscardAction{{0, 1}}, rng).ok());
    EXPECT_EQ(apply(s, 0, DiscardAction{{2, 3}}, rng).error().code, "already_discarded");
}

TEST(RoyaleStandard, TheStartingSeatIsAnOptionAndPlayPassesToTheNextSeat) {
    Rng rng(3);
    State s = game(3, rng, /*first=*/2);
    EXPECT_EQ(s.to_move, 2);
    set_roll(s, 1);
    shoot(s, 2, "J10", rng);
    EXPECT_EQ(s.to_move, 0);  // the player on the left of seat 2
    set_roll(s, 1);
    shoot(s, 0, "J9", rng);
    EXPECT_EQ(s.to_move, 1);
}

TEST(RoyaleStandard, ATurnBeginsWithARollOfTheDie) {
    Rng rng(4);
    std::vector<GameEvent> events;
    auto opts = options(Mode::kStandard, 2);
    State s = new_game_with_deal(opts, {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}}, 1);
    ASSERT_TRUE(apply(s, 0, DiscardAction{{0, 1}}, rng, &events).ok());
    ASSERT_TRUE(apply(s, 1, DiscardAction{{5, 6}}, rng, &events).ok());
    const json* roll = find_event(events, "roll");
    ASSERT_NE(roll, nullptr);
    EXPECT_EQ((*roll)["seat"], 1);
    EXPECT_GE((*roll)["value"].get<int>(), 1);
    EXPECT_LE((*roll)["value"].get<int>(), 3);
    EXPECT_EQ(s.shots_left, (*roll)["value"].get<int>());
    EXPECT_EQ(s.rolls.size(), 1U);
}

TEST(RoyaleStandard, WorkedExampleA9IsAHitAndB9IsAMiss) {
    Rng rng(5);
    State s = game(2, rng);
    set_roll(s, 2);  // "This player has rolled a two on the die."
    auto events = shoot(s, 0, "A9", rng);
    ASSERT_EQ(events.size(), 1U);
    EXPECT_EQ(events[0].content["shots"][0], json({{"cell", "A9"}, {"hit", {1}}}));
    const Observation holder = observe(s, 1);
    EXPECT_EQ(holder.hit_pegs(cell_index(at("A9"), kBoard)), 1);
    // The holder marks the hit on the corresponding spot of its Ship card.
    const json mine = to_json(holder)["my_cards"];
    for (const auto& c : mine) {
        if (c["id"] == "S05") {
            EXPECT_EQ(c["hits"], json({"A9"}));
        }
    }
    events = shoot(s, 0, "B9", rng);
    EXPECT_EQ(events[0].content["shots"][0], json({{"cell", "B9"}, {"hit", json::array()}}));
    EXPECT_EQ(observe(s, 0).hit_pegs(cell_index(at("B9"), kBoard)), 0);
    EXPECT_TRUE(observe(s, 0).shot().test(cell_index(at("B9"), kBoard)));
}

TEST(RoyaleStandard, CoordinatesAreCalledOneAtATime) {
    Rng rng(6);
    State s = game(2, rng);
    set_roll(s, 2);
    EXPECT_EQ(apply(s, 0, FireAction{cells_at({"A9", "B9"})}, rng).error().code,
              "wrong_shot_count");
    EXPECT_EQ(s.shots_left, 2);
}

TEST(RoyaleStandard, NoCoordinateMayBeShotTwiceByAnyone) {
    Rng rng(7);
    State s = game(2, rng);
    set_roll(s, 1);
    shoot(s, 0, "E5", rng);
    ASSERT_EQ(s.to_move, 1);
    set_roll(s, 1);
    auto st = apply(s, 1, FireAction{{at("E5")}}, rng);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "cell_already_fired");
    EXPECT_EQ(s.shots_left, 1);
}

TEST(RoyaleStandard, WorkedExampleTheDestroyerOnA7ToA9IsSunkWithSunkPegs) {
    Rng rng(8);
    State s = game(2, rng);
    set_roll(s, 3);
    shoot(s, 0, "A9", rng);
    shoot(s, 0, "A8", rng);
    EXPECT_FALSE(observe(s, 0).sunk_peg(cell_index(at("A9"), kBoard)));
    auto events = shoot(s, 0, "A7", rng);
    const json* sunk = find_event(events, "sunk");
    ASSERT_NE(sunk, nullptr);
    EXPECT_EQ((*sunk)["seat"], 1);  // its holder announces it
    EXPECT_EQ((*sunk)["by"], 0);
    EXPECT_EQ((*sunk)["card"]["id"], "S05");
    EXPECT_EQ((*sunk)["card"]["cells"], json({"A7", "A8", "A9"}));
    EXPECT_EQ((*sunk)["bonus_shots"], 1);
    const Observation third = observe(s, 1);
    for (const char* c : {"A7", "A8", "A9"}) {
        EXPECT_TRUE(third.sunk_peg(cell_index(at(c), kBoard))) << c;
    }
    // The card goes face up to the player who called the last shot.
    ASSERT_EQ(s.players[0].claimed.size(), 1U);
    EXPECT_EQ(s.players[0].claimed[0].card, card(s, "S05"));
    const json seats = to_json(observe(s, 1))["seats"];
    EXPECT_EQ(seats[0]["claimed"][0]["id"], "S05");
    EXPECT_EQ(seats[0]["claimed"][0]["cells"], json({"A7", "A8", "A9"}));
    EXPECT_EQ(seats[0]["bonus_shots"], 1);
    EXPECT_EQ(seats[1]["cards_afloat"], 2);
}

TEST(RoyaleStandard, TheBonusShotCanBeTakenInTheSameTurnAndFlipsTheCard) {
    Rng rng(9);
    State s = game(2, rng);
    set_roll(s, 3);
    for (const char* c : {"A9", "A8", "A7"}) shoot(s, 0, c, rng);
    // Die shots spent, a bonus banked: the turn waits for the player.
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(s.phase, Phase::kShooting);
    EXPECT_EQ(bonus_shots(s, 0), 1);
    std::vector<GameEvent> events;
    ASSERT_TRUE(apply(s, 0, BonusAction{-1, {at("J10")}}, rng, &events).ok());
    EXPECT_EQ(events[0].content["source"], "bonus");
    EXPECT_EQ(events[0].content["card"], "S05");
    EXPECT_EQ(s.players[0].claimed[0].bonus_left, 0);  // turned over
    EXPECT_EQ(s.to_move, 1);                           // nothing left: the turn ended
}

TEST(RoyaleStandard, TheBonusShotCanWaitForALaterTurn) {
    Rng rng(10);
    State s = game(2, rng);
    set_roll(s, 3);
    for (const char* c : {"A9", "A8", "A7"}) shoot(s, 0, c, rng);
    ASSERT_TRUE(apply(s, 0, EndAction{}, rng).ok());
    EXPECT_EQ(s.to_move, 1);
    set_roll(s, 1);
    shoot(s, 1, "J10", rng);
    ASSERT_EQ(s.to_move, 0);
    EXPECT_EQ(bonus_shots(s, 0), 1);
    // Usable before the die shots of the later turn, too.
    set_roll(s, 1);
    ASSERT_TRUE(apply(s, 0, BonusAction{card(s, "S05"), {at("J9")}}, rng).ok());
    EXPECT_EQ(bonus_shots(s, 0), 0);
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(apply(s, 0, BonusAction{-1, {at("J8")}}, rng).error().code, "no_bonus");
}

TEST(RoyaleStandard, TheTurnEndsOnlyWhenTheDieShotsAreSpent) {
    Rng rng(11);
    State s = game(2, rng);
    set_roll(s, 2);
    EXPECT_EQ(apply(s, 0, EndAction{}, rng).error().code, "shots_remaining");
    shoot(s, 0, "J10", rng);
    shoot(s, 0, "J9", rng);
    EXPECT_EQ(s.to_move, 1);
    set_roll(s, 1);
    EXPECT_EQ(apply(s, 1, BonusAction{-1, {at("J8")}}, rng).error().code, "no_bonus");
}

TEST(RoyaleStandard, TheTurnEndsAtOnceWhenTheShooterIsEliminatedAndTheGameGoesOn) {
    Rng rng(13);
    State s = game(3, rng);
    set_roll(s, 10);  // more shots than seat 0 needs to sink its own three cards
    for (const char* c : {"A2", "A3", "A4", "B2", "B3", "B4", "C3", "C4", "C5"}) {
        shoot(s, 0, c, rng);
    }
    EXPECT_TRUE(s.players[0].eliminated);
    EXPECT_NE(s.phase, Phase::kOver);  // seats 1 and 2 play on
    EXPECT_EQ(s.to_move, 1) << "the shot left over is not fired";
}

TEST(RoyaleStandard, NoShotsBeyondTheRoll) {
    Rng rng(12);
    State s = game(2, rng);
    set_roll(s, 3);
    for (const char* c : {"A9", "A8", "A7"}) shoot(s, 0, c, rng);
    EXPECT_EQ(apply(s, 0, FireAction{{at("J1")}}, rng).error().code, "no_shots_left");
}

TEST(RoyaleStandard, ShootingYourOwnCardIsAHitAndSinkingItGivesNoBonus) {
    Rng rng(13);
    State s = game(2, rng);
    set_roll(s, 3);
    auto events = shoot(s, 0, "A2", rng);
    EXPECT_EQ(events[0].content["shots"][0]["hit"], json({0}));
    shoot(s, 0, "A3", rng);
    events = shoot(s, 0, "A4", rng);
    const json* sunk = find_event(events, "sunk");
    ASSERT_NE(sunk, nullptr);
    EXPECT_EQ((*sunk)["seat"], 0);
    EXPECT_EQ((*sunk)["by"], 0);
    EXPECT_EQ((*sunk)["bonus_shots"], 0);
    EXPECT_EQ(bonus_shots(s, 0), 0);
    EXPECT_EQ(s.to_move, 1);
}

TEST(RoyaleStandard, APlayerWhoseCardsAreAllSunkIsEliminatedAtOnce) {
    Rng rng(14);
    State s = game(3, rng);
    set_roll(s, 8);
    std::vector<GameEvent> events;
    for (const char* c : {"A7", "A8", "A9", "A1", "B1", "C1", "A5"}) shoot(s, 0, c, rng);
    EXPECT_FALSE(s.players[1].eliminated);
    events = shoot(s, 0, "B5", rng);
    const json* out = find_event(events, "eliminated");
    ASSERT_NE(out, nullptr);
    EXPECT_EQ((*out)["seat"], 1);
    EXPECT_TRUE(s.players[1].eliminated);
    EXPECT_EQ(s.elimination_order, std::vector<int>{1});
    EXPECT_EQ(bonus_shots(s, 0), 3);
    ASSERT_TRUE(apply(s, 0, EndAction{}, rng).ok());
    EXPECT_EQ(s.to_move, 2);  // the eliminated seat is skipped
    EXPECT_EQ(observe(s, 2).cards_afloat(1), 0);
}

TEST(RoyaleStandard, AnEliminatedPlayerLosesItsBankedBonuses) {
    Rng rng(15);
    State s = game(3, rng);
    set_roll(s, 3);
    for (const char* c : {"D1", "E1", "F1"}) shoot(s, 0, c, rng);  // seat 2's S13
    ASSERT_EQ(bonus_shots(s, 0), 1);
    ASSERT_TRUE(apply(s, 0, EndAction{}, rng).ok());
    ASSERT_EQ(s.to_move, 1);
    set_roll(s, 9);
    for (const char* c : {"A2", "A3", "A4", "B2", "B3", "B4", "C3", "C4", "C5"}) {
        shoot(s, 1, c, rng);
    }
    EXPECT_TRUE(s.players[0].eliminated);
    EXPECT_EQ(bonus_shots(s, 0), 0);
    // The claimed card stays face up in front of the eliminated player.
    EXPECT_EQ(s.players[0].claimed.size(), 1U);
}

TEST(RoyaleStandard, TheLastPlayerWithAShipWins) {
    Rng rng(16);
    State s = game(2, rng);
    set_roll(s, 9);
    std::vector<GameEvent> events;
    for (const char* c : {"A7", "A8", "A9", "A1", "B1", "C1", "A5", "B5"}) {
        events = shoot(s, 0, c, rng);
    }
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winners, std::vector<int>{0});
    const json* over = find_event(events, "game_over");
    ASSERT_NE(over, nullptr);
    EXPECT_EQ((*over)["winners"], json({0}));
    EXPECT_EQ(apply(s, 0, FireAction{{at("J1")}}, rng).error().code, "game_over");
    // The match's result names the one winner too.
    const json result = RoyaleGame(s).result();
    EXPECT_EQ(result["winner"], 0) << result.dump();
    EXPECT_EQ(result["winners"], json({0}));
}

TEST(RoyaleStandard, SinkingYourOwnLastCardHandsTheWinToTheOther) {
    Rng rng(17);
    State s = game(2, rng);
    set_roll(s, 9);
    for (const char* c : {"A2", "A3", "A4", "B2", "B3", "B4", "C3", "C4", "C5"}) {
        shoot(s, 0, c, rng);
    }
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winners, std::vector<int>{1});
}

TEST(RoyaleStandard, SonarIsForTheAdvancedGameOnly) {
    Rng rng(18);
    State s = game(2, rng);
    EXPECT_EQ(apply(s, 0, SonarAction{Line{true, 0}, std::nullopt}, rng).error().code,
              "wrong_phase");
    EXPECT_EQ(apply(s, 0, RollAction{}, rng).error().code, "wrong_phase");  // rolled already
}

TEST(RoyaleStandard, OnlyThePlayerToMoveActs) {
    Rng rng(19);
    State s = game(2, rng);
    set_roll(s, 1);
    EXPECT_EQ(apply(s, 1, FireAction{{at("J1")}}, rng).error().code, "not_your_turn");
    EXPECT_EQ(apply(s, 5, FireAction{{at("J1")}}, rng).error().code, "bad_seat");
}

}  // namespace
}  // namespace broadside::royale

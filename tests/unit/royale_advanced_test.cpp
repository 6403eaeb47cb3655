// Battleship Royale, Advanced mode (seed 000): Submarine cards, sonar, volleys, double hits,
// bonus numbers and bonus sonar, the Sunk-peg rule for overlaps, and the worked examples (column
// 1 sonar with a ship on C1; H10, I7 and J9 with J9 a hit; the double hit on J9; "Since another
// ship that is on J9 is still floating, no Sunk peg is placed on that spot").
#include <gtest/gtest.h>

#include "core/dice.h"
#include "games/royale/instance.h"
#include "games/royale/observation.h"
#include "support/chi_square.h"
#include "unit/royale_test_support.h"

namespace broadside::royale {
namespace {

using namespace broadside::royale::testing;
using nlohmann::json;

// Seat 0 keeps the Submarine U2 (B4-B6), R03 (A9-B9) and R07 (C1-D1); seat 1 keeps U1 (A2-A4),
// the Destroyer R24 (J7-J9) and the Battleship R12 (D5-G5); seat 2 keeps U5 (H9-J9, over J9),
// R02 (A6-A7) and R05 (B3-B4). H10 and I7 are on no card of the default Advanced deck.
const std::vector<std::vector<std::string>> kHands{{"U2", "R03", "R07", "R14", "R21"},
                                                   {"U1", "R24", "R12", "R10", "R11"},
                                                   {"U5", "R02", "R05", "R13", "R15"}};
const std::vector<std::vector<std::string>> kDiscards{
    {"R14", "R21"}, {"R10", "R11"}, {"R13", "R15"}};

State game(int players, Rng& rng, int first = 0) {
    return dealt_game(Mode::kAdvanced, {kHands.begin(), kHands.begin() + players},
                      {kDiscards.begin(), kDiscards.begin() + players}, rng, first);
}

std::vector<GameEvent> volley(State& s, int seat, const std::vector<std::string>& cells, Rng& rng) {
    std::vector<GameEvent> events;
    auto st = apply(s, seat, FireAction{cells_at(cells)}, rng, &events);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return events;
}

std::vector<json> of_type(const std::vector<GameEvent>& events, const std::string& type) {
    std::vector<json> out;
    for (const auto& e : events)
        if (e.content["type"] == type) out.push_back(e.content);
    return out;
}

int idx(const char* cell) {
    return cell_index(at(cell), kBoard);
}

TEST(RoyaleDie, FacesAreOneOneTwoTwoThreeThree) {
    EXPECT_EQ(kRoyaleDieFaces, (std::array<int, 6>{1, 1, 2, 2, 3, 3}));
}

TEST(RoyaleDie, EachNumberOfShotsComesUpAThirdOfTheTime) {
    Rng rng(2024);
    std::vector<std::int64_t> counts(3, 0);
    for (int i = 0; i < 30000; ++i) ++counts[static_cast<std::size_t>(roll_royale_die(rng) - 1)];
    double stat = 0;
    EXPECT_TRUE(broadside::testing::fits_uniform(counts, &stat)) << stat;
}

TEST(RoyaleAdvanced, EachPlayerTakesASubmarineAndIsDealtFourShipCardsWithTwoToFourPlayers) {
    for (int players = 2; players <= 4; ++players) {
        Rng rng(static_cast<std::uint64_t>(players));
        State s = new_game(options(Mode::kAdvanced, players), rng);
        for (const auto& p : s.players) {
            ASSERT_EQ(p.dealt.size(), 5U);
            EXPECT_TRUE(s.deck().cards[p.dealt[0]].submarine);
            EXPECT_EQ(p.submarine, p.dealt[0]);
            for (std::size_t k = 1; k < 5; ++k) {
                EXPECT_FALSE(s.deck().cards[p.dealt[k]].submarine);
            }
        }
        for (int p = 0; p < players; ++p) {
            const auto& d = s.players[p].dealt;
            ASSERT_TRUE(apply(s, p, DiscardAction{{d[1], d[2]}}, rng).ok());
        }
        // Two Ship cards and one Submarine card.
        for (const auto& p : s.players) {
            EXPECT_EQ(p.kept.size(), 3U);
        }
    }
}

TEST(RoyaleAdvanced, FiveOrSixPlayersAreDealtThreeShipCardsAndKeepOnePlusTheSubmarine) {
    for (int players = 5; players <= 6; ++players) {
        Rng rng(static_cast<std::uint64_t>(players));
        State s = new_game(options(Mode::kAdvanced, players), rng);
        for (const auto& p : s.players) {
            EXPECT_EQ(p.dealt.size(), 4U);
        }
        for (int p = 0; p < players; ++p) {
            const auto& d = s.players[p].dealt;
            ASSERT_TRUE(apply(s, p, DiscardAction{{d[2], d[3]}}, rng).ok());
        }
        for (const auto& p : s.players) {
            ASSERT_EQ(p.kept.size(), 2U);
            EXPECT_EQ(p.kept[0], p.submarine);
        }
    }
}

TEST(RoyaleAdvanced, YouCannotDiscardTheSubmarineCard) {
    Rng rng(1);
    State s = new_game(options(Mode::kAdvanced, 2), rng);
    const auto& d = s.players[0].dealt;
    EXPECT_EQ(apply(s, 0, DiscardAction{{d[0], d[1]}}, rng).error().code,
              "cannot_discard_submarine");
    EXPECT_FALSE(s.players[0].has_discarded);
}

TEST(RoyaleAdvanced, TheTurnStartsWithTheChoiceOfSonarBeforeTheRoll) {
    Rng rng(2);
    State s = game(3, rng);
    EXPECT_EQ(s.phase, Phase::kTurnStart);
    EXPECT_EQ(s.roll, 0);
    EXPECT_EQ(apply(s, 0, FireAction{cells_at({"J1"})}, rng).error().code, "wrong_phase");
    EXPECT_EQ(apply(s, 0, EndAction{}, rng).error().code, "wrong_phase");
    std::vector<GameEvent> events;
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng, &events).ok());
    EXPECT_EQ(events[0].content["type"], "roll");
    EXPECT_EQ(s.phase, Phase::kShooting);
    // After the roll it is too late for sonar.
    EXPECT_EQ(apply(s, 0, SonarAction{Line{false, 0}, std::nullopt}, rng).error().code, "no_sonar");
}

TEST(RoyaleAdvanced, WorkedExampleSonarOnColumnOnePingsForTheShipOnC1) {
    Rng rng(3);
    State s = game(3, rng);
    std::vector<GameEvent> events;
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("1").value(), std::nullopt}, rng, &events).ok());
    const auto sonar = of_type(events, "sonar");
    ASSERT_EQ(sonar.size(), 1U);
    EXPECT_EQ(sonar[0]["line"], "1");
    EXPECT_EQ(sonar[0]["ping"], true);
    EXPECT_EQ(sonar[0]["pinged"], json({0}));  // the user says "Ping!" too
    EXPECT_EQ(sonar[0]["source"], "own");
    // The board shows the mark to everyone.
    const json board = to_json(observe(s, 2))["board"]["sonar"];
    ASSERT_EQ(board.size(), 1U);
    EXPECT_EQ(board[0]["ping"], true);
    EXPECT_EQ(board[0]["pinged"], json({0}));
    // Once per game: no sonar left, so the die is rolled.
    EXPECT_EQ(of_type(events, "roll").size(), 1U);
    EXPECT_TRUE(s.players[0].own_sonar_used);
}

TEST(RoyaleAdvanced, SonarOnAnEmptyLineMarksNoPing) {
    Rng rng(4);
    State s = game(3, rng);
    std::vector<GameEvent> events;
    // Row J: seat 1's R24 (J7-J9) and seat 2's U5 (J9) are there; row E has R12 (E5) only.
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("J").value(), std::nullopt}, rng, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["pinged"], json({1, 2}));
    s.players[0].own_sonar_used = false;  // a second look, for the test
    s.phase = Phase::kTurnStart;
    events.clear();
    ASSERT_TRUE(
        apply(s, 0, SonarAction{parse_line("10").value(), std::nullopt}, rng, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["ping"], false);
    EXPECT_EQ(of_type(events, "sonar")[0]["pinged"], json::array());
}

TEST(RoyaleAdvanced, AHitCoordinateStillPingsWhileItsCardIsAfloat) {
    Rng rng(5);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 1);
    volley(s, 0, {"J7"}, rng);  // hits R24, seat 1's Destroyer
    ASSERT_EQ(s.to_move, 1);
    std::vector<GameEvent> events;
    ASSERT_TRUE(apply(s, 1, SonarAction{parse_line("7").value(), std::nullopt}, rng, &events).ok());
    // Column 7: R24 (J7, hit but afloat) and seat 2's R02 (A7).
    EXPECT_EQ(of_type(events, "sonar")[0]["pinged"], json({1, 2}));
}

TEST(RoyaleAdvanced, SonarIsLostWhenTheSubmarineSinksFirst) {
    Rng rng(6);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 3);
    volley(s, 0, {"A2", "A3", "A4"}, rng);  // seat 1's Submarine U1
    EXPECT_TRUE(card_sunk(s, card(s, "U1")));
    EXPECT_FALSE(can_use_own_sonar(s, 1));
    // Seat 0 now holds a bonus sonar, usable at once...
    EXPECT_GT(s.fresh_sonars, 0);
    EXPECT_EQ(bonus_sonars(s, 0), 1);
    EXPECT_EQ(s.to_move, 0);
    ASSERT_TRUE(apply(s, 0, EndAction{}, rng).ok());
    // ...and seat 1 cannot use its sonar: its turn goes straight to the roll.
    EXPECT_EQ(s.to_move, 1);
    EXPECT_EQ(s.phase, Phase::kShooting);
    EXPECT_GT(s.roll, 0);
}

TEST(RoyaleAdvanced, ABonusSonarIsUsableImmediatelyOrAtTheStartOfALaterTurn) {
    Rng rng(7);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("A").value(), std::nullopt}, rng).ok());
    set_roll(s, 3);
    volley(s, 0, {"A2", "A3", "A4"}, rng);
    ASSERT_GT(s.fresh_sonars, 0);
    std::vector<GameEvent> events;
    // Immediately: right after the volley that sank the Submarine.
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("B").value(), std::nullopt}, rng, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["source"], "bonus");
    EXPECT_EQ(bonus_sonars(s, 0), 0);
    EXPECT_EQ(s.to_move, 1);  // nothing else to do: the turn ended

    // Later: banked, then used at the start of a later turn (not mid-turn).
    Rng rng2(8);
    State t = game(3, rng2);
    ASSERT_TRUE(apply(t, 0, SonarAction{parse_line("A").value(), std::nullopt}, rng2).ok());
    set_roll(t, 3);
    volley(t, 0, {"A2", "A3", "A4"}, rng2);
    ASSERT_TRUE(apply(t, 0, EndAction{}, rng2).ok());
    EXPECT_EQ(bonus_sonars(t, 0), 1);
    set_roll(t, 1);
    volley(t, 1, {"J1"}, rng2);
    set_roll(t, 1);
    volley(t, 2, {"J2"}, rng2);
    ASSERT_EQ(t.to_move, 0);
    EXPECT_EQ(t.phase, Phase::kTurnStart);  // a bonus sonar keeps the turn open for sonar
    events.clear();
    ASSERT_TRUE(
        apply(t, 0, SonarAction{parse_line("5").value(), SonarSource::kBonus}, rng2, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["source"], "bonus");
    EXPECT_EQ(t.phase, Phase::kShooting);
}

TEST(RoyaleAdvanced, TwoSubmarinesSunkByOneVolleyGiveTwoBonusSonarsBothUsableAtOnce) {
    Rng rng(7);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("A").value(), std::nullopt}, rng).ok());
    set_roll(s, 6);
    // U1 (seat 1, A2-A4) and U5 (seat 2, H9-J9) in one volley.
    const auto sunk = of_type(volley(s, 0, {"A2", "A3", "A4", "H9", "I9", "J9"}, rng), "sunk");
    ASSERT_EQ(sunk.size(), 2U);
    EXPECT_EQ(s.fresh_sonars, 2);
    EXPECT_EQ(bonus_sonars(s, 0), 2);
    std::vector<GameEvent> events;
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("B").value(), std::nullopt}, rng, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["source"], "bonus");
    EXPECT_EQ(s.to_move, 0) << "the second bonus sonar is as immediate as the first";
    events.clear();
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("C").value(), std::nullopt}, rng, &events).ok());
    EXPECT_EQ(of_type(events, "sonar")[0]["source"], "bonus");
    EXPECT_EQ(bonus_sonars(s, 0), 0);
    EXPECT_EQ(s.to_move, 1);  // nothing else to do: the turn ended
}

TEST(RoyaleAdvanced, SinkingYourOwnSubmarineGivesNoBonusSonar) {
    Rng rng(7);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 3);
    const auto sunk = of_type(volley(s, 0, {"B4", "B5", "B6"}, rng), "sunk");  // its own U2
    ASSERT_EQ(sunk.size(), 1U);
    EXPECT_EQ(sunk[0]["bonus_sonar"], 0);
    EXPECT_EQ(bonus_sonars(s, 0), 0);
    EXPECT_EQ(s.fresh_sonars, 0);
}

TEST(RoyaleAdvanced, OwnAndBonusSonarAreSeparateAndBothUsableAtTheStartOfOneTurn) {
    Rng rng(7);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());  // no sonar on the first turn
    set_roll(s, 3);
    volley(s, 0, {"A2", "A3", "A4"}, rng);  // U1: a bonus sonar, kept for later
    ASSERT_TRUE(apply(s, 0, EndAction{}, rng).ok());
    set_roll(s, 1);
    volley(s, 1, {"J1"}, rng);
    set_roll(s, 1);
    volley(s, 2, {"J2"}, rng);
    ASSERT_EQ(s.to_move, 0);
    ASSERT_EQ(s.phase, Phase::kTurnStart);
    std::vector<GameEvent> events;
    ASSERT_TRUE(
        apply(s, 0, SonarAction{parse_line("C").value(), SonarSource::kOwn}, rng, &events).ok());
    EXPECT_EQ(s.phase, Phase::kTurnStart) << "the bonus sonar is still there to use";
    ASSERT_TRUE(
        apply(s, 0, SonarAction{parse_line("D").value(), SonarSource::kBonus}, rng, &events).ok());
    const auto sonars = of_type(events, "sonar");
    ASSERT_EQ(sonars.size(), 2U);
    EXPECT_EQ(sonars[0]["source"], "own");
    EXPECT_EQ(sonars[1]["source"], "bonus");
    EXPECT_EQ(s.phase, Phase::kShooting);  // nothing left to sonar: the die is rolled
}

TEST(RoyaleAdvanced, AVolleyNamingACoordinateTwiceIsRefusedAndChangesNothing) {
    Rng rng(7);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 2);
    const auto st = apply(s, 0, FireAction{cells_at({"J1", "J1"})}, rng);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "duplicate_shot");
    EXPECT_EQ(s.shots_left, 2);
    EXPECT_FALSE(s.shot.test(idx("J1")));
}

TEST(RoyaleAdvanced, ABonusSonarIsNotUsableMidTurnAfterALaterVolley) {
    Rng rng(9);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, SonarAction{parse_line("A").value(), std::nullopt}, rng).ok());
    set_roll(s, 10);
    // Sinks the Submarine U1 (a bonus sonar), the Destroyer R24 (two bonus shots) and the
    // Battleship R12 (three), so that the turn goes on after R24's volley.
    volley(s, 0, {"A2", "A3", "A4", "J7", "J8", "J9", "D5", "E5", "F5", "G5"}, rng);
    ASSERT_GT(s.fresh_sonars, 0);
    ASSERT_TRUE(apply(s, 0, BonusAction{card(s, "R24"), cells_at({"J1", "J2"})}, rng).ok());
    EXPECT_EQ(s.fresh_sonars, 0);
    EXPECT_EQ(apply(s, 0, SonarAction{parse_line("B").value(), std::nullopt}, rng).error().code,
              "no_sonar");
    EXPECT_EQ(bonus_sonars(s, 0), 1);  // still banked for the start of a later turn
}

TEST(RoyaleAdvanced, WorkedExampleH10I7AndJ9WithJ9AHit) {
    Rng rng(10);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 3);  // "The current player rolled a three on the die."
    // Fewer than the roll is not a volley.
    EXPECT_EQ(apply(s, 0, FireAction{cells_at({"H10", "I7"})}, rng).error().code,
              "wrong_shot_count");
    auto events = volley(s, 0, {"H10", "I7", "J9"}, rng);
    const auto shots = of_type(events, "shots");
    ASSERT_EQ(shots.size(), 1U);  // declared at once, resolved together
    EXPECT_EQ(shots[0]["shots"][0], json({{"cell", "H10"}, {"hit", json::array()}}));
    EXPECT_EQ(shots[0]["shots"][1], json({{"cell", "I7"}, {"hit", json::array()}}));
    // A Ship and a Submarine on J9: both hit, two hit pegs.
    EXPECT_EQ(shots[0]["shots"][2], json({{"cell", "J9"}, {"hit", {1, 2}}}));
    const Observation obs = observe(s, 0);
    EXPECT_EQ(obs.hit_pegs(idx("J9")), 2);
    EXPECT_EQ(obs.hit_pegs(idx("H10")), 0);
    EXPECT_EQ(obs.hit_pegs(idx("I7")), 0);
    // Each holder marks J9 on its own card.
    for (int seat : {1, 2}) {
        bool marked = false;
        const json cards = to_json(observe(s, seat))["my_cards"];
        for (const auto& c : cards)
            if (c["hits"] == json({"J9"})) marked = true;
        EXPECT_TRUE(marked) << seat;
    }
}

TEST(RoyaleAdvanced, WorkedExampleNoSunkPegOnJ9WhileTheSubmarineThereFloats) {
    Rng rng(11);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 3);
    auto events = volley(s, 0, {"J7", "J8", "J9"}, rng);
    const auto sunk = of_type(events, "sunk");
    ASSERT_EQ(sunk.size(), 1U);
    EXPECT_EQ(sunk[0]["card"]["id"], "R24");
    const Observation obs = observe(s, 2);
    EXPECT_TRUE(obs.sunk_peg(idx("J7")));
    EXPECT_TRUE(obs.sunk_peg(idx("J8")));
    EXPECT_FALSE(obs.sunk_peg(idx("J9")));  // U5 is still afloat there
    const json shot_j9 = [&] {
        const json board = to_json(obs)["board"];
        for (const auto& c : board["shots"])
            if (c["cell"] == "J9") return c;
        return json();
    }();
    EXPECT_EQ(shot_j9, json({{"cell", "J9"}, {"pegs", 2}, {"sunk", false}}));
    // Once the Submarine sinks too, J9 shows Sunk.
    ASSERT_TRUE(apply(s, 0, BonusAction{card(s, "R24"), cells_at({"H9", "I9"})}, rng).ok());
    EXPECT_TRUE(card_sunk(s, card(s, "U5")));
    EXPECT_TRUE(observe(s, 1).sunk_peg(idx("J9")));
}

TEST(RoyaleAdvanced, ASunkShipCardGivesItsPrintedNumberOfBonusShotsAsOneVolley) {
    Rng rng(12);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 4);
    auto events = volley(s, 0, {"D5", "E5", "F5", "G5"}, rng);
    const auto sunk = of_type(events, "sunk");
    ASSERT_EQ(sunk.size(), 1U);
    EXPECT_EQ(sunk[0]["card"]["ship"], "Battleship");
    EXPECT_EQ(sunk[0]["bonus_shots"], 3);  // "Sinking the ship gives them three bonus shots"
    EXPECT_EQ(bonus_shots(s, 0), 3);
    // All of one card's bonus shots are declared together.
    EXPECT_EQ(apply(s, 0, BonusAction{card(s, "R12"), cells_at({"A1", "A2"})}, rng).error().code,
              "wrong_shot_count");
    std::vector<GameEvent> ev;
    ASSERT_TRUE(
        apply(s, 0, BonusAction{card(s, "R12"), cells_at({"A1", "A5", "A8"})}, rng, &ev).ok());
    EXPECT_EQ(of_type(ev, "shots")[0]["shots"].size(), 3U);
    EXPECT_EQ(bonus_shots(s, 0), 0);
}

TEST(RoyaleAdvanced, EveryShipCardPrintsABonusAndTheBattleshipGivesThree) {
    const auto deck = default_deck(Mode::kAdvanced);
    for (const auto& c : deck->cards) {
        if (c.submarine) continue;
        EXPECT_EQ(c.bonus, ship_length(c.ship) - 1) << c.id;
        if (c.ship == "Battleship") {
            EXPECT_EQ(c.bonus, 3) << c.id;
        }
    }
}

TEST(RoyaleAdvanced, EliminationNeedsEveryShipAndTheSubmarineSunk) {
    Rng rng(13);
    State s = game(3, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 7);
    // Seat 1's two ship cards, not its Submarine.
    volley(s, 0, {"J7", "J8", "J9", "D5", "E5", "F5", "G5"}, rng);
    EXPECT_FALSE(s.players[1].eliminated);
    ASSERT_EQ(s.to_move, 0);
    ASSERT_TRUE(apply(s, 0, BonusAction{card(s, "R24"), cells_at({"A2", "A3"})}, rng).ok());
    EXPECT_FALSE(s.players[1].eliminated);
    std::vector<GameEvent> events;
    ASSERT_TRUE(
        apply(s, 0, BonusAction{card(s, "R12"), cells_at({"A4", "H9", "I9"})}, rng, &events).ok());
    EXPECT_TRUE(s.players[1].eliminated);
    EXPECT_EQ(of_type(events, "eliminated").size(), 1U);
    EXPECT_EQ(s.elimination_order, std::vector<int>{1});
}

// royale.md: "A roll or a bonus never has to name more coordinates than remain unshot; the count
// is capped." Every coordinate but the two empty ones (H10, I7) is shot here, so whatever the die
// shows above 2, the volley is those two.
TEST(RoyaleAdvanced, ARollAboveTheUnshotCoordinatesLeftIsCappedAtThem) {
    bool rolled_above = false;
    for (std::uint64_t seed = 1; seed <= 40 && !rolled_above; ++seed) {
        Rng rng(seed);
        State s = game(2, rng);
        s.shot = Bitboard::all(kBoard);
        for (const char* open : {"H10", "I7"}) s.shot.reset(idx(open));
        ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
        if (s.roll <= 2) continue;
        rolled_above = true;
        EXPECT_EQ(s.shots_left, 2) << "rolled " << s.roll;
        EXPECT_EQ(apply(s, 0, FireAction{cells_at({"H10"})}, rng).error().code, "wrong_shot_count");
        volley(s, 0, {"H10", "I7"}, rng);
        EXPECT_EQ(s.shots_left, 0);
    }
    EXPECT_TRUE(rolled_above) << "no seed rolled above 2";
}

TEST(RoyaleAdvanced, OneVolleyEliminatingEveryoneLeftIsASharedWin) {
    Rng rng(14);
    State s = game(2, rng);
    ASSERT_TRUE(apply(s, 0, RollAction{}, rng).ok());
    set_roll(s, 17);
    auto events = volley(s, 0,
                         {"B4", "B5", "B6", "A9", "B9", "C1", "D1", "A2", "A3", "A4", "J7", "J8",
                          "J9", "D5", "E5", "F5", "G5"},
                         rng);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winners, (std::vector<int>{0, 1}));
    EXPECT_EQ(of_type(events, "game_over")[0]["winners"], json({0, 1}));
    EXPECT_EQ(of_type(events, "eliminated").size(), 2U);
    // The match's result: `winners` lists them all and `winner` is null (royale.md).
    const json result = RoyaleGame(s).result();
    EXPECT_TRUE(result["winner"].is_null()) << result.dump();
    EXPECT_EQ(result["winners"], json({0, 1}));
}

}  // namespace
}  // namespace broadside::royale

// The optional weapons (seed 002) as turns of a game, with the rulings of issue 4: use limits,
// prerequisites, every roll's thresholds through the rules, SCUBA capture and recapture, the
// Experimental mishap and Criticality, turn passing and the options. Rolls are forced with a
// scripted roller, which exists only here.
#include <gtest/gtest.h>

#include <deque>
#include <set>
#include <string>
#include <vector>

#include "games/classic/codec.h"
#include "games/classic/instance.h"
#include "games/classic/observation.h"
#include "games/classic/weapon_rules.h"

namespace broadside::classic {
namespace {

using Cells = std::vector<std::string>;
const BoardSize k10{10, 10};

// Hands out the faces the test wrote down, and fails the test if the rules roll more often or a
// face is impossible for the die.
class ScriptedRoller final : public DieRoller {
public:
    ScriptedRoller(std::initializer_list<int> faces) : faces_(faces) {}
    int roll(int sides) override {
        EXPECT_FALSE(faces_.empty()) << "the rules rolled more dice than the test scripted";
        if (faces_.empty()) return 1;
        const int face = faces_.front();
        faces_.pop_front();
        EXPECT_GE(face, 1);
        EXPECT_LE(face, sides) << "a " << face << " cannot come up on a d" << sides;
        return face;
    }
    bool used_up() const { return faces_.empty(); }

private:
    std::deque<int> faces_;
};

Cell at(const std::string& text) {
    return parse_cell(text, k10).value();
}

std::set<std::string> cell_names(const std::vector<ShotResult>& shots) {
    std::set<std::string> out;
    for (const auto& s : shots) out.insert(to_string(s.cell));
    return out;
}

// Seat 1's default fleet (Carrier, Battleship, Cruiser, Submarine, Destroyer) where the seed's
// examples need it: the Cruiser on C5-E5 (the nuke example) and the Submarine on F5-F7 (the
// torpedo example). Seat 0's fleet lies along the left column-block, away from it.
const std::vector<std::string> kSeat0Fleet{"A1 right", "B1 right", "C1 right", "D1 right",
                                           "E1 right"};
const std::vector<std::string> kSeat1Fleet{"J1 right", "H1 right", "C5 down", "F5 right",
                                           "A9 down"};

Options options_with(json extra = json::object(), bool salvo = false) {
    json j = {{"first", 0}, {"weapons", "all"}};
    for (const auto& [k, v] : extra.items()) j[k] = v;
    return parse_options(j, salvo).value();
}

std::vector<Placement> layout(const std::vector<std::string>& ships) {
    std::vector<Placement> out;
    for (const auto& s : ships) out.push_back(parse_placement(s, k10).value());
    return out;
}

State game(Options o = options_with(), const std::vector<std::string>& fleet0 = kSeat0Fleet,
           const std::vector<std::string>& fleet1 = kSeat1Fleet) {
    Rng rng(1);
    State s = new_game(std::make_shared<const Options>(std::move(o)), rng);
    EXPECT_TRUE(place_fleet(s, 0, layout(fleet0)).ok());
    EXPECT_TRUE(place_fleet(s, 1, layout(fleet1)).ok());
    return s;
}

WeaponReport use_ok(State& s, int seat, WeaponOrder order, std::initializer_list<int> faces) {
    ScriptedRoller dice(faces);
    WeaponReport r;
    const Status st = use_weapon(s, seat, order, dice, r);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    EXPECT_TRUE(dice.used_up()) << "the rules rolled fewer dice than scripted";
    return r;
}

Error use_err(State& s, int seat, WeaponOrder order, std::initializer_list<int> faces = {}) {
    ScriptedRoller dice(faces);
    WeaponReport r;
    const Status st = use_weapon(s, seat, order, dice, r);
    EXPECT_FALSE(st.ok());
    return st.ok() ? Error{} : st.error();
}

WeaponOrder nuke(const std::string& c) {
    return {Weapon::kNuke, at(c), std::nullopt};
}
WeaponOrder bomber(const std::string& c) {
    return {Weapon::kBomber, at(c), std::nullopt};
}
WeaponOrder torpedo(const std::string& c, std::optional<Heading> h = std::nullopt) {
    return {Weapon::kTorpedo, at(c), h};
}
const WeaponOrder kScuba{Weapon::kScuba, std::nullopt, std::nullopt};
const WeaponOrder kExperimental{Weapon::kExperimental, std::nullopt, std::nullopt};

void fire_ok(State& s, int seat, const std::string& cell) {
    std::vector<ShotResult> out;
    const std::vector<Cell> cells{at(cell)};
    const Status st = fire(s, seat, cells, out);
    ASSERT_TRUE(st.ok()) << st.error().message;
}

// ---- options -----------------------------------------------------------------------------

TEST(WeaponOptions, DefaultIsThePlainGameWithD20AndNoTorpedoBonus) {
    const Options o = parse_options(json::object(), false).value();
    EXPECT_EQ(o.weapons, 0u);
    EXPECT_EQ(o.dice, DiceKind::kD20);
    EXPECT_FALSE(o.torpedo_bonus);
}

TEST(WeaponOptions, AnySubsetOrAllAndTheDiceKind) {
    const Options o =
        parse_options({{"weapons", {"nuke", "bomber"}}, {"dice", "3d6"}}, false).value();
    EXPECT_TRUE(o.has_weapon(Weapon::kNuke));
    EXPECT_TRUE(o.has_weapon(Weapon::kBomber));
    EXPECT_FALSE(o.has_weapon(Weapon::kScuba));
    EXPECT_EQ(o.dice, DiceKind::k3D6);
    EXPECT_EQ(parse_options({{"weapons", "all"}}, false).value().weapons, 0x1Fu);
    const json j = to_json(o);
    EXPECT_EQ(j["weapons"], json({"nuke", "bomber"}));
    EXPECT_EQ(j["dice"], "3d6");
}

TEST(WeaponOptions, UnknownWeaponsAndDiceAreBadOptionsThatSaySo) {
    auto e = parse_options({{"weapons", {"laser"}}}, false);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code, "bad_option");
    EXPECT_NE(e.error().message.find("laser"), std::string::npos);
    EXPECT_EQ(parse_options({{"dice", "d12"}}, false).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"torpedo_bonus", "yes"}}, false).error().code, "bad_option");
}

TEST(WeaponOptions, TheSubmarineAndCarrierAreFoundByNameInTheDefaultFleet) {
    const Options o = options_with();
    EXPECT_EQ(o.fleet[o.submarine].name, "Submarine");
    EXPECT_EQ(o.fleet[o.carrier].name, "Carrier");
}

TEST(WeaponOptions, ACustomFleetMustNameItsSubmarineAndCarrierForTorpedoesAndBombers) {
    const json fleet = {{{"name", "Flagship"}, {"length", 4}}, {{"name", "Sub"}, {"length", 2}}};
    auto missing = parse_options({{"fleet", fleet}, {"weapons", {"torpedo"}}}, false);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("submarine"), std::string::npos);
    auto wrong =
        parse_options({{"fleet", fleet}, {"weapons", {"bomber"}}, {"carrier", "Yacht"}}, false);
    ASSERT_FALSE(wrong.ok());
    EXPECT_NE(wrong.error().message.find("Yacht"), std::string::npos);
    auto named = parse_options(
        {{"fleet", fleet}, {"weapons", "all"}, {"submarine", "Sub"}, {"carrier", "Flagship"}},
        false);
    ASSERT_TRUE(named.ok());
    EXPECT_EQ(named.value().submarine, 1);
    EXPECT_EQ(named.value().carrier, 0);
    // Without those weapons, nothing needs naming.
    EXPECT_TRUE(parse_options({{"fleet", fleet}, {"weapons", {"nuke"}}}, false).ok());
}

// ---- turns and uses ------------------------------------------------------------------------

TEST(WeaponTurns, AWeaponIsTheWholeTurnAndTheTurnPasses) {
    State s = game();
    use_ok(s, 0, nuke("F9"), {10});
    EXPECT_EQ(s.to_move, 1);
    EXPECT_EQ(s.shots_fired[0], 0);  // no plain shot was fired
    EXPECT_EQ(s.weapon_turns[0], 1);
}

TEST(WeaponTurns, InSalvoAWeaponReplacesTheWholeSalvo) {
    State s = game(options_with(json::object(), true));
    ASSERT_EQ(shots_due(s, 0), 5);
    use_ok(s, 0, bomber("F9"), {15});
    EXPECT_EQ(s.to_move, 1);
    EXPECT_EQ(s.oceans[1].shots_count, 9);  // the bombs only; no salvo besides
}

TEST(WeaponTurns, UsesPerGameAreNukeOneAndTwoOfEachOtherAndAFailedRollSpendsAUse) {
    State s = game();
    use_ok(s, 0, nuke("F9"), {1});  // fails, but the nuke is spent
    fire_ok(s, 1, "J10");
    EXPECT_EQ(use_err(s, 0, nuke("F9")).code, "weapon_used_up");
    State b = game();
    use_ok(b, 0, bomber("H9"), {1});
    fire_ok(b, 1, "J10");
    use_ok(b, 0, bomber("H9"), {1});
    fire_ok(b, 1, "J9");
    EXPECT_EQ(use_err(b, 0, bomber("H9")).code, "weapon_used_up");
    State t = game();
    use_ok(t, 0, torpedo("J10", Heading::kUp), {});
    fire_ok(t, 1, "J10");
    use_ok(t, 0, torpedo("J10", Heading::kUp), {});
    fire_ok(t, 1, "J9");
    EXPECT_EQ(use_err(t, 0, torpedo("J10", Heading::kUp)).code, "weapon_used_up");
}

TEST(WeaponTurns, ScubaAndExperimentalHaveTwoUsesEach) {
    State s = game();
    use_ok(s, 0, kScuba, {2});
    fire_ok(s, 1, "J10");
    use_ok(s, 0, kScuba, {2});
    fire_ok(s, 1, "J9");
    EXPECT_EQ(use_err(s, 0, kScuba).code, "weapon_used_up");
    State t = game();
    for (const char* cell : {"J10", "J9"}) {
        use_ok(t, 0, kExperimental, {2});
        std::vector<ShotResult> out;
        const std::vector<Cell> blast{at("G9"), at("G10")};
        ASSERT_TRUE(fire_blast(t, 0, blast, out).ok());
        fire_ok(t, 1, cell);
    }
    EXPECT_EQ(use_err(t, 0, kExperimental).code, "weapon_used_up");
}

TEST(WeaponTurns, AWeaponNotInTheGameIsRefused) {
    State s = game(parse_options({{"first", 0}, {"weapons", {"nuke"}}}, false).value());
    EXPECT_EQ(use_err(s, 0, bomber("F9")).code, "weapon_not_in_game");
    State plain = game(parse_options({{"first", 0}}, false).value());
    EXPECT_EQ(use_err(plain, 0, nuke("F9")).code, "weapon_not_in_game");
}

TEST(WeaponTurns, OnlyTheSeatToMoveMayUseAWeaponAndARejectedUseChangesNothing) {
    State s = game();
    EXPECT_EQ(use_err(s, 1, nuke("F9")).code, "not_your_turn");
    EXPECT_EQ(use_err(s, 0, torpedo("E5")).code, "not_on_edge");
    EXPECT_EQ(use_err(s, 0, torpedo("A1")).code, "heading_needed");
    EXPECT_EQ(weapon_uses_left(s, 0, Weapon::kTorpedo), 2);  // nothing was spent
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(s.oceans[1].shots_count, 0);
}

// ---- Tactical Nuke ---------------------------------------------------------------------------

TEST(TacticalNukeTurn, CentreD4HitsTheSeedsThirteenCellsAndDestroysTheCruiserOnC5D5E5) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, nuke("D4"), {12});
    EXPECT_EQ(r.outcome, "explodes");
    EXPECT_EQ(cell_names(r.shots), (std::set<std::string>{"B4", "C3", "C4", "C5", "D2", "D3", "D4",
                                                          "D5", "D6", "E3", "E4", "E5", "F4"}));
    EXPECT_GE(s.oceans[1].sunk_at[2], 0) << "the Cruiser on C5, D5, E5 is destroyed";
}

TEST(TacticalNukeTurn, OnlyThePartOfAShipUnderTheBlastIsHit) {
    // "If only one part of a battleship is on, say, F4, only that one part ... is destroyed."
    State s = game(options_with(), kSeat0Fleet,
                   {"J1 right", "F4 right", "A9 down", "H5 right", "A7 down"});
    const WeaponReport r = use_ok(s, 0, nuke("D4"), {12});
    int battleship_hits = 0;
    for (const auto& shot : r.shots) battleship_hits += shot.ship == 1 ? 1 : 0;
    EXPECT_EQ(battleship_hits, 1);
    EXPECT_LT(s.oceans[1].sunk_at[1], 0);
}

TEST(TacticalNukeTurn, EveryD20AndThreeD6ThresholdThroughTheRules) {
    struct Case {
        DiceKind dice;
        std::initializer_list<int> faces;
        const char* outcome;
        std::size_t cells;
    };
    const Case cases[] = {
        {DiceKind::kD20, {1}, "fails", 0},
        {DiceKind::kD20, {2}, "explodes", 13},
        {DiceKind::kD20, {19}, "explodes", 13},
        {DiceKind::kD20, {20}, "condition_bravo", 25},
        {DiceKind::k3D6, {1, 1, 1}, "fails", 0},
        {DiceKind::k3D6, {1, 1, 2}, "explodes", 13},
        {DiceKind::k3D6, {6, 6, 5}, "explodes", 13},
        {DiceKind::k3D6, {6, 6, 6}, "condition_bravo", 25},
    };
    for (const auto& c : cases) {
        State s = game(options_with({{"dice", to_string(c.dice)}}));
        const WeaponReport r = use_ok(s, 0, nuke("E5"), c.faces);
        EXPECT_EQ(r.outcome, c.outcome) << to_string(c.dice) << " total " << r.total;
        EXPECT_EQ(r.shots.size(), c.cells);
    }
}

TEST(TacticalNukeTurn, CellsAlreadyFiredAtAreStruckAgainAndReported) {
    State s = game();
    fire_ok(s, 0, "D5");  // a hit on the Cruiser
    fire_ok(s, 1, "J10");
    const WeaponReport r = use_ok(s, 0, nuke("D4"), {12});
    EXPECT_EQ(r.shots.size(), 13u);
    for (const auto& shot : r.shots) {
        if (to_string(shot.cell) == "D5") {
            EXPECT_NE(shot.outcome, ShotOutcome::kMiss);
        }
    }
    EXPECT_EQ(s.oceans[1].hits[2], 3);  // not counted twice
}

// ---- Bomber Flight ---------------------------------------------------------------------------

TEST(BomberFlightTurn, ThresholdsForBothDiceAndTheNineCells) {
    struct Case {
        DiceKind dice;
        std::initializer_list<int> faces;
        bool hits;
    };
    const Case cases[] = {{DiceKind::kD20, {7}, false},
                          {DiceKind::kD20, {8}, true},
                          {DiceKind::k3D6, {1, 2, 2}, false},
                          {DiceKind::k3D6, {1, 2, 3}, true}};
    for (const auto& c : cases) {
        State s = game(options_with({{"dice", to_string(c.dice)}}));
        const WeaponReport r = use_ok(s, 0, bomber("G6"), c.faces);
        EXPECT_EQ(r.outcome, c.hits ? "hits" : "fails");
        EXPECT_EQ(r.shots.size(), c.hits ? 9u : 0u);
        if (c.hits) {
            EXPECT_EQ(cell_names(r.shots), (std::set<std::string>{"F5", "F6", "F7", "G5", "G6",
                                                                  "G7", "H5", "H6", "H7"}));
        }
    }
}

TEST(BomberFlightTurn, NeedsTheUsersOwnCarrierAfloat) {
    State s = game();
    fire_ok(s, 0, "J10");
    for (const char* c : {"A1", "A2", "A3", "A4"}) {  // seat 1 sinks seat 0's Carrier
        fire_ok(s, 1, c);
        fire_ok(s, 0, std::string("J") + std::to_string(9 - (c[1] - '1')));
    }
    fire_ok(s, 1, "A5");
    const Error e = use_err(s, 0, bomber("G6"));
    EXPECT_EQ(e.code, "needs_carrier");
    EXPECT_NE(e.message.find("Carrier"), std::string::npos);
}

// ---- Torpedo ----------------------------------------------------------------------------------

TEST(TorpedoTurn, FromF10ItRunsAlongRowFAndReportsHitOnF7) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, torpedo("F10"), {});
    EXPECT_EQ(r.outcome, "hits");
    ASSERT_EQ(r.shots.size(), 1u);
    EXPECT_EQ(to_string(r.shots[0].cell), "F7");
    EXPECT_EQ(r.shots[0].ship, 3);  // the Submarine
    EXPECT_EQ(r.torpedo_heading, Heading::kLeft);
}

TEST(TorpedoTurn, PassesOverHitSegmentsAndSunkShipsAndMissesOffTheBoard) {
    State s = game();
    use_ok(s, 0, torpedo("F10"), {});
    fire_ok(s, 1, "J10");
    const WeaponReport second = use_ok(s, 0, torpedo("F10"), {});
    ASSERT_EQ(second.shots.size(), 1u);
    EXPECT_EQ(to_string(second.shots[0].cell), "F6");
    State t = game();
    const WeaponReport miss = use_ok(t, 0, torpedo("G10"), {});  // row G is empty
    EXPECT_EQ(miss.outcome, "misses");
    EXPECT_TRUE(miss.shots.empty());
}

TEST(TorpedoTurn, ACornerNeedsAHeadingAndItRunsThatWay) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, torpedo("A10", Heading::kDown), {});
    EXPECT_EQ(r.outcome, "misses");  // column 10 is empty
    EXPECT_EQ(s.oceans[1].shots_count, 0);
}

TEST(TorpedoTurn, AfterTheOwnSubmarineSankATorpedoIsRejectedWithAClearError) {
    State s = game();
    for (const char* c : {"D1", "D2"}) {
        fire_ok(s, 0, std::string("J") + c[1]);
        fire_ok(s, 1, c);
    }
    fire_ok(s, 0, "J3");
    fire_ok(s, 1, "D3");  // seat 0's Submarine (D1-D3) is sunk
    const Error e = use_err(s, 0, torpedo("F10"));
    EXPECT_EQ(e.code, "needs_submarine");
    EXPECT_NE(e.message.find("Submarine"), std::string::npos);
    EXPECT_NE(e.message.find("sunk"), std::string::npos);
}

TEST(TorpedoTurn, TheBonusRuleRollsAndOnlyTwentyOrEighteenDestroysTheShipHit) {
    State s = game(options_with({{"torpedo_bonus", true}}));
    const WeaponReport no = use_ok(s, 0, torpedo("F10"), {19});
    EXPECT_EQ(no.destroyed_ship, kNoShip);
    EXPECT_LT(s.oceans[1].sunk_at[3], 0);
    fire_ok(s, 1, "J10");
    const WeaponReport yes = use_ok(s, 0, torpedo("F10"), {20});
    EXPECT_EQ(yes.destroyed_ship, 3);
    EXPECT_GE(s.oceans[1].sunk_at[3], 0);
    EXPECT_EQ(s.oceans[1].ships_afloat, 4);
    State t = game(options_with({{"torpedo_bonus", true}, {"dice", "3d6"}}));
    EXPECT_EQ(use_ok(t, 0, torpedo("F10"), {6, 6, 6}).destroyed_ship, 3);
}

// ---- SCUBA ----------------------------------------------------------------------------------

TEST(ScubaTurn, ThresholdsForBothDiceThroughTheRules) {
    struct Case {
        DiceKind dice;
        std::initializer_list<int> faces;
        const char* outcome;
    };
    const Case cases[] = {
        {DiceKind::kD20, {7}, "fails"},          {DiceKind::kD20, {8}, "destroys"},
        {DiceKind::kD20, {11}, "destroys"},      {DiceKind::kD20, {12}, "captures"},
        {DiceKind::k3D6, {1, 2, 3}, "fails"},    {DiceKind::k3D6, {1, 2, 4}, "destroys"},
        {DiceKind::k3D6, {3, 3, 3}, "destroys"}, {DiceKind::k3D6, {3, 3, 4}, "captures"},
    };
    for (const auto& c : cases) {
        State s = game(options_with({{"dice", to_string(c.dice)}}));
        EXPECT_EQ(use_ok(s, 0, kScuba, c.faces).outcome, c.outcome);
    }
}

TEST(ScubaTurn, DestroysTheSmallestShipAfloatNamedButWithoutRevealingItsCells) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, kScuba, {9});
    EXPECT_EQ(r.destroyed_ship, 4);  // the Destroyer
    const Observation obs = observe(s, 0);
    EXPECT_TRUE(obs.enemy_ship_sunk(4));
    EXPECT_TRUE(obs.enemy_ship_destroyed(4));
    EXPECT_TRUE(obs.enemy_ship_cells_revealed(4).empty());
    const json j = to_json(obs);
    EXPECT_TRUE(j["enemy_fleet"][4]["sunk_by"].is_null());
    EXPECT_FALSE(j["enemy_fleet"][4].contains("cells"));
    EXPECT_TRUE(j["targets"]["hits"].empty());
}

TEST(ScubaTurn, TiesForSmallestGoToTheShipListedFirst) {
    State s = game();
    use_ok(s, 0, kScuba, {9});  // the Destroyer
    fire_ok(s, 1, "J10");
    // The Cruiser and the Submarine are both 3 long; the Cruiser comes first in the fleet.
    EXPECT_EQ(use_ok(s, 0, kScuba, {9}).destroyed_ship, 2);
}

TEST(ScubaTurn, ACapturedShipIsAPrizeOffTheOceanThatCountsAsAfloatForTheCaptor) {
    State s = game(options_with(json::object(), true));
    const WeaponReport r = use_ok(s, 0, kScuba, {15});
    EXPECT_EQ(r.captured_ship, 4);
    EXPECT_EQ(s.prizes[0], 1);
    EXPECT_EQ(s.oceans[1].ships_afloat, 4);
    EXPECT_EQ(shots_due(s, 0), 6) << "Salvo: one shot per ship afloat, the prize included";
    EXPECT_EQ(shots_due(s, 1), 4);
    // Nobody can shoot it: its cells are water now.
    std::vector<ShotResult> out;
    const std::vector<Cell> volley{at("A9"), at("B9"), at("J10"), at("J9")};
    ASSERT_TRUE(fire(s, 1, volley, out).ok());
    std::vector<Cell> mine{at("A9"), at("B9"), at("G1"), at("G2"), at("G3"), at("G4")};
    ASSERT_TRUE(fire(s, 0, mine, out).ok());
    EXPECT_EQ(out[0].outcome, ShotOutcome::kMiss);
    EXPECT_EQ(out[1].outcome, ShotOutcome::kMiss);
}

TEST(ScubaTurn, AnySuccessfulRollRecapturesAndTheShipComesHomeWithItsHits) {
    State s = game();
    fire_ok(s, 0, "A9");  // one hit on seat 1's Destroyer (A9-B9)
    use_ok(s, 1, kScuba, {1});
    use_ok(s, 0, kScuba, {15});  // captured
    fire_ok(s, 1, "J10");
    fire_ok(s, 0, "B9");  // its other cell, while it is away: a miss
    EXPECT_EQ(s.oceans[1].shot_hits.test(cell_index(at("B9"), k10)), false);
    const WeaponReport r = use_ok(s, 1, kScuba, {8});  // a destroy-level roll recaptures
    EXPECT_EQ(r.outcome, "recaptures");
    EXPECT_EQ(r.recaptured_ship, 4);
    EXPECT_EQ(s.prizes[0], 0);
    // Home with its earlier hit; the cell fired at while away counts as hit, and sinks it.
    ASSERT_EQ(r.returning_hits.size(), 1u);
    EXPECT_EQ(to_string(r.returning_hits[0].cell), "B9");
    EXPECT_EQ(r.returning_hits[0].outcome, ShotOutcome::kSunk);
}

TEST(ScubaTurn, AHitSegmentOfAShipAwayAsAPrizeIsReportedHitWhenAWeaponStrikesItAgain) {
    State s = game();
    fire_ok(s, 0, "A9");  // one hit on seat 1's Destroyer (A9-B9)
    fire_ok(s, 1, "J10");
    use_ok(s, 0, kScuba, {15});  // captured: seat 0 holds it
    fire_ok(s, 1, "J9");
    const WeaponReport r = use_ok(s, 0, nuke("B9"), {12});
    bool a9 = false;
    bool b9 = false;
    for (const auto& shot : r.shots) {
        if (to_string(shot.cell) == "A9") {
            a9 = true;
            EXPECT_EQ(shot.outcome, ShotOutcome::kHit) << "the grid already shows A9 hit";
            EXPECT_EQ(shot.ship, 4);
        }
        if (to_string(shot.cell) == "B9") {
            b9 = true;
            EXPECT_EQ(shot.outcome, ShotOutcome::kMiss) << "its unhit cell is water while away";
        }
    }
    EXPECT_TRUE(a9 && b9);
    EXPECT_EQ(s.oceans[1].hits[4], 1) << "nothing counted twice";
    EXPECT_TRUE(s.oceans[1].captured[4]);
}

TEST(ScubaTurn, WithSeveralPrizesHeldTheSmallestComesHomeFirst) {
    State s = game();
    use_ok(s, 0, kScuba, {15});  // seat 1's Destroyer (2)
    fire_ok(s, 1, "J10");
    use_ok(s, 0, kScuba, {15});  // then its Cruiser (3), listed before the Submarine
    EXPECT_EQ(s.prizes[0], 2);
    EXPECT_EQ(use_ok(s, 1, kScuba, {8}).recaptured_ship, 4) << "the Destroyer first";
    fire_ok(s, 0, "G1");
    EXPECT_EQ(use_ok(s, 1, kScuba, {8}).recaptured_ship, 2);
    EXPECT_EQ(s.prizes[0], 0);
}

TEST(ScubaTurn, ACapturedSubmarineOrCarrierCannotLaunchItsWeapon) {
    State s = game();
    // Seat 1 sinks seat 0's Destroyer (E1-E2) and Cruiser (C1-C3), so the Submarine is seat 0's
    // smallest ship afloat; seat 0 misses along row G meanwhile.
    int g = 1;
    for (const char* c : {"E1", "E2", "C1", "C2", "C3"}) {
        fire_ok(s, 0, "G" + std::to_string(g++));
        fire_ok(s, 1, c);
    }
    fire_ok(s, 0, "G" + std::to_string(g++));
    EXPECT_EQ(use_ok(s, 1, kScuba, {15}).captured_ship, 3);
    EXPECT_EQ(use_err(s, 0, torpedo("F10")).code, "needs_submarine");
    // A two-ship fleet whose Carrier is the smallest: captured at once.
    const json two = {
        {"fleet", {{{"name", "Carrier"}, {"length", 2}}, {{"name", "Submarine"}, {"length", 3}}}}};
    State t = game(options_with(two), {"A1 right", "C1 right"}, {"J1 right", "H1 right"});
    fire_ok(t, 0, "G1");
    EXPECT_EQ(use_ok(t, 1, kScuba, {15}).captured_ship, 0);
    EXPECT_EQ(use_err(t, 0, bomber("G6")).code, "needs_carrier");
}

TEST(ScubaTurn, CapturingTheEnemysLastShipEndsTheGameAndTheAttackerWins) {
    State s = game(options_with(), kSeat0Fleet,
                   {"J1 right", "H1 right", "C5 down", "F5 right", "A9 down"});
    // Sink everything of seat 1's but the Destroyer.
    for (int ship = 0; ship < 4; ++ship) {
        s.oceans[1].ship_cells[ship].for_each([&](int i) {
            s.oceans[1].shots.set(i);
            s.oceans[1].shot_hits.set(i);
        });
        s.oceans[1].hits[ship] = s.options->fleet[ship].length;
        s.oceans[1].sunk_at[ship] = s.oceans[1].ship_cells[ship].nth_set(0);
        --s.oceans[1].ships_afloat;
    }
    use_ok(s, 0, kScuba, {20});
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 0);
}

TEST(ScubaTurn, APlayerWhoseOnlyShipIsAPrizeIsStillInTheGame) {
    State s = game();
    use_ok(s, 0, kScuba, {20});  // seat 0 holds seat 1's Destroyer
    // Seat 0's own fleet is all sunk by seat 1 ...
    for (int ship = 0; ship < 5; ++ship) {
        s.oceans[0].ship_cells[ship].for_each([&](int i) {
            s.oceans[0].shots.set(i);
            s.oceans[0].shot_hits.set(i);
        });
        s.oceans[0].hits[ship] = s.options->fleet[ship].length;
        s.oceans[0].sunk_at[ship] = s.oceans[0].ship_cells[ship].nth_set(0);
    }
    s.oceans[0].ships_afloat = 0;
    s.oceans[0].shots_count = s.oceans[0].shots.count();
    EXPECT_TRUE(has_ships(s, 0));
    // ... and seat 1's plain shot does not end the game; recapturing the prize does.
    fire_ok(s, 1, "J10");
    EXPECT_EQ(s.phase, Phase::kFiring);
    fire_ok(s, 0, "J1");
    use_ok(s, 1, kScuba, {10});
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 1);
}

// ---- Experimental Weapon ---------------------------------------------------------------------

TEST(ExperimentalTurn, TheRollComesFirstThenExactlyThatManyConnectedCells) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, kExperimental, {5});
    EXPECT_EQ(r.blast_size, 5);
    EXPECT_EQ(s.to_move, 0);  // still seat 0's turn: the blast is next
    std::vector<ShotResult> out;
    const std::vector<Cell> shot{at("J10")};
    EXPECT_EQ(fire(s, 0, shot, out).error().code, "blast_pending");
    EXPECT_EQ(use_err(s, 0, nuke("E5")).code, "blast_pending");
    const std::vector<Cell> scattered{at("A1"), at("C3"), at("E5"), at("G7"), at("J10")};
    EXPECT_EQ(fire_blast(s, 0, scattered, out).error().code, "blast_not_connected");
    const std::vector<Cell> four{at("G2"), at("H3"), at("H4"), at("H5")};
    EXPECT_EQ(fire_blast(s, 0, four, out).error().code, "wrong_blast_size");
    // The seed's smiley: G2, H3, H4, H5, G6.
    const std::vector<Cell> smiley{at("G2"), at("H3"), at("H4"), at("H5"), at("G6")};
    ASSERT_TRUE(fire_blast(s, 0, smiley, out).ok());
    EXPECT_EQ(out.size(), 5u);
    EXPECT_EQ(s.to_move, 1);
}

TEST(ExperimentalTurn, MassiveCriticalityKeepsRollingWhileSixesSixSixThreeIsFifteen) {
    State s = game();
    EXPECT_EQ(use_ok(s, 0, kExperimental, {6, 6, 3}).blast_size, 15);
    EXPECT_EQ(s.blast_pending, 15);
}

TEST(ExperimentalTurn, AMishapDestroysTheOwnSubmarineRevealsItAndTheBlastIsOneCell) {
    State s = game();
    const WeaponReport r = use_ok(s, 0, kExperimental, {1});
    EXPECT_EQ(r.outcome, "mishap");
    EXPECT_EQ(r.mishap_ship, 3);  // seat 0's Submarine
    EXPECT_GE(s.oceans[0].sunk_at[3], 0);
    EXPECT_EQ(r.blast_size, 1);
    const Observation enemy = observe(s, 1);
    EXPECT_TRUE(enemy.enemy_ship_revealed(3));
    EXPECT_EQ(enemy.enemy_ship_cells_revealed(3).count(), 3);
    const json j = to_json(enemy);
    EXPECT_EQ(j["enemy_fleet"][3]["cells"], json({"D1", "D2", "D3"}));
    std::vector<ShotResult> out;
    const std::vector<Cell> one{at("F7")};
    ASSERT_TRUE(fire_blast(s, 0, one, out).ok());
    EXPECT_EQ(out[0].outcome, ShotOutcome::kHit);
}

// The wreck a mishap showed is known to the enemy everywhere at once: their grid (targets) shows
// it hit and named, nobody may fire at it again (a shot there once cost a turn to learn "hit,
// Submarine"), the enemy panel knows the torpedo's Submarine is gone, and Salvo counts it closed.
TEST(ExperimentalTurn, TheWreckAMishapShowedIsKnownHitsClosedToFireAndItsWeaponGone) {
    State s = game();
    use_ok(s, 0, kExperimental, {1});  // seat 0's Submarine, D1-D3
    std::vector<ShotResult> out;
    const std::vector<Cell> one{at("J10")};
    ASSERT_TRUE(fire_blast(s, 0, one, out).ok());
    const json j = to_json(observe(s, 1));
    std::set<std::string> hits;
    for (const auto& h : j["targets"]["hits"]) {
        hits.insert(h["cell"].get<std::string>());
        if (h["cell"].get<std::string>()[0] == 'D') {
            EXPECT_EQ(h["ship"], "Submarine");
        }
    }
    EXPECT_EQ(hits, (std::set<std::string>{"D1", "D2", "D3"}));
    EXPECT_TRUE(j["targets"]["misses"].empty());
    EXPECT_TRUE(j["weapons"]["torpedo"]["ship_lost"]["enemy"].get<bool>());
    EXPECT_FALSE(j["weapons"]["torpedo"]["ship_lost"]["mine"].get<bool>());
    EXPECT_FALSE(j["weapons"]["bomber"]["ship_lost"]["enemy"].get<bool>());
    EXPECT_TRUE(to_json(observe(s, 0))["weapons"]["torpedo"]["ship_lost"]["mine"].get<bool>());
    // Firing at the wreck is refused and changes nothing.
    const State before = s;
    const std::vector<Cell> wreck{at("D2")};
    const Status st = fire(s, 1, wreck, out);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "cell_already_fired");
    EXPECT_NE(st.error().message.find("Submarine"), std::string::npos) << st.error().message;
    EXPECT_EQ(s.turns, before.turns);
    EXPECT_EQ(s.to_move, 1);
    fire_ok(s, 1, "J9");
}

TEST(ExperimentalTurn, InSalvoAVolleyWithAWreckCellIsRefusedWholeAndTheLegalCellsLackIt) {
    State s = game(options_with(json::object(), true));
    use_ok(s, 0, kExperimental, {1});  // seat 0's Submarine, D1-D3
    std::vector<ShotResult> out;
    const std::vector<Cell> one{at("J10")};
    ASSERT_TRUE(fire_blast(s, 0, one, out).ok());
    const Observation enemy = observe(s, 1);
    for (const char* c : {"D1", "D2", "D3"})
        EXPECT_TRUE(enemy.fired().test(cell_index(at(c), k10)));
    EXPECT_EQ(enemy.fired().count(), 3);
    ASSERT_EQ(shots_due(s, 1), 5);
    const std::vector<Cell> with_wreck{at("J1"), at("J2"), at("D3"), at("J4"), at("J5")};
    const Status st = fire(s, 1, with_wreck, out);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, "cell_already_fired");
    EXPECT_EQ(s.oceans[0].shots_count, 3);
    const std::vector<Cell> open{at("J1"), at("J2"), at("J3"), at("J4"), at("J5")};
    ASSERT_TRUE(fire(s, 1, open, out).ok());
}

TEST(ExperimentalTurn, WithoutTheSubmarineTheMishapTakesTheNextLargerShipElseTheLargest) {
    State s = game();
    use_ok(s, 0, kExperimental, {1});  // the Submarine
    std::vector<ShotResult> out;
    const std::vector<Cell> one{at("J10")};
    ASSERT_TRUE(fire_blast(s, 0, one, out).ok());
    fire_ok(s, 1, "J10");
    // Next: the smallest afloat ship longer than the Submarine (3) is the Battleship (4).
    EXPECT_EQ(use_ok(s, 0, kExperimental, {1}).mishap_ship, 1);
    // With only the Cruiser and Destroyer left (none longer than 3), the largest goes.
    State t = game();
    for (int ship : {0, 1, 3}) {
        t.oceans[0].sunk_at[ship] = kSunkWithoutShot;
        t.oceans[0].destroyed[ship] = true;
        --t.oceans[0].ships_afloat;
    }
    EXPECT_EQ(mishap_target(t, 0), 2);
}

// The Experimental Weapon rolls a D6 even in a game whose other weapons roll 3D6.
TEST(ExperimentalTurn, AlwaysRollsAD6WhateverTheDiceOption) {
    class SidesSeen final : public DieRoller {
    public:
        int roll(int sides) override {
            seen.push_back(sides);
            return 3;
        }
        std::vector<int> seen;
    };
    State s = game(options_with({{"dice", "3d6"}}));
    SidesSeen dice;
    WeaponReport r;
    ASSERT_TRUE(use_weapon(s, 0, kExperimental, dice, r).ok());
    EXPECT_EQ(dice.seen, std::vector<int>{6});
    EXPECT_EQ(r.blast_size, 3);
}

TEST(ExperimentalTurn, AMishapNeverTakesAPrizeAndAPlayerWithNoShipOfTheirOwnLosesNothing) {
    State s = game();
    use_ok(s, 0, kScuba, {20});             // seat 0 holds seat 1's Destroyer
    for (int ship = 0; ship < 5; ++ship) {  // and has no ship of its own afloat
        s.oceans[0].sunk_at[ship] = kSunkWithoutShot;
        s.oceans[0].destroyed[ship] = true;
    }
    s.oceans[0].ships_afloat = 0;
    fire_ok(s, 1, "J10");
    const WeaponReport r = use_ok(s, 0, kExperimental, {1});
    EXPECT_EQ(r.outcome, "mishap");
    EXPECT_EQ(r.mishap_ship, kNoShip);
    EXPECT_EQ(s.prizes[0], 1) << "the prize is not seat 0's own ship";
    EXPECT_EQ(s.phase, Phase::kFiring);
    EXPECT_EQ(r.blast_size, 1);
}

TEST(ExperimentalTurn, AMishapThatSinksTheAttackersLastShipLosesAtOnce) {
    State s = game();
    for (int ship : {0, 1, 2, 4}) {
        s.oceans[0].sunk_at[ship] = kSunkWithoutShot;
        s.oceans[0].destroyed[ship] = true;
        --s.oceans[0].ships_afloat;
    }
    const WeaponReport r = use_ok(s, 0, kExperimental, {1});
    EXPECT_EQ(r.mishap_ship, 3);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, 1);
    EXPECT_EQ(s.blast_pending, 0);
}

// ---- passing and drawing -----------------------------------------------------------------------

TEST(WeaponTurns, ASeatWithNothingToDoIsSkippedAndIfNeitherCanActTheGameIsADraw) {
    State s = game(parse_options({{"first", 0}, {"weapons", {"scuba"}}}, false).value());
    // Seat 0 has fired at every cell but one of seat 1's ocean, and has no SCUBA left.
    s.weapons_used[0][static_cast<int>(Weapon::kScuba)] = 2;
    s.weapons_used[1][static_cast<int>(Weapon::kScuba)] = 2;
    EXPECT_TRUE(can_act(s, 0));
    s.oceans[1].shots = Bitboard::all(k10);
    s.oceans[1].shots_count = 100;
    EXPECT_FALSE(can_act(s, 0));
    EXPECT_TRUE(can_act(s, 1));
    detail::pass_turn_with_weapons(s, 1);
    EXPECT_EQ(s.to_move, 1) << "seat 0 has nothing to do: its turn passes back";
    s.oceans[0].shots = Bitboard::all(k10);
    s.oceans[0].shots_count = 100;
    detail::pass_turn_with_weapons(s, 1);
    EXPECT_EQ(s.phase, Phase::kOver);
    EXPECT_EQ(s.winner, -1);
}

// ---- through the instance: public rolls and protocol forms --------------------------------------

// protocol.md: "A seat with nothing left to do is passed over with a `turn_skipped` event, and a
// game nobody can finish ends with `game_over` `{"winner": null, "draw": true}`." Through the
// instance, as a client sees it: seat 0 has fired at all of seat 1's ocean (seat 1 survives on a
// prize, as only then can this happen) and has no SCUBA left; seat 1 has two water cells to go.
TEST(WeaponProtocol, ASkippedTurnAndADrawReachTheClientAsEvents) {
    State s = game(parse_options({{"first", 0}, {"weapons", {"scuba"}}}, false).value());
    for (int seat : {0, 1}) s.weapons_used[seat][static_cast<int>(Weapon::kScuba)] = 2;
    s.oceans[1].shots = Bitboard::all(k10);
    s.oceans[1].shots_count = 100;
    s.oceans[0].shots = Bitboard::all(k10);
    for (const Cell water : {Cell{9, 8}, Cell{9, 9}})
        s.oceans[0].shots.reset(cell_index(water, k10));
    s.oceans[0].shots_count = 98;
    s.to_move = 1;
    ClassicGame g(std::move(s));
    Rng rng(1);

    auto events = g.act(1, {{"type", "fire"}, {"cells", {"J9"}}}, rng);
    ASSERT_TRUE(events.ok()) << events.error().message;
    ASSERT_EQ(events->size(), 2U);
    EXPECT_EQ((*events)[0].content["type"], "shots");
    EXPECT_EQ((*events)[1].content, json({{"type", "turn_skipped"}, {"seat", 0}}));
    EXPECT_FALSE((*events)[1].audience.has_value()) << "public";
    EXPECT_EQ(g.seats_to_act(), std::vector<int>{1});
    EXPECT_TRUE(g.legal_actions(0).is_null());

    events = g.act(1, {{"type", "fire"}, {"cells", {"J10"}}}, rng);
    ASSERT_TRUE(events.ok()) << events.error().message;
    ASSERT_EQ(events->size(), 2U);
    EXPECT_EQ((*events)[1].content,
              json({{"type", "game_over"}, {"winner", nullptr}, {"draw", true}}));
    EXPECT_TRUE(g.is_over());
    EXPECT_TRUE(g.result()["winner"].is_null());
    EXPECT_EQ(g.result()["draw"], true);
}

TEST(WeaponProtocol, EveryWeaponActionRoundTripsThroughJson) {
    const json actions[] = {
        {{"type", "nuke"}, {"cell", "D4"}},
        {{"type", "bomber"}, {"cell", "G6"}},
        {{"type", "torpedo"}, {"cell", "F10"}},
        {{"type", "torpedo"}, {"cell", "A1"}, {"heading", "down"}},
        {{"type", "scuba"}},
        {{"type", "experimental"}},
        {{"type", "blast"}, {"cells", {"G2", "H3", "H4", "H5", "G6"}}},
    };
    for (const auto& a : actions) {
        auto parsed = parse_action(a, k10);
        ASSERT_TRUE(parsed.ok()) << a.dump();
        EXPECT_EQ(to_json(*parsed), a);
    }
    EXPECT_EQ(parse_action({{"type", "nuke"}}, k10).error().code, "bad_action");
    EXPECT_EQ(parse_action({{"type", "scuba"}, {"heading", "up"}}, k10).error().code, "bad_action");
    // The Experimental Weapon's blast is a weapon's order too; a plain shot ignores the field.
    EXPECT_EQ(
        parse_action({{"type", "blast"}, {"cells", {"J1", "J2", "J3"}}, {"heading", "down"}}, k10)
            .error()
            .code,
        "bad_action");
    EXPECT_TRUE(parse_action({{"type", "fire"}, {"cell", "J1"}, {"heading", "down"}}, k10).ok());
    EXPECT_EQ(
        parse_action({{"type", "torpedo"}, {"cell", "A1"}, {"heading", "north"}}, k10).error().code,
        "bad_heading");
}

TEST(WeaponProtocol, EveryRollIsPublicBothSeatsSeeTheWholeWeaponEvent) {
    const GameDefinition def = classic_definition();
    Rng rng(3);
    auto g = def.create(def.normalize_options({{"first", 0}, {"weapons", "all"}}).value(), rng);
    ASSERT_TRUE(g->act(0, {{"type", "place"}, {"ships", kSeat0Fleet}}, rng).ok());
    ASSERT_TRUE(g->act(1, {{"type", "place"}, {"ships", kSeat1Fleet}}, rng).ok());
    auto events = g->act(0, {{"type", "nuke"}, {"cell", "D4"}}, rng);
    ASSERT_TRUE(events.ok());
    const GameEvent& e = events->front();
    EXPECT_FALSE(e.audience.has_value()) << "weapon events go to everyone";
    EXPECT_EQ(e.content["type"], "weapon");
    EXPECT_EQ(e.content["rolls"].size(), 1u);
    EXPECT_EQ(e.content["dice"], "d20");
    // The legal actions list the weapons the seat may use now.
    const json legal = g->legal_actions(1);
    EXPECT_EQ(legal["weapons"], json({"nuke", "scuba", "torpedo", "experimental", "bomber"}));
    // Once used, the nuke is no longer offered to seat 0.
    ASSERT_TRUE(g->act(1, {{"type", "fire"}, {"cells", {"J10"}}}, rng).ok());
    EXPECT_EQ(g->legal_actions(0)["weapons"], json({"scuba", "torpedo", "experimental", "bomber"}));
}

// A weapon's struck cells are reported as plain shots would be under `announce`: under
// `hit-only` a hit says only "hit", a sinking still names the ship.
TEST(WeaponProtocol, StruckCellsNameTheShipAsAPlainShotWouldUnderTheAnnounceOption) {
    for (const char* announce : {"ship", "hit-only"}) {
        // The bomber's roll comes from the match's generator: the first seed whose roll
        // succeeds is used (seeds are fixed, so this is the same game on every run).
        bool landed = false;
        for (std::uint64_t seed = 1; seed <= 50 && !landed; ++seed) {
            const GameDefinition def = classic_definition();
            Rng rng(seed);
            auto g = def.create(
                def.normalize_options({{"first", 0}, {"weapons", "all"}, {"announce", announce}})
                    .value(),
                rng);
            ASSERT_TRUE(g->act(0, {{"type", "place"}, {"ships", kSeat0Fleet}}, rng).ok());
            ASSERT_TRUE(g->act(1, {{"type", "place"}, {"ships", kSeat1Fleet}}, rng).ok());
            // Two hits on seat 1's Cruiser (C5-E5), then a bomber on E4 (D3-F5): D5 is struck
            // again (hit), E5 sinks it.
            ASSERT_TRUE(g->act(0, {{"type", "fire"}, {"cells", {"D5"}}}, rng).ok());
            ASSERT_TRUE(g->act(1, {{"type", "fire"}, {"cells", {"J10"}}}, rng).ok());
            ASSERT_TRUE(g->act(0, {{"type", "fire"}, {"cells", {"C5"}}}, rng).ok());
            ASSERT_TRUE(g->act(1, {{"type", "fire"}, {"cells", {"J9"}}}, rng).ok());
            auto events = g->act(0, {{"type", "bomber"}, {"cell", "E4"}}, rng);
            ASSERT_TRUE(events.ok());
            const json& e = events->front().content;
            if (e["outcome"] == "fails") continue;
            landed = true;
            int hits = 0;
            int sunk = 0;
            for (const auto& shot : e["shots"]) {
                if (shot["result"] == "hit") {
                    ++hits;
                    EXPECT_EQ(shot.contains("ship"), std::string(announce) == "ship")
                        << announce << " " << shot.dump();
                }
                if (shot["result"] == "sunk") {
                    ++sunk;
                    EXPECT_EQ(shot["ship"], "Cruiser") << announce << " " << shot.dump();
                }
            }
            EXPECT_GE(hits, 1) << announce << ": D5 is struck again";
            EXPECT_EQ(sunk, 1) << announce << ": E5 finishes the Cruiser";
        }
        EXPECT_TRUE(landed) << announce << ": no seed of 50 landed a bomber";
    }
}

}  // namespace
}  // namespace broadside::classic

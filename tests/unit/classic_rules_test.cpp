// The rules of classic Battleship and Salvo (seed 001), one test per checkable sentence, named for
// it. Games are driven through the GameInstance interface (JSON actions and events), as the match
// layer and the protocol drive them; the typed rules API is used where a test needs the state.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "games/classic/instance.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

using Cells = std::vector<std::string>;

// A game on the instance interface, with helpers that assert every step that should succeed.
class TestGame {
public:
    explicit TestGame(json options = {{"first", 0}}, bool salvo = false) {
        const GameDefinition def = salvo ? salvo_definition() : classic_definition();
        auto normalized = def.normalize_options(options);
        EXPECT_TRUE(normalized.ok()) << (normalized.ok() ? "" : normalized.error().message);
        game_ = def.create(normalized.value(), rng_);
    }

    Result<std::vector<GameEvent>> act(int seat, const json& action) {
        return game_->act(seat, action, rng_);
    }
    Result<std::vector<GameEvent>> place(int seat, const Cells& ships) {
        return act(seat, {{"type", "place"}, {"ships", ships}});
    }
    Result<std::vector<GameEvent>> fire(int seat, const Cells& cells) {
        return act(seat, {{"type", "fire"}, {"cells", cells}});
    }
    // Fires and returns the "shots" list of the event, failing the test if rejected.
    json fire_ok(int seat, const Cells& cells) {
        auto r = fire(seat, cells);
        EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().code + ": " + r.error().message);
        if (!r.ok() || r->empty()) return json::array();
        EXPECT_EQ(r->front().content["type"], "shots");
        return r->front().content["shots"];
    }
    void place_ok(int seat, const Cells& ships) {
        auto r = place(seat, ships);
        EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().code + ": " + r.error().message);
    }

    // Everything observable from outside: both observations, legal actions, who acts, the result.
    json snapshot() const {
        return {{"obs0", game_->observation(0)},     {"obs1", game_->observation(1)},
                {"legal0", game_->legal_actions(0)}, {"legal1", game_->legal_actions(1)},
                {"to_act", game_->seats_to_act()},   {"over", game_->is_over()},
                {"result", game_->result()}};
    }
    GameInstance& game() { return *game_; }
    json obs(int seat) const { return game_->observation(seat); }

private:
    Rng rng_{12345};
    std::unique_ptr<GameInstance> game_;
};

// Seat 0's fleet fills the left of rows A-E, seat 1's the right, so their cells never coincide.
const Cells kFleet0{"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
const Cells kFleet1{"A6 right", "B7 right", "C8 right", "D8 right", "E9 right"};
// Seat 1's ships' cells: Carrier A6-A10, Battleship B7-B10, Cruiser C8-C10, Submarine D8-D10,
// Destroyer E9-E10. Row J is water on both oceans.

TestGame started(json options = {{"first", 0}}, bool salvo = false) {
    TestGame g(std::move(options), salvo);
    g.place_ok(0, kFleet0);
    g.place_ok(1, kFleet1);
    return g;
}

std::string error_code(const Result<std::vector<GameEvent>>& r) {
    return r.ok() ? "ok" : r.error().code;
}

// Which events does placing a fleet make, and does the rejected placement change anything?
void expect_placement_rejected(TestGame& g, int seat, const Cells& ships, const std::string& code) {
    const json before = g.snapshot();
    auto r = g.place(seat, ships);
    EXPECT_EQ(error_code(r), code);
    if (!r.ok()) {
        EXPECT_FALSE(r.error().message.empty());
    }
    EXPECT_EQ(g.snapshot(), before);
}

// PREPARE FOR BATTLE

TEST(ClassicRules, EachPlayerSecretlyPlacesAFleetOfFiveShips) {
    TestGame g;
    EXPECT_EQ(g.game().seats_to_act(), (std::vector<int>{0, 1}));
    auto r = g.place(0, kFleet0);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 1U);
    const GameEvent& e = r->front();
    EXPECT_EQ(e.content["type"], "fleet_placed");
    EXPECT_EQ(e.content["ships"], kFleet0);
    ASSERT_TRUE(e.audience.has_value());  // secret: only the owner sees the ships
    EXPECT_EQ(*e.audience, std::vector<int>{0});
    EXPECT_FALSE(e.redacted.contains("ships"));
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{1});
    EXPECT_EQ(g.obs(0)["my_fleet"].size(), 5U);
    EXPECT_EQ(g.obs(1)["my_fleet"].size(), 0U);
}

TEST(ClassicRules, AFleetNeedsExactlyOnePlacementPerShip) {
    TestGame g;
    expect_placement_rejected(g, 0, {"A1 right", "B1 right", "C1 right", "D1 right"},
                              "bad_placement");
    Cells six = kFleet0;
    six.push_back("G1 right");
    expect_placement_rejected(g, 0, six, "bad_placement");
}

TEST(ClassicRules, PlaceEachShipInAnyHorizontalOrVerticalPosition) {
    TestGame g;
    g.place_ok(0, {"A1 down", "A3 right", "C3 down", "J6 right", "F10 down"});
    const json fleet = g.obs(0)["my_fleet"];
    EXPECT_EQ(fleet[0]["cells"], (Cells{"A1", "B1", "C1", "D1", "E1"}));
    EXPECT_EQ(fleet[1]["cells"], (Cells{"A3", "A4", "A5", "A6"}));
    EXPECT_EQ(fleet[2]["cells"], (Cells{"C3", "D3", "E3"}));
    EXPECT_EQ(fleet[3]["cells"], (Cells{"J6", "J7", "J8"}));
    EXPECT_EQ(fleet[4]["cells"], (Cells{"F10", "G10"}));
}

TEST(ClassicRules, ShipsMayNotBePlacedDiagonallyOrOffTheGrid) {
    TestGame g;
    expect_placement_rejected(g, 0, {"A1 diagonal", "B1 right", "C1 right", "D1 right", "E1 right"},
                              "bad_placement");
    // The carrier would run from A7 to A11, past the edge of the grid.
    expect_placement_rejected(g, 0, {"A7 right", "B1 right", "C1 right", "D1 right", "E1 right"},
                              "off_board");
    expect_placement_rejected(g, 0, {"G1 down", "B1 right", "C1 right", "D1 right", "E1 right"},
                              "off_board");
    expect_placement_rejected(g, 0, {"K1 right", "B1 right", "C1 right", "D1 right", "E1 right"},
                              "off_board");
}

TEST(ClassicRules, ShipsMayNotOverlapAnotherShip) {
    TestGame g;
    expect_placement_rejected(g, 0, {"A1 right", "A3 down", "C1 right", "D1 right", "E1 right"},
                              "overlap");
}

TEST(ClassicRules, ShipsMayTouchByDefault) {
    TestGame g;
    g.place_ok(0, kFleet0);  // five ships in five adjacent rows, all touching
    g.place_ok(1, {"A1 right", "B6 right", "C1 down", "C2 down", "J9 right"});
}

TEST(ClassicRules, NoTouchOptionForbidsShipsSharingAnEdge) {
    TestGame g({{"first", 0}, {"no_touch", true}});
    expect_placement_rejected(g, 0, kFleet0, "touching");
}

TEST(ClassicRules, NoTouchOptionForbidsShipsSharingACorner) {
    TestGame g({{"first", 0}, {"no_touch", true}});
    // The battleship (B6-B9) touches the carrier (A1-A5) only at the corner A5/B6.
    expect_placement_rejected(g, 0, {"A1 right", "B6 right", "D1 right", "F1 right", "H1 right"},
                              "touching");
    g.place_ok(0, {"A1 right", "C6 right", "E1 right", "G1 right", "J1 right"});
}

TEST(ClassicRules, ShipsCannotMoveOnceTheGameHasBegun) {
    TestGame g = started();
    expect_placement_rejected(g, 0, {"F1 right", "G1 right", "H1 right", "I1 right", "J1 right"},
                              "already_placed");
    expect_placement_rejected(g, 1, kFleet0, "already_placed");
}

TEST(ClassicRules, AFleetCannotBePlacedTwiceBeforeTheGameBegins) {
    TestGame g;
    g.place_ok(0, kFleet0);
    expect_placement_rejected(g, 0, {"F1 right", "G1 right", "H1 right", "I1 right", "J1 right"},
                              "already_placed");
}

TEST(ClassicRules, ShotsStartOnlyOnceBothFleetsArePlaced) {
    TestGame g;
    g.place_ok(0, kFleet0);
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(0, {"J1"})), "wrong_phase");
    EXPECT_EQ(g.snapshot(), before);
    auto r = g.place(1, kFleet1);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 2U);
    EXPECT_EQ((*r)[1].content, (json{{"type", "firing_starts"}, {"first", 0}}));
}

// HOW TO PLAY

TEST(ClassicRules, PlayersAlternateTurns) {
    TestGame g = started();
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{0});
    g.fire_ok(0, {"J1"});
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{1});
    g.fire_ok(1, {"J1"});
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{0});
    // A hit does not earn another shot: the turn passes all the same.
    g.fire_ok(0, {"A6"});
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{1});
}

TEST(ClassicRules, ASeatCannotFireOutOfTurn) {
    TestGame g = started();
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(1, {"J1"})), "not_your_turn");
    EXPECT_EQ(g.snapshot(), before);
}

TEST(ClassicRules, OneShotPerTurn) {
    TestGame g = started();
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(0, {"J1", "J2"})), "wrong_shot_count");
    EXPECT_EQ(error_code(g.fire(0, {})), "wrong_shot_count");
    EXPECT_EQ(g.snapshot(), before);
    EXPECT_EQ(g.obs(0)["shots_due"], 1);
    EXPECT_EQ(g.game().legal_actions(0)["count"], 1);
    // The single-cell form is accepted too.
    auto r = g.act(0, {{"type", "fire"}, {"cell", "J1"}});
    EXPECT_TRUE(r.ok());
}

TEST(ClassicRules, CallYourShotByLetterAndNumber) {
    TestGame g = started();
    const json shots = g.fire_ok(0, {" j 10 "});
    ASSERT_EQ(shots.size(), 1U);
    EXPECT_EQ(shots[0]["cell"], "J10");
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(1, {"K1"})), "off_board");
    EXPECT_EQ(error_code(g.fire(1, {"10J"})), "bad_cell");
    EXPECT_EQ(error_code(g.fire(1, {""})), "bad_cell");
    EXPECT_EQ(g.snapshot(), before);
}

TEST(ClassicRules, FiringAtAnAlreadyFiredCellIsRejectedAndNoTurnIsLost) {
    TestGame g = started();
    g.fire_ok(0, {"J1"});
    g.fire_ok(1, {"J5"});
    const json before = g.snapshot();
    auto r = g.fire(0, {"J1"});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "cell_already_fired");
    EXPECT_NE(r.error().message.find("J1"), std::string::npos) << r.error().message;
    EXPECT_EQ(g.snapshot(), before);
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{0});  // still seat 0's turn
    g.fire_ok(0, {"J2"});
}

TEST(ClassicRules, TheOpponentTellsWhetherTheShotIsAHitOrAMiss) {
    TestGame g = started();
    EXPECT_EQ(g.fire_ok(0, {"J1"})[0]["result"], "miss");
    EXPECT_EQ(g.fire_ok(1, {"A1"})[0]["result"], "hit");
    EXPECT_EQ(g.fire_ok(0, {"A6"})[0]["result"], "hit");
    EXPECT_EQ(g.fire_ok(1, {"A6"})[0]["result"], "miss");  // seat 0 has no ship at A6
}

TEST(ClassicRules, AHitNamesTheShipThatWasHit) {
    TestGame g = started();
    const json shot = g.fire_ok(0, {"B8"})[0];
    EXPECT_EQ(shot["result"], "hit");
    EXPECT_EQ(shot["ship"], "Battleship");
    const json hits = g.obs(0)["targets"]["hits"];
    ASSERT_EQ(hits.size(), 1U);
    EXPECT_EQ(hits[0], (json{{"cell", "B8"}, {"ship", "Battleship"}}));
}

TEST(ClassicRules, AMissNamesNoShip) {
    TestGame g = started();
    EXPECT_FALSE(g.fire_ok(0, {"J1"})[0].contains("ship"));
}

TEST(ClassicRules, HitOnlyAnnouncementSaysOnlyHit) {
    TestGame g = started({{"first", 0}, {"announce", "hit-only"}});
    const json shot = g.fire_ok(0, {"B8"})[0];
    EXPECT_EQ(shot, (json{{"cell", "B8"}, {"result", "hit"}}));
    const json hits = g.obs(0)["targets"]["hits"];
    ASSERT_EQ(hits.size(), 1U);
    EXPECT_TRUE(hits[0]["ship"].is_null());
    // The owner still knows which of its own ships was hit.
    EXPECT_EQ(g.obs(1)["my_fleet"][1]["hits"], Cells{"B8"});
}

TEST(ClassicRules, AShipIsSunkWhenAllItsHolesAreHit) {
    TestGame g = started();
    EXPECT_EQ(g.fire_ok(0, {"E9"})[0]["result"], "hit");
    g.fire_ok(1, {"J1"});
    EXPECT_FALSE(g.obs(0)["enemy_fleet"][4]["sunk"].get<bool>());
    const json shot = g.fire_ok(0, {"E10"})[0];
    EXPECT_EQ(shot["result"], "sunk");
    EXPECT_EQ(shot["ship"], "Destroyer");  // the owner announces which ship was sunk
    const json enemy = g.obs(0)["enemy_fleet"][4];
    EXPECT_EQ(enemy["name"], "Destroyer");
    EXPECT_TRUE(enemy["sunk"].get<bool>());
    EXPECT_EQ(enemy["sunk_by"], "E10");
    EXPECT_TRUE(g.obs(1)["my_fleet"][4]["sunk"].get<bool>());
    for (int i = 0; i < 4; ++i) EXPECT_FALSE(g.obs(0)["enemy_fleet"][i]["sunk"].get<bool>());
}

TEST(ClassicRules, ASinkingIsAnnouncedEvenWithHitOnlyAnnouncements) {
    TestGame g = started({{"first", 0}, {"announce", "hit-only"}});
    const json first = g.fire_ok(0, {"E9"})[0];
    EXPECT_FALSE(first.contains("ship"));
    g.fire_ok(1, {"J1"});
    const json second = g.fire_ok(0, {"E10"})[0];
    EXPECT_EQ(second, (json{{"cell", "E10"}, {"result", "sunk"}, {"ship", "Destroyer"}}));
    // The target grid names the ship at the sinking shot only.
    const json hits = g.obs(0)["targets"]["hits"];
    ASSERT_EQ(hits.size(), 2U);
    EXPECT_TRUE(hits[0]["ship"].is_null());
    EXPECT_EQ(hits[1]["ship"], "Destroyer");
}

TEST(ClassicRules, MissesAreRecordedOnTheTargetGrid) {
    TestGame g = started();
    g.fire_ok(0, {"J1"});
    g.fire_ok(1, {"J2"});
    g.fire_ok(0, {"A6"});
    EXPECT_EQ(g.obs(0)["targets"]["misses"], Cells{"J1"});
    EXPECT_EQ(g.obs(1)["incoming"]["misses"], Cells{"J1"});
    EXPECT_EQ(g.obs(1)["incoming"]["hits"], Cells{"A6"});
    // A cell fired at is no longer offered.
    const json open = g.game().legal_actions(1)["cells"];
    EXPECT_EQ(std::count(open.begin(), open.end(), "J2"), 0);
    EXPECT_EQ(open.size(), 99U);
}

// Seat 1's ships' cells, in the order seat 0 fires them in the winning tests.
const Cells kFleet1Cells{"A6", "A7", "A8",  "A9", "A10", "B7",  "B8", "B9", "B10",
                         "C8", "C9", "C10", "D8", "D9",  "D10", "E9", "E10"};

TEST(ClassicRules, TheFirstToSinkTheEntireFleetWins) {
    TestGame g = started();
    int water = 0;
    for (std::size_t i = 0; i < kFleet1Cells.size(); ++i) {
        EXPECT_FALSE(g.game().is_over());
        g.fire_ok(0, {kFleet1Cells[i]});
        if (i + 1 < kFleet1Cells.size()) {
            // Seat 1 misses along rows F-J.
            const std::string cell = std::string(1, static_cast<char>('F' + water / 10)) +
                                     std::to_string(water % 10 + 1);
            ++water;
            g.fire_ok(1, {cell});
        }
    }
    EXPECT_TRUE(g.game().is_over());
    EXPECT_EQ(g.game().result()["winner"], 0);
    EXPECT_EQ(g.obs(1)["winner"], 0);
    EXPECT_EQ(g.obs(0)["phase"], "over");
    EXPECT_TRUE(g.game().seats_to_act().empty());
    EXPECT_EQ(error_code(g.fire(1, {"J10"})), "game_over");
    EXPECT_EQ(g.game().result()["shots"], (json{17, 16}));
}

TEST(ClassicRules, TheLastShotReportsGameOverWithTheWinner) {
    TestGame g = started({{"first", 1}});
    // Seat 1 moves first and sinks seat 0's fleet (rows A-E, columns 1-5) while seat 0 misses
    // along rows J and I.
    const Cells fleet0_cells{"A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4",
                             "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E2"};
    for (std::size_t i = 0; i < fleet0_cells.size(); ++i) {
        auto r = g.fire(1, {fleet0_cells[i]});
        ASSERT_TRUE(r.ok()) << r.error().message;
        if (i + 1 < fleet0_cells.size()) {
            ASSERT_EQ(r->size(), 1U);
            g.fire_ok(0, {std::string(i < 10 ? "J" : "I") + std::to_string(i % 10 + 1)});
        } else {
            ASSERT_EQ(r->size(), 2U);
            EXPECT_EQ((*r)[1].content, (json{{"type", "game_over"}, {"winner", 1}}));
            EXPECT_FALSE((*r)[1].audience.has_value());
        }
    }
    EXPECT_EQ(g.game().result()["winner"], 1);
}

// HOW TO PLAY SALVO

TEST(SalvoRules, OnYourTurnCallOutFiveDifferentShots) {
    TestGame g = started({{"first", 0}}, true);
    EXPECT_EQ(g.obs(0)["shots_due"], 5);
    EXPECT_EQ(g.game().legal_actions(0)["count"], 5);
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(0, {"J1"})), "wrong_shot_count");
    EXPECT_EQ(error_code(g.fire(0, {"J1", "J2", "J3", "J4"})), "wrong_shot_count");
    EXPECT_EQ(error_code(g.fire(0, {"J1", "J2", "J3", "J4", "J5", "J6"})), "wrong_shot_count");
    EXPECT_EQ(g.snapshot(), before);
    EXPECT_EQ(g.fire_ok(0, {"J1", "J2", "J3", "J4", "J5"}).size(), 5U);
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{1});  // a salvo is one turn
}

TEST(SalvoRules, TheFiveShotsMustBeDifferent) {
    TestGame g = started({{"first", 0}}, true);
    const json before = g.snapshot();
    auto r = g.fire(0, {"J1", "J2", "J1", "J4", "J5"});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "duplicate_shot");
    EXPECT_NE(r.error().message.find("J1"), std::string::npos);
    EXPECT_EQ(g.snapshot(), before);
}

TEST(SalvoRules, ARejectedSalvoLandsNoShotsAtAll) {
    TestGame g = started({{"first", 0}}, true);
    g.fire_ok(0, {"J1", "J2", "J3", "J4", "J5"});
    g.fire_ok(1, {"J1", "J2", "J3", "J4", "J5"});
    const json before = g.snapshot();
    // Four fresh cells, including two hits, and one already fired at: nothing lands.
    auto r = g.fire(0, {"A6", "B7", "J6", "J7", "J3"});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "cell_already_fired");
    EXPECT_EQ(g.snapshot(), before);
    EXPECT_TRUE(g.obs(0)["targets"]["hits"].empty());
    EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{0});
}

TEST(SalvoRules, TheReportSaysWhichShotsHitAndWhichShips) {
    TestGame g = started({{"first", 0}}, true);
    auto r = g.fire(0, {"J1", "A6", "C9", "J2", "E10"});
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 1U);  // one report for the whole salvo
    const json expected{{{"cell", "J1"}, {"result", "miss"}},
                        {{"cell", "A6"}, {"result", "hit"}, {"ship", "Carrier"}},
                        {{"cell", "C9"}, {"result", "hit"}, {"ship", "Cruiser"}},
                        {{"cell", "J2"}, {"result", "miss"}},
                        {{"cell", "E10"}, {"result", "hit"}, {"ship", "Destroyer"}}};
    EXPECT_EQ(r->front().content, (json{{"type", "shots"}, {"seat", 0}, {"shots", expected}}));
    EXPECT_FALSE(r->front().audience.has_value());  // both players hear it
}

TEST(SalvoRules, ShotsOfOneSalvoAreResolvedTogether) {
    // Both holes of the destroyer in one salvo: the second shot sinks it, within the same turn.
    TestGame g = started({{"first", 0}}, true);
    const json shots = g.fire_ok(0, {"E9", "E10", "J1", "J2", "J3"});
    EXPECT_EQ(shots[0]["result"], "hit");
    EXPECT_EQ(shots[1]["result"], "sunk");
    EXPECT_EQ(shots[1]["ship"], "Destroyer");
    EXPECT_TRUE(g.obs(1)["my_fleet"][4]["sunk"].get<bool>());
}

TEST(SalvoRules, YouLoseOneShotForEachOfYourShipsSunk) {
    TestGame g = started({{"first", 0}}, true);
    // Seat 0 sinks seat 1's destroyer and cruiser in one salvo.
    g.fire_ok(0, {"E9", "E10", "C8", "C9", "C10"});
    EXPECT_EQ(g.obs(1)["shots_due"], 3);
    EXPECT_EQ(g.game().legal_actions(1)["count"], 3);
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.fire(1, {"J1", "J2", "J3", "J4", "J5"})), "wrong_shot_count");
    EXPECT_EQ(g.snapshot(), before);
    g.fire_ok(1, {"J1", "J2", "J3"});
    EXPECT_EQ(g.obs(0)["shots_due"], 5);  // seat 0 has lost nothing
    g.fire_ok(0, {"D8", "D9", "D10", "J1", "J2"});
    EXPECT_EQ(g.obs(1)["shots_due"], 2);
}

TEST(SalvoRules, ASalvoNeverAsksForMoreShotsThanCellsLeft) {
    // 6x6 board, five one-hole ships each. Seat 0 sinks four of seat 1's ships at once, then
    // fires at water until only the last ship's cell is left: it still has five ships, but only
    // one cell to shoot at.
    const json fleet = json::parse(R"([{"name":"S1","length":1},{"name":"S2","length":1},
        {"name":"S3","length":1},{"name":"S4","length":1},{"name":"S5","length":1}])");
    TestGame g({{"rows", 6}, {"cols", 6}, {"fleet", fleet}, {"first", 0}}, true);
    g.place_ok(0, {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right"});
    g.place_ok(1, {"F6 right", "F5 right", "F4 right", "F3 right", "F2 right"});
    g.fire_ok(0, {"F5", "F4", "F3", "F2", "F1"});
    Cells water;  // seat 1's ocean, not yet fired at, without its last ship at F6
    for (char row = 'A'; row <= 'E'; ++row)
        for (int col = 1; col <= 6; ++col)
            water.push_back(std::string(1, row) + std::to_string(col));
    // Seat 0's ships are all in row A; seat 1 fires one shot a turn along rows B and C.
    int seat1_shot = 0;
    const auto seat1_target = [&seat1_shot] {
        const int n = seat1_shot++;
        return std::string(1, static_cast<char>('B' + n / 6)) + std::to_string(n % 6 + 1);
    };
    for (std::size_t i = 0; i < water.size(); i += 5) {
        EXPECT_EQ(g.obs(1)["shots_due"], 1);
        g.fire_ok(1, {seat1_target()});
        EXPECT_EQ(g.obs(0)["shots_due"], 5);
        g.fire_ok(0, Cells(water.begin() + static_cast<long>(i),
                           water.begin() + static_cast<long>(i) + 5));
    }
    g.fire_ok(1, {seat1_target()});
    EXPECT_EQ(g.obs(0)["shots_due"], 1);
    EXPECT_EQ(g.game().legal_actions(0)["count"], 1);
    EXPECT_EQ(g.game().legal_actions(0)["cells"], Cells{"F6"});
    EXPECT_EQ(error_code(g.fire(0, {"F6", "A1", "A2", "A3", "A4"})), "wrong_shot_count");
    EXPECT_EQ(error_code(g.fire(0, {"F6", "F6"})), "wrong_shot_count");
    const json last = g.fire_ok(0, {"F6"});
    EXPECT_EQ(last[0]["result"], "sunk");
    EXPECT_EQ(g.game().result()["winner"], 0);
}

TEST(SalvoRules, TheFirstToSinkTheEntireFleetWins) {
    TestGame g = started({{"first", 0}}, true);
    g.fire_ok(0, {"A6", "A7", "A8", "A9", "A10"});  // carrier sunk
    g.fire_ok(1, {"J1", "J2", "J3", "J4"});
    g.fire_ok(0, {"B7", "B8", "B9", "B10", "C8"});  // battleship sunk
    g.fire_ok(1, {"J5", "J6", "J7"});
    g.fire_ok(0, {"C9", "C10", "D8", "D9", "D10"});  // cruiser and submarine sunk
    g.fire_ok(1, {"J8"});
    g.fire_ok(0, {"E9", "J1", "J2", "J3", "J4"});
    EXPECT_FALSE(g.game().is_over());
    g.fire_ok(1, {"J9"});
    const json last = g.fire_ok(0, {"J5", "J6", "E10", "J7", "J8"});
    EXPECT_EQ(last[2]["result"], "sunk");
    EXPECT_TRUE(g.game().is_over());
    EXPECT_EQ(g.game().result()["winner"], 0);
    EXPECT_EQ(g.game().result()["turns"], 9);
    EXPECT_EQ(g.game().result()["shots"], (json{25, 9}));
}

// DECIDE WHO WILL GO FIRST

TEST(ClassicRules, FirstOptionZeroOrOneChoosesWhoGoesFirstWithoutDrawing) {
    for (int first : {0, 1}) {
        auto o = parse_options({{"first", first}}, false);
        ASSERT_TRUE(o.ok());
        Rng rng(99);
        const Rng untouched = rng;
        const State s = new_game(std::make_shared<const Options>(*o), rng);
        EXPECT_EQ(s.first, first);
        EXPECT_EQ(s.to_move, first);
        EXPECT_EQ(rng, untouched);  // no random draw was needed
    }
}

TEST(ClassicRules, FirstOptionRandomIsDrawnFromTheMatchGenerator) {
    auto o = parse_options({{"first", "random"}}, false);
    ASSERT_TRUE(o.ok());
    const auto options = std::make_shared<const Options>(*o);
    std::set<int> seen;
    for (std::uint64_t seed = 0; seed < 64; ++seed) {
        Rng rng(seed);
        Rng expected(seed);
        const auto drawn = static_cast<int>(expected.below(2));
        const State s = new_game(options, rng);
        EXPECT_EQ(s.first, drawn) << seed;
        EXPECT_EQ(rng, expected) << seed;  // exactly one draw
        seen.insert(s.first);
    }
    EXPECT_EQ(seen, (std::set<int>{0, 1}));
}

TEST(ClassicRules, TheFirstSeatIsTheOneToMoveWhenFiringStarts) {
    for (int first : {0, 1}) {
        TestGame g = started({{"first", first}});
        EXPECT_EQ(g.game().seats_to_act(), std::vector<int>{first});
        EXPECT_EQ(g.obs(0)["to_move"], first);
        EXPECT_EQ(g.game().reveal()["first"], first);
    }
}

// Malformed actions and seats.

TEST(ClassicRules, MalformedActionsAreRejectedWithACode) {
    TestGame g = started();
    const json before = g.snapshot();
    EXPECT_EQ(error_code(g.act(0, json::array())), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"cells", {"J1"}}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", 3}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "jump"}})), "unknown_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "fire"}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "fire"}, {"cells", "J1"}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "fire"}, {"cells", {1}}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "place"}})), "bad_action");
    EXPECT_EQ(error_code(g.act(0, {{"type", "place"}, {"ships", {1, 2}}})), "bad_action");
    EXPECT_EQ(error_code(g.act(2, {{"type", "fire"}, {"cells", {"J1"}}})), "bad_seat");
    EXPECT_EQ(error_code(g.act(-1, {{"type", "fire"}, {"cells", {"J1"}}})), "bad_seat");
    EXPECT_EQ(g.snapshot(), before);
}

// Options: the seed rules are the defaults; anything else is validated.

TEST(ClassicOptions, DefaultsAreTheSeedRules) {
    auto o = parse_options(json::object(), false);
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->board, (BoardSize{10, 10}));
    EXPECT_EQ(o->fleet, classic_fleet());
    EXPECT_FALSE(o->salvo);
    EXPECT_FALSE(o->no_touch);
    EXPECT_EQ(o->announce, Announce::kShip);
    EXPECT_EQ(o->first, FirstSeat::kRandom);
    auto null_options = parse_options(nullptr, true);
    ASSERT_TRUE(null_options.ok());
    EXPECT_TRUE(null_options->salvo);
}

TEST(ClassicOptions, NormalizedOptionsRoundTrip) {
    const json given{{"rows", 8},        {"cols", 12},
                     {"no_touch", true}, {"announce", "hit-only"},
                     {"first", 1},       {"fleet", {{{"name", "A"}, {"length", 3}}}}};
    auto o = parse_options(given, false);
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->board, (BoardSize{8, 12}));
    const json normalized = to_json(*o);
    for (const auto& [key, value] : given.items()) EXPECT_EQ(normalized[key], value) << key;
    auto again = parse_options(normalized, false);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *o);
}

TEST(ClassicOptions, UnknownOptionIsRejectedByName) {
    auto o = parse_options({{"rows", 10}, {"colour", "blue"}}, false);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code, "unknown_option");
    EXPECT_NE(o.error().message.find("\"colour\""), std::string::npos) << o.error().message;
}

TEST(ClassicOptions, RowsAndColsOutsideFiveToTwentySixAreBadOptions) {
    for (const json& bad :
         {json{{"rows", 4}}, json{{"rows", 27}}, json{{"cols", 0}}, json{{"cols", -10}},
          json{{"rows", "10"}}, json{{"rows", 10.5}}, json{{"rows", nullptr}}}) {
        auto o = parse_options(bad, false);
        ASSERT_FALSE(o.ok()) << bad.dump();
        EXPECT_EQ(o.error().code, "bad_option") << bad.dump();
        EXPECT_NE(o.error().message.find(bad.begin().key()), std::string::npos)
            << o.error().message;
    }
    EXPECT_TRUE(parse_options({{"rows", 26}, {"cols", 26}}, false).ok());
    EXPECT_TRUE(parse_options({{"rows", 5}, {"cols", 9}}, false).ok());
}

// `first` is 0, 1 or "random" (docs/rules/classic.md): a number that is not a whole one is
// refused like any other option's, not read as the seat it equals.
TEST(ClassicOptions, FirstIsAWholeSeatNumberOrRandom) {
    for (const json& bad : {json{{"first", 1.0}}, json{{"first", 0.0}}, json{{"first", 2}},
                            json{{"first", "0"}}, json{{"first", true}}}) {
        auto o = parse_options(bad, false);
        ASSERT_FALSE(o.ok()) << bad.dump();
        EXPECT_EQ(o.error().code, "bad_option") << bad.dump();
    }
    for (const json& good : {json{{"first", 0}}, json{{"first", 1}}, json{{"first", "random"}},
                             json::parse(R"({"first": 1})")}) {
        EXPECT_TRUE(parse_options(good, false).ok()) << good.dump();
    }
}

TEST(ClassicOptions, HugeNumbersDoNotWrapIntoRange) {
    // 2^32 + 10 must not be read as 10, nor 2^32 + 2 as a ship of length 2.
    for (const json& bad : {json{{"rows", 4294967306LL}}, json{{"cols", -4294967286LL}},
                            json{{"rows", 18446744073709551615ULL}},
                            json{{"fleet", {{{"name", "A"}, {"length", 4294967298LL}}}}},
                            json{{"fleet", {{{"name", "A"}, {"length", -4294967294LL}}}}}}) {
        auto o = parse_options(bad, false);
        ASSERT_FALSE(o.ok()) << bad.dump();
        EXPECT_EQ(o.error().code, "bad_option") << bad.dump();
    }
}

TEST(ClassicOptions, AFleetThatCannotBePlacedIsABadOption) {
    auto o = parse_options({{"rows", 5}, {"cols", 5}}, false);  // the classic fleet on 5x5
    ASSERT_TRUE(o.ok()) << o.error().message;                   // fits when touching
    auto nt = parse_options({{"rows", 5}, {"cols", 5}, {"no_touch", true}}, false);
    ASSERT_FALSE(nt.ok());
    EXPECT_EQ(nt.error().code, "bad_option");
    EXPECT_NE(nt.error().message.find("no_touch"), std::string::npos) << nt.error().message;
    auto too_long = parse_options(
        {{"rows", 6}, {"cols", 6}, {"fleet", {{{"name", "Long"}, {"length", 7}}}}}, false);
    ASSERT_FALSE(too_long.ok());
    EXPECT_EQ(too_long.error().code, "bad_option");
}

TEST(ClassicOptions, ShipNamesMustBeDifferent) {
    auto o = parse_options(
        {{"fleet", {{{"name", "Sub"}, {"length", 3}}, {{"name", "Sub"}, {"length", 2}}}}}, false);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code, "bad_option");
    EXPECT_NE(o.error().message.find("Sub"), std::string::npos) << o.error().message;
}

TEST(ClassicOptions, MalformedFleetsAreBadOptions) {
    for (const char* fleet :
         {R"([])", R"({})", R"("Carrier")", R"([{"name":"A"}])", R"([{"length":2}])",
          R"([{"name":"A","length":0}])", R"([{"name":"A","length":27}])",
          R"([{"name":"","length":2}])", R"([{"name":"A","length":2,"extra":1}])",
          R"([{"name":"A","length":"2"}])"}) {
        auto o = parse_options({{"fleet", json::parse(fleet)}}, false);
        ASSERT_FALSE(o.ok()) << fleet;
        EXPECT_EQ(o.error().code, "bad_option") << fleet;
    }
}

TEST(ClassicOptions, AFleetHasUpToTwentySixShipsNamedInOneToFortyCharacters) {
    auto fleet_of = [](int ships, const std::string& name_prefix) {
        json fleet = json::array();
        for (int i = 0; i < ships; ++i) {
            fleet.push_back({{"name", name_prefix + std::to_string(100 + i)}, {"length", 1}});
        }
        return json{{"fleet", fleet}};
    };
    EXPECT_TRUE(parse_options(fleet_of(26, "S"), false).ok());
    auto too_many = parse_options(fleet_of(27, "S"), false);
    ASSERT_FALSE(too_many.ok());
    EXPECT_EQ(too_many.error().code, "bad_option");
    EXPECT_NE(too_many.error().message.find("26"), std::string::npos);
    // A prefix of 37 letters and 3 digits make a 40-character name; 38 letters make 41.
    EXPECT_TRUE(parse_options(fleet_of(1, std::string(37, 'x')), false).ok());
    EXPECT_EQ(parse_options(fleet_of(1, std::string(38, 'x')), false).error().code, "bad_option");
}

TEST(ClassicRules, AFireWithBothCellAndCellsFiresAtCellAlone) {
    TestGame g = started();
    auto r = g.act(0, {{"type", "fire"}, {"cells", {"J1"}}, {"cell", "J2"}});
    ASSERT_TRUE(r.ok());
    const json shots = r->front().content["shots"];
    ASSERT_EQ(shots.size(), 1U);
    EXPECT_EQ(shots[0]["cell"], "J2");
}

TEST(ClassicOptions, OtherValuesAreCheckedToo) {
    for (const json& bad :
         {json{{"no_touch", "yes"}}, json{{"announce", "loud"}}, json{{"first", 2}},
          json{{"first", true}}, json{{"first", "second"}}, json::array(), json("classic")}) {
        auto o = parse_options(bad, false);
        ASSERT_FALSE(o.ok()) << bad.dump();
        EXPECT_EQ(o.error().code, "bad_option") << bad.dump();
    }
}

TEST(ClassicOptions, TheRegistryNormalizesWithDefaultsFilledIn) {
    auto n = classic_definition().normalize_options({{"rows", 8}});
    ASSERT_TRUE(n.ok());
    EXPECT_EQ((*n)["rows"], 8);
    EXPECT_EQ((*n)["cols"], 10);
    EXPECT_EQ((*n)["first"], "random");
    EXPECT_EQ((*n)["fleet"].size(), 5U);
    const json described = salvo_definition().describe_options();
    for (const char* key : {"rows", "cols", "fleet", "no_touch", "announce", "first"}) {
        EXPECT_TRUE(described.contains(key)) << key;
    }
}

}  // namespace
}  // namespace broadside::classic

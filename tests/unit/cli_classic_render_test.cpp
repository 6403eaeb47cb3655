// Drawing pieces of `play classic`: the torpedo's run, "(ship lost)" at every moment, a letter
// per ship, a captured ship gone from its old ocean.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/classic/play_render.h"

namespace broadside::cli {
namespace {

using nlohmann::json;

TEST(ClassicRender, ATorpedoRunIsTheWaterBeforeItStruck) {
    const BoardSize board{10, 10};
    const json hit = {{"type", "weapon"},  {"weapon", "torpedo"},
                      {"cell", "A1"},      {"heading", "down"},
                      {"outcome", "hits"}, {"shots", {{{"cell", "F1"}, {"result", "hit"}}}}};
    EXPECT_EQ(torpedo_run(hit, board), (std::vector<std::string>{"A1", "B1", "C1", "D1", "E1"}));
    const json miss = {{"type", "weapon"},  {"weapon", "torpedo"}, {"cell", "C10"},
                       {"heading", "left"}, {"outcome", "misses"}, {"shots", json::array()}};
    EXPECT_EQ(torpedo_run(miss, board).size(), 10U);
    EXPECT_EQ(torpedo_run(miss, board).back(), "C1");
    const json nuke = {{"type", "weapon"}, {"weapon", "nuke"}, {"cell", "C3"}};
    EXPECT_TRUE(torpedo_run(nuke, board).empty());
}

// My Submarine is gone (`mine_lost`) or the enemy's is (`enemy_lost`); the nuke needs no ship.
json weapons_obs(bool mine_lost, bool enemy_lost) {
    return {{"seat", 0},
            {"shots_due", 0},
            {"blast_pending", 2},
            {"prizes", {0, 0}},
            {"weapons",
             {{"torpedo",
               {{"mine", 1},
                {"enemy", 2},
                {"usable", false},
                {"ship_lost", {{"mine", mine_lost}, {"enemy", enemy_lost}}}}},
              {"nuke",
               {{"mine", 1},
                {"enemy", 1},
                {"usable", false},
                {"ship_lost", {{"mine", false}, {"enemy", false}}}}}}}};
}

std::string text(const Block& b) {
    std::string t;
    for (const auto& l : b.lines) t += l + "\n";
    return t;
}

// At every moment (here a blast to name, when nothing is usable), on both sides: a weapon whose
// ship is gone says so. The enemy's torpedo once read "torpedo 2" after a mishap sank their
// Submarine.
TEST(ClassicRender, ShipLostIsMarkedOnBothSidesAtEveryMoment) {
    const Style plain(false);
    const auto mine = text(weapons_status(weapons_obs(true, false), true, 40, plain));
    EXPECT_NE(mine.find("torpedo 1 (ship lost)"), std::string::npos) << mine;
    EXPECT_EQ(mine.find("nuke 1 (ship lost)"), std::string::npos) << mine;
    const auto enemy = text(weapons_status(weapons_obs(false, true), false, 40, plain));
    EXPECT_NE(enemy.find("torpedo 2 (ship lost)"), std::string::npos) << enemy;
    const auto afloat = text(weapons_status(weapons_obs(true, false), false, 40, plain));
    EXPECT_EQ(afloat.find("(ship lost)"), std::string::npos) << afloat;
}

TEST(ClassicRender, ACapturedShipIsNotDrawnOnItsOldOcean) {
    const json obs = {{"board", {{"rows", 10}, {"cols", 10}}},
                      {"incoming", {{"misses", json::array()}}},
                      {"my_fleet",
                       {{{"name", "Carrier"},
                         {"cells", {"A1", "A2", "A3", "A4", "A5"}},
                         {"hits", json::array()},
                         {"sunk", false}},
                        {{"name", "Destroyer"},
                         {"cells", {"C1", "C2"}},
                         {"hits", json::array()},
                         {"sunk", false},
                         {"captured", true}}}}};
    const Grid g = ocean_grid(obs);
    EXPECT_EQ(g.marks[0], Mark::kShip);
    EXPECT_EQ(g.letters[0], 'C');
    EXPECT_EQ(g.marks[20], Mark::kWater);  // C1: the Destroyer sails with the enemy now
    EXPECT_EQ(g.marks[21], Mark::kWater);
}

TEST(ClassicRender, ShipLettersTellTouchingShipsApart) {
    EXPECT_EQ(ship_letters(std::vector<std::string>{"Carrier", "Battleship", "Cruiser", "Submarine",
                                                    "Destroyer"}),
              (std::vector<char>{'C', 'B', 'R', 'S', 'D'}));
    EXPECT_EQ(ship_letters(std::vector<std::string>{"Boat", "Boat", "Boat"}),
              (std::vector<char>{'B', 'O', 'A'}));
}

// A wreck an Experimental mishap showed comes as named hits of a sunk ship that no shot sank
// (`sunk_by` null): drawn sunk where it lay (it once stayed '.').
TEST(ClassicRender, AMishapWreckIsDrawnSunkOnTheTargetGrid) {
    const json obs = {{"board", {{"rows", 10}, {"cols", 10}}},
                      {"targets",
                       {{"hits",
                         {{{"cell", "B6"}, {"ship", "Submarine"}},
                          {{"cell", "B7"}, {"ship", "Submarine"}},
                          {{"cell", "B8"}, {"ship", "Submarine"}}}},
                        {"misses", json::array()}}},
                      {"enemy_fleet",
                       {{{"name", "Submarine"},
                         {"length", 3},
                         {"sunk", true},
                         {"sunk_by", nullptr},
                         {"destroyed", true},
                         {"cells", {"B6", "B7", "B8"}}}}}};
    const Grid g = target_grid(obs);
    for (int col : {5, 6, 7}) EXPECT_EQ(g.marks[static_cast<std::size_t>(10 + col)], Mark::kSunk);
    EXPECT_EQ(g.marks[10 + 8], Mark::kWater);
}

}  // namespace
}  // namespace broadside::cli

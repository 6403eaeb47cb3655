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

json weapons_obs(int shots_due, int blast) {
    return {{"seat", 0},
            {"shots_due", shots_due},
            {"blast_pending", blast},
            {"prizes", {0, 0}},
            {"weapons",
             {{"torpedo", {{"mine", 1}, {"enemy", 1}, {"usable", false}}},
              {"nuke", {{"mine", 1}, {"enemy", 1}, {"usable", shots_due > 0 && blast == 0}}}}}};
}

std::string text(const Block& b) {
    std::string t;
    for (const auto& l : b.lines) t += l + "\n";
    return t;
}

TEST(ClassicRender, ShipLostStaysMarkedOnTheBlastScreen) {
    const Style plain(false);
    // My turn: the observation says the torpedo cannot be used (its Submarine is gone).
    const auto mine = lost_launchers(weapons_obs(1, 0));
    ASSERT_TRUE(mine.has_value());
    EXPECT_EQ(*mine, (std::set<std::string>{"torpedo"}));
    EXPECT_NE(
        text(weapons_status(weapons_obs(1, 0), true, 40, plain)).find("torpedo 1 (ship lost)"),
        std::string::npos);
    // Naming a blast, nothing is usable, so the observation cannot tell: what was known stays.
    EXPECT_FALSE(lost_launchers(weapons_obs(0, 2)).has_value());
    const auto blast = text(weapons_status(weapons_obs(0, 2), true, 40, plain, &*mine));
    EXPECT_NE(blast.find("torpedo 1 (ship lost)"), std::string::npos) << blast;
    EXPECT_EQ(blast.find("nuke 1 (ship lost)"), std::string::npos) << blast;
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

}  // namespace
}  // namespace broadside::cli

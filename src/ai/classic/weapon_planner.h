#pragma once
// Weighs the optional weapons (seed 002) against a plain turn for a shooter that knows, for
// every cell, the chance it holds an enemy ship segment not yet hit. Everything it reads is in
// the seat's Observation; the chances come from the bot.
#include <array>
#include <optional>
#include <vector>

#include "games/classic/codec.h"
#include "games/classic/observation.h"

namespace broadside::classic {

using CellScores = std::array<double, kMaxCells>;

// The expected number of new hits of each use, for the weapons the seat may use now.
struct WeaponChoice {
    Action action;
    double value = 0.0;  // expected new hits (SCUBA: segments removed, weighted; see .cpp)
};

// The best weapon use now, if it is worth more than `plain_value` (the expected hits of the
// plain turn the bot would otherwise take) by the planner's margin.
std::optional<WeaponChoice> plan_weapon(const Observation& obs, const CellScores& chance,
                                        double plain_value);

// A connected blast of exactly `size` cells for the Experimental Weapon, grown greedily from the
// most promising cell through edges and corners, preferring cells not yet fired at.
std::vector<Cell> plan_blast(const Observation& obs, const CellScores& chance, int size);

}  // namespace broadside::classic

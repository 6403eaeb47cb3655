#pragma once
// The turn rules of Ship, Captain and Crew as pure functions on dice faces: what a throw sets
// aside, and which crew re-throws a player may choose. Shared by the game, the solver and bots.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "games/crew/options.h"

namespace broadside::crew {

inline constexpr int kDice = 5;
inline constexpr int kThrowsPerTurn = 3;
inline constexpr int kMaxTurnScore = 12;

// How much of ship (6), captain (5) and mate (4) is held: 0 nothing, 1 ship, 2 ship and
// captain, 3 all three (the player then has a crew).
inline constexpr int kQualified = 3;
inline constexpr std::array<int, 3> kSetAsideFace{6, 5, 4};
std::string held_name(int index);  // 0 "ship", 1 "captain", 2 "mate"

struct SetAside {
    int held = 0;           // after the throw
    int newly = 0;          // how many of ship/captain/mate this throw set aside
    std::vector<int> rest;  // the dice not set aside, in thrown order
};

// One throw of the 5 - held dice not set aside: the ship, then the captain, then the mate are
// taken from it in that order (each only once the one before is held); extra 6s, 5s and 4s stay
// with the rest. When all three are held, `rest` is the crew (two dice).
SetAside set_aside(int held, std::span<const int> faces);

// A crew decision with throws left: stop, or re-throw some crew dice keeping the others.
struct CrewChoice {
    bool stop = false;
    std::vector<int> keep;  // faces kept (when not stopping); the other crew dice are re-thrown
    bool operator==(const CrewChoice&) const = default;
};

// Every distinct choice the house rule allows for this crew: stop first, then re-throw both,
// then keep one die (each distinct face once).
std::vector<CrewChoice> crew_choices(std::array<int, 2> crew, Reroll rule);

}  // namespace broadside::crew

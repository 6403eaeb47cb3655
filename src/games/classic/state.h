#pragma once
// The full state of a classic or Salvo game, secrets included. Only the rules and the observation
// builder read it; everything that leaves the engine goes through observe() (observation.h).
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/bitboard.h"
#include "games/classic/options.h"

namespace broadside::classic {

inline constexpr int kSeats = 2;
inline constexpr int kNoShip = -1;
inline constexpr int kMaxShips = 26;  // options validation allows at most 26 ships
// Ocean::sunk_at for a ship sunk whole by a weapon (SCUBA, a torpedo's bonus, a mishap) rather
// than by a shot on its last segment.
inline constexpr int kSunkWithoutShot = kMaxCells;

enum class Phase { kPlacement, kFiring, kOver };

// One seat's ocean: its fleet and the shots that have landed on it.
struct Ocean {
    bool placed = false;
    std::vector<Placement> layout;
    std::vector<Bitboard> ship_cells;
    std::array<std::int8_t, kMaxCells> ship_at{};  // ship index per cell, kNoShip for water
    // Fixed arrays rather than vectors: a game places two fleets, and two heap allocations per
    // fleet were a measurable share of a whole random game.
    std::array<int, kMaxShips> hits{};     // hits per ship (the first layout.size() are used)
    std::array<int, kMaxShips> sunk_at{};  // per ship: the cell index of the sinking shot, or -1
    int ships_afloat = 0;                  // on this ocean: neither sunk nor captured
    // The optional weapons (seed 002). A ship "destroyed" by SCUBA, a torpedo's bonus roll or an
    // Experimental mishap is sunk without every segment hit; its hits[] is pushed past its length
    // so that later shots at its wreck never sink it twice. A "captured" ship is away as the
    // enemy's prize: off this ocean (ship_at no longer shows it) until recaptured.
    std::array<bool, kMaxShips> destroyed{};
    std::array<bool, kMaxShips> captured{};
    std::array<bool, kMaxShips> revealed{};  // an Experimental mishap told the enemy where it was
    Bitboard shots;                          // cells the opponent has fired at
    int shots_count = 0;                     // shots.count(), kept to avoid recounting every turn
    Bitboard shot_hits;                      // the subset that hit a ship
};

struct State {
    std::shared_ptr<const Options> options;
    Phase phase = Phase::kPlacement;
    int first = 0;                          // the seat that fired first
    int to_move = 0;                        // meaningful in the firing phase
    int winner = -1;                        // set when the phase is kOver
    int turns = 0;                          // turns taken (a Salvo volley is one turn)
    std::array<int, kSeats> shots_fired{};  // per seat, every shot of every volley
    std::array<Ocean, kSeats> oceans;       // oceans[s] is seat s's own ocean

    // The optional weapons (seed 002).
    std::array<std::array<int, kWeaponKinds>, kSeats> weapons_used{};
    std::array<int, kSeats> prizes{};  // enemy ships each seat holds as prizes (SCUBA captures)
    int blast_pending = 0;  // an Experimental Weapon rolled: the blast size to_move must name
    std::array<int, kSeats> weapon_turns{};  // turns spent on weapons, per seat
};

// A seat is still in the game while it has a ship afloat on its ocean or holds a prize.
inline bool has_ships(const State& s, int seat) {
    return s.oceans[seat].ships_afloat + s.prizes[seat] > 0;
}

}  // namespace broadside::classic

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
    int ships_afloat = 0;
    Bitboard shots;       // cells the opponent has fired at
    int shots_count = 0;  // shots.count(), kept to avoid recounting every turn
    Bitboard shot_hits;   // the subset that hit a ship
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
};

}  // namespace broadside::classic

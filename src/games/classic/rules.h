#pragma once
// The rules of classic Battleship and Salvo (seed 001): pure functions of the state, the seat and
// the action. A rejected action returns an error and leaves the state exactly as it was.
#include <span>
#include <vector>

#include "core/rng.h"
#include "games/classic/state.h"

namespace broadside::classic {

enum class ShotOutcome { kMiss, kHit, kSunk };

struct ShotResult {
    Cell cell;
    ShotOutcome outcome = ShotOutcome::kMiss;
    int ship = kNoShip;  // the ship hit (always set for hits; announced per Options::announce)
};

// A new game. Draws the first seat from `rng` when the options say "random".
State new_game(std::shared_ptr<const Options> options, Rng& rng);

// Places one seat's whole fleet (one placement per ship, in fleet order). Firing starts once both
// seats have placed; a fleet cannot be moved after that (the seed: "Do not change the position of
// any ship once the game has begun").
Status place_fleet(State& state, int seat, const std::vector<Placement>& layout);

// How many shots `seat` must fire this turn: 1 in classic; in Salvo one per ship still afloat
// (the seed: "you lose one shot ... whenever any one of your ships has been sunk"), but never
// more than the cells not yet fired at.
inline int shots_due(const State& state, int seat) {
    const Options& o = *state.options;
    const int open_cells = o.board.cells() - state.oceans[1 - seat].shots_count;
    const int wanted = o.salvo ? state.oceans[seat].ships_afloat : 1;
    return wanted < open_cells ? wanted : open_cells;
}

// Fires one turn: a single shot, or a whole Salvo volley resolved together. Results are written
// to `results` in the order the cells were given.
Status fire(State& state, int seat, std::span<const Cell> cells, std::vector<ShotResult>& results);

}  // namespace broadside::classic

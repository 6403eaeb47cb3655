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
    // A prize counts as a ship afloat for the captor (issue 4's ruling on SCUBA captures).
    const int wanted = o.salvo ? state.oceans[seat].ships_afloat + state.prizes[seat] : 1;
    return wanted < open_cells ? wanted : open_cells;
}

namespace detail {

// The general turn: any number of shots, and every rejection. Out of line.
Status fire_turn(State& state, int seat, std::span<const Cell> cells,
                 std::vector<ShotResult>& results);

// Lands one validated shot on `target`.
inline ShotResult land_shot(const Options& o, Ocean& target, Cell c, int index) {
    target.shots.set(index);
    ++target.shots_count;
    ShotResult r{c, ShotOutcome::kMiss, target.ship_at[index]};
    if (r.ship != kNoShip) {
        target.shot_hits.set(index);
        r.outcome = ShotOutcome::kHit;
        if (++target.hits[r.ship] == o.fleet[r.ship].length) {
            r.outcome = ShotOutcome::kSunk;
            target.sunk_at[r.ship] = index;
            --target.ships_afloat;
        }
    }
    return r;
}

// Hands the turn on with weapons in play: a seat with nothing it can do is skipped, and the game
// is drawn if neither seat can act (only possible when both hold prizes; docs/rules/weapons.md).
void pass_turn_with_weapons(State& state, int seat);

// Ends a turn of `shots` shots that all landed on `target`.
inline void end_turn(State& state, int seat, const Ocean& target, int shots) {
    state.shots_fired[seat] += shots;
    ++state.turns;
    if (target.ships_afloat == 0 && state.prizes[1 - seat] == 0) {
        state.phase = Phase::kOver;
        state.winner = seat;
    } else if (state.options->weapons == 0) {
        state.to_move = 1 - seat;
    } else {
        pass_turn_with_weapons(state, seat);
    }
}

}  // namespace detail

// Fires one turn: a single shot, or a whole Salvo volley resolved together. Results are written
// to `results` in the order the cells were given.
inline Status fire(State& state, int seat, std::span<const Cell> cells,
                   std::vector<ShotResult>& results) {
    // A legal single shot (every classic turn) is resolved inline: it is most of the work of a
    // whole game. Anything else, errors included, takes the general path, which checks again.
    if (cells.size() == 1 && state.phase == Phase::kFiring && seat == state.to_move &&
        static_cast<unsigned>(seat) < kSeats && state.blast_pending == 0 &&
        shots_due(state, seat) == 1) {
        const Options& o = *state.options;
        const Cell c = cells[0];
        Ocean& target = state.oceans[1 - seat];
        if (on_board(c, o.board)) {
            const int index = cell_index(c, o.board);
            if (!target.shots.test(index)) {
                results.clear();
                results.push_back(detail::land_shot(o, target, c, index));
                detail::end_turn(state, seat, target, 1);
                return Status::ok_status();
            }
        }
    }
    return detail::fire_turn(state, seat, cells, results);
}

}  // namespace broadside::classic

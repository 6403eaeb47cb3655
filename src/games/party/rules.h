#pragma once
// The rules of the party game as pure functions of (state, action, drawn cell). Randomness enters
// only through draw_torpedo, which takes the match's generator.
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "games/party/state.h"

namespace broadside::party {

State new_game(const Options& options);

// A player's secret fleet; once every player has placed, the torpedoes may be fired.
// Errors: bad_seat, wrong_phase, already_placed, off_board, overlap.
Status place_fleet(State& s, int player, const Layout& layout);

// The next torpedo: uniform among the cells not yet fired (drawn without replacement).
// Precondition: phase is kFiring or kTiebreak.
int draw_torpedo(const State& s, Rng& rng);

// What a torpedo did, for the event.
struct TorpedoReport {
    int number = 0;  // 1-30 for the torpedoes, 1-6 for the super torpedoes
    bool super = false;
    int cell = 0;
    int misses = 0, hits = 0, sinkings = 0;  // regular torpedoes: counts over all players
    std::vector<int> eliminated;             // super torpedoes: players eliminated by it
    bool counted = false;                    // this was the 30th: the count has been made
};

// Fires the torpedo on `cell` (the host's draw). A regular torpedo marks every fleet and leaves
// each player's outcome in s.last; the 30th ends with the count. A super torpedo eliminates the
// tied players it hits. Errors: wrong_phase, off_board, cell_already_fired.
Status fire_torpedo(State& s, int cell, TorpedoReport& report);

// Ships of player p that are afloat, sunk, or destroyed by a super torpedo.
bool ship_sunk(const State& s, int player, int ship);  // every cell hit by the 30 torpedoes
bool ship_destroyed_by_super(const State& s, int player, int ship);

}  // namespace broadside::party

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

// Open seating: `count` more players (seats players+1 ...) before the first torpedo.
// Errors: wrong_phase, too_many_players.
Status seat_players(State& s, int count);

// The host takes a player out (a no-show, a troublemaker): their fleet no longer counts and they
// cannot win. Errors: bad_seat, already_removed, game_over.
Status remove_player(State& s, int player);

// Open seating: the host ends placement. Every player who has not placed gets `layout_for(p)`
// (a random fleet from the match's generator); firing starts. Errors: wrong_phase, no_players.
template <class LayoutFor>
Status start_firing(State& s, LayoutFor&& layout_for);

// A uniformly random legal fleet.
Layout random_layout(Rng& rng);

// Players placed and not removed.
inline int active_players(const State& s) {
    int n = 0;
    for (int c : s.afloat_counts) n += c;
    return n;
}

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

template <class LayoutFor>
Status start_firing(State& s, LayoutFor&& layout_for) {
    if (s.options.seating != Seating::kOpen || s.phase != Phase::kPlacement) {
        return make_error("wrong_phase", "Firing has already started.");
    }
    if (s.players - s.removed_count == 0) {
        return make_error("no_players", "Nobody is playing yet: wait for players to join.");
    }
    for (int p = 0; p < s.players; ++p) {
        const auto i = static_cast<std::size_t>(p);
        if (s.placed[i] || s.removed[i]) continue;
        if (auto st = place_fleet(s, p, layout_for(p)); !st) return st;
    }
    s.phase = Phase::kFiring;
    return Status::ok_status();
}

}  // namespace broadside::party

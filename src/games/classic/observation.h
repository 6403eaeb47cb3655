#pragma once
// What one seat may know: the only window onto the state that bots, the terminal and the
// protocol get. It exposes the seat's own fleet and, of the enemy fleet, only what the rules
// announce: which shots hit, the ship named by each hit (when announced), and sinkings.
#include <vector>

#include <nlohmann/json.hpp>

#include "games/classic/rules.h"
#include "games/classic/state.h"

namespace broadside::classic {

class Observation {
public:
    Observation(const State& state, int seat) : s_(&state), seat_(seat) {}

    int seat() const { return seat_; }
    const Options& options() const { return *s_->options; }
    BoardSize board() const { return s_->options->board; }
    const std::vector<ShipSpec>& fleet() const { return s_->options->fleet; }
    Phase phase() const { return s_->phase; }
    int to_move() const { return s_->to_move; }
    int winner() const { return s_->winner; }
    bool my_turn() const { return s_->phase == Phase::kFiring && s_->to_move == seat_; }
    // This seat's shots this turn (0 when it is not its turn).
    int shots_due() const { return my_turn() ? classic::shots_due(*s_, seat_) : 0; }

    // My own ocean.
    bool placed() const { return mine().placed; }
    const std::vector<Placement>& my_layout() const { return mine().layout; }
    const Bitboard& my_ship_cells(int ship) const { return mine().ship_cells[ship]; }
    const Bitboard& incoming() const { return mine().shots; }
    const Bitboard& incoming_hits() const { return mine().shot_hits; }
    bool my_ship_sunk(int ship) const { return mine().sunk_at[ship] >= 0; }
    int my_ships_afloat() const { return mine().ships_afloat; }

    // My target grid: what I have learnt about the enemy's ocean.
    const Bitboard& fired() const { return theirs().shots; }
    const Bitboard& hits() const { return theirs().shot_hits; }
    Bitboard misses() const { return theirs().shots.without(theirs().shot_hits); }
    // The ship a hit on `cell_index` was announced as, or kNoShip if it was not named.
    int hit_label(int cell_index) const;
    bool enemy_ship_sunk(int ship) const { return theirs().placed && theirs().sunk_at[ship] >= 0; }
    // The cell of the shot that sank an enemy ship, or -1.
    int enemy_sunk_at(int ship) const {
        return theirs().placed && theirs().sunk_at[ship] < kSunkWithoutShot ? theirs().sunk_at[ship]
                                                                            : -1;
    }
    int enemy_ships_afloat() const;

    // The optional weapons (seed 002). All of this is public.
    int weapon_uses_left(Weapon w, int seat) const;
    int weapon_uses_left(Weapon w) const { return weapon_uses_left(w, seat_); }
    // Whether the seat's Submarine (torpedo) or Carrier (bomber) is gone: public.
    bool launcher_lost(Weapon w, int seat) const;
    // Whether I may use `w` now (my turn, uses left, my Submarine/Carrier afloat).
    bool can_use(Weapon w) const;
    int blast_pending() const { return my_turn() ? s_->blast_pending : 0; }
    // An enemy ship sunk whole by a weapon: its unhit cells were never revealed.
    bool enemy_ship_destroyed(int ship) const {
        return theirs().placed && theirs().destroyed[ship];
    }
    // An enemy ship I hold as a prize, and my ships the enemy holds.
    bool enemy_ship_captured(int ship) const { return theirs().placed && theirs().captured[ship]; }
    bool my_ship_captured(int ship) const { return mine().captured[ship]; }
    // An enemy ship whose cells an Experimental mishap revealed.
    bool enemy_ship_revealed(int ship) const { return theirs().placed && theirs().revealed[ship]; }
    Bitboard enemy_ship_cells_revealed(int ship) const;  // empty unless revealed
    int prizes(int seat) const { return s_->prizes[seat]; }

private:
    const Ocean& mine() const { return s_->oceans[seat_]; }
    const Ocean& theirs() const { return s_->oceans[1 - seat_]; }
    const State* s_;
    int seat_;
};

inline Observation observe(const State& state, int seat) {
    return Observation(state, seat);
}

nlohmann::json to_json(const Observation& obs);
std::string phase_name(Phase phase);

}  // namespace broadside::classic

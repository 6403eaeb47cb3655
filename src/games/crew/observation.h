#pragma once
// What one seat may know. Ship, Captain and Crew has no secrets (every die is thrown in the
// open), but bots, the terminal and the protocol still read the game only through this window.
#include <nlohmann/json.hpp>

#include "games/crew/rules.h"
#include "games/crew/state.h"

namespace broadside::crew {

class Observation {
public:
    Observation(const State& state, int seat) : s_(&state), seat_(seat) {}

    int seat() const { return seat_; }
    const Options& options() const { return s_->options; }
    int players() const { return s_->options.players; }
    bool over() const { return s_->phase == Phase::kOver; }
    int winner() const { return s_->winner; }
    int to_move() const { return s_->to_move(); }
    bool my_turn() const { return !over() && s_->to_move() == seat_; }
    int first() const { return s_->first; }
    const std::vector<OrderRoll>& order_rolls() const { return s_->order_rolls; }

    const Turn& turn() const { return s_->turn; }
    int throws_left() const { return kThrowsPerTurn - s_->turn.throws; }
    // The choices open to the player to move (empty before the crew is held: throw is the only
    // move then).
    std::vector<CrewChoice> crew_choices() const;

    const std::vector<int>& totals() const { return s_->totals; }
    const std::vector<RoundRecord>& tally() const { return s_->rounds; }
    const RoundRecord& round() const { return s_->round(); }
    int turn_index() const { return s_->turn_index; }
    bool target_reached() const { return s_->target_reached; }
    int pot() const { return crew::pot(*s_); }

private:
    const State* s_;
    int seat_;
};

inline Observation observe(const State& state, int seat) {
    return Observation(state, seat);
}

nlohmann::json to_json(const Observation& obs);
nlohmann::json tally_json(const RoundRecord& r);
// Held ship/captain/mate as names: ["ship", "captain"].
nlohmann::json held_json(int held);

}  // namespace broadside::crew

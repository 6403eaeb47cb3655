#pragma once
// What one seat may know: the only window onto the state that bots, the terminal and the
// protocol get. Its own cards (and discards) and which of their coordinates are hit; the public
// board (misses, one or two hit pegs, sunk pegs, sonar marks and who pinged); every player's
// claimed cards, bonuses, eliminations and rolls. Never another player's unsunk cards or
// anyone else's discards before the game ends.
#include <vector>

#include <nlohmann/json.hpp>

#include "games/royale/rules.h"
#include "games/royale/state.h"

namespace broadside::royale {

class Observation {
public:
    Observation(const State& state, int seat) : s_(&state), seat_(seat) {}

    int seat() const { return seat_; }
    const Options& options() const { return *s_->options; }
    const Deck& deck() const { return s_->deck(); }
    bool advanced() const { return s_->advanced(); }
    int players() const { return s_->seat_count(); }
    Phase phase() const { return s_->phase; }
    int to_move() const { return s_->to_move; }
    bool my_turn() const {
        return (s_->phase == Phase::kTurnStart || s_->phase == Phase::kShooting) &&
               s_->to_move == seat_;
    }
    int turn() const { return s_->turn; }
    int first() const { return s_->first; }
    int roll() const { return s_->roll; }
    int shots_left() const { return s_->shots_left; }
    bool fresh_sonar() const { return s_->fresh_sonars > 0; }

    // Mine.
    const std::vector<int>& dealt() const { return me().dealt; }
    const std::vector<int>& kept() const { return me().kept; }
    const std::vector<int>& discarded() const { return me().discarded; }
    bool has_discarded() const { return me().has_discarded; }
    int my_submarine() const { return me().submarine; }
    bool may_sonar_now() const { return royale::may_sonar_now(*s_, seat_); }

    // Public.
    const Bitboard& shot() const { return s_->shot; }
    Bitboard open() const { return open_cells(*s_); }
    // Hit pegs on a coordinate (0: a miss or not shot; 2: a Ship and a Submarine both hit).
    int hit_pegs(int cell) const;
    // A Sunk peg shows only when every card on the coordinate is sunk.
    bool sunk_peg(int cell) const;
    bool card_sunk(int card) const { return s_->sunk_by[card] >= 0; }
    // The holder of a card, when this seat may know it (its own, or a sunk card), else -1.
    int known_holder(int card) const;
    bool eliminated(int seat) const { return s_->players[seat].eliminated; }
    bool has_discarded(int seat) const { return s_->players[seat].has_discarded; }
    int cards_kept(int seat) const { return static_cast<int>(s_->players[seat].kept.size()); }
    int cards_afloat(int seat) const { return royale::cards_afloat(*s_, seat); }
    const std::vector<Claim>& claimed(int seat) const { return s_->players[seat].claimed; }
    int bonus_shots(int seat) const { return royale::bonus_shots(*s_, seat); }
    int bonus_sonars(int seat) const { return royale::bonus_sonars(*s_, seat); }
    bool own_sonar_available(int seat) const { return can_use_own_sonar(*s_, seat); }
    const std::vector<SonarMark>& sonar() const { return s_->sonar; }
    const std::vector<Roll>& rolls() const { return s_->rolls; }
    const std::vector<int>& elimination_order() const { return s_->elimination_order; }
    const std::vector<int>& winners() const { return s_->winners; }
    int shots_fired(int seat) const { return s_->shots_fired[seat]; }

private:
    const Player& me() const { return s_->players[seat_]; }
    const State* s_;
    int seat_;
};

inline Observation observe(const State& state, int seat) {
    return Observation(state, seat);
}

nlohmann::json to_json(const Observation& obs);
// The legal actions of the observation's seat, in the compact form of docs/protocol.md.
nlohmann::json legal_json(const Observation& obs);
std::string phase_name(Phase phase);

}  // namespace broadside::royale

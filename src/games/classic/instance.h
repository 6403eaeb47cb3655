#pragma once
// Classic and Salvo behind the match layer's GameInstance interface.
#include "games/classic/codec.h"
#include "games/classic/observation.h"
#include "games/game.h"

namespace broadside::classic {

class ClassicGame final : public GameInstance {
public:
    explicit ClassicGame(State state) : state_(std::move(state)) {}

    int seat_count() const override { return kSeats; }
    std::vector<int> seats_to_act() const override;
    bool is_over() const override { return state_.phase == Phase::kOver; }
    Result<std::vector<GameEvent>> act(int seat, const json& action, Rng& rng) override;
    json observation(int seat) const override { return to_json(observe(state_, seat)); }
    json public_observation() const override;
    json legal_actions(int seat) const override;
    json result() const override;
    json reveal() const override;

    // Typed access for built-in bots: an observation, never the state.
    Observation observe_seat(int seat) const { return observe(state_, seat); }
    // What reveal() shows, typed, for built-in bots that learn over a series: a seat's layout
    // once the game is over (empty before), and the cells a seat fired at (shots and blasts),
    // in order (public from the moment they were fired).
    std::vector<Placement> revealed_layout(int seat) const;
    const std::vector<Cell>& shots_in_order(int seat) const { return shot_order_[seat]; }

private:
    State state_;
    std::vector<ShotResult> results_;  // reused between turns
    std::array<std::vector<Cell>, kSeats> shot_order_;
};

GameDefinition classic_definition();
GameDefinition salvo_definition();

}  // namespace broadside::classic

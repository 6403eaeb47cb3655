#pragma once
// Battleship Royale behind the match layer's GameInstance interface.
#include "games/game.h"
#include "games/royale/codec.h"
#include "games/royale/observation.h"

namespace broadside::royale {

class RoyaleGame final : public GameInstance {
public:
    explicit RoyaleGame(State state) : state_(std::move(state)) {}

    int seat_count() const override { return state_.seat_count(); }
    std::vector<int> seats_to_act() const override { return royale::seats_to_act(state_); }
    bool is_over() const override { return state_.phase == Phase::kOver; }
    Result<std::vector<GameEvent>> act(int seat, const json& action, Rng& rng) override;
    std::vector<GameEvent> opening_events() const override;
    json observation(int seat) const override { return to_json(observe(state_, seat)); }
    json public_observation() const override;
    json legal_actions(int seat) const override { return legal_json(observe(state_, seat)); }
    json result() const override;
    json reveal() const override;

    // Typed access for built-in bots: an observation, never the state.
    Observation observe_seat(int seat) const { return observe(state_, seat); }

private:
    State state_;
};

GameDefinition royale_definition();

}  // namespace broadside::royale

#pragma once
// Ship, Captain and Crew behind the match layer's GameInstance interface.
#include "games/crew/codec.h"
#include "games/crew/observation.h"
#include "games/game.h"

namespace broadside::crew {

class CrewGame final : public GameInstance {
public:
    explicit CrewGame(State state) : state_(std::move(state)) {}

    int seat_count() const override { return state_.options.players; }
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

private:
    State state_;
};

// The events one applied action produced (shared with the typed simulation's records).
std::vector<GameEvent> progress_events(const State& after, const Progress& p, int held_before);

GameDefinition crew_definition();

}  // namespace broadside::crew

#pragma once
// The party game behind the match layer's GameInstance interface. Seat 0 is the host; seats 1 to
// `players` are the players.
#include <string>

#include "games/game.h"
#include "games/party/rules.h"

namespace broadside::party {

class PartyGame final : public GameInstance {
public:
    explicit PartyGame(State state) : state_(std::move(state)) {}

    int seat_count() const override { return state_.players + 1; }
    std::vector<int> seats_to_act() const override;
    bool is_over() const override { return state_.phase == Phase::kOver; }
    Result<std::vector<GameEvent>> act(int seat, const json& action, Rng& rng) override;
    json observation(int seat) const override;
    json legal_actions(int seat) const override;
    json result() const override;
    json reveal() const override;

    // Typed read access for the bench and the terminal (never handed to bots).
    const State& state() const { return state_; }

private:
    // Fires one torpedo drawn from `rng` and appends its events.
    void fire_one(Rng& rng, std::vector<GameEvent>& events);
    void firing_starts(int random_fleets, std::vector<GameEvent>& events) const;

    State state_;
};

GameDefinition party_definition();

}  // namespace broadside::party

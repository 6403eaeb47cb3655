#pragma once
// The rules of Ship, Captain and Crew (seed 003) as pure functions of (state, action, dice).
// All randomness comes from the Rng passed in.
#include <array>
#include <optional>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "games/crew/state.h"
#include "games/crew/turn.h"

namespace broadside::crew {

// The order of play: every seat rolls the five dice, the lowest total goes first, and tied
// lowest seats roll again until one is lowest. One player needs no throw-off.
State new_game(const Options& options, Rng& rng);

// The seat order of a full round starting with `first`.
std::vector<int> seat_order(int first, int players);

// What an action set in motion, for events and displays.
struct Progress {
    bool turn_over = false;
    int seat = -1;       // who acted
    int turn_score = 0;  // when turn_over
    bool qualified = false;
    bool round_over = false;
    bool playoff_starts = false;
    bool game_over = false;
    SetAside throw_result;      // for a throw before the crew was held
    std::vector<int> thrown;    // the faces thrown
    int throw_number = 0;       // 1..3 when dice were thrown
    int held = 0;               // after the throw
    std::array<int, 2> crew{};  // after the throw, when held == 3
    std::vector<int> kept;      // crew faces kept back from the throw
};

// A throw: before 6-5-4 every die not set aside is thrown (`keep` must be empty); after it, the
// crew dice not in `keep` are thrown again. The dice come from `rng`.
Status throw_dice(State& s, int seat, const std::vector<int>& keep, Rng& rng, Progress& out);
// The same with the faces given (for tests and the solver's cross-checks).
Status throw_given(State& s, int seat, const std::vector<int>& keep, const std::vector<int>& faces,
                   Progress& out);
// Ends the turn with the crew as it stands.
Status stop(State& s, int seat, Progress& out);

// How many dice a throw with `keep` would throw now (0 if it is not a legal throw).
int dice_to_throw(const State& s, const std::vector<int>& keep);

int pot(const State& s);
// Per seat, what each takes from the pot at the end (winner: the pot; others: 0).
std::vector<int> payouts(const State& s);

}  // namespace broadside::crew

#pragma once
// Any action of a classic or Salvo game through the typed rules API, for simulations and bots
// that hold an Action rather than JSON.
#include <vector>

#include "games/classic/codec.h"

namespace broadside::classic {

struct TurnOutcome {
    std::vector<ShotResult> shots;  // fire and blast
    WeaponReport weapon;            // weapon uses
};

Status apply_action(State& state, int seat, const Action& action, DieRoller& dice,
                    TurnOutcome& out);

}  // namespace broadside::classic

#include "games/classic/turn.h"

namespace broadside::classic {

Status apply_action(State& state, int seat, const Action& action, DieRoller& dice,
                    TurnOutcome& out) {
    if (const auto* place = std::get_if<PlaceAction>(&action)) {
        return place_fleet(state, seat, place->layout);
    }
    if (const auto* fire_action = std::get_if<FireAction>(&action)) {
        return fire(state, seat, fire_action->cells, out.shots);
    }
    if (const auto* blast = std::get_if<BlastAction>(&action)) {
        return fire_blast(state, seat, blast->cells, out.shots);
    }
    return use_weapon(state, seat, std::get<WeaponAction>(action).order, dice, out.weapon);
}

}  // namespace broadside::classic

#pragma once
// The rules of Battleship Royale (seed 000, issue 5): pure functions of (state, seat, action,
// draws from the match's Rng). See docs/rules/royale.md for every ruling.
#include <variant>
#include <vector>

#include "games/game.h"
#include "games/royale/state.h"

namespace broadside::royale {

struct DiscardAction {
    std::vector<int> cards;  // deck indices
};
struct RollAction {};
struct SonarAction {
    Line line;
    std::optional<SonarSource> source;  // default: own sonar if usable, else a bonus sonar
};
// The die shots: Standard one coordinate at a time; Advanced all of them at once.
struct FireAction {
    std::vector<Cell> cells;
};
// Bonus shots from a claimed card: Standard one coordinate; Advanced the card's whole volley.
struct BonusAction {
    int card = -1;  // deck index; -1: the first claimed card with bonus shots left
    std::vector<Cell> cells;
};
struct EndAction {};
using Action =
    std::variant<DiscardAction, RollAction, SonarAction, FireAction, BonusAction, EndAction>;

// Shuffles and deals (Advanced: a Submarine card to each, then ship cards) and draws the
// starting seat if it is random.
State new_game(std::shared_ptr<const Options> options, Rng& rng);
// A game with a given deal (deck indices per seat, the Submarine card first in Advanced), for
// tests and for the seed's worked examples.
State new_game_with_deal(std::shared_ptr<const Options> options,
                         std::vector<std::vector<int>> dealt, int first);

// Applies an action; on error the state is unchanged. When `events` is given, the events of
// the action are appended (with audiences), as the match layer logs them.
Status apply(State& state, int seat, const Action& action, Rng& rng,
             std::vector<GameEvent>* events = nullptr);

// Seats that may act now.
std::vector<int> seats_to_act(const State& state);

// Coordinates nobody has shot at.
inline Bitboard open_cells(const State& s) {
    return Bitboard::all(kBoard).without(s.shot);
}
// Whether `seat` may use sonar now, and from which source.
bool can_use_own_sonar(const State& s, int seat);
int bonus_sonars(const State& s, int seat);
bool may_sonar_now(const State& s, int seat);
// Bonus shots banked by `seat` (Standard: one per unused claimed card).
int bonus_shots(const State& s, int seat);
bool card_sunk(const State& s, int card);
bool card_in_play(const State& s, int card);
int cards_afloat(const State& s, int seat);
int players_left(const State& s);

}  // namespace broadside::royale

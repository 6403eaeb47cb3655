#pragma once
// A finished game seen again move by move, as one seat saw it: what the browser's replay page
// (docs/web.md, "Replays") draws with the same views as a live game. Pure: a record in, every
// step's observation and events out.
#include "games/game.h"

namespace broadside {

// The record is first replayed and checked (`replay`: a record that does not replay exactly is
// refused with its error). Then, for `seat` (-1: the public view a spectator has):
//   {"game", "options", "seats": N, "seat", "over", "result" (null unless over),
//    "start": {"observation", "events"},            before the first action
//    "steps": [{"seat": S, "observation", "events"}]}  after each action: who acted, the
//                                                      observation, the events it added
// Events are numbered and redacted exactly as the seat received them live (docs/protocol.md),
// so the record's end reveal is not in any step: the caller shows it at the end if it wants.
Result<json> replay_view(const json& record, int seat);

}  // namespace broadside

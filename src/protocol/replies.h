#pragma once
// The replies both `broadside engine` and a server room give about a match (docs/protocol.md and
// docs/server.md): `observation`, `legal`, `events` and `acted`, built here so that their shape
// cannot drift between the two. Each path adds what is its own: the engine names the `match`;
// a room answers with the client's `action_id`, compact `to_act` lists in rooms of thousands and
// `to_act_count`.
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "match/match.h"

namespace broadside::protocol {

// {"type": "observation", "seat", "observation", "legal" (null for the public view, seat -1),
// "to_act", "over", "last_event"}. `legal` is moved in: a classic list is a hundred strings.
nlohmann::json observation_reply(const Match& match, int seat, nlohmann::json legal,
                                 nlohmann::json to_act);
// {"type": "legal", "seat", "legal", "to_act"}.
nlohmann::json legal_reply(int seat, nlohmann::json legal, nlohmann::json to_act);
// {"type": "events", "events", "last_event"}: what `seat` may see of the events after `after`.
nlohmann::json events_reply(const Match& match, int seat, std::int64_t after);
// {"type": "acted", "seat", "events", "to_act", "over"}, and "result" once the game is over.
nlohmann::json acted_reply(const Match& match, int seat, std::vector<nlohmann::json> events,
                           nlohmann::json to_act, bool over);

}  // namespace broadside::protocol

#pragma once
// JSON forms of party actions and of the public record of torpedoes (docs/protocol.md).
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "games/party/rules.h"

namespace broadside::party {

struct PlaceAction {
    Layout layout;
};
struct FireAction {};
struct SeatPlayersAction {  // open seating, the host: more players joined
    int count = 1;
};
struct RemoveAction {  // the host takes a player out
    int seat = 0;
};
using Action = std::variant<PlaceAction, FireAction, SeatPlayersAction, RemoveAction>;

// {"type": "place", "ships": ["A1 right", ...six, in fleet order]}, {"type": "fire"}, and for
// the host {"type": "seat_players", "count": N} and {"type": "remove", "seat": S}.
Result<Action> parse_action(const nlohmann::json& j);

// The seat's name for a player's outcome: 'm', 'h', 's' (the event's results string).
inline char outcome_letter(Outcome o) {
    return o == Outcome::kMiss ? 'm' : (o == Outcome::kHit ? 'h' : 's');
}
std::string outcome_name(Outcome o);  // "miss", "hit", "sunk"
std::string finish_name(Finish f);    // "most_afloat", "last_standing", ...
std::string phase_name(Phase p);      // "placement", "firing", "tiebreak", "over"

// Seats of players: seat = player + 1 (seat 0 is the host).
nlohmann::json seats_json(const std::vector<int>& players);
// Ships afloat per seat (null for the host), the public scoreboard.
nlohmann::json afloat_json(const State& s);

}  // namespace broadside::party

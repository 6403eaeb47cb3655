#pragma once
// The JSON type of every field of every command, for `broadside engine` and for the server's
// lobby and rooms alike, checked before anything is looked up (docs/protocol.md and
// docs/server.md, "Field types"): a mistyped request is `bad_request`, naming the field, whatever
// the match, the room, the phase or the seat. Null counts as left out; fields a command does not
// use are ignored; values (a seat that does not exist, a level nobody knows) are checked later,
// by the command.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::protocol {

// Where a request is read: each has its own commands. `kEngine`: `broadside engine` (and the
// Python module); `kLobby` and `kRoom`: the server's WebSockets.
enum class Endpoint { kEngine, kLobby, kRoom };

// What is wrong with `request`'s fields for its command, as a sentence for the client; nothing
// when every field it carries has its type and every required one is there. A command unknown
// at `where` has no fields to check (it is `unknown_command` later).
std::optional<std::string> field_problem(Endpoint where, const nlohmann::json& request);

// Values of fields `field_problem` has passed. A whole number beyond the signed 64-bit range
// reads as the largest one (no seat or event has that number either).
std::int64_t whole_value(const nlohmann::json& field);
// A seed: a whole number from 0 to 2^64 - 1, or its decimal digits as text (seeds above 2^53
// do not survive JavaScript's numbers).
std::uint64_t seed_value(const nlohmann::json& field);

}  // namespace broadside::protocol

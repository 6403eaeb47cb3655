#pragma once
// The JSON type of every field of every command of the lobby and the rooms, checked before
// anything is looked up (docs/server.md, "Field types"): a mistyped request is `bad_request`,
// naming the field, whatever the room, the phase or the seat. Null counts as left out; fields a
// command does not use are ignored; values (a seat that does not exist, a level nobody knows)
// are checked later, by the command.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::server {

enum class Endpoint { kLobby, kRoom };

// What is wrong with `request`'s fields for its command, as a sentence for the client; nothing
// when every field it carries has its type and every required one is there. A command unknown
// at `where` has no fields to check (it is `unknown_command` later).
std::optional<std::string> field_problem(Endpoint where, const nlohmann::json& request);

}  // namespace broadside::server

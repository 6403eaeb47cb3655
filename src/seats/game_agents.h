#pragma once
// Built-in bots of the dice game and the party game as referee seats ("builtin:NAME").
#include <memory>
#include <string>

#include "core/error.h"
#include "protocol/agent.h"

namespace broadside::seats {

// "builtin:optimal", "builtin:race" or "builtin:cautious" for crew.
Result<std::unique_ptr<protocol::Agent>> make_crew_agent(const std::string& name);
// "builtin:random" for party: a uniformly random fleet for a player, "fire" for the host.
Result<std::unique_ptr<protocol::Agent>> make_party_agent(const std::string& name);

}  // namespace broadside::seats

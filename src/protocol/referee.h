#pragma once
// Runs one match between agents: asks the seats to act in turn, applies the fault policy, and
// reports the result. No I/O of its own; the agents do theirs.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/agent.h"

namespace broadside::protocol {

enum class FaultPolicy {
    kForfeit,        // the faulting seat loses the game (default)
    kDefaultAction,  // the referee plays the fallback agent's action for that turn
};

struct RefereeConfig {
    std::string game;
    nlohmann::json options = nlohmann::json::object();
    int move_ms = 1000;
    FaultPolicy policy = FaultPolicy::kForfeit;
    int max_actions = 100'000;  // a game that runs longer is stopped (never hang)
};

struct SeatFault {
    int seat = 0;
    Fault fault;
};

struct RefereeOutcome {
    std::vector<int> winners;  // seats that won (one, or several for a shared win)
    std::vector<SeatFault> faults;
    bool forfeited = false;
    nlohmann::json result;  // the game's own result, when it ended normally
    nlohmann::json record;  // the full record (secrets revealed: the game is over)
};

// `fallback[seat]` is consulted for the default action under kDefaultAction.
RefereeOutcome referee_match(const RefereeConfig& config, std::uint64_t seed,
                             const std::vector<Agent*>& agents, const std::vector<Agent*>& fallback,
                             const std::string& match_id);

}  // namespace broadside::protocol

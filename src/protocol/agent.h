#pragma once
// A seat's player as the referee sees it: a built-in bot or a child process speaking the bot side
// of the protocol. An agent answers with an action or with a fault (why it failed to answer).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "match/match.h"

namespace broadside::protocol {

struct Fault {
    std::string kind;    // "timeout", "crash", "garbage" or "illegal"
    std::string detail;  // what exactly happened, for the report
};

struct Reply {
    nlohmann::json action;  // valid when fault is empty
    std::optional<Fault> fault;
};

class Agent {
public:
    virtual ~Agent() = default;
    virtual std::string describe() const = 0;
    // A new game starts; `match` is only read through observation-level calls.
    virtual void start(const Match& match, int seat, const std::string& match_id) = 0;
    // The agent must choose an action for `seat` within `time_ms`.
    virtual Reply act(const Match& match, int seat, std::int64_t seen_events, int time_ms) = 0;
    // The game ended (the record, with every secret, may now be shown). `result` is the match's
    // result, or, when a seat forfeited it by faulting, {"forfeit": true, "seat", "winners"}.
    virtual void end(const Match& match, int seat, const std::string& match_id,
                     const nlohmann::json& result) = 0;
    // Told that its last action was rejected (the referee then applies the fault policy).
    virtual void rejected(const Error& error) { (void)error; }
};

}  // namespace broadside::protocol

#pragma once
// A built-in Battleship Royale bot as a referee seat ("builtin:royale", "builtin:random"). It
// reads its seat's typed observation, the same information the protocol sends a child process.
#include <memory>

#include "ai/royale/bot.h"
#include "protocol/agent.h"

namespace broadside::seats {

class RoyaleBuiltinAgent final : public protocol::Agent {
public:
    explicit RoyaleBuiltinAgent(std::unique_ptr<royale::Bot> bot) : bot_(std::move(bot)) {}
    std::string describe() const override { return "builtin:" + bot_->name(); }
    void start(const Match& match, int seat, const std::string& match_id) override;
    protocol::Reply act(const Match& match, int seat, std::int64_t seen_events,
                        int time_ms) override;
    void end(const Match&, int, const std::string&, const nlohmann::json&) override {}

private:
    std::unique_ptr<royale::Bot> bot_;
    Rng rng_{0};
};

}  // namespace broadside::seats

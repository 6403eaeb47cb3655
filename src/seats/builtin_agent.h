#pragma once
// A built-in bot as a referee seat ("builtin:NAME"). It reads its seat's typed observation,
// the same information the protocol sends a child process.
#include <memory>
#include <string>

#include "ai/classic/bot.h"
#include "core/rng.h"
#include "protocol/agent.h"

namespace broadside::seats {

class ClassicBuiltinAgent final : public protocol::Agent {
public:
    explicit ClassicBuiltinAgent(std::unique_ptr<classic::Bot> bot) : bot_(std::move(bot)) {}
    std::string describe() const override { return "builtin:" + bot_->name(); }
    void start(const Match& match, int seat, const std::string& match_id) override;
    protocol::Reply act(const Match& match, int seat, std::int64_t seen_events,
                        int time_ms) override;
    // Tells the bot what the game revealed (the opponent's fleet and shots). The referee keeps
    // one agent per seat for a whole run, so a run is one series: the bot may learn throughout.
    void end(const Match& match, int seat, const std::string& match_id,
             const nlohmann::json& result) override;

private:
    std::unique_ptr<classic::Bot> bot_;
    Rng rng_{0};
};

// Tells `bot`, which played `seat` of a finished classic or Salvo match, what the game revealed:
// the opponent's fleet and the cells it fired at, in order (Bot::end_game).
void tell_game_end(classic::Bot& bot, const Match& match, int seat);

// The bot that plays a seat's turn when its own agent faults and the policy says to go on.
std::string fallback_bot_name(const std::string& game);

// "builtin:NAME" for `game`, or an error naming the bots there are.
Result<std::unique_ptr<protocol::Agent>> make_builtin_agent(const std::string& game,
                                                            const std::string& name);

}  // namespace broadside::seats

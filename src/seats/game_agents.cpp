#include "seats/game_agents.h"

#include "ai/crew/bot.h"
#include "ai/party/bot.h"
#include "games/crew/instance.h"

namespace broadside::seats {

namespace {

// Reads only its seat's typed observation, like a bot over the protocol.
class CrewAgent final : public protocol::Agent {
public:
    explicit CrewAgent(std::unique_ptr<crew::Bot> bot) : bot_(std::move(bot)) {}
    std::string describe() const override { return "builtin:" + bot_->name(); }
    void start(const Match&, int, const std::string&) override {}
    protocol::Reply act(const Match& match, int seat, std::int64_t, int) override {
        const auto& game = dynamic_cast<const crew::CrewGame&>(match.instance());
        return {crew::to_json(bot_->act(game.observe_seat(seat))), std::nullopt};
    }
    void end(const Match&, int, const std::string&, const nlohmann::json&) override {}

private:
    std::unique_ptr<crew::Bot> bot_;
};

// Answers from the seat's legal actions with its own generator, never the match's.
class PartyAgent final : public protocol::Agent {
public:
    std::string describe() const override { return "builtin:random"; }
    void start(const Match& match, int seat, const std::string&) override {
        rng_ = Rng(party::bot_seed(match.seed(), seat));
    }
    protocol::Reply act(const Match& match, int seat, std::int64_t, int) override {
        return {party::bot_action(match.legal_actions(seat), placer_, rng_), std::nullopt};
    }
    void end(const Match&, int, const std::string&, const nlohmann::json&) override {}

private:
    party::RandomPlacer placer_;
    Rng rng_{0};
};

}  // namespace

Result<std::unique_ptr<protocol::Agent>> make_crew_agent(const std::string& name) {
    auto bot = crew::make_bot(name);
    if (!bot) return bot.error();
    return std::unique_ptr<protocol::Agent>(std::make_unique<CrewAgent>(std::move(bot.value())));
}

Result<std::unique_ptr<protocol::Agent>> make_party_agent(const std::string& name) {
    if (name != "random") {
        return make_error("unknown_bot",
                          "Unknown bot \"" + name + "\"; the party game's bot is random.");
    }
    return std::unique_ptr<protocol::Agent>(std::make_unique<PartyAgent>());
}

}  // namespace broadside::seats

#include "seats/builtin_agent.h"

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "ai/royale/bot.h"
#include "games/classic/instance.h"
#include "seats/game_agents.h"
#include "seats/royale_agent.h"

namespace broadside::seats {

void ClassicBuiltinAgent::start(const Match& match, int seat, const std::string& /*match_id*/) {
    rng_ = Rng(classic::bot_seed(match.seed(), seat));
    bot_->new_game();
}

protocol::Reply ClassicBuiltinAgent::act(const Match& match, int seat, std::int64_t /*seen*/,
                                         int /*time_ms*/) {
    const auto& game = dynamic_cast<const classic::ClassicGame&>(match.instance());
    const classic::Observation obs = game.observe_seat(seat);
    if (obs.phase() == classic::Phase::kPlacement) {
        return {classic::to_json(classic::Action{classic::PlaceAction{bot_->place(obs, rng_)}}),
                std::nullopt};
    }
    // A whole turn: a volley, or with the weapons option a weapon or a blast.
    return {classic::to_json(bot_->decide(obs, rng_)), std::nullopt};
}

void ClassicBuiltinAgent::end(const Match& match, int seat, const std::string& /*match_id*/,
                              const nlohmann::json& /*result*/) {
    tell_game_end(*bot_, match, seat);
}

void tell_game_end(classic::Bot& bot, const Match& match, int seat) {
    const auto& game = dynamic_cast<const classic::ClassicGame&>(match.instance());
    const classic::Observation obs = game.observe_seat(seat);
    bot.end_game({&obs.options(), game.revealed_layout(1 - seat), game.shots_in_order(1 - seat),
                  obs.my_layout()});
}

std::string fallback_bot_name(const std::string& game) {
    return game == "crew" ? "cautious" : "random";
}

Result<std::unique_ptr<protocol::Agent>> make_builtin_agent(const std::string& game,
                                                            const std::string& name) {
    if (game == "crew") return make_crew_agent(name);
    if (game == "party") return make_party_agent(name);
    if (game == "royale") {
        auto bot = royale::make_bot(name);
        if (!bot) return bot.error();
        return std::unique_ptr<protocol::Agent>(
            std::make_unique<RoyaleBuiltinAgent>(std::move(bot.value())));
    }
    if (game != "classic" && game != "salvo") {
        return make_error("unknown_bot", "There are no built-in bots for " + game + " yet.");
    }
    auto bot = classic::make_bot(name);
    if (!bot) return bot.error();
    return std::unique_ptr<protocol::Agent>(
        std::make_unique<ClassicBuiltinAgent>(std::move(bot.value())));
}

}  // namespace broadside::seats

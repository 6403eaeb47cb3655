#include "seats/royale_agent.h"

#include "games/royale/instance.h"

namespace broadside::seats {

void RoyaleBuiltinAgent::start(const Match& match, int seat, const std::string& /*match_id*/) {
    rng_ = Rng(royale::bot_seed(match.seed(), seat));
}

protocol::Reply RoyaleBuiltinAgent::act(const Match& match, int seat, std::int64_t /*seen*/,
                                        int /*time_ms*/) {
    const auto& game = dynamic_cast<const royale::RoyaleGame&>(match.instance());
    const royale::Observation obs = game.observe_seat(seat);
    return {royale::to_json(bot_->choose(obs, rng_), obs.deck()), std::nullopt};
}

}  // namespace broadside::seats

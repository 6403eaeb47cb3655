#include "ai/royale/self_play.h"

#include <stdexcept>

namespace broadside::royale {

GameSummary play_game(const std::shared_ptr<const Options>& options, const std::vector<Bot*>& bots,
                      std::uint64_t seed, bool keep_actions) {
    Rng match_rng(seed);
    std::vector<Rng> bot_rngs;
    for (std::size_t s = 0; s < bots.size(); ++s) {
        bot_rngs.emplace_back(bot_seed(seed, static_cast<int>(s)));
    }
    State state = new_game(options, match_rng);
    GameSummary summary;
    summary.first = state.first;
    // A game ends within 100 shots; every action but sonar and end fires at least one, and
    // there are at most a few of those per turn, so this bound is generous.
    for (int guard = 0; state.phase != Phase::kOver; ++guard) {
        if (guard > 10000) throw std::logic_error("royale self-play did not finish");
        const int seat = seats_to_act(state).front();
        Action action = bots[seat]->choose(observe(state, seat), bot_rngs[seat]);
        if (auto st = apply(state, seat, action, match_rng); !st) {
            throw std::logic_error("bot " + bots[seat]->name() +
                                   " chose an illegal action: " + st.error().message);
        }
        if (keep_actions) summary.actions.emplace_back(seat, std::move(action));
    }
    summary.winners = state.winners;
    summary.elimination_order = state.elimination_order;
    summary.turns = state.turn;
    summary.shots = state.shots_fired;
    return summary;
}

}  // namespace broadside::royale

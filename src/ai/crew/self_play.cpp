#include "ai/crew/self_play.h"

namespace broadside::crew {

GameSummary play_game(const Options& options, const std::vector<Bot*>& bots, std::uint64_t seed,
                      bool keep_actions) {
    Rng rng(seed);
    State s = new_game(options, rng);
    GameSummary g;
    g.first = s.first;
    g.turn_scores.resize(static_cast<std::size_t>(options.players));
    Progress p;
    while (s.phase != Phase::kOver) {
        const int seat = s.to_move();
        const Action action = bots[static_cast<std::size_t>(seat)]->act(observe(s, seat));
        const Status st = action.stop ? stop(s, seat, p) : throw_dice(s, seat, action.keep, rng, p);
        if (!st)
            throw std::logic_error("a built-in crew bot chose an illegal move: " +
                                   st.error().message);
        if (keep_actions) g.actions.emplace_back(seat, action);
        if (p.turn_over) g.turn_scores[static_cast<std::size_t>(seat)].push_back(p.turn_score);
    }
    g.winner = s.winner;
    g.totals = s.totals;
    for (const auto& r : s.rounds) g.playoffs += r.playoff ? 1 : 0;
    return g;
}

}  // namespace broadside::crew

#include "ai/classic/self_play.h"

#include <stdexcept>

#include "games/classic/rules.h"
#include "games/classic/turn.h"

namespace broadside::classic {

std::uint64_t bot_seed(std::uint64_t game_seed, int seat) {
    return derive_seed(game_seed, 0xB07000ULL + static_cast<std::uint64_t>(seat));
}

GameSummary play_game(const std::shared_ptr<const Options>& options,
                      const std::array<Bot*, kSeats>& bots, std::uint64_t seed, bool keep_actions) {
    Rng match_rng(seed);
    std::array<Rng, kSeats> bot_rngs{Rng(bot_seed(seed, 0)), Rng(bot_seed(seed, 1))};
    State state = new_game(options, match_rng);
    GameSummary summary;
    summary.first = state.first;
    std::array<std::vector<Cell>, kSeats> fired;  // each seat's shots in order, for end_game

    for (int seat = 0; seat < kSeats; ++seat) {
        bots[seat]->new_game();
        auto layout = bots[seat]->place(observe(state, seat), bot_rngs[seat]);
        if (auto st = place_fleet(state, seat, layout); !st) {
            throw std::logic_error("bot " + bots[seat]->name() +
                                   " placed illegally: " + st.error().message);
        }
        if (keep_actions) summary.actions.emplace_back(seat, PlaceAction{std::move(layout)});
    }
    if (options->weapons != 0) {
        // Whole turns that may be weapons; the dice come from the match generator, as in a Match.
        RngRoller dice(match_rng);
        TurnOutcome outcome;
        while (state.phase == Phase::kFiring) {
            const int seat = state.to_move;
            Action action = bots[seat]->decide(observe(state, seat), bot_rngs[seat]);
            if (const auto* f = std::get_if<FireAction>(&action)) {
                fired[seat].insert(fired[seat].end(), f->cells.begin(), f->cells.end());
            } else if (const auto* blast = std::get_if<BlastAction>(&action)) {
                fired[seat].insert(fired[seat].end(), blast->cells.begin(), blast->cells.end());
            }
            if (auto st = apply_action(state, seat, action, dice, outcome); !st) {
                throw std::logic_error("bot " + bots[seat]->name() +
                                       " acted illegally: " + st.error().message);
            }
            if (keep_actions) summary.actions.emplace_back(seat, std::move(action));
        }
    }
    std::vector<Cell> cells;
    std::vector<ShotResult> results;
    while (state.phase == Phase::kFiring) {
        const int seat = state.to_move;
        bots[seat]->shoot(observe(state, seat), bot_rngs[seat], cells);
        if (auto st = fire(state, seat, cells, results); !st) {
            throw std::logic_error("bot " + bots[seat]->name() +
                                   " fired illegally: " + st.error().message);
        }
        fired[seat].insert(fired[seat].end(), cells.begin(), cells.end());
        if (keep_actions) summary.actions.emplace_back(seat, FireAction{cells});
    }
    for (int seat = 0; seat < kSeats; ++seat) {
        bots[seat]->end_game({options.get(), state.oceans[1 - seat].layout, fired[1 - seat],
                              state.oceans[seat].layout});
    }
    summary.winner = state.winner;
    summary.turns = state.turns;
    summary.shots = state.shots_fired;
    summary.weapon_turns = state.weapon_turns;
    return summary;
}

}  // namespace broadside::classic

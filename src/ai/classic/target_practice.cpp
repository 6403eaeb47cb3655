#include "ai/classic/target_practice.h"

#include <chrono>
#include <stdexcept>

#include "ai/classic/self_play.h"
#include "games/classic/rules.h"

namespace broadside::classic {

PracticeResult target_practice(const std::shared_ptr<const Options>& options, Bot& shooter,
                               std::uint64_t seed, bool time_shots, Bot* placer) {
    Rng match_rng(seed);
    Rng target_rng(derive_seed(seed, 0x7A26E7ULL));
    Rng shooter_rng(bot_seed(seed, 0));
    State state = new_game(options, match_rng);
    RandomBot uniform;  // places uniformly; never shoots
    Bot& target = placer != nullptr ? *placer : uniform;
    target.new_game();
    shooter.new_game();
    for (int seat = 0; seat < kSeats; ++seat) {
        auto layout = target.place(observe(state, seat), target_rng);
        if (auto st = place_fleet(state, seat, layout); !st) throw std::logic_error("bad layout");
    }
    PracticeResult result;
    std::vector<Cell> cells;
    std::vector<ShotResult> shots;
    std::vector<Cell> order;  // every shot, in order
    while (state.phase == Phase::kFiring) {
        state.to_move = 0;  // the target never fires back
        const auto start = std::chrono::steady_clock::now();
        shooter.shoot(observe(state, 0), shooter_rng, cells);
        const auto stop = std::chrono::steady_clock::now();
        if (auto st = fire(state, 0, cells, shots); !st) {
            throw std::logic_error("shooter " + shooter.name() +
                                   " fired illegally: " + st.error().message);
        }
        if (time_shots) {
            const double ms = std::chrono::duration<double, std::milli>(stop - start).count();
            result.ms_per_shot.push_back(ms / static_cast<double>(cells.size()));
        }
        ++result.volleys;
        order.insert(order.end(), cells.begin(), cells.end());
    }
    result.shots = state.shots_fired[0];
    shooter.end_game({options.get(), state.oceans[1].layout, {}, {}});
    target.end_game({options.get(), {}, std::move(order), state.oceans[1].layout});
    return result;
}

}  // namespace broadside::classic

#include "ai/crew/race_tables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "games/crew/solver.h"

namespace broadside::crew {

namespace {

using Utility = std::array<double, kScores>;

struct Solved {
    double value = 0;
    RaceTables::Choices choices{};
};

Solved solve_turn(Reroll rule, const Utility& u) {
    const auto plan = plan_turn<double>(rule, u);
    Solved s;
    s.value = plan.value();
    for (int t = 1; t < kThrowsPerTurn; ++t)
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b)
                s.choices[t - 1][a][b] = static_cast<std::int8_t>(plan.choice[t][a][b]);
    return s;
}

}  // namespace

std::shared_ptr<const RaceTables> RaceTables::get(Reroll rule, Mode mode, int rounds_or_target) {
    static std::mutex mutex;
    static std::map<std::tuple<Reroll, Mode, int>, std::shared_ptr<const RaceTables>> cache;
    std::lock_guard lock(mutex);
    auto& slot = cache[{rule, mode, rounds_or_target}];
    if (!slot) slot.reset(new RaceTables(rule, mode, rounds_or_target));
    return slot;
}

RaceTables::RaceTables(Reroll rule, Mode mode, int n) : rule_(rule) {
    build_playoff();
    build_rounds(mode == Mode::kRounds ? n : 1);
    if (mode == Mode::kTarget && n <= kMaxRaceTarget) build_target(n);
}

void RaceTables::build_playoff() {
    Utility zero{};
    zero[0] = 1;
    p_zero_ = plan_turn<double>(rule_, zero).value();
    // Q = the first player's chance in a two-player playoff round, where a tie means another
    // playoff with the same order. Each iteration shrinks the error by at most P(tie) < 1.
    for (int iter = 0; iter < 200; ++iter) {
        std::array<double, kScores> second_wins{};
        for (int first_score = 0; first_score < kScores; ++first_score) {
            Utility u{};
            for (int s = 0; s < kScores; ++s)
                u[s] = s > first_score ? 1.0 : (s == first_score ? 1.0 - q_ : 0.0);
            second_wins[first_score] = plan_turn<double>(rule_, u).value();
        }
        Utility u{};
        for (int s = 0; s < kScores; ++s) u[s] = 1.0 - second_wins[s];
        const double next = plan_turn<double>(rule_, u).value();
        const bool done = std::fabs(next - q_) < 1e-15;
        q_ = next;
        if (done) break;
    }
}

std::size_t RaceTables::d_index(int d) const {
    return static_cast<std::size_t>(std::clamp(d, -d_max_, d_max_) + d_max_);
}

void RaceTables::build_rounds(int rounds) {
    d_max_ = kMaxTurnScore * (rounds + 1);
    const int k_max = 2 * std::max(rounds, 1);
    const std::size_t width = static_cast<std::size_t>(2 * d_max_ + 1);
    p_.assign(static_cast<std::size_t>(k_max + 1), std::vector<double>(width, 0.0));
    p_choices_.assign(static_cast<std::size_t>(k_max + 1), std::vector<Choices>(width));
    for (int d = -d_max_; d <= d_max_; ++d) p_[0][d_index(d)] = d > 0 ? 1.0 : (d < 0 ? 0.0 : q_);
    for (int k = 1; k <= k_max; ++k) {
        for (int d = -d_max_; d <= d_max_; ++d) {
            Utility u{};
            for (int s = 0; s < kScores; ++s) u[s] = 1.0 - p_[k - 1][d_index(-(d + s))];
            const auto solved = solve_turn(rule_, u);
            p_[k][d_index(d)] = solved.value;
            p_choices_[k][d_index(d)] = solved.choices;
        }
    }
}

void RaceTables::build_target(int target) {
    target_ = target;
    const auto t = static_cast<std::size_t>(target);
    f_.assign(t + kScores + 1, 0.0);
    f_choices_.assign(f_.size(), Choices{});
    for (std::size_t gap = 0; gap < f_.size(); ++gap) {
        Utility u{};
        const int g = static_cast<int>(gap);
        for (int s = 0; s < kScores; ++s) u[s] = s > g ? 1.0 : (s == g ? 1.0 - q_ : 0.0);
        const auto solved = solve_turn(rule_, u);
        f_[gap] = solved.value;
        f_choices_[gap] = solved.choices;
    }
    a_.assign(t * t, 0.0);
    b_.assign(t * t, 0.0);
    a_choices_.assign(t * t, Choices{});
    b_choices_.assign(t * t, Choices{});
    auto at = [t](int x, int y) {
        return static_cast<std::size_t>(x) * t + static_cast<std::size_t>(y);
    };
    const double p0 = p_zero_;
    for (int sum = 2 * target - 2; sum >= 0; --sum) {
        for (int x = std::max(0, sum - (target - 1)); x <= std::min(target - 1, sum); ++x) {
            const int y = sum - x;
            // A(x, y): x moves first in the round; B(y, x): y moves second against x.
            Utility ua{}, ub{};
            for (int s = 1; s < kScores; ++s) {
                ua[s] = x + s >= target ? 1.0 - f_[static_cast<std::size_t>(x + s - y)]
                                        : 1.0 - b_[at(y, x + s)];
                ub[s] = y + s >= target ? 1.0 : 1.0 - a_[at(x, y + s)];
            }
            const auto sa = solve_turn(rule_, ua);
            const auto sb = solve_turn(rule_, ub);
            // With utility 0 for a score of 0: A = cA + p0 (1 - B), B = cB + p0 (1 - A).
            const double a = (sa.value + p0 - p0 * sb.value - p0 * p0) / (1.0 - p0 * p0);
            a_[at(x, y)] = a;
            b_[at(y, x)] = sb.value + p0 * (1.0 - a);
            a_choices_[at(x, y)] = sa.choices;
            b_choices_[at(y, x)] = sb.choices;
        }
    }
}

double RaceTables::rounds_win(int k, int d) const {
    return p_[static_cast<std::size_t>(std::clamp(k, 0, max_k()))][d_index(d)];
}

const RaceTables::Choices& RaceTables::rounds_choices(int k, int d) const {
    return p_choices_[static_cast<std::size_t>(std::clamp(k, 1, max_k()))][d_index(d)];
}

double RaceTables::target_win(bool mover_first, int x, int y) const {
    const auto i = static_cast<std::size_t>(x) * static_cast<std::size_t>(target_) +
                   static_cast<std::size_t>(y);
    return mover_first ? a_[i] : b_[i];
}

const RaceTables::Choices& RaceTables::target_choices(bool mover_first, int x, int y) const {
    const auto i = static_cast<std::size_t>(x) * static_cast<std::size_t>(target_) +
                   static_cast<std::size_t>(y);
    return mover_first ? a_choices_[i] : b_choices_[i];
}

const RaceTables::Choices& RaceTables::final_turn_choices(int gap) const {
    return f_choices_[static_cast<std::size_t>(
        std::clamp(gap, 0, static_cast<int>(f_.size()) - 1))];
}

}  // namespace broadside::crew

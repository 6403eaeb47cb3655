#pragma once
// Win-probability tables for the race bot: an exact dynamic programme over the two-player game
// situation, built once per rule set and shared (thread-safe).
//
// Rounds mode: P(k, d) is the chance that the player to move wins with k turns left in the
// alternation (this one included) and a lead of d; after k = 0 the leader wins and a tie goes to
// playoffs, won by the first player with chance Q (a fixed point, solved by iteration).
// Target mode: A(x, y) and B(x, y) are the mover's chances as first or second in the round with
// totals x and y below the target; F(g) is the second player's chance on a final turn needing
// more than g. A(x, y) and B(y, x) depend on each other only through both players scoring 0,
// whose probability does not depend on the policy, so each pair is solved in closed form.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/crew/options.h"
#include "games/crew/turn.h"

namespace broadside::crew {

inline constexpr int kMaxRaceTarget = 300;  // above this, the race bot plays the optimal policy

class RaceTables {
public:
    // [throws left - 1][a][b]: index into crew_choices({a, b}, rule).
    using Choices = std::array<std::array<std::array<std::int8_t, 7>, 7>, 2>;

    // The tables for rounds mode with `rounds` rounds (also used for playoffs: k <= 2) or for
    // target mode with `target`.
    static std::shared_ptr<const RaceTables> get(Reroll rule, Mode mode, int rounds_or_target);

    double playoff_first_wins() const { return q_; }
    // Rounds mode (and playoffs): k turns left including this one, lead d.
    double rounds_win(int k, int d) const;
    const Choices& rounds_choices(int k, int d) const;
    // Target mode: mover's total x and other's total y, both below the target.
    double target_win(bool mover_first, int x, int y) const;
    const Choices& target_choices(bool mover_first, int x, int y) const;
    // Target mode, the second player's final turn needing more than `gap` (a tie: playoff).
    const Choices& final_turn_choices(int gap) const;
    int target() const { return target_; }
    int max_k() const { return static_cast<int>(p_.size()) - 1; }

private:
    RaceTables(Reroll rule, Mode mode, int n);
    void build_playoff();
    void build_rounds(int rounds);
    void build_target(int target);
    std::size_t d_index(int d) const;

    Reroll rule_;
    double q_ = 0.5;
    double p_zero_ = 0;  // the chance of a turn scoring 0, whatever the policy
    int d_max_ = 0;
    std::vector<std::vector<double>> p_;  // [k][d + d_max]
    std::vector<std::vector<Choices>> p_choices_;
    int target_ = 0;
    std::vector<double> a_, b_;  // [x * target + y]
    std::vector<Choices> a_choices_, b_choices_;
    std::vector<double> f_;  // [gap]
    std::vector<Choices> f_choices_;
};

}  // namespace broadside::crew

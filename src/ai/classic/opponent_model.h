#pragma once
// What `best` learns about one opponent over a series of games, from what each game reveals at
// its end (bot.h's GameEnd): where the opponent puts its ships, and where it fires first.
//
// Placement habits become a prior weight per ship position, used by the shooter as a
// product-form prior over fleets (the weight of a fleet is the product of its ships' weights).
// A position's weight is the geometric mean, over its cells, of the smoothed ratio
//     r(c) = (seen(c) + k * u(c)) / ((n + k) * u(c))
// between how often the opponent's n revealed fleets covered cell c and how often a uniform
// fleet would (u(c)), with k pseudo-games of uniform behaviour, raised to `sharpness`. With no
// fleet seen every weight is exactly 1 (the uniform prior); a few games move it little.
//
// Shooting habits become a danger per cell: how early the opponent's search fires there (1 for
// its first shot, falling linearly with the shot's number; 0 for cells it never searched: shots
// following up a hit on one of our ships do not count), summed over the series and mixed with a
// guess (the uniform occupancy: shooters look first where ships are likeliest), with the guess
// worth `shot_pseudo` games.
#include <vector>

#include "ai/classic/bot.h"

namespace broadside::classic {

class OpponentModel {
public:
    // `fleet_pseudo` and `shot_pseudo`: pseudo-games of the uninformed guess behind each part.
    // The defaults were measured (docs/ai.md, "Placement and adaptation"): fewer fleet
    // pseudo-games cost shots against uniform placers, fewer shot pseudo-games against `density`.
    explicit OpponentModel(double fleet_pseudo = 30.0, double shot_pseudo = 60.0,
                           double sharpness = 1.0)
        : fleet_pseudo_(fleet_pseudo), shot_pseudo_(shot_pseudo), sharpness_(sharpness) {}

    // Forget everything learned (a new series).
    void reset();
    // Learn from one finished game. A game under other rules than the ones learned so far starts
    // the model afresh.
    void learn(const GameEnd& end);

    int fleets_seen() const { return fleets_; }
    int shot_games() const { return shot_games_; }
    // Increases each time learn() changes the fleet prior, so users know to recompute.
    int version() const { return version_; }

    // The prior weight of a ship position with these cells under `options` (exactly 1 while no
    // fleet has been seen under them).
    double position_weight(const Options& options, const Bitboard& cells);
    // How early the opponent is expected to fire at each cell (larger is earlier; units
    // arbitrary), for `options`.
    std::vector<double> danger(const Options& options);

private:
    // (Re)builds the uniform occupancy for `options`, forgetting what was learned under others.
    void prepare(const Options& options);
    void update_log_ratio();

    double fleet_pseudo_;
    double shot_pseudo_;
    double sharpness_;
    BoardSize board_{0, 0};
    bool no_touch_ = false;
    std::vector<int> lengths_;
    std::vector<double> uniform_;    // u(c)
    std::vector<double> seen_;       // cells covered, summed over revealed fleets
    std::vector<double> log_ratio_;  // log r(c)
    std::vector<double> early_;      // earliness summed over games with shots
    int fleets_ = 0;
    int shot_games_ = 0;
    int version_ = 0;
};

}  // namespace broadside::classic

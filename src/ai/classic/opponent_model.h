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
// The prior is used only once the opponent has shown that it places unlike a uniform placer.
// Against uniform fleets the learned weights are noise, and noise in the prior costs shots
// (docs/ai.md, "Learning only on evidence"). So the model keeps the prequential log Bayes factor
// of the learned prior against the uniform one: before each revealed fleet is learned, the log
// of how much likelier the prior learned so far made it than the uniform prior did, summed over
// the series. Until that sum exceeds kEvidenceNeeded every weight stays exactly 1.
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

    // The evidence (natural log of the Bayes factor) a learned prior needs before it is used:
    // log 20, "strong" on the usual scale. Below it every position weighs exactly 1.
    static constexpr double kEvidenceNeeded = 2.995732273553991;

    int fleets_seen() const { return fleets_; }
    // The log Bayes factor so far of the learned prior against the uniform prior: the sum, over
    // the revealed fleets, of log P_learned(fleet) - log P_uniform(fleet), each fleet judged by
    // the prior learned from the fleets before it (0 until two fleets have been seen).
    double evidence() const { return evidence_; }
    // Whether the learned prior is in use: evidence() > kEvidenceNeeded, or assumed.
    bool trusted() const { return assumed_ || evidence_ > kEvidenceNeeded; }
    // Use the learned prior whatever the evidence, until reset(): for a prior that is an
    // assumption about the opponent rather than an inference from it (`best-counter`'s, learned
    // from `best`'s own placements). The evidence is then not computed (it costs about 75
    // microseconds a fleet, which for 2,000 fleets would double the counter's start-up).
    void assume_trusted() { assumed_ = true; }
    int shot_games() const { return shot_games_; }
    // Increases each time learn() changes the fleet prior, so users know to recompute.
    int version() const { return version_; }

    // The prior weight of a ship position with these cells under `options`: exactly 1 until the
    // learned prior is trusted(), then its learned weight.
    double position_weight(const Options& options, const Bitboard& cells);
    // The learned weight whether or not it is trusted (exactly 1 while no fleet has been seen).
    double learned_weight(const Options& options, const Bitboard& cells);
    // How early the opponent is expected to fire at each cell (larger is earlier; units
    // arbitrary), for `options`.
    std::vector<double> danger(const Options& options);

private:
    // (Re)builds the uniform occupancy for `options`, forgetting what was learned under others.
    void prepare(const Options& options);
    void update_log_ratio();
    // log learned_weight of a position with these cells (learned rules prepared).
    double log_weight(const Bitboard& cells) const;
    // log P_learned(fleet) - log P_uniform(fleet) under the prior learned so far, for a fleet
    // given by its ships' cells, under the rules `o` the model is prepared for.
    double log_likelihood_ratio(const Options& o, const std::vector<Bitboard>& ships);

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
    // Uniform fleets drawn from a fixed seed, when the evidence is first needed under these
    // rules: the learned prior's normalising constant relative to the uniform one is the mean
    // over them of the product of their ships' learned weights. Per fleet, per ship, the code
    // 2 x start cell + (1 if vertical), so that 4,000 fleets of 5 ships take 40 KB.
    std::vector<unsigned short> reference_;
    double evidence_ = 0.0;
    bool assumed_ = false;
    int fleets_ = 0;
    int shot_games_ = 0;
    int version_ = 0;
};

}  // namespace broadside::classic

#pragma once
// `best`: play on the whole-fleet posterior. Every shot it draws whole enemy fleets exactly
// uniformly among the fleets consistent with everything seen (misses, hits and the ships they
// named, sinkings, no_touch), or enumerates them all when few are left. Unlike `density`, which
// adds up each ship's placements on its own, the fleets here are whole: ships never overlap (or
// touch, under no_touch) inside one fleet, so the cell chances are those of the real posterior.
// A shot's value is its hit chance plus what its outcome tells (shot_values); among the cells of
// nearly the best value it takes the one that keeps the search together (keep_together).
// Over a series of games against one opponent it also learns where that opponent puts its ships
// (a prior over fleets; uniform until a fleet is revealed) and where it fires first (to place
// its own fleet away from there): opponent_model.h, placement.h.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/classic/bot.h"
#include "ai/classic/density_bot.h"
#include "ai/classic/enemy_knowledge.h"
#include "ai/classic/hunt_lookahead.h"
#include "ai/classic/opponent_model.h"
#include "ai/classic/weapon_planner.h"

namespace broadside::classic {

class BestBot final : public Bot {
public:
    // The weight of a shot's information against its hit chance (docs/ai.md, "Choice rule").
    static constexpr double kDefaultInfoWeight = 1.0;
    // Cells whose value is within this fraction of the best are near-ties; among them the shot
    // goes where `density` scores highest, and its ties go in the game's spatial order
    // (tie_order.h). Chasing the small differences between near-equal cells scatters the search
    // over the board; keeping it together is worth more (docs/ai.md, "Breaking ties").
    static constexpr double kDefaultNearTie = 0.05;
    // While hunting, the cells of highest value weighed by the hunt lookahead (hunt_lookahead.h).
    // Measured in docs/ai.md ("The hunt lookahead"). Weighing every cell is worse than none: the
    // lookahead's model of the search is only a model, and the value still counts.
    static constexpr int kDefaultHuntCandidates = 10;
    // How strongly place() avoids the cells the opponent is expected to fire at early (measured:
    // docs/ai.md, "Placement and adaptation").
    static constexpr double kDefaultPlaceBeta = 0.5;
    // best-counter's prior: this many of `best`'s placements (docs/ai.md, "Session 11"), drawn
    // from this seed.
    static constexpr int kExpectedPlacerFleets = 2000;
    static constexpr std::uint64_t kExpectedPlacerSeed = 0x5eed0c0e7e4ULL;

    // `samples`: fleets drawn per shot (more is stronger and slower); `name` as registered.
    explicit BestBot(int samples = 20000, std::string name = "best")
        : samples_(samples), name_(std::move(name)) {}
    std::string name() const override { return name_; }
    // Rao-Blackwellised chances (see score_smoothed); on by default.
    void set_smoothing(bool on) { smooth_ = on; }
    // A single shot goes where chance + weight x (entropy of the shot's outcome) is highest:
    // 0 is pure greedy (fire where a hit is likeliest).
    void set_info_weight(double weight) { info_weight_ = weight; }
    // 0: only exactly equal values are ties (to within rounding).
    void set_near_tie(double fraction) { near_tie_ = fraction; }
    // How many cells of highest value the hunt lookahead weighs (0: none, no lookahead).
    void set_hunt_candidates(int n) { hunt_candidates_ = n; }
    // Whether the hunt lookahead weighs each candidate by its outcomes (hunt_value) instead of
    // by the all-miss search alone (HuntLookahead::covering_time).
    void set_hunt_outcomes(bool on) { hunt_outcomes_ = on; }
    // How many second shots the hunt lookahead tries after each candidate (0: only the density
    // search's own; with m > 0 a candidate's time is the quickest over the model's m densest
    // second shots, each followed by the density search). Not with set_hunt_outcomes.
    // Both are off by default: neither helped (docs/ai.md, "Session 9").
    void set_hunt_second(int m) { hunt_second_ = m; }
    // The last single shot's hunt lookahead: whether it ran (only while no ship afloat has been
    // hit), the cells it weighed (keep_together's choice first), each one's expected shots to
    // find every ship afloat (HuntLookahead::covering_time; hunt_value with set_hunt_outcomes,
    // the quickest two-shot search with set_hunt_second), and the cell chosen.
    struct HuntChoice {
        bool looked = false;
        std::vector<int> candidates;
        std::vector<double> times;
        // With set_hunt_outcomes: per candidate, the chance of each ship afloat (in fleet
        // order) to be there, as weighed by hunt_value; empty otherwise.
        std::vector<std::vector<double>> chances;
        int pick = -1;
    };
    const HuntChoice& last_hunt() const { return hunt_; }
    void new_game() override { fallback_.new_game(); }
    // A hard-to-find placement (placement.h's place_avoiding): layouts weighted away from the
    // cells the opponent is expected to fire at early, as learned over the series.
    std::vector<Placement> place(const Observation& obs, Rng& rng) override;
    // Learns the opponent's fleets (a prior over positions) and shot order (for placing).
    void end_game(const GameEnd& end) override { model_.learn(end); }
    void new_series() override {
        model_.reset();
        counter_applied_ = false;
    }
    OpponentModel& model() { return model_; }
    // Expect an opponent that places its fleet the way `best` does (place() with nothing learned
    // yet): each series starts from a prior learned from `fleets` such placements, drawn once per
    // game options from a fixed seed, instead of the uniform prior; the fleets the opponent
    // reveals are learned on top as usual. 0 (the default): the uniform prior. It is the
    // `best-counter` bot. Against `best` it wins nearly every game; against any other placer
    // the wrong prior costs it shots (docs/ai.md, "Session 11").
    void set_expected_placer_fleets(int fleets) { counter_fleets_ = fleets; }
    // How strongly place() avoids the cells fired at early (0: uniform placement).
    void set_placement_beta(double beta) { place_beta_ = beta; }
    // How Salvo volleys (more than one shot due) are chosen. kByHits (the default): by hits, new
    // ships and sinkings (plan_volley). kByInformation: by what each shot tells beyond the others
    // (plan_informed_volley), on every volley; session 12's `best-salvo`. kByInformationWhile-
    // Finishing: by information while an enemy ship is hit and afloat, by hits while hunting; the
    // `best-salvo` bot since session 14, which won more games than either (docs/ai.md,
    // "Session 14"). Single shots are the same in every mode.
    enum class VolleyPlanner { kByHits, kByInformation, kByInformationWhileFinishing };
    void set_volley_planner(VolleyPlanner planner) { volley_planner_ = planner; }
    // plan_informed_volley's values, chosen by measurement (docs/ai.md, "Session 12"): cells at
    // least this likely to hit go first; the rest by hit chance + sinking chance + this weight
    // times the entropy of the cell's outcome given the outcomes of the cells already chosen.
    static constexpr double kVolleyCertain = 0.9;
    static constexpr double kVolleyInfoWeight = 2.0;
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override;
    Action decide(const Observation& obs, Rng& rng) override;

    // The chance that each cell holds an enemy segment not yet hit (0 for cells fired at), as
    // of the last shot: exact when the fleets were enumerated, else a sample estimate.
    const CellScores& chance() const { return chance_; }
    // How the last shot's chances were found: exactly (every consistent fleet), by sampling, or
    // (boards over 128 cells, or a knowledge contradiction) from the density bot.
    enum class Method { kExact, kSampled, kDensity };
    Method last_method() const { return method_; }
    // This game's order for breaking ties (tie_order.h), shared with the density scores it uses.
    const TieOrder& tie_order() const { return fallback_.tie_order(); }
    // The number of fleets behind the last shot's chances (all of them when exact).
    long last_fleets() const {
        return ships_.empty() ? 0 : static_cast<long>(solutions_.size() / ships_.size());
    }

private:
    // A board of at most 128 cells in two words: the sampler's inner loop works on these.
    struct Cells2 {
        std::uint64_t w[2] = {0, 0};
        bool meets(const Cells2& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1])) != 0; }
        void add(const Cells2& o) {
            w[0] |= o.w[0];
            w[1] |= o.w[1];
        }
        bool test(int cell) const { return ((w[cell / 64] >> (cell % 64)) & 1U) != 0; }
        void set(int cell) { w[cell / 64] |= std::uint64_t{1} << (cell % 64); }
    };
    struct Position {
        Cells2 cells;
        Cells2 block;  // what it keeps other ships out of: its cells, or its halo under no_touch
        Bitboard board_cells;
        Bitboard halo;       // its cells and every cell touching them
        double prior = 1.0;  // the learned prior weight (opponent_model.h); 1 while uniform
    };

    void build_tables(const Options& options);
    // Fills cands_ from the knowledge; false if some ship has no placement left.
    bool collect_candidates(const Observation& obs);
    // Sets every position's prior weight from model_ if it changed since the last shot.
    void refresh_prior(const Options& options);
    // Every consistent fleet into solutions_, if there are not too many; false if it gave up.
    bool enumerate(long node_budget, long max_solutions);
    // samples_ fleets drawn uniformly into solutions_; false if none could be drawn.
    bool sample(Rng& rng);
    // The chance of every cell, counting in each fleet only ships that `chosen` does not hit.
    void score(const Bitboard& chosen);
    // The same chances (no volley), Rao-Blackwellised: in each fleet, every ship in turn counts
    // as spread evenly over all its positions that fit among the fleet's other ships (its exact
    // chances given them) instead of as the one position drawn. Far less noise per fleet.
    void score_smoothed();
    // For score_smoothed: per free ship, per board cell, the bit mask of its candidate
    // positions covering that cell (cover_, words_ words a cell), and all the cells they cover.
    void build_cover_masks();
    // What a single shot is worth per cell: chance_ plus info_weight_ times the entropy (in
    // nats) of the shot's outcome, water or which ship. A shot whose answer is uncertain, and
    // would name one of several ships, teaches more about the fleets left; a certain hit teaches
    // nothing and can wait, since it costs no miss whenever it is fired.
    const CellScores& shot_values();
    void use_density(const Observation& obs, Rng& rng, std::vector<Cell>& out);
    // With set_expected_placer_fleets: at a series' first placement or shot, model_ becomes the
    // prior learned from `best`'s own placements for these options (learned once, then reused).
    void apply_expected_placer(const Options& options);
    // Of `near` (cell indices, not empty), the one `density` scores highest, its ties broken in
    // its tie order for this game.
    int keep_together(const Observation& obs, Rng& rng, const std::vector<int>& near);
    // While hunting (no ship afloat hit yet): of `chosen` (keep_together's pick) and the
    // hunt_candidates_ cells of highest `value`, the one whose search finds every ship afloat
    // soonest (hunt_lookahead.h); `chosen` unless another is strictly quicker. Otherwise `chosen`.
    int hunt_lookahead(int chosen, const CellScores& value);
    // With hunt_outcomes_: the expected shots until every ship afloat is hit when `cell` is
    // fired, over its outcomes. 1 for the shot, plus for each outcome (water, or ship a, with
    // the chances of the posterior, per_ship_) its chance times the search that follows it
    // (HuntLookahead::search_time, leaving out the ship found).
    double hunt_value(int cell);
    // A Salvo volley of `due` cells, built one cell at a time over the fleets in solutions_:
    // each cell added is the one adding most value summed over the fleets, where a fleet values
    // a shot by the ship it hits there: kVolleyHit for any hit, kVolleyNewShip more if the volley
    // has not hit that ship yet, and kVolleySink more if it would be the ship's last segment.
    void plan_volley(int due, Rng& rng, std::vector<Cell>& out);
    // left_ for plan_volley and plan_informed_volley: per fleet and ship, the segments not hit.
    void fill_segments_left();
    // A Salvo volley of `due` cells over the fleets in solutions_ (weighted by fleet_weight_
    // when enumerated under a prior). First every cell at least kVolleyCertain likely to hit,
    // likeliest first: a certain hit teaches nothing, but in a Salvo race a ship sunk a volley
    // earlier takes a shot off every enemy volley after it. Then one cell at a time, the one of
    // highest hit chance + chance that the volley sinks a ship there + kVolleyInfoWeight x the
    // entropy (nats) of its outcome (water, or which ship) within each group of fleets that
    // agree on the outcomes of the cells already chosen, averaged over the groups: it asks
    // what the volley's other cells will not already answer. Ties: the first cell in index order.
    void plan_informed_volley(int due, std::vector<Cell>& out);
    // Whether this volley is planned by plan_informed_volley, by volley_planner_ and k_.
    bool plans_by_information() const;

    int samples_;
    bool smooth_ = true;
    double info_weight_ = kDefaultInfoWeight;
    double near_tie_ = kDefaultNearTie;
    std::string name_;
    std::optional<Options> built_for_;
    std::vector<std::vector<Position>> tables_;  // per distinct ship length
    std::vector<int> table_of_;                  // per ship
    EnemyKnowledge k_;
    // The ships taking part in the sampled fleets (all but those sunk without a known shot) and,
    // per ship, the positions still possible.
    std::vector<int> ships_;
    std::vector<std::vector<const Position*>> cands_;
    std::vector<int> free_;  // indices into ships_ of ships with more than one position
    Cells2 base_block_;      // what the ships pinned to one position block
    Cells2 must_cover_;      // hits no pinned ship covers (they matter only under hit-only)
    std::vector<std::uint16_t> solutions_;  // per fleet, per entry of ships_: a position index
    std::vector<std::vector<double>> weight_;
    // The learned prior: when weighted_, each free ship draws its position in proportion to its
    // prior weight (cumulative_ per entry of ships_), enumerated fleets carry the product of
    // their ships' weights (fleet_weight_), and the Rao-Blackwellised chances spread a ship over
    // its fitting positions in proportion to their weights. Not weighted: exactly uniform.
    OpponentModel model_;
    int prior_version_ = -1;
    bool weighted_ = false;
    std::vector<std::vector<double>> cumulative_;
    std::vector<double> fleet_weight_;  // per enumerated fleet; empty when sampled or uniform
    double place_beta_ = kDefaultPlaceBeta;
    int counter_fleets_ = 0;
    bool counter_applied_ = false;
    std::optional<Options> counter_for_;
    OpponentModel counter_model_;
    std::vector<std::uint16_t> pick_;
    std::vector<Cells2> left_;  // plan_volley: per fleet and ship, the segments not yet hit
    // plan_volley and plan_informed_volley: per cell, the value of adding it
    std::vector<double> gain_;
    VolleyPlanner volley_planner_ = VolleyPlanner::kByHits;
    // plan_informed_volley: per fleet, the group of fleets it is in (dense ids); per group, cell
    // and outcome (0 water, 1 + ship entry), the weight of the group's fleets with that outcome.
    std::vector<std::uint32_t> group_;
    std::vector<double> outcome_weight_;
    std::vector<double> group_weight_;
    std::vector<std::int32_t> regroup_;
    std::vector<std::vector<std::uint64_t>> cover_;
    std::vector<std::size_t> words_;
    std::vector<Cells2> reach_;
    std::vector<double> base_;              // score_smoothed: per ship
    std::vector<std::vector<double>> off_;  // score_smoothed: per ship and position
    std::vector<double> total_prior_;       // score_smoothed: per ship
    CellScores chance_{};
    double chance_scale_ = 0.0;  // what score() or score_smoothed() scaled weight_ by
    CellScores value_{};
    std::vector<double> per_ship_;  // shot_values: per ship and cell, the chance it is there
    Method method_ = Method::kSampled;
    std::vector<int> ties_;
    std::vector<int> near_;  // shoot: the near-ties
    int hunt_candidates_ = kDefaultHuntCandidates;
    bool hunt_outcomes_ = false;
    int hunt_second_ = 0;
    std::vector<std::size_t> afloat_ship_;  // hunt_lookahead: per ship afloat, its entry of ships_
    HuntLookahead look_;
    std::vector<std::vector<Bitboard>> afloat_;      // hunt_lookahead: positions per ship afloat
    std::vector<std::vector<double>> afloat_prior_;  // and their prior weights
    HuntChoice hunt_;
    DensityBot fallback_{true};
};

}  // namespace broadside::classic

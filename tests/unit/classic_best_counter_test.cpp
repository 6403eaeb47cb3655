// `best-counter`: `best` expecting an opponent that places the way `best` does. Each series
// starts from the prior learned from `best`'s own placements (what place() draws knowing nothing
// of its opponent), drawn from a fixed seed; what the opponent reveals is learned on top, and a
// new series starts from that prior again. Plain `best` starts from the uniform prior.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/bots.h"
#include "ai/classic/opponent_model.h"
#include "ai/classic/placement.h"
#include "core/fleet_sampler.h"
#include "core/ship.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

constexpr int kFleets = 200;

// A game of the standard rules with both fleets placed and seat 0 to fire.
State started_game(const std::shared_ptr<const Options>& options, std::uint64_t seed) {
    Rng rng(seed);
    State state = new_game(options, rng);
    const FleetSampler sampler(options->fleet, options->board, options->no_touch);
    EXPECT_TRUE(place_fleet(state, 0, sampler.sample(rng).value()).ok());
    EXPECT_TRUE(place_fleet(state, 1, sampler.sample(rng).value()).ok());
    state.to_move = 0;
    return state;
}

// The prior `best-counter` should start from: kFleets of best's placements with nothing learned.
OpponentModel expected_prior(const Options& o) {
    OpponentModel model;
    model.assume_trusted();  // an assumption about the opponent, used from the first game
    const std::vector<double> danger = OpponentModel().danger(o);
    Rng rng(BestBot::kExpectedPlacerSeed);
    for (int i = 0; i < kFleets; ++i) {
        GameEnd seen;
        seen.options = &o;
        seen.enemy_fleet = place_avoiding(o, danger, BestBot::kDefaultPlaceBeta, rng);
        model.learn(seen);
    }
    return model;
}

// Every position of every ship length, as board cells.
std::vector<Bitboard> every_position(const Options& o) {
    std::vector<Bitboard> all;
    for (const ShipSpec& ship : o.fleet) {
        for (const ShipPosition& p : ship_positions(ship.length, o.board)) all.push_back(p.cells);
    }
    return all;
}

TEST(BestCounter, EachSeriesStartsFromThePriorOfBestsOwnPlacements) {
    Options o;
    o.salvo = true;
    auto options = std::make_shared<const Options>(o);
    const State state = started_game(options, 5);

    BestBot counter(300, "best-counter");
    counter.set_expected_placer_fleets(kFleets);
    Rng rng(1);
    std::vector<Cell> out;
    counter.shoot(observe(state, 0), rng, out);
    EXPECT_EQ(out.size(), 5U);
    ASSERT_EQ(counter.model().fleets_seen(), kFleets);
    OpponentModel expected = expected_prior(o);
    bool differs_from_uniform = false;
    for (const Bitboard& cells : every_position(o)) {
        const double w = counter.model().position_weight(o, cells);
        EXPECT_DOUBLE_EQ(w, expected.position_weight(o, cells));
        if (std::abs(w - 1.0) > 0.05) differs_from_uniform = true;
    }
    EXPECT_TRUE(differs_from_uniform) << "best's placement is not uniform, so neither is the prior";

    // A fleet the opponent reveals is learned on top; a new series forgets it and starts again
    // from the same prior.
    GameEnd end;
    end.options = &o;
    end.enemy_fleet = FleetSampler(o.fleet, o.board, o.no_touch).sample(rng).value();
    counter.end_game(end);
    EXPECT_EQ(counter.model().fleets_seen(), kFleets + 1);
    counter.new_series();
    counter.new_game();
    counter.shoot(observe(state, 0), rng, out);
    EXPECT_EQ(counter.model().fleets_seen(), kFleets);
    for (const Bitboard& cells : every_position(o)) {
        EXPECT_DOUBLE_EQ(counter.model().position_weight(o, cells),
                         expected.position_weight(o, cells));
    }
}

TEST(BestCounter, PlainBestStartsFromTheUniformPriorAndTheCounterIsRegistered) {
    Options o;
    auto options = std::make_shared<const Options>(o);
    const State state = started_game(options, 6);
    BestBot best(300, "best");
    Rng rng(2);
    std::vector<Cell> out;
    best.shoot(observe(state, 0), rng, out);
    EXPECT_EQ(best.model().fleets_seen(), 0);

    auto counter = make_bot("best-counter");
    ASSERT_TRUE(counter.ok());
    EXPECT_EQ((*counter)->name(), "best-counter");
    auto* as_best = dynamic_cast<BestBot*>(counter->get());
    ASSERT_NE(as_best, nullptr);
    // Its prior comes from placing, before the first shot of a series: place() applies it too.
    (void)as_best->place(observe(state, 0), rng);
    EXPECT_EQ(as_best->model().fleets_seen(), BestBot::kExpectedPlacerFleets);
}

}  // namespace
}  // namespace broadside::classic

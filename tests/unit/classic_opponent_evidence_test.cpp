// Learning only on evidence (docs/ai.md): `best`'s learned placement prior is used only once the
// opponent's revealed fleets favour it over the uniform prior by a Bayes factor of 20. The
// evidence is checked against the exact prequential log Bayes factor over every layout of a
// small board; uniform placers leave the prior exactly uniform (and `best`'s shots exactly those
// of a bot that learned nothing); a placer with a habit is trusted within a few games.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/opponent_model.h"
#include "ai/classic/placement.h"
#include "classic_layouts_test_support.h"
#include "core/fleet_sampler.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

using testing::every_position;

Options small_options(BoardSize board, const std::vector<int>& lengths) {
    Options o;
    o.board = board;
    o.fleet.clear();
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        o.fleet.push_back({"Ship" + std::to_string(i), lengths[i]});
    }
    return o;
}

// Every legal layout of `o`'s fleet, as its ships' cells.
std::vector<std::vector<Bitboard>> every_layout(const Options& o) {
    std::vector<std::vector<Bitboard>> positions;
    for (const auto& ship : o.fleet) positions.push_back(every_position(ship.length, o.board));
    std::vector<std::vector<Bitboard>> out;
    std::vector<Bitboard> layout(o.fleet.size());
    const auto place = [&](const auto& self, std::size_t s, Bitboard blocked) -> void {
        if (s == o.fleet.size()) {
            out.push_back(layout);
            return;
        }
        for (const Bitboard& cells : positions[s]) {
            if (cells.intersects(blocked)) continue;
            layout[s] = cells;
            self(self, s + 1,
                 blocked | (o.no_touch ? neighbourhood(cells, o.board) | cells : cells));
        }
    };
    place(place, 0, Bitboard{});
    return out;
}

// A new game under `o`: its seat 1 observation is what a placer sees (the observation refers
// to the state, which must outlive it).
State new_state(const Options& o) {
    Rng rng(1);
    return new_game(std::make_shared<const Options>(o), rng);
}

std::vector<Bitboard> cells_of(const Options& o, const std::vector<Placement>& fleet) {
    std::vector<Bitboard> out;
    for (std::size_t s = 0; s < fleet.size(); ++s) {
        out.push_back(ship_cells(fleet[s], o.fleet[s].length, o.board).value());
    }
    return out;
}

TEST(OpponentEvidence, EvidenceIsTheExactPrequentialLogBayesFactor) {
    // On 5x5 with ships of 3 and 2 every layout can be weighed: before each fleet is learned, its
    // probability under the prior learned so far (the product of its ships' learned weights over
    // the sum of that product over every layout) against the uniform 1 / layouts.
    for (const bool no_touch : {false, true}) {
        Options o = small_options({5, 5}, {3, 2});
        o.no_touch = no_touch;
        const auto layouts = every_layout(o);
        ASSERT_GT(layouts.size(), 100U);
        OpponentModel model;
        BorderBot border;
        const FleetSampler sampler(o.fleet, o.board, o.no_touch);
        const State state = new_state(o);
        const Observation obs = observe(state, 1);
        Rng rng(11);
        // The model's normalising constant comes from 4,000 uniform fleets, so each fleet's term
        // is checked to 0.01 nats, and their sum, the evidence, to 0.01 nats a term.
        double exact = 0.0;
        for (int game = 0; game < 40; ++game) {
            // Mostly border fleets, so that the prior moves far from uniform, and now and then a
            // uniform one, which fits it badly.
            const std::vector<Placement> fleet =
                game % 5 != 4 ? border.place(obs, rng) : sampler.sample(rng).value();
            const auto ships = cells_of(o, fleet);
            double term = 0.0;
            if (game > 0) {
                const auto weight = [&](const std::vector<Bitboard>& layout) {
                    double w = 1.0;
                    for (const Bitboard& cells : layout) w *= model.learned_weight(o, cells);
                    return w;
                };
                double total = 0.0;
                for (const auto& layout : layouts) total += weight(layout);
                term = std::log(weight(ships) / total * static_cast<double>(layouts.size()));
            }
            exact += term;
            const double before = model.evidence();
            model.learn({&o, fleet, {}, {}});
            EXPECT_NEAR(model.evidence() - before, term, 0.01)
                << "game " << game << ", no_touch " << no_touch;
            EXPECT_NEAR(model.evidence(), exact, 0.01 * game + 1e-9);
        }
        EXPECT_GT(std::abs(exact), 0.5);  // the check is not of a number near 0
    }
}

TEST(OpponentEvidence, AgainstAUniformPlacerThePriorStaysExactlyUniform) {
    const Options o{};
    const FleetSampler sampler(o.fleet, o.board, o.no_touch);
    Rng rng(5);
    OpponentModel model;
    const auto positions = every_position(5, o.board);
    for (int game = 0; game < 200; ++game) {
        model.learn({&o, sampler.sample(rng).value(), {}, {}});
        ASSERT_FALSE(model.trusted()) << "game " << game << ", evidence " << model.evidence();
        ASSERT_EQ(model.position_weight(o, positions[static_cast<std::size_t>(game % 60)]), 1.0);
    }
    // What was learned is not nothing: it is noise, and unused.
    double spread = 0.0;
    for (const Bitboard& cells : positions) {
        spread = std::max(spread, std::abs(std::log(model.learned_weight(o, cells))));
    }
    EXPECT_GT(spread, 0.01);
    EXPECT_LT(model.evidence(), 0.0);
}

TEST(OpponentEvidence, BestShootsAsIfNothingWereLearnedUntilThePriorIsTrusted) {
    const Options o{};
    auto options = std::make_shared<const Options>(o);
    const FleetSampler sampler(o.fleet, o.board, o.no_touch);
    Rng fleets(8);
    BestBot learner(300);
    for (int game = 0; game < 30; ++game) {
        learner.end_game({&o, sampler.sample(fleets).value(), {}, {}});
    }
    ASSERT_EQ(learner.model().fleets_seen(), 30);
    ASSERT_FALSE(learner.model().trusted());
    // The same seeds give the same shots as a bot that never learned, over whole games.
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        BestBot fresh(300);
        Rng setup(seed);
        State state = new_game(options, setup);
        for (int seat = 0; seat < kSeats; ++seat) {
            ASSERT_TRUE(place_fleet(state, seat, sampler.sample(setup).value()).ok());
        }
        Rng a(seed + 100), b(seed + 100);
        std::vector<ShotResult> results;
        for (int shot = 0; shot < 40 && state.phase == Phase::kFiring; ++shot) {
            state.to_move = 0;
            std::vector<Cell> x, y;
            fresh.shoot(observe(state, 0), a, x);
            learner.shoot(observe(state, 0), b, y);
            ASSERT_EQ(x, y) << "seed " << seed << ", shot " << shot;
            ASSERT_TRUE(fire(state, 0, x, results).ok());
        }
    }
}

TEST(OpponentEvidence, APlacerWithAHabitIsTrustedWithinAFewGames) {
    const Options o{};
    OpponentModel model;
    BorderBot border;
    const State state = new_state(o);
    const Observation obs = observe(state, 1);
    Rng rng(3);
    int trusted_after = 0;
    for (int game = 1; game <= 10 && trusted_after == 0; ++game) {
        model.learn({&o, border.place(obs, rng), {}, {}});
        if (model.trusted()) trusted_after = game;
    }
    EXPECT_GE(trusted_after, 3);  // one fleet cannot be judged; two are not yet strong evidence
    EXPECT_LE(trusted_after, 6);
    const auto rim = ship_cells({{0, 0}, Orientation::kHorizontal}, 5, o.board).value();
    const auto middle = ship_cells({{4, 3}, Orientation::kHorizontal}, 5, o.board).value();
    EXPECT_GT(model.position_weight(o, rim), 1.0);
    EXPECT_LT(model.position_weight(o, middle), 1.0);
    model.reset();
    EXPECT_EQ(model.evidence(), 0.0);
    EXPECT_FALSE(model.trusted());
}

}  // namespace
}  // namespace broadside::classic

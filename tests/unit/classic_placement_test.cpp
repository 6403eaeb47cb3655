// Placement and adaptation (issue 8): the `border` placer and `best`'s hard-to-find placement
// give legal layouts that vary; weighted layouts follow their product prior exactly; end_game is
// called once per game wherever games are played; `best` learns an opponent's placement habits
// (exactly, on small boards) and, with nothing learned, shoots exactly as the uniform `best`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/bots.h"
#include "ai/classic/opponent_model.h"
#include "ai/classic/placement.h"
#include "ai/classic/self_play.h"
#include "ai/classic/target_practice.h"
#include "classic_layouts_test_support.h"
#include "core/fleet_sampler.h"
#include "games/classic/rules.h"
#include "protocol/referee.h"
#include "seats/builtin_agent.h"

namespace broadside::classic {
namespace {

Options small_options(BoardSize board, const std::vector<int>& lengths, bool no_touch) {
    Options o;
    o.board = board;
    o.fleet.clear();
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        o.fleet.push_back({"Ship" + std::to_string(i), lengths[i]});
    }
    o.no_touch = no_touch;
    return o;
}

std::string key(const std::vector<Placement>& layout) {
    std::string k;
    for (const auto& p : layout) k += to_string(p) + ";";
    return k;
}

// The placement observation of seat 0 of a new game.
struct Fresh {
    std::shared_ptr<const Options> options;
    State state;
};
Fresh fresh_game(const Options& o, std::uint64_t seed) {
    Fresh f{std::make_shared<const Options>(o), {}};
    Rng rng(seed);
    f.state = new_game(f.options, rng);
    return f;
}

TEST(ClassicPlacement, BorderPlacesEveryShipAlongTheEdgeAndVaries) {
    for (const bool no_touch : {false, true}) {
        const Options o = small_options({10, 10}, {5, 4, 3, 3, 2}, no_touch);
        const Fresh g = fresh_game(o, 1);
        const Bitboard edge = rim(o.board);
        BorderBot bot;
        Rng rng(7);
        std::set<std::string> distinct;
        for (int i = 0; i < 200; ++i) {
            const auto layout = bot.place(observe(g.state, 0), rng);
            ASSERT_TRUE(validate_layout(o.fleet, layout, o.board, o.no_touch).ok());
            for (std::size_t s = 0; s < layout.size(); ++s) {
                const auto cells = ship_cells(layout[s], o.fleet[s].length, o.board);
                ASSERT_TRUE(cells);
                EXPECT_TRUE(edge.contains_all(*cells)) << to_string(layout[s]);
            }
            distinct.insert(key(layout));
        }
        EXPECT_GE(distinct.size(), 150U) << "no_touch " << no_touch;
    }
}

TEST(ClassicPlacement, SequentialPlacesLegallyWithTheFirstShipUniformOverItsPositions) {
    // One ship at a time: the first ship (the Carrier) takes each of its 120 positions equally
    // often, which uniform layouts do not do (they favour the middle, where more fleets fit).
    for (const bool no_touch : {false, true}) {
        const Options o = small_options({10, 10}, {5, 4, 3, 3, 2}, no_touch);
        const Fresh g = fresh_game(o, 3);
        SequentialBot bot;
        Rng rng(13);
        std::map<std::string, int> carrier;
        const Observation obs = observe(g.state, 0);
        constexpr int kLayouts = 12'000;
        for (int i = 0; i < kLayouts; ++i) {
            const auto layout = bot.place(obs, rng);
            ASSERT_TRUE(validate_layout(o.fleet, layout, o.board, o.no_touch).ok());
            ++carrier[to_string(layout[0])];
        }
        // 120 positions, 100 draws expected each (standard deviation about 10).
        ASSERT_EQ(carrier.size(), 120U) << "no_touch " << no_touch;
        for (const auto& [position, count] : carrier) {
            EXPECT_NEAR(count, 100, 50) << position << " no_touch " << no_touch;
        }
    }
}

TEST(ClassicPlacement, BestPlacesLegallyAndNeverTheSameWay) {
    const Options o = small_options({10, 10}, {5, 4, 3, 3, 2}, false);
    const Fresh g = fresh_game(o, 2);
    BestBot bot(300);
    Rng rng(11);
    std::set<std::string> distinct;
    std::vector<int> occupied(100, 0);
    constexpr int kLayouts = 400;
    for (int i = 0; i < kLayouts; ++i) {
        const auto layout = bot.place(observe(g.state, 0), rng);
        ASSERT_TRUE(validate_layout(o.fleet, layout, o.board, o.no_touch).ok());
        distinct.insert(key(layout));
        for (std::size_t s = 0; s < layout.size(); ++s) {
            ship_cells(layout[s], o.fleet[s].length, o.board)->for_each([&](int c) {
                ++occupied[static_cast<std::size_t>(c)];
            });
        }
    }
    EXPECT_GE(distinct.size(), static_cast<std::size_t>(kLayouts - 5));
    // Biased toward the edge, but no favourite cells: no cell holds a ship in more than 60% of
    // the layouts, and every cell is used.
    for (int c = 0; c < 100; ++c) {
        EXPECT_LT(occupied[static_cast<std::size_t>(c)], kLayouts * 6 / 10) << c;
        EXPECT_GT(occupied[static_cast<std::size_t>(c)], 0) << c;
    }
}

TEST(ClassicPlacement, WeightedLayoutsFollowTheProductOfTheirWeightsExactly) {
    // 4x4, ships of 3 and 2: every legal layout, with its product weight, against 60,000 draws.
    for (const bool no_touch : {false, true}) {
        const Options o = small_options({4, 4}, {3, 2}, no_touch);
        const PositionWeight weight = [&](const Bitboard& cells) {
            double w = 1.0;
            cells.for_each([&](int i) { w *= 1.0 + 0.5 * static_cast<double>(i % 5); });
            return w;
        };
        std::map<std::string, double> expected;
        double total = 0.0;
        std::vector<std::vector<Placement>> positions(2);
        for (std::size_t s = 0; s < 2; ++s) {
            for (const auto orientation : {Orientation::kHorizontal, Orientation::kVertical}) {
                for (int r = 0; r < 4; ++r) {
                    for (int c = 0; c < 4; ++c) {
                        const Placement p{{r, c}, orientation};
                        if (ship_cells(p, o.fleet[s].length, o.board)) positions[s].push_back(p);
                    }
                }
            }
        }
        for (const auto& a : positions[0]) {
            for (const auto& b : positions[1]) {
                const std::vector<Placement> layout{a, b};
                if (!validate_layout(o.fleet, layout, o.board, o.no_touch).ok()) continue;
                const double w =
                    weight(*ship_cells(a, 3, o.board)) * weight(*ship_cells(b, 2, o.board));
                expected[key(layout)] = w;
                total += w;
            }
        }
        Rng rng(3);
        constexpr int kDraws = 60000;
        std::map<std::string, int> seen;
        for (int i = 0; i < kDraws; ++i) {
            const auto layout = weighted_layout(o, weight, rng);
            ASSERT_TRUE(layout);
            ASSERT_TRUE(expected.count(key(*layout))) << key(*layout);
            ++seen[key(*layout)];
        }
        for (const auto& [k, w] : expected) {
            const double p = w / total;
            const double sd = std::sqrt(p * (1 - p) / kDraws);
            EXPECT_NEAR(static_cast<double>(seen[k]) / kDraws, p, 5 * sd + 1e-4) << k;
        }
    }
}

// A shooter that records every cell it fires and every end_game it is told.
class Recorder final : public Bot {
public:
    explicit Recorder(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
    std::string name() const override { return inner_->name(); }
    void new_game() override { inner_->new_game(); }
    std::vector<Placement> place(const Observation& obs, Rng& rng) override {
        return inner_->place(obs, rng);
    }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        inner_->shoot(obs, rng, out);
        cells.insert(cells.end(), out.begin(), out.end());
    }
    void end_game(const GameEnd& end) override {
        ends.push_back(end);
        inner_->end_game(end);
    }
    void new_series() override { inner_->new_series(); }

    std::vector<Cell> cells;
    std::vector<GameEnd> ends;

private:
    std::unique_ptr<Bot> inner_;
};

TEST(ClassicPlacement, BestWithNothingLearnedShootsExactlyAsTheUniformBest) {
    // The same seeds give the same cells: for a fresh bot, for one that learned fleets and then
    // started a new series, and for one that learned only where its opponent fires.
    auto options = std::make_shared<const Options>(Options{});
    std::vector<std::vector<Cell>> runs;
    for (int variant = 0; variant < 3; ++variant) {
        auto best = std::make_unique<BestBot>(300, "best-fast");
        if (variant == 1) {
            BorderBot border;
            Rng rng(5);
            const Fresh g = fresh_game(*options, 5);
            for (int i = 0; i < 5; ++i) {
                best->end_game({options.get(), border.place(observe(g.state, 1), rng), {}, {}});
            }
            EXPECT_EQ(best->model().fleets_seen(), 5);
            best->new_series();
            EXPECT_EQ(best->model().fleets_seen(), 0);
        }
        if (variant == 2) {
            best->end_game({options.get(), {}, {{0, 0}, {4, 4}, {9, 9}}, {}});
            EXPECT_EQ(best->model().shot_games(), 1);
        }
        Recorder shooter(std::move(best));
        for (std::uint64_t seed = 0; seed < 3; ++seed) {
            target_practice(options, shooter, seed, false);
            shooter.new_series();
        }
        runs.push_back(shooter.cells);
    }
    ASSERT_FALSE(runs[0].empty());
    EXPECT_EQ(runs[0], runs[1]);
    EXPECT_EQ(runs[0], runs[2]);
}

// Brute force on a small board: every legal layout consistent with the observation, weighted by
// the product of its ships' prior weights, and for every unfired cell the weighted share with a
// ship segment there.
std::vector<double> weighted_chances(const Observation& obs,
                                     const std::function<double(const Bitboard&)>& prior) {
    std::vector<double> weight(static_cast<std::size_t>(obs.options().board.cells()), 0.0);
    double total = 0;
    testing::for_each_consistent_layout(obs, [&](const std::vector<Bitboard>& layout) {
        double w = 1.0;
        Bitboard all;
        for (const auto& cells : layout) {
            w *= prior(cells);
            all |= cells;
        }
        total += w;
        all.without(obs.fired()).for_each([&](int i) { weight[static_cast<std::size_t>(i)] += w; });
    });
    for (auto& c : weight) c = total > 0 ? c / total : 0.0;
    return weight;
}

// A position observation: seat 0 fired `shots` random shots at a random fleet.
std::optional<Fresh> random_position(const Options& o, int shots, std::uint64_t seed) {
    Fresh g = fresh_game(o, seed);
    Rng rng(seed + 100);
    const FleetSampler sampler(o.fleet, o.board, o.no_touch);
    for (int seat = 0; seat < kSeats; ++seat) {
        EXPECT_TRUE(place_fleet(g.state, seat, sampler.sample(rng).value()).ok());
    }
    std::vector<int> order;
    for (int i = 0; i < o.board.cells(); ++i) order.push_back(i);
    rng.shuffle(std::span<int>(order));
    std::vector<ShotResult> results;
    for (int s = 0; s < shots; ++s) {
        g.state.to_move = 0;
        const Cell c = cell_at(order[static_cast<std::size_t>(s)], o.board);
        EXPECT_TRUE(fire(g.state, 0, std::span<const Cell>(&c, 1), results).ok());
        if (g.state.phase != Phase::kFiring) return std::nullopt;
    }
    g.state.to_move = 0;
    return g;
}

// Teaches `bot` `games` border fleets for options `o`.
void learn_border(BestBot& bot, const Options& o, int games, std::uint64_t seed) {
    const Fresh g = fresh_game(o, seed);
    BorderBot border;
    Rng rng(seed);
    for (int i = 0; i < games; ++i) {
        bot.end_game({&o, border.place(observe(g.state, 1), rng), {}, {}});
    }
}

// Teaches `bot` border fleets for options `o` until it trusts what it learned (docs/ai.md,
// "Learning only on evidence"), and at least `games` of them; fails the test if 300 do not do.
void learn_border_until_trusted(BestBot& bot, const Options& o, int games, std::uint64_t seed) {
    const Fresh g = fresh_game(o, seed);
    BorderBot border;
    Rng rng(seed);
    for (int i = 0; i < 300 && (i < games || !bot.model().trusted()); ++i) {
        bot.end_game({&o, border.place(observe(g.state, 1), rng), {}, {}});
    }
    ASSERT_TRUE(bot.model().trusted());
}

TEST(ClassicPlacement, LearnedPriorChancesEqualTheWeightedPosteriorExactly) {
    int checked = 0;
    for (const bool no_touch : {false, true}) {
        const Options o = small_options({5, 5}, {3, 2, 2}, no_touch);
        for (std::uint64_t seed = 0; seed < 10; ++seed) {
            const auto game = random_position(o, static_cast<int>(3 + seed), seed);
            if (!game) continue;
            const Observation obs = observe(game->state, 0);
            BestBot bot;
            learn_border_until_trusted(bot, o, 6, seed);
            Rng rng(seed);
            std::vector<Cell> out;
            bot.shoot(obs, rng, out);
            if (bot.last_method() != BestBot::Method::kExact) continue;
            ++checked;
            const auto exact = weighted_chances(
                obs, [&](const Bitboard& cells) { return bot.model().position_weight(o, cells); });
            for (int i = 0; i < o.board.cells(); ++i) {
                EXPECT_NEAR(bot.chance()[i], exact[i], 1e-9)
                    << "cell " << to_string(cell_at(i, o.board)) << ", seed " << seed;
            }
        }
    }
    EXPECT_GE(checked, 12);
}

TEST(ClassicPlacement, LearnedPriorSampledChancesComeCloseToTheWeightedPosterior) {
    const Options o = small_options({6, 6}, {4, 3, 2}, false);
    int checked = 0;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        const auto game = random_position(o, 2, seed);
        if (!game) continue;
        const Observation obs = observe(game->state, 0);
        BestBot bot(1000);
        learn_border_until_trusted(bot, o, 8, seed);
        Rng rng(seed);
        std::vector<Cell> out;
        bot.shoot(obs, rng, out);
        ASSERT_EQ(bot.last_method(), BestBot::Method::kSampled);
        ++checked;
        const auto exact = weighted_chances(
            obs, [&](const Bitboard& cells) { return bot.model().position_weight(o, cells); });
        for (int i = 0; i < o.board.cells(); ++i) {
            EXPECT_NEAR(bot.chance()[i], exact[i], 0.08) << to_string(cell_at(i, o.board));
        }
    }
    EXPECT_EQ(checked, 4);
}

TEST(ClassicPlacement, LearningBorderFleetsMovesTheChancesToTheEdge) {
    const Options o{};
    const Bitboard edge = rim(o.board);
    // A game in its firing phase, nothing fired yet.
    Fresh firing = fresh_game(o, 9);
    Rng rng(4);
    const FleetSampler sampler(o.fleet, o.board, o.no_touch);
    for (int seat = 0; seat < kSeats; ++seat) {
        ASSERT_TRUE(place_fleet(firing.state, seat, sampler.sample(rng).value()).ok());
    }
    firing.state.to_move = 0;
    auto chances = [&](BestBot& bot) {
        Rng r(1);
        std::vector<Cell> out;
        bot.shoot(observe(firing.state, 0), r, out);
        double on_edge = 0, inside = 0;
        for (int i = 0; i < 100; ++i) (edge.test(i) ? on_edge : inside) += bot.chance()[i];
        return std::pair{on_edge / 36.0, inside / 64.0};
    };
    BestBot uniform(1000);
    const auto [u_edge, u_inside] = chances(uniform);
    EXPECT_LT(u_edge, u_inside);  // uniform fleets favour the middle
    BestBot learned(1000);
    learn_border(learned, o, 100, 3);
    const auto [l_edge, l_inside] = chances(learned);
    EXPECT_GT(l_edge, 2.0 * l_inside);
    EXPECT_GT(l_edge, 1.5 * u_edge);
}

TEST(ClassicPlacement, OpponentModelIsUniformUntilItSeesAFleet) {
    const Options o{};
    OpponentModel model;
    const auto cells = ship_cells({{3, 3}, Orientation::kHorizontal}, 5, o.board).value();
    EXPECT_EQ(model.position_weight(o, cells), 1.0);
    model.learn({&o, {}, {{0, 0}}, {}});  // shots only: still no fleet
    EXPECT_EQ(model.position_weight(o, cells), 1.0);
    model.learn({&o,
                 {{{0, 0}, Orientation::kHorizontal},
                  {{9, 0}, Orientation::kHorizontal},
                  {{2, 9}, Orientation::kVertical},
                  {{9, 6}, Orientation::kHorizontal},
                  {{5, 0}, Orientation::kVertical}},
                 {},
                 {}});
    EXPECT_EQ(model.fleets_seen(), 1);
    EXPECT_LT(model.learned_weight(o, cells), 1.0);  // the middle, where it did not place
    const auto top = ship_cells({{0, 0}, Orientation::kHorizontal}, 5, o.board).value();
    EXPECT_GT(model.learned_weight(o, top), 1.0);
    // Learned, but not used: one fleet is no evidence of a habit.
    EXPECT_FALSE(model.trusted());
    EXPECT_EQ(model.position_weight(o, top), 1.0);
    model.reset();
    EXPECT_EQ(model.learned_weight(o, top), 1.0);
}

// Counts end_game calls.
class Counting final : public Bot {
public:
    std::string name() const override { return "counting"; }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        inner_.shoot(obs, rng, out);
    }
    void new_game() override { inner_.new_game(); }
    void end_game(const GameEnd& end) override {
        ++ends;
        fleet_sizes.push_back(end.enemy_fleet.size());
        shots.push_back(end.enemy_shots.size());
    }
    int ends = 0;
    std::vector<std::size_t> fleet_sizes;
    std::vector<std::size_t> shots;

private:
    RandomBot inner_;
};

TEST(ClassicPlacement, EndGameIsCalledOncePerGameWithWhatTheGameRevealed) {
    auto options = std::make_shared<const Options>(Options{});
    {
        Counting shooter, placer;
        for (std::uint64_t seed = 0; seed < 3; ++seed) {
            const auto r = target_practice(options, shooter, seed, false, &placer);
            EXPECT_EQ(shooter.fleet_sizes.back(), 5U);  // learns the target's fleet
            EXPECT_EQ(placer.shots.back(), static_cast<std::size_t>(r.shots));
        }
        EXPECT_EQ(shooter.ends, 3);
        EXPECT_EQ(placer.ends, 3);
    }
    {
        Counting a, b;
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
            const auto s = play_game(options, {&a, &b}, seed);
            EXPECT_EQ(a.shots.back(), static_cast<std::size_t>(s.shots[1]));
            EXPECT_EQ(b.shots.back(), static_cast<std::size_t>(s.shots[0]));
            EXPECT_EQ(a.fleet_sizes.back(), 5U);
        }
        EXPECT_EQ(a.ends, 4);
        EXPECT_EQ(b.ends, 4);
    }
    {
        // The referee keeps one agent per seat over a run and ends each game once.
        auto a = std::make_unique<Counting>();
        auto b = std::make_unique<Counting>();
        Counting* ca = a.get();
        Counting* cb = b.get();
        seats::ClassicBuiltinAgent seat0(std::move(a)), seat1(std::move(b));
        protocol::RefereeConfig config;
        config.game = "classic";
        for (std::uint64_t seed = 0; seed < 2; ++seed) {
            const auto outcome = protocol::referee_match(config, seed, {&seat0, &seat1}, {},
                                                         "m" + std::to_string(seed));
            ASSERT_FALSE(outcome.forfeited);
            const auto& shots = outcome.result["shots"];
            EXPECT_EQ(ca->shots.back(), shots[1].get<std::size_t>());
            EXPECT_EQ(cb->shots.back(), shots[0].get<std::size_t>());
            EXPECT_EQ(ca->fleet_sizes.back(), 5U);
        }
        EXPECT_EQ(ca->ends, 2);
        EXPECT_EQ(cb->ends, 2);
    }
}

TEST(ClassicPlacement, BorderIsRegistered) {
    auto bot = make_bot("border");
    ASSERT_TRUE(bot.ok());
    EXPECT_EQ((*bot)->name(), "border");
}

}  // namespace
}  // namespace broadside::classic

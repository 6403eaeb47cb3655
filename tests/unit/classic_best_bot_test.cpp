// The `best` shooter: its cell chances are those of the exact posterior over whole fleets
// (checked against brute force over every layout on small boards), sampled chances come close to
// them, and it always fires at a cell of the highest chance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/bots.h"
#include "ai/classic/density_bot.h"
#include "classic_layouts_test_support.h"
#include "core/cell.h"
#include "core/fleet_sampler.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

Options small_options(BoardSize board, const std::vector<int>& lengths, bool no_touch,
                      Announce announce) {
    Options o;
    o.board = board;
    o.fleet.clear();
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        o.fleet.push_back({"Ship" + std::to_string(i), lengths[i]});
    }
    o.no_touch = no_touch;
    o.announce = announce;
    return o;
}

// A game where seat 0 has fired `shots` random shots (one at a time) at a random enemy fleet and
// it is seat 0's turn again; nullopt if the fleet sank first.
struct Game {
    std::shared_ptr<const Options> options;
    State state;
};

std::optional<Game> random_position(const Options& o, int shots, std::uint64_t seed) {
    Game g{std::make_shared<const Options>(o), {}};
    Rng rng(seed);
    g.state = new_game(g.options, rng);
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

// Brute force: every legal layout consistent with the observation, and for every unfired cell
// the share of them with a ship segment there.
// `per_ship`, if given, gets per ship and cell (ship * cells + cell) the share of layouts with
// that ship's unhit segment there.
std::vector<double> exact_chances(const Observation& obs, std::vector<double>* per_ship = nullptr) {
    const BoardSize b = obs.options().board;
    const int n = static_cast<int>(obs.options().fleet.size());
    std::vector<double> count(static_cast<std::size_t>(b.cells()), 0.0);
    std::vector<double> ship_count(static_cast<std::size_t>(b.cells() * n), 0.0);
    double total = 0;
    testing::for_each_consistent_layout(obs, [&](const std::vector<Bitboard>& layout) {
        total += 1;
        for (int t = 0; t < n; ++t) {
            layout[static_cast<std::size_t>(t)].without(obs.fired()).for_each([&](int i) {
                count[static_cast<std::size_t>(i)] += 1;
                ship_count[static_cast<std::size_t>(t * b.cells() + i)] += 1;
            });
        }
    });
    for (auto& c : count) c = total > 0 ? c / total : 0.0;
    if (per_ship != nullptr) {
        for (auto& c : ship_count) c = total > 0 ? c / total : 0.0;
        *per_ship = std::move(ship_count);
    }
    return count;
}

TEST(ClassicBest, EnumeratedChancesEqualTheExactPosteriorOverWholeFleets) {
    int checked = 0;
    for (const bool no_touch : {false, true}) {
        for (const Announce announce : {Announce::kShip, Announce::kHitOnly}) {
            const Options o = small_options({5, 5}, {3, 2, 2}, no_touch, announce);
            for (std::uint64_t seed = 0; seed < 12; ++seed) {
                const auto game = random_position(o, static_cast<int>(3 + seed), seed);
                if (!game) continue;
                const Observation obs = observe(game->state, 0);
                BestBot bot;
                Rng rng(seed);
                std::vector<Cell> out;
                bot.shoot(obs, rng, out);
                if (bot.last_method() != BestBot::Method::kExact) continue;
                ++checked;
                const auto exact = exact_chances(obs);
                for (int i = 0; i < o.board.cells(); ++i) {
                    EXPECT_NEAR(bot.chance()[i], exact[i], 1e-9)
                        << "cell " << to_string(cell_at(i, o.board)) << ", seed " << seed;
                }
            }
        }
    }
    EXPECT_GE(checked, 30);
}

TEST(ClassicBest, SampledChancesComeCloseToTheExactPosterior) {
    // 1,000 fleets per shot on a 6x6 board, where there are too many fleets to enumerate: each
    // chance has a standard error of at most 0.016.
    const Options o = small_options({6, 6}, {4, 3, 2}, false, Announce::kShip);
    int checked = 0;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        const auto game = random_position(o, 2, seed);
        if (!game) continue;
        const Observation obs = observe(game->state, 0);
        BestBot bot(1000);
        Rng rng(seed);
        std::vector<Cell> out;
        bot.shoot(obs, rng, out);
        ASSERT_EQ(bot.last_method(), BestBot::Method::kSampled);
        EXPECT_EQ(bot.last_fleets(), 1000);
        ++checked;
        const auto exact = exact_chances(obs);
        for (int i = 0; i < o.board.cells(); ++i) {
            EXPECT_NEAR(bot.chance()[i], exact[i], 0.08) << to_string(cell_at(i, o.board));
        }
    }
    EXPECT_EQ(checked, 4);
}

TEST(ClassicBest, FiresAtACellOfTheHighestChance) {
    const Options o = small_options({10, 10}, {5, 4, 3, 3, 2}, false, Announce::kShip);
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
        const auto game = random_position(o, static_cast<int>(10 * seed), seed);
        if (!game) continue;
        BestBot bot(500);
        bot.set_info_weight(0.0);    // pure greedy
        bot.set_near_tie(0.0);       // and the highest chance only
        bot.set_hunt_candidates(0);  // with no hunt lookahead
        Rng rng(seed);
        std::vector<Cell> out;
        bot.shoot(observe(game->state, 0), rng, out);
        ASSERT_EQ(out.size(), 1U);
        const auto& chance = bot.chance();
        const double top = *std::max_element(chance.begin(), chance.begin() + 100);
        EXPECT_GT(top, 0.0);
        EXPECT_DOUBLE_EQ(chance[cell_index(out[0], o.board)], top);
    }
}

// A shot's value is chance + kDefaultInfoWeight x the entropy of its outcome (water, or which
// ship), computed here by brute force over every layout on a small board. With no near-ties the
// shot has the best value; by default it is the near-tie that keeps the search together.
TEST(ClassicBest, ASingleShotWeighsItsHitChanceAndWhatItsOutcomeTells) {
    const Options o = small_options({6, 5}, {3, 2, 2}, false, Announce::kShip);
    int checked = 0;
    int not_greedy = 0;
    for (std::uint64_t seed = 0; seed < 120; ++seed) {
        const auto game = random_position(o, static_cast<int>(seed % 14), seed);
        if (!game) continue;
        const Observation obs = observe(game->state, 0);
        std::vector<double> per_ship;
        const auto chance = exact_chances(obs, &per_ship);
        std::vector<double> value(chance.size(), -1.0);
        Bitboard::all(o.board).without(obs.fired()).for_each([&](int c) {
            double entropy = 0.0;
            for (int t = 0; t < 3; ++t) {
                const double p = per_ship[static_cast<std::size_t>(t * 30 + c)];
                if (p > 1e-12) entropy -= p * std::log(p);
            }
            const double water = 1.0 - chance[static_cast<std::size_t>(c)];
            if (water > 1e-12) entropy -= water * std::log(water);
            value[static_cast<std::size_t>(c)] =
                chance[static_cast<std::size_t>(c)] + BestBot::kDefaultInfoWeight * entropy;
        });
        const double top = *std::max_element(value.begin(), value.end());
        const double top_chance = *std::max_element(chance.begin(), chance.end());
        std::vector<Cell> out;
        {
            // Only the best value: the rule itself.
            BestBot bot(20000);  // enough that every fleet is enumerated
            bot.set_near_tie(0.0);
            bot.set_hunt_candidates(0);
            Rng rng(seed);
            bot.shoot(obs, rng, out);
            ASSERT_EQ(out.size(), 1U);
            ASSERT_EQ(bot.last_method(), BestBot::Method::kExact);
            const int shot = cell_index(out[0], o.board);
            EXPECT_NEAR(value[static_cast<std::size_t>(shot)], top, 1e-8 * top) << "seed " << seed;
            if (chance[static_cast<std::size_t>(shot)] < top_chance - 1e-9) ++not_greedy;
        }
        {
            // The default: of the cells within kDefaultNearTie of the best value, the one density
            // scores highest, the first of those in this game's tie order. (While hunting, the
            // hunt lookahead may then move the shot: classic_hunt_lookahead_test.cpp.)
            BestBot bot(20000);
            bot.set_hunt_candidates(0);
            Rng rng(seed);
            bot.shoot(obs, rng, out);
            ASSERT_EQ(out.size(), 1U);
            std::vector<int> near;
            Bitboard::all(o.board).without(obs.fired()).for_each([&](int c) {
                if (value[static_cast<std::size_t>(c)] >= top * (1.0 - BestBot::kDefaultNearTie)) {
                    near.push_back(c);
                }
            });
            DensityBot density;
            Rng unused(0);
            std::vector<Cell> density_shot;
            density.shoot(obs, unused, density_shot);
            double top_score = 0.0;
            for (const int c : near) top_score = std::max(top_score, density.density()[c]);
            std::vector<int> ties;
            for (const int c : near) {
                if (density.density()[c] >= top_score * (1.0 - 1e-9)) ties.push_back(c);
            }
            EXPECT_EQ(cell_index(out[0], o.board), bot.tie_order().first(ties, o.board))
                << "seed " << seed;
        }
        ++checked;
    }
    EXPECT_GE(checked, 20);
    EXPECT_GE(not_greedy, 1);  // the rule does differ from greedy somewhere
}

// The Salvo volley planner values a sinking and a ship's second hit: with the enemy Carrier's
// place known (A1-A3 hit, so it must run on to A5) a five-shot volley finishes it, spending two
// shots on one ship, where a volley of the five likeliest cells for a new ship would not.
TEST(ClassicBest, SalvoVolleyFinishesAShipWhosePlaceIsKnown) {
    Options o;
    o.salvo = true;
    auto options = std::make_shared<const Options>(o);
    Rng rng(3);
    State state = new_game(options, rng);
    const auto at = [&](const char* text) { return parse_cell(text, o.board).value(); };
    const std::vector<Placement> enemy{{at("A1"), Orientation::kHorizontal},
                                       {at("J1"), Orientation::kHorizontal},
                                       {at("J6"), Orientation::kHorizontal},
                                       {at("D10"), Orientation::kVertical},
                                       {at("F4"), Orientation::kHorizontal}};
    const FleetSampler sampler(o.fleet, o.board, o.no_touch);
    ASSERT_TRUE(place_fleet(state, 0, sampler.sample(rng).value()).ok());
    ASSERT_TRUE(place_fleet(state, 1, enemy).ok());
    state.to_move = 0;
    std::vector<ShotResult> results;
    const std::vector<Cell> volley{at("A1"), at("A2"), at("A3"), at("B1"), at("B2")};
    ASSERT_TRUE(fire(state, 0, volley, results).ok());
    state.to_move = 0;
    const std::vector<Cell> second{at("B3"), at("C5"), at("H8"), at("D2"), at("H2")};
    ASSERT_TRUE(fire(state, 0, second, results).ok());
    state.to_move = 0;
    for (const int samples : {300, 3000}) {
        BestBot bot(samples, "best");
        std::vector<Cell> out;
        Rng bot_rng(7);
        bot.shoot(observe(state, 0), bot_rng, out);
        ASSERT_EQ(out.size(), 5U);
        EXPECT_NE(std::find(out.begin(), out.end(), at("A4")), out.end()) << samples;
        EXPECT_NE(std::find(out.begin(), out.end(), at("A5")), out.end()) << samples;
        std::vector<Cell> unique = out;
        std::sort(unique.begin(), unique.end());
        EXPECT_EQ(std::unique(unique.begin(), unique.end()), unique.end());
        for (const Cell c : out)
            EXPECT_FALSE(observe(state, 0).fired().test(cell_index(c, o.board)));
    }
}

TEST(ClassicBest, BestIsTheDefaultBotAndBestFastIsRegistered) {
    EXPECT_EQ(default_bot_name(), "best");
    auto fast = make_bot("best-fast");
    ASSERT_TRUE(fast.ok());
    EXPECT_EQ((*fast)->name(), "best-fast");
}

}  // namespace
}  // namespace broadside::classic

// The information planner of Salvo volleys (BestBot::plan_informed_volley, which `best-salvo`
// uses while finishing a ship it has hit), checked against a brute-force
// oracle on small boards where `best` enumerates every consistent fleet: the oracle lists every
// legal layout consistent with the observation (and nothing else: the volley is a function of
// what the seat has seen), fires first the cells at least kVolleyCertain likely to hit, then
// adds one cell at a time by hit chance + sinking chance + kVolleyInfoWeight x the entropy of
// its outcome within each group of layouts that agree on the cells already chosen.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/bots.h"
#include "classic_layouts_test_support.h"
#include "core/cell.h"
#include "core/fleet_sampler.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

// Per consistent layout, per ship: the ship's segments not fired at yet.
using Layouts = std::vector<std::vector<Bitboard>>;

Layouts consistent_layouts(const Observation& obs) {
    Layouts out;
    testing::for_each_consistent_layout(obs, [&](const std::vector<Bitboard>& layout) {
        std::vector<Bitboard> left;
        for (const auto& cells : layout) left.push_back(cells.without(obs.fired()));
        out.push_back(std::move(left));
    });
    return out;
}

// The volley the rule asks for, from the layouts alone.
std::vector<int> oracle_volley(const Observation& obs, const Layouts& layouts) {
    const int due = obs.shots_due();
    const auto total = static_cast<double>(layouts.size());
    std::vector<int> unfired;
    for (int c = 0; c < obs.board().cells(); ++c) {
        if (!obs.fired().test(c)) unfired.push_back(c);
    }
    std::vector<int> volley;
    const auto taken = [&](int c) {
        return std::find(volley.begin(), volley.end(), c) != volley.end();
    };
    // The ship at `c` in a layout (0 for water, 1 + ship otherwise).
    const auto outcome = [](const std::vector<Bitboard>& layout, int c) {
        for (std::size_t s = 0; s < layout.size(); ++s) {
            if (layout[s].test(c)) return static_cast<int>(s) + 1;
        }
        return 0;
    };
    std::vector<std::pair<double, int>> sure;
    for (const int c : unfired) {
        double hits = 0;
        for (const auto& layout : layouts) hits += outcome(layout, c) > 0 ? 1 : 0;
        if (hits >= BestBot::kVolleyCertain * total) sure.push_back({hits, c});
    }
    std::stable_sort(sure.begin(), sure.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    for (const auto& [hits, c] : sure) {
        if (static_cast<int>(volley.size()) < due) volley.push_back(c);
    }
    while (static_cast<int>(volley.size()) < due) {
        std::vector<std::pair<int, double>> values;
        for (const int c : unfired) {
            if (taken(c)) continue;
            double gain = 0;
            std::map<std::vector<int>, std::map<int, double>> groups;
            for (const auto& layout : layouts) {
                const int at = outcome(layout, c);
                if (at > 0) {
                    // A sinking if every other segment of the ship is in the volley already.
                    const Bitboard& ship = layout[static_cast<std::size_t>(at - 1)];
                    bool sinks = true;
                    ship.for_each([&](int i) { sinks = sinks && (i == c || taken(i)); });
                    gain += sinks ? 2 : 1;
                }
                std::vector<int> key;
                for (const int v : volley) key.push_back(outcome(layout, v));
                groups[key][at] += 1;
            }
            double entropy = 0;
            for (const auto& [key, counts] : groups) {
                double n = 0;
                for (const auto& [o, w] : counts) n += w;
                for (const auto& [o, w] : counts) entropy -= (w / total) * std::log(w / n);
            }
            values.push_back({c, (gain / total) + BestBot::kVolleyInfoWeight * entropy});
        }
        double top = -1;
        for (const auto& [c, v] : values) top = std::max(top, v);
        for (const auto& [c, v] : values) {
            if (v >= top - 1e-9 * std::max(1.0, top)) {
                volley.push_back(c);
                break;
            }
        }
    }
    return volley;
}

// A Salvo game on a small board where seat 0 has fired `volleys` volleys of random cells; seat
// 1 never fires, so seat 0's volleys keep one shot per ship.
std::optional<State> salvo_position(std::shared_ptr<const Options> options, int volleys,
                                    std::uint64_t seed) {
    Rng rng(seed);
    State state = new_game(options, rng);
    const FleetSampler sampler(options->fleet, options->board, options->no_touch);
    for (int seat = 0; seat < kSeats; ++seat) {
        EXPECT_TRUE(place_fleet(state, seat, sampler.sample(rng).value()).ok());
    }
    std::vector<int> order;
    for (int i = 0; i < options->board.cells(); ++i) order.push_back(i);
    rng.shuffle(std::span<int>(order));
    std::size_t next = 0;
    std::vector<ShotResult> results;
    for (int v = 0; v < volleys; ++v) {
        state.to_move = 0;
        std::vector<Cell> volley;
        const int due = shots_due(state, 0);
        for (int k = 0; k < due; ++k) volley.push_back(cell_at(order[next++], options->board));
        EXPECT_TRUE(fire(state, 0, volley, results).ok());
        if (state.phase != Phase::kFiring) return std::nullopt;
    }
    state.to_move = 0;
    return state;
}

TEST(InformedVolley, EveryVolleyIsTheOneTheRuleGivesOverEveryConsistentFleet) {
    Options o;
    o.board = {5, 5};
    o.fleet = {{"Cruiser", 3}, {"Submarine", 3}, {"Destroyer", 2}};
    o.salvo = true;
    const auto options = std::make_shared<const Options>(o);
    int checked = 0;
    int with_sure_cells = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const auto state = salvo_position(options, 1 + static_cast<int>(seed % 3), seed);
        if (!state) continue;
        const Observation obs = observe(*state, 0);
        const Layouts layouts = consistent_layouts(obs);
        ASSERT_FALSE(layouts.empty());
        BestBot bot(3000, "informed");
        bot.set_volley_planner(BestBot::VolleyPlanner::kByInformation);
        std::vector<Cell> out;
        Rng rng(seed);
        bot.shoot(obs, rng, out);
        // Where too many fleets are left to enumerate, the bot samples; the oracle is exact.
        if (bot.last_method() != BestBot::Method::kExact) continue;
        ASSERT_EQ(static_cast<int>(out.size()), obs.shots_due());
        std::vector<int> got;
        for (const Cell c : out) got.push_back(cell_index(c, o.board));
        const std::vector<int> want = oracle_volley(obs, layouts);
        EXPECT_EQ(got, want) << "seed " << seed << ", " << layouts.size() << " layouts";
        ++checked;
        // Whether the oracle fired a (nearly) certain cell first.
        const int first = want.front();
        int hits = 0;
        for (const auto& layout : layouts) {
            for (const auto& ship : layout) hits += ship.test(first) ? 1 : 0;
        }
        if (hits >= BestBot::kVolleyCertain * static_cast<double>(layouts.size())) {
            ++with_sure_cells;
        }
    }
    EXPECT_GE(checked, 25);
    EXPECT_GE(with_sure_cells, 3);  // the certain-first rule was exercised
}

// Whether seat 1 has a ship hit and not sunk: the truth, read from the state (the bot sees only
// its observation).
bool a_hit_ship_afloat(const State& state) {
    const Ocean& enemy = state.oceans[1];
    for (std::size_t s = 0; s < enemy.layout.size(); ++s) {
        if (enemy.hits[s] > 0 && enemy.sunk_at[s] < 0) return true;
    }
    return false;
}

// `best-salvo` (session 14): while an enemy ship it has hit is afloat, each volley is the one the
// information planner gives; while hunting, the one `best` fires. Positions after random volleys
// on the standard Salvo board; the three bots draw from the same seed, so they weigh the same
// fleets and differ only in the planner.
TEST(InformedVolley, BestSalvoFinishesByInformationAndHuntsLikeBest) {
    Options o;
    o.salvo = true;
    const auto options = std::make_shared<const Options>(o);
    int finishing = 0, hunting = 0;
    int finishing_differs = 0, hunting_differs = 0;  // the planners disagree: the case is decided
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
        const auto state = salvo_position(options, static_cast<int>(seed % 4), seed);
        if (!state) continue;
        const Observation obs = observe(*state, 0);
        auto salvo = make_bot("best-salvo").value();
        auto best = make_bot("best").value();
        BestBot informed(3000, "informed");
        informed.set_volley_planner(BestBot::VolleyPlanner::kByInformation);
        std::vector<Cell> by_salvo, by_best, by_information;
        Rng a(seed), b(seed), c(seed);
        salvo->shoot(obs, a, by_salvo);
        best->shoot(obs, b, by_best);
        informed.shoot(obs, c, by_information);
        ASSERT_EQ(static_cast<int>(by_salvo.size()), obs.shots_due());
        const bool differs = by_best != by_information;
        if (a_hit_ship_afloat(*state)) {
            EXPECT_EQ(by_salvo, by_information) << "seed " << seed << ": finishing";
            ++finishing;
            finishing_differs += differs ? 1 : 0;
        } else {
            EXPECT_EQ(by_salvo, by_best) << "seed " << seed << ": hunting";
            ++hunting;
            hunting_differs += differs ? 1 : 0;
        }
    }
    EXPECT_GE(finishing_differs, 2) << finishing << " finishing positions";
    EXPECT_GE(hunting_differs, 2) << hunting << " hunting positions";
}

}  // namespace
}  // namespace broadside::classic

// The built-in classic/Salvo shooters (random, hunt, density): every volley is legal through whole
// self-play games on many boards, fleets and options, and the hunt and density bots make the
// shots their strategies promise in constructed positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/bots.h"
#include "ai/classic/density_bot.h"
#include "ai/classic/hunt_bot.h"
#include "ai/classic/self_play.h"
#include "core/fleet_sampler.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

struct Setup {
    std::string label;
    Options options;
};

Options make_options(BoardSize board, std::vector<ShipSpec> fleet, bool salvo = false,
                     bool no_touch = false, Announce announce = Announce::kShip) {
    Options o;
    o.board = board;
    o.fleet = std::move(fleet);
    o.salvo = salvo;
    o.no_touch = no_touch;
    o.announce = announce;
    return o;
}

std::vector<ShipSpec> fleet_of(const std::vector<int>& lengths) {
    std::vector<ShipSpec> fleet;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        fleet.push_back({"Ship" + std::to_string(i), lengths[i]});
    }
    return fleet;
}

// Wraps a bot and checks every volley it fires: exactly shots_due cells, on the board, not fired
// at before, all different; then runs an optional extra check.
class CheckedBot final : public Bot {
public:
    using Check = std::function<void(const Observation&, const std::vector<Cell>&)>;
    explicit CheckedBot(Bot& inner, Check check = {}) : inner_(inner), check_(std::move(check)) {}

    std::string name() const override { return inner_.name(); }
    void new_game() override { inner_.new_game(); }
    std::vector<Placement> place(const Observation& obs, Rng& rng) override {
        return inner_.place(obs, rng);
    }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        inner_.shoot(obs, rng, out);
        ++volleys;
        const int due = obs.shots_due();
        EXPECT_EQ(static_cast<int>(out.size()), due) << name();
        Bitboard seen;
        for (const Cell c : out) {
            ASSERT_TRUE(on_board(c, obs.board())) << name();
            const int i = cell_index(c, obs.board());
            EXPECT_FALSE(obs.fired().test(i)) << name() << " fired again at " << to_string(c);
            EXPECT_FALSE(seen.test(i)) << name() << " named " << to_string(c) << " twice";
            seen.set(i);
        }
        if (check_) check_(obs, out);
    }

    int volleys = 0;

private:
    Bot& inner_;
    Check check_;
};

std::vector<std::unique_ptr<Bot>> all_bots() {
    std::vector<std::unique_ptr<Bot>> bots;
    for (const auto& name : bot_names()) {
        // The whole-fleet shooters with a hundred fleets per shot: the same code paths
        // (sampling, enumeration, fallbacks), fast enough for the sanitizer build.
        if (name.starts_with("best")) {
            auto best = std::make_unique<BestBot>(100, name);
            // best-counter's prior from fewer of best's placements: the same code path.
            if (name == "best-counter") best->set_expected_placer_fleets(50);
            if (name == "best-salvo") {
                best->set_volley_planner(BestBot::VolleyPlanner::kByInformationWhileFinishing);
            }
            bots.push_back(std::move(best));
        } else {
            bots.push_back(std::move(make_bot(name).value()));
        }
    }
    return bots;
}

// Plays `games` games per pairing of every bot with every bot (one instance per seat, reused
// across games), every volley checked.
void play_all_pairings(const Options& options, int games, const CheckedBot::Check& check = {}) {
    const auto shared = std::make_shared<const Options>(options);
    auto first = all_bots();
    auto second = all_bots();
    std::uint64_t seed = 1;
    for (auto& a : first) {
        for (auto& b : second) {
            CheckedBot ca(*a, check);
            CheckedBot cb(*b, check);
            for (int g = 0; g < games; ++g) {
                const GameSummary s = play_game(shared, {&ca, &cb}, seed++);
                EXPECT_GE(s.winner, 0);
            }
            EXPECT_GT(ca.volleys + cb.volleys, 0);
        }
    }
}

std::vector<Setup> self_play_setups() {
    return {
        {"classic 10x10", make_options({10, 10}, classic_fleet())},
        {"salvo 10x10", make_options({10, 10}, classic_fleet(), true)},
        {"classic hit-only",
         make_options({10, 10}, classic_fleet(), false, false, Announce::kHitOnly)},
        {"salvo hit-only",
         make_options({10, 10}, classic_fleet(), true, false, Announce::kHitOnly)},
        {"classic no_touch", make_options({10, 10}, classic_fleet(), false, true)},
        {"salvo no_touch hit-only",
         make_options({10, 10}, classic_fleet(), true, true, Announce::kHitOnly)},
        {"salvo 5x5 with single-cell ships", make_options({5, 5}, fleet_of({3, 2, 1, 1}), true)},
        {"classic 7x12, a ship as long as the board is wide, hit-only",
         make_options({7, 12}, fleet_of({12, 7, 1}), false, false, Announce::kHitOnly)},
        {"salvo 8x8 no_touch, many small ships",
         make_options({8, 8}, fleet_of({4, 3, 2, 2, 1, 1}), true, true)},
        {"classic 13x6 no_touch hit-only",
         make_options({13, 6}, fleet_of({6, 5, 3, 1}), false, true, Announce::kHitOnly)},
    };
}

TEST(ClassicBots, RegistryListsEveryBotWithBestAsDefault) {
    EXPECT_EQ(bot_names(), (std::vector<std::string>{"random", "hunt", "density", "density-plain",
                                                     "best", "best-fast", "border", "sequential",
                                                     "best-counter", "best-salvo"}));
    EXPECT_EQ(default_bot_name(), "best");
    for (const auto& name : bot_names()) {
        auto bot = make_bot(name);
        ASSERT_TRUE(bot.ok()) << name;
        EXPECT_EQ((*bot)->name(), name);
    }
    EXPECT_FALSE(make_bot("oracle").ok());
}

TEST(ClassicBots, EveryBotFiresExactlyTheShotsDueAtDistinctUnfiredCellsInSelfPlay) {
    for (const auto& setup : self_play_setups()) {
        SCOPED_TRACE(setup.label);
        play_all_pairings(setup.options, 2);
    }
}

TEST(ClassicBots, HuntAndDensityFireLegallyOnTheLargestBoardWithABoardLongShip) {
    const auto options = std::make_shared<const Options>(
        make_options({26, 26}, fleet_of({26, 9, 5, 3, 2, 1}), true, false, Announce::kHitOnly));
    HuntBot hunt;
    DensityBot density;
    CheckedBot a(hunt);
    CheckedBot b(density);
    EXPECT_GE(play_game(options, {&a, &b}, 1).winner, 0);
    EXPECT_GE(play_game(options, {&b, &a}, 2).winner, 0);
}

TEST(ClassicBots, OneHuntOrDensityInstanceCanShootForBothSeats) {
    // A bot that keeps memory between shots must notice it is looking at another target grid.
    // (RandomBot cannot: its one permutation of the cells is shared by both grids.)
    for (const bool salvo : {false, true}) {
        const auto options = std::make_shared<const Options>(
            make_options({10, 10}, classic_fleet(), salvo, false, Announce::kHitOnly));
        HuntBot hunt;
        DensityBot density;
        for (Bot* bot : std::initializer_list<Bot*>{&hunt, &density}) {
            CheckedBot checked(*bot);
            for (std::uint64_t seed = 0; seed < 2; ++seed) {
                EXPECT_GE(play_game(options, {&checked, &checked}, seed).winner, 0);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Constructed positions: seat 1's fleet where the test puts it, seat 0 has fired `shots`, and it
// is seat 0's turn.

struct Position {
    std::shared_ptr<const Options> options;
    State state;
    Observation obs() const { return observe(state, 0); }
};

Position position(const Options& o, const std::vector<std::string>& enemy_layout,
                  const std::vector<std::string>& shots) {
    Position p{std::make_shared<const Options>(o), {}};
    Rng rng(7);
    p.state = new_game(p.options, rng);
    std::vector<Placement> enemy;
    for (const auto& text : enemy_layout) enemy.push_back(parse_placement(text, o.board).value());
    const auto mine = FleetSampler(o.fleet, o.board, o.no_touch).sample(rng).value();
    EXPECT_TRUE(place_fleet(p.state, 0, mine).ok());
    EXPECT_TRUE(place_fleet(p.state, 1, enemy).ok());
    // Fire one shot at a time (as a classic game would), then restore the options' salvo rule.
    auto one_at_a_time = std::make_shared<Options>(o);
    one_at_a_time->salvo = false;
    p.state.options = one_at_a_time;
    std::vector<ShotResult> results;
    for (const auto& text : shots) {
        p.state.to_move = 0;
        const Cell c = parse_cell(text, o.board).value();
        EXPECT_TRUE(fire(p.state, 0, std::span<const Cell>(&c, 1), results).ok()) << text;
    }
    p.state.options = p.options;
    p.state.to_move = 0;
    EXPECT_EQ(p.state.phase, Phase::kFiring);
    return p;
}

bool adjacent(Cell a, Cell b) {
    return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1;
}

Cell cell(const std::string& text) {
    return parse_cell(text, BoardSize{26, 26}).value();
}

const std::vector<std::string> kClassicLayout = {"C3 right", "F1 down", "H5 right", "A10 down",
                                                 "J1 right"};
// Carrier C3-C7, Battleship F1-I1, Cruiser H5-H7, Submarine A10-C10, Destroyer J1-J2.

TEST(ClassicBots, HuntFiresNextToAHitOnAShipStillAfloat) {
    for (const Announce announce : {Announce::kShip, Announce::kHitOnly}) {
        const Options o = make_options({10, 10}, classic_fleet(), false, false, announce);
        for (const std::string hit : {"C3", "C5", "C7", "G1", "H6", "B10"}) {
            const Position p = position(o, kClassicLayout, {"E5", hit, "A1"});
            for (std::uint64_t seed = 0; seed < 8; ++seed) {
                HuntBot bot;
                Rng rng(seed);
                std::vector<Cell> out;
                bot.shoot(p.obs(), rng, out);
                ASSERT_EQ(out.size(), 1U);
                EXPECT_TRUE(adjacent(out[0], cell(hit)))
                    << "hit " << hit << ", fired " << to_string(out[0]);
            }
        }
    }
}

TEST(ClassicBots, HuntExtendsALineOfTwoHits) {
    for (const Announce announce : {Announce::kShip, Announce::kHitOnly}) {
        const Options o = make_options({10, 10}, classic_fleet(), false, false, announce);
        const Position p = position(o, kClassicLayout, {"C5", "C6"});
        for (std::uint64_t seed = 0; seed < 16; ++seed) {
            HuntBot bot;
            Rng rng(seed);
            std::vector<Cell> out;
            bot.shoot(p.obs(), rng, out);
            ASSERT_EQ(out.size(), 1U);
            EXPECT_TRUE(out[0] == cell("C4") || out[0] == cell("C7")) << to_string(out[0]);
        }
    }
}

TEST(ClassicBots, HuntSalvoFiresTargetsFirstThenHunts) {
    const Options o = make_options({10, 10}, classic_fleet(), true);
    const Position p = position(o, kClassicLayout, {"C5"});
    HuntBot bot;
    Rng rng(3);
    std::vector<Cell> out;
    bot.shoot(p.obs(), rng, out);
    ASSERT_EQ(out.size(), 5U);
    int next_to_hit = 0;
    for (const Cell c : out) next_to_hit += adjacent(c, cell("C5")) ? 1 : 0;
    EXPECT_EQ(next_to_hit, 4);  // all four neighbours of the lone hit, then one hunting shot
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(adjacent(out[i], cell("C5"))) << i;
}

TEST(ClassicBots, DensityFiresAtTheOnlyRemainingConsistentCell) {
    // 5x5, Cruiser A1-A3 (sunk), Destroyer C3-D3 hit at C3. Every other cell has been fired at
    // except D3, E5 and A5; E5 and A5 are walled in by misses, too small for the Destroyer, so
    // D3 is the only cell any ship afloat can still be on.
    for (const Announce announce : {Announce::kShip, Announce::kHitOnly}) {
        const Options o =
            make_options({5, 5}, {{"Cruiser", 3}, {"Destroyer", 2}}, false, false, announce);
        std::vector<std::string> shots;
        for (char r = 'A'; r <= 'E'; ++r) {
            for (int c = 1; c <= 5; ++c) {
                const std::string s = std::string(1, r) + std::to_string(c);
                if (s != "D3" && s != "E5" && s != "A5") shots.push_back(s);
            }
        }
        const Position p = position(o, {"A1 right", "C3 down"}, shots);
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
            DensityBot bot;
            Rng rng(seed);
            std::vector<Cell> out;
            bot.shoot(p.obs(), rng, out);
            ASSERT_EQ(out.size(), 1U);
            EXPECT_EQ(out[0], cell("D3"));
            EXPECT_GT(bot.density()[cell_index(cell("D3"), o.board)], 0.0);
            EXPECT_EQ(bot.density()[cell_index(cell("E5"), o.board)], 0.0);
            EXPECT_EQ(bot.density()[cell_index(cell("A5"), o.board)], 0.0);
        }
    }
}

TEST(ClassicBots, DensityTargetsAnUnnamedHitUnderHitOnly) {
    const Options o = make_options({10, 10}, classic_fleet(), false, false, Announce::kHitOnly);
    const Position p = position(o, kClassicLayout, {"A1", "H6", "E9"});
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
        DensityBot bot;
        Rng rng(seed);
        std::vector<Cell> out;
        bot.shoot(p.obs(), rng, out);
        ASSERT_EQ(out.size(), 1U);
        EXPECT_TRUE(adjacent(out[0], cell("H6"))) << to_string(out[0]);
    }
}

TEST(ClassicBots, DensityKeepsAwayFromASunkShipUnderNoTouch) {
    // The Destroyer J4-J5 is sunk; under no_touch I3 to I6, J3 and J6 are water: the cells
    // touching it cannot be any other ship, so their density is zero.
    const Options o = make_options({10, 10}, classic_fleet(), false, true, Announce::kHitOnly);
    const Position p =
        position(o, {"C3 right", "F1 down", "H5 right", "A10 down", "J4 right"}, {"J4", "J5"});
    DensityBot bot;
    Rng rng(1);
    std::vector<Cell> out;
    bot.shoot(p.obs(), rng, out);
    for (const std::string water : {"I3", "I4", "I5", "I6", "J3", "J6"}) {
        EXPECT_EQ(bot.density()[cell_index(cell(water), o.board)], 0.0) << water;
    }
    EXPECT_GT(bot.density()[cell_index(cell("A1"), o.board)], 0.0);
}

TEST(ClassicBots, DensitySalvoCoversBothOrientationsOfALoneHitAndSpreadsTheRest) {
    // One hit on the Carrier (named) at C5 in open water and five shots to fire. The volley
    // should reach the Carrier whichever way it lies (a shot in row C and one in column 5 within
    // its reach), yet not spend every shot on that one hit: once both orientations are covered,
    // another shot there pays off only if the first ones miss.
    const Options o = make_options({10, 10}, classic_fleet(), true);
    const Position p = position(o, kClassicLayout, {"C5"});
    const Cell hit = cell("C5");
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        DensityBot bot;
        Rng rng(seed);
        std::vector<Cell> out;
        bot.shoot(p.obs(), rng, out);
        ASSERT_EQ(out.size(), 5U);
        int along_row = 0, along_column = 0;
        for (const Cell c : out) {
            if (c.row == hit.row && std::abs(c.col - hit.col) <= 4) ++along_row;
            if (c.col == hit.col && std::abs(c.row - hit.row) <= 4) ++along_column;
        }
        EXPECT_GE(along_row, 1);
        EXPECT_GE(along_column, 1);
        EXPECT_LT(along_row + along_column, 5);
    }
}

// ---------------------------------------------------------------------------------------------
// Whole games with a referee that knows only what the shooter knows.

// Unfired cells that some placement of a ship afloat could cover, given misses, hits and the ships
// they name: a placement of ship X covers no miss, no hit named for another ship, every hit
// named X, and at least one unfired cell (X is not sunk).
Bitboard consistent_cells(const Observation& obs) {
    const BoardSize b = obs.board();
    const Bitboard unfired = Bitboard::all(b).without(obs.fired());
    Bitboard reach;
    for (int s = 0; s < static_cast<int>(obs.fleet().size()); ++s) {
        if (obs.enemy_ship_sunk(s)) continue;
        Bitboard named;
        obs.hits().for_each([&](int i) {
            if (obs.hit_label(i) == s) named.set(i);
        });
        for (const auto orientation : {Orientation::kHorizontal, Orientation::kVertical}) {
            for (int r = 0; r < b.rows; ++r) {
                for (int c = 0; c < b.cols; ++c) {
                    const auto cells = ship_cells({{r, c}, orientation}, obs.fleet()[s].length, b);
                    if (!cells || cells->intersects(obs.misses()) || !cells->contains_all(named) ||
                        !cells->intersects(unfired)) {
                        continue;
                    }
                    bool other = false;
                    (*cells & obs.hits()).for_each([&](int i) {
                        other = other || obs.hit_label(i) != s;
                    });
                    if (!other) reach |= *cells & unfired;
                }
            }
        }
    }
    return reach;
}

TEST(ClassicBots, DensityUnderNamedHitsNeverFiresWhereNoConsistentPlacementReaches) {
    int checked = 0;
    const auto check = [&](const Observation& obs, const std::vector<Cell>& out) {
        const Bitboard reach = consistent_cells(obs);
        int inside = 0;
        for (const Cell c : out) inside += reach.test(cell_index(c, obs.board())) ? 1 : 0;
        // A salvo may have more shots due than consistent cells left; then it takes them all.
        EXPECT_EQ(inside, std::min(static_cast<int>(out.size()), reach.count()));
        ++checked;
    };
    for (const auto& o :
         {make_options({10, 10}, classic_fleet()), make_options({10, 10}, classic_fleet(), true),
          make_options({10, 10}, classic_fleet(), false, true),
          make_options({6, 9}, fleet_of({5, 4, 2, 2, 1}), true)}) {
        const auto shared = std::make_shared<const Options>(o);
        DensityBot density;
        RandomBot random;
        CheckedBot shooter(density, check);
        for (std::uint64_t seed = 0; seed < 4; ++seed) play_game(shared, {&shooter, &random}, seed);
    }
    EXPECT_GT(checked, 100);
}

TEST(ClassicBots, HuntAndDensityNeverFireAtKnownWaterUnderNoTouch) {
    // Under no_touch the cells around a sunk ship and the cells diagonal to any hit are water.
    // A salvo may be forced into them only when every other unfired cell is already in it.
    const auto check = [](const Observation& obs, const std::vector<Cell>& out) {
        const BoardSize b = obs.board();
        Bitboard sunk_cells;
        obs.hits().for_each([&](int i) {
            if (obs.enemy_ship_sunk(obs.hit_label(i))) sunk_cells.set(i);
        });
        Bitboard water = neighbourhood(sunk_cells, b);
        obs.hits().for_each([&](int i) {
            Bitboard one;
            one.set(i);
            const Cell c = cell_at(i, b);
            neighbourhood(one, b).for_each([&](int j) {
                const Cell d = cell_at(j, b);
                if (d.row != c.row && d.col != c.col) water.set(j);
            });
        });
        const Bitboard dry = Bitboard::all(b).without(obs.fired()).without(water);
        Bitboard volley;
        int wet = 0;
        for (const Cell c : out) {
            volley.set(cell_index(c, b));
            wet += water.test(cell_index(c, b)) ? 1 : 0;
        }
        if (wet > 0) {
            EXPECT_TRUE(volley.contains_all(dry)) << "fired into known water";
        }
    };
    for (const bool salvo : {false, true}) {
        const auto shared =
            std::make_shared<const Options>(make_options({10, 10}, classic_fleet(), salvo, true));
        HuntBot hunt;
        DensityBot density;
        CheckedBot a(hunt, check);
        CheckedBot b(density, check);
        for (std::uint64_t seed = 0; seed < 4; ++seed) play_game(shared, {&a, &b}, seed);
    }
}

}  // namespace
}  // namespace broadside::classic

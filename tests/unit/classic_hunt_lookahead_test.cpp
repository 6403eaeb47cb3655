// The hunt lookahead (ai/classic/hunt_lookahead.h): the search a first shot starts, and the
// expected number of its shots until every ship has been hit.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "ai/classic/best_bot.h"
#include "ai/classic/density_bot.h"
#include "ai/classic/enemy_knowledge.h"
#include "ai/classic/hunt_lookahead.h"
#include "ai/classic/self_play.h"
#include "core/rng.h"
#include "core/ship.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

std::vector<Bitboard> positions_of(int length, BoardSize board, const Bitboard& fired = {}) {
    std::vector<Bitboard> out;
    for (const ShipPosition& p : ship_positions(length, board)) {
        if (!p.cells.intersects(fired)) out.push_back(p.cells);
    }
    return out;
}

// The shots of `sequence` until every ship's position is hit (all of them if some never is).
int shots_to_hit_all(const std::vector<int>& sequence, const std::vector<Bitboard>& fleet) {
    Bitboard fired;
    for (std::size_t k = 0; k < sequence.size(); ++k) {
        fired.set(sequence[k]);
        const bool all = std::all_of(fleet.begin(), fleet.end(),
                                     [&](const Bitboard& ship) { return ship.intersects(fired); });
        if (all) return static_cast<int>(k) + 1;
    }
    return static_cast<int>(sequence.size());
}

TEST(HuntLookahead, CoveringTimeIsTheMeanOverEveryCombinationOfPositionsOfTheShotsToHitThemAll) {
    // Small enough to go through every combination of one position per ship: each ship is spread
    // evenly over its positions on its own, so the combinations (overlapping ones too) are
    // equally likely.
    const BoardSize board{3, 4};
    Bitboard fired;
    fired.set(5);  // one earlier miss
    const std::vector<std::vector<Bitboard>> ships = {positions_of(2, board, fired),
                                                      positions_of(3, board, fired)};
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board).without(fired));
    int checked = 0;
    for (const TieOrder& order : TieOrder::every(board)) {
        for (int first = 0; first < board.cells(); ++first) {
            if (fired.test(first)) continue;
            const double time = look.covering_time(first, order);
            const std::vector<int> sequence = look.sequence();
            ASSERT_EQ(sequence.front(), first);
            double total = 0.0;
            int combinations = 0;
            for (const Bitboard& a : ships[0]) {
                for (const Bitboard& b : ships[1]) {
                    total += shots_to_hit_all(sequence, {a, b});
                    ++combinations;
                }
            }
            EXPECT_NEAR(time, total / combinations, 1e-9) << "first " << first;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4 * 11);
}

TEST(HuntLookahead, UnderAPriorEachShipIsSpreadOverItsPositionsInProportionToTheirWeights) {
    const BoardSize board{3, 4};
    const std::vector<std::vector<Bitboard>> ships = {positions_of(2, board),
                                                      positions_of(3, board)};
    std::vector<std::vector<double>> weights(2);
    Rng rng(7);
    for (std::size_t s = 0; s < 2; ++s) {
        for (std::size_t p = 0; p < ships[s].size(); ++p) weights[s].push_back(0.1 + rng.unit());
    }
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board), &weights);
    for (int first = 0; first < board.cells(); ++first) {
        const double time = look.covering_time(first, TieOrder{});
        const std::vector<int> sequence = look.sequence();
        double total = 0.0;
        double mass = 0.0;
        for (std::size_t a = 0; a < ships[0].size(); ++a) {
            for (std::size_t b = 0; b < ships[1].size(); ++b) {
                const double w = weights[0][a] * weights[1][b];
                total += w * shots_to_hit_all(sequence, {ships[0][a], ships[1][b]});
                mass += w;
            }
        }
        EXPECT_NEAR(time, total / mass, 1e-9) << "first " << first;
    }
    // Evenly weighted, it is the unweighted lookahead.
    const std::vector<std::vector<double>> even = {std::vector<double>(ships[0].size(), 2.5),
                                                   std::vector<double>(ships[1].size(), 2.5)};
    HuntLookahead plain;
    plain.reset(board, ships, Bitboard::all(board));
    look.reset(board, ships, Bitboard::all(board), &even);
    for (int first = 0; first < board.cells(); ++first) {
        EXPECT_NEAR(look.covering_time(first, TieOrder{}), plain.covering_time(first, TieOrder{}),
                    1e-9);
        EXPECT_EQ(look.sequence(), plain.sequence());
    }
}

TEST(HuntLookahead, SearchTimeAfterAnOutcomeIsTheMeanOverEveryCombinationLeftOfTheOtherShips) {
    // After `fired` missed (found -1) or hit ship `found`, the ships still to find are spread
    // evenly over their positions not through `fired`; the search leaves out the ship found.
    const BoardSize board{3, 4};
    Bitboard fired;
    fired.set(5);  // one earlier miss
    const std::vector<std::vector<Bitboard>> ships = {positions_of(2, board, fired),
                                                      positions_of(3, board, fired)};
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board).without(fired));
    int checked = 0;
    for (const TieOrder& order : TieOrder::every(board)) {
        for (int shot = 0; shot < board.cells(); ++shot) {
            if (fired.test(shot)) continue;
            Bitboard now = fired;
            now.set(shot);
            for (int found = -1; found < 2; ++found) {
                const double time = look.search_time(shot, found, order);
                const std::vector<int> sequence = look.sequence();
                EXPECT_EQ(std::count(sequence.begin(), sequence.end(), shot), 0);
                // Every combination of one position per ship left to find, none through `shot`.
                std::vector<std::vector<Bitboard>> left;
                for (int s = 0; s < 2; ++s) {
                    if (s != found) left.push_back(positions_of(s == 0 ? 2 : 3, board, now));
                }
                double total = 0.0;
                int combinations = 0;
                if (left.size() == 1) {
                    for (const Bitboard& a : left[0]) {
                        total += shots_to_hit_all(sequence, {a});
                        ++combinations;
                    }
                } else {
                    for (const Bitboard& a : left[0]) {
                        for (const Bitboard& b : left[1]) {
                            total += shots_to_hit_all(sequence, {a, b});
                            ++combinations;
                        }
                    }
                }
                ASSERT_GT(combinations, 0);
                EXPECT_NEAR(time, total / combinations, 1e-9)
                    << "shot " << shot << " found " << found;
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 4 * 11 * 3);
    // Nothing left to find once the only ship is found.
    HuntLookahead one;
    one.reset(board, {positions_of(2, board)}, Bitboard::all(board));
    EXPECT_EQ(one.search_time(0, 0, TieOrder{}), 0.0);
    EXPECT_TRUE(one.sequence().empty());
}

TEST(HuntLookahead, WithOneShipTheCoveringTimeIsTheFirstShotThenTheSearchAfterItsMiss) {
    // covering_time(c) = 1 + (1 - q) x search_time(c, -1), q the share of positions through c:
    // after a hit nothing is left to find.
    const BoardSize board{4, 4};
    const std::vector<Bitboard> positions = positions_of(3, board);
    HuntLookahead look;
    look.reset(board, {positions}, Bitboard::all(board));
    for (const TieOrder& order : TieOrder::every(board)) {
        for (int c = 0; c < board.cells(); ++c) {
            const auto through = std::count_if(positions.begin(), positions.end(),
                                               [&](const Bitboard& p) { return p.test(c); });
            const double q = static_cast<double>(through) / static_cast<double>(positions.size());
            const double covering = look.covering_time(c, order);
            EXPECT_NEAR(covering, 1.0 + (1.0 - q) * look.search_time(c, -1, order), 1e-9)
                << "cell " << c;
        }
    }
}

TEST(HuntLookahead, ASearchWithItsFirstTwoShotsFixedIsTheMeanOverEveryCombination) {
    const BoardSize board{3, 4};
    const std::vector<std::vector<Bitboard>> ships = {positions_of(2, board),
                                                      positions_of(3, board)};
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board));
    int checked = 0;
    for (const TieOrder& order : TieOrder::every(board)) {
        for (int first = 0; first < board.cells(); ++first) {
            const int one[] = {first};
            const double alone = look.covering_time(first, order);
            EXPECT_NEAR(look.covering_time(one, order), alone, 1e-12);
            const std::vector<int> second = look.densest_after(first, 3);
            ASSERT_FALSE(second.empty());
            EXPECT_LE(second.size(), 3U);
            EXPECT_EQ(std::count(second.begin(), second.end(), first), 0);
            for (const int c : second) {
                const int prefix[] = {first, c};
                const double time = look.covering_time(prefix, order);
                const std::vector<int> sequence = look.sequence();
                ASSERT_GE(sequence.size(), 2U);
                EXPECT_EQ(sequence[0], first);
                EXPECT_EQ(sequence[1], c);
                double total = 0.0;
                int combinations = 0;
                for (const Bitboard& a : ships[0]) {
                    for (const Bitboard& b : ships[1]) {
                        total += shots_to_hit_all(sequence, {a, b});
                        ++combinations;
                    }
                }
                EXPECT_NEAR(time, total / combinations, 1e-9);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 4 * 12);
}

TEST(HuntLookahead, TheDensestCellsAfterAMissAreTheSearchsOwnSecondShotsCandidates) {
    // densest_after ranks the cells by the share of each ship's positions left through them,
    // summed over the ships; the density search's second shot is one of the top-scoring cells.
    const BoardSize board{4, 5};
    const std::vector<std::vector<Bitboard>> ships = {positions_of(2, board),
                                                      positions_of(3, board)};
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board));
    for (int first = 0; first < board.cells(); ++first) {
        Bitboard miss;
        miss.set(first);
        const auto score = [&](int c) {
            double d = 0.0;
            for (int s = 0; s < 2; ++s) {
                const std::vector<Bitboard> left = positions_of(s == 0 ? 2 : 3, board, miss);
                const auto through = std::count_if(left.begin(), left.end(),
                                                   [&](const Bitboard& p) { return p.test(c); });
                d += static_cast<double>(through) / static_cast<double>(left.size());
            }
            return d;
        };
        const std::vector<int> ranked = look.densest_after(first, board.cells());
        EXPECT_EQ(ranked.size(), static_cast<std::size_t>(board.cells() - 1));
        for (std::size_t i = 1; i < ranked.size(); ++i) {
            EXPECT_GE(score(ranked[i - 1]), score(ranked[i]) - 1e-12);
        }
        look.covering_time(first, TieOrder{});
        EXPECT_NEAR(score(look.sequence()[1]), score(ranked[0]), 1e-12);
    }
}

TEST(HuntLookahead, TheSearchNeverRepeatsACellAndStopsOnceNoPositionIsLeft) {
    const BoardSize board{10, 10};
    const std::vector<std::vector<Bitboard>> ships = {positions_of(5, board),
                                                      positions_of(2, board)};
    HuntLookahead look;
    look.reset(board, ships, Bitboard::all(board));
    look.covering_time(0, TieOrder{});
    const std::vector<int>& sequence = look.sequence();
    Bitboard seen;
    for (const int c : sequence) {
        EXPECT_FALSE(seen.test(c));
        seen.set(c);
    }
    // Every destroyer position is hit by the end, and the last shot was still needed.
    for (const Bitboard& p : ships[1]) EXPECT_TRUE(p.intersects(seen));
    Bitboard before = seen;
    before.reset(sequence.back());
    const bool needed = std::any_of(ships[1].begin(), ships[1].end(),
                                    [&](const Bitboard& p) { return !p.intersects(before); }) ||
                        std::any_of(ships[0].begin(), ships[0].end(),
                                    [&](const Bitboard& p) { return !p.intersects(before); });
    EXPECT_TRUE(needed);
    // It stops well before the whole board (a checkerboard's 50 cells meet every destroyer).
    EXPECT_LT(sequence.size(), 70U);
}

// Wraps a DensityBot: while every shot of a game has missed, its shots must be the search the
// lookahead starts from its first shot, in its tie order.
class SearchChecker final : public Bot {
public:
    std::string name() const override { return "search-checker"; }
    void new_game() override {
        bot_.new_game();
        shot_ = 0;
    }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        bot_.shoot(obs, rng, out);
        ASSERT_EQ(out.size(), 1U);
        const BoardSize b = obs.board();
        const int cell = cell_index(out[0], b);
        if (shot_ == 0) {
            std::vector<std::vector<Bitboard>> ships;
            for (const ShipSpec& s : obs.options().fleet)
                ships.push_back(positions_of(s.length, b));
            look_.reset(b, ships, Bitboard::all(b));
            look_.covering_time(cell, bot_.tie_order());
            sequence_ = look_.sequence();
        } else if (obs.hits().empty()) {
            ASSERT_LT(static_cast<std::size_t>(shot_), sequence_.size());
            EXPECT_EQ(cell, sequence_[static_cast<std::size_t>(shot_)]) << "shot " << shot_;
            ++checked;
        }
        ++shot_;
    }
    int checked = 0;

private:
    DensityBot bot_;
    HuntLookahead look_;
    std::vector<int> sequence_;
    int shot_ = 0;
};

TEST(HuntLookahead, TheSearchIsWhatDensityFiresWhileEveryShotMisses) {
    auto options = std::make_shared<const Options>();
    SearchChecker a;
    SearchChecker b;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) play_game(options, {&a, &b}, seed);
    EXPECT_GT(a.checked + b.checked, 100);
}

// Wraps a BestBot and checks every hunting shot: the candidates' times are the lookahead's for
// the positions every ship afloat still has, and the shot is the first of the quickest.
class HuntChecker final : public Bot {
public:
    // `outcomes`: the bot weighs candidates by their outcomes (BestBot::set_hunt_outcomes).
    // `second`: the second shots it tries after each candidate (BestBot::set_hunt_second).
    explicit HuntChecker(bool outcomes = false, int second = 0)
        : outcomes_(outcomes), second_(second) {
        bot_.set_hunt_outcomes(outcomes);
        bot_.set_hunt_second(second);
    }
    std::string name() const override { return "hunt-checker"; }
    void new_game() override { bot_.new_game(); }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        bot_.shoot(obs, rng, out);
        ASSERT_EQ(out.size(), 1U);
        const BoardSize b = obs.board();
        EnemyKnowledge k;
        analyse(obs, k);
        bool hunting = true;
        for (int s = 0; s < k.ships(); ++s) {
            if (!k.sunk[s] && !k.known[s].empty()) hunting = false;
        }
        const BestBot::HuntChoice& hunt = bot_.last_hunt();
        ASSERT_EQ(hunt.looked, hunting);
        if (!hunting) return;
        ++hunting_shots;
        ASSERT_FALSE(hunt.candidates.empty());
        ASSERT_EQ(hunt.candidates.size(), hunt.times.size());
        EXPECT_LE(hunt.candidates.size(), 1U + BestBot::kDefaultHuntCandidates);
        // Standard rules: a ship afloat may lie anywhere not fired at (every hit so far is a sunk
        // ship's).
        std::vector<std::vector<Bitboard>> ships;
        for (int s = 0; s < k.ships(); ++s) {
            if (!k.sunk[s]) ships.push_back(positions_of(k.length[s], b, obs.fired()));
        }
        look_.reset(b, ships, Bitboard::all(b).without(obs.fired()));
        std::size_t quickest = 0;
        for (std::size_t i = 0; i < hunt.candidates.size(); ++i) {
            EXPECT_FALSE(obs.fired().test(hunt.candidates[i]));
            const int c = hunt.candidates[i];
            if (!outcomes_) {
                EXPECT_TRUE(hunt.chances.empty());
                double expected = look_.covering_time(c, bot_.tie_order());
                for (const int next : look_.densest_after(c, second_)) {
                    if (second_ == 0) break;
                    const int prefix[] = {c, next};
                    expected = std::min(expected, look_.covering_time(prefix, bot_.tie_order()));
                }
                EXPECT_NEAR(hunt.times[i], expected, 1e-9);
                continue;
            }
            // 1 for the shot, then the search after each outcome: water, or ship a found there
            // (the chances are the bot's posterior; the searches are rebuilt from the
            // observation alone).
            ASSERT_EQ(hunt.chances.size(), hunt.candidates.size());
            ASSERT_EQ(hunt.chances[i].size(), ships.size());
            double water = 1.0;
            double expected = 1.0;
            for (std::size_t a = 0; a < ships.size(); ++a) {
                const double p = hunt.chances[i][a];
                EXPECT_GE(p, 0.0);
                water -= p;
                expected += p * look_.search_time(c, static_cast<int>(a), bot_.tie_order());
            }
            EXPECT_GE(water, -1e-9);
            expected += std::max(water, 0.0) * look_.search_time(c, -1, bot_.tie_order());
            EXPECT_NEAR(hunt.times[i], expected, 1e-6);
        }
        for (std::size_t i = 0; i < hunt.candidates.size(); ++i) {
            if (hunt.times[i] < hunt.times[quickest] * (1.0 - 1e-9)) quickest = i;
        }
        EXPECT_EQ(hunt.pick, hunt.candidates[quickest]);
        EXPECT_EQ(cell_index(out[0], b), hunt.pick);
        if (quickest != 0) ++moved;
    }
    int hunting_shots = 0;
    int moved = 0;  // shots where the lookahead changed keep_together's choice

private:
    bool outcomes_;
    int second_;
    BestBot bot_{300};
    HuntLookahead look_;
};

TEST(HuntLookahead, BestHuntsWithTheCandidateWhoseSearchFindsEveryShipSoonest) {
    auto options = std::make_shared<const Options>();
    HuntChecker a;
    HuntChecker b;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) play_game(options, {&a, &b}, seed);
    EXPECT_GT(a.hunting_shots + b.hunting_shots, 100);
    EXPECT_GT(a.moved + b.moved, 5);
}

TEST(HuntLookahead, BestTryingSecondShotsHuntsWithTheCandidateOfTheQuickestTwoShotSearch) {
    auto options = std::make_shared<const Options>();
    HuntChecker a(false, 3);
    HuntChecker b(false, 3);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) play_game(options, {&a, &b}, seed);
    EXPECT_GT(a.hunting_shots + b.hunting_shots, 50);
}

TEST(HuntLookahead, BestWeighingOutcomesHuntsWithTheCandidateOfFewestExpectedShots) {
    auto options = std::make_shared<const Options>();
    HuntChecker a(true);
    HuntChecker b(true);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) play_game(options, {&a, &b}, seed);
    EXPECT_GT(a.hunting_shots + b.hunting_shots, 60);
    EXPECT_GT(a.moved + b.moved, 3);
}

}  // namespace
}  // namespace broadside::classic

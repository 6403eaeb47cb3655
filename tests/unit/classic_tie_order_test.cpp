// How bots choose among equally good cells (ai/classic/tie_order.h): one spatial order, a symmetry
// of the board's reading order, kept for a whole game and drawn anew for each game.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/classic/density_bot.h"
#include "ai/classic/self_play.h"
#include "ai/classic/tie_order.h"
#include "games/classic/rules.h"

namespace broadside::classic {
namespace {

Cell cell(const std::string& text) {
    return parse_cell(text, BoardSize{}).value();
}

int code(const TieOrder& o) {
    return (o.flip_rows ? 1 : 0) + (o.flip_cols ? 2 : 0) + (o.transpose ? 4 : 0);
}

TEST(TieOrder, EverySymmetryRanksEachCellOfTheBoardExactlyOnce) {
    for (const BoardSize board : {BoardSize{10, 10}, BoardSize{7, 12}, BoardSize{1, 5}}) {
        for (const TieOrder& order : TieOrder::every(board)) {
            std::vector<int> ranks;
            for (int c = 0; c < board.cells(); ++c) ranks.push_back(order.rank(c, board));
            std::sort(ranks.begin(), ranks.end());
            for (int i = 0; i < board.cells(); ++i)
                EXPECT_EQ(ranks[static_cast<std::size_t>(i)], i);
        }
    }
}

TEST(TieOrder, TheUnturnedOrderIsReadingOrderAndTheOthersStartFromTheirCorner) {
    const BoardSize b{10, 10};
    const std::vector<int> corners = {cell_index(cell("A1"), b), cell_index(cell("A10"), b),
                                      cell_index(cell("J1"), b), cell_index(cell("J10"), b)};
    EXPECT_EQ(TieOrder{}.first(corners, b), cell_index(cell("A1"), b));
    EXPECT_EQ((TieOrder{true, false, false}.first(corners, b)), cell_index(cell("J1"), b));
    EXPECT_EQ((TieOrder{false, true, false}.first(corners, b)), cell_index(cell("A10"), b));
    EXPECT_EQ((TieOrder{true, true, false}.first(corners, b)), cell_index(cell("J10"), b));
    // Reading order goes along a row first; transposed, down a column first.
    const std::vector<int> a2_b1 = {cell_index(cell("B1"), b), cell_index(cell("A2"), b)};
    EXPECT_EQ(TieOrder{}.first(a2_b1, b), cell_index(cell("A2"), b));
    EXPECT_EQ((TieOrder{false, false, true}.first(a2_b1, b)), cell_index(cell("B1"), b));
}

TEST(TieOrder, DrawsEverySymmetryOfASquareBoardAndNeverTransposesAnOblongOne) {
    Rng rng(5);
    std::set<int> square;
    std::set<int> oblong;
    for (int i = 0; i < 400; ++i) {
        square.insert(code(TieOrder::draw({10, 10}, rng)));
        const TieOrder o = TieOrder::draw({7, 12}, rng);
        EXPECT_FALSE(o.transpose);
        oblong.insert(code(o));
    }
    EXPECT_EQ(square.size(), 8U);
    EXPECT_EQ(oblong.size(), 4U);
}

// Wraps a DensityBot and checks every shot against its scores and its tie order.
class TieChecker final : public Bot {
public:
    std::string name() const override { return "tie-checker"; }
    void new_game() override {
        bot_.new_game();
        shots_this_game_ = 0;
    }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override {
        bot_.shoot(obs, rng, out);
        ASSERT_EQ(out.size(), 1U);
        const BoardSize b = obs.board();
        // The cells of the highest score, as density() reports them for this shot.
        const auto& score = bot_.density();
        double best = 0.0;
        const Bitboard open = Bitboard::all(b).without(obs.fired());
        open.for_each([&](int c) { best = std::max(best, score[c]); });
        std::vector<int> ties;
        open.for_each([&](int c) {
            if (score[c] >= best * (1.0 - 1e-9)) ties.push_back(c);
        });
        ASSERT_FALSE(ties.empty());
        EXPECT_EQ(cell_index(out[0], b), bot_.tie_order().first(ties, b));
        if (ties.size() > 1) ++tied_shots;
        // One order for the whole game.
        if (shots_this_game_++ == 0) {
            game_order_ = bot_.tie_order();
            orders.insert(code(game_order_));
            first_shots.insert(cell_index(out[0], b));
        } else {
            EXPECT_EQ(code(bot_.tie_order()), code(game_order_));
        }
    }

    std::set<int> orders;
    std::set<int> first_shots;
    int tied_shots = 0;

private:
    DensityBot bot_;
    TieOrder game_order_;
    int shots_this_game_ = 0;
};

TEST(TieOrder, DensityFiresAtTheFirstOfItsBestCellsInOneOrderPerGameDrawnAnewEachGame) {
    auto options = std::make_shared<const Options>();
    TieChecker a;
    TieChecker b;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) play_game(options, {&a, &b}, seed);
    EXPECT_GT(a.tied_shots + b.tied_shots, 100);  // ties are common: the rule is exercised
    // New games draw new orders; the first shot is always one of the four centre cells (the
    // likeliest on an empty board) and, over the games, each of them.
    EXPECT_GE(a.orders.size(), 6U);
    const BoardSize board{10, 10};
    const std::set<int> centre = {cell_index(cell("E5"), board), cell_index(cell("E6"), board),
                                  cell_index(cell("F5"), board), cell_index(cell("F6"), board)};
    EXPECT_EQ(a.first_shots, centre);
}

}  // namespace
}  // namespace broadside::classic

// FleetSampler must be exactly uniform over legal layouts. The tests enumerate every legal layout
// of small fleets by brute force (with their own overlap and contact checks) and compare the
// sampled frequencies with a chi-square test at a fixed seed. A negative control runs the same
// check on a ship-by-ship greedy sampler, which is not uniform, and requires the check to reject
// it: that shows the check has the power to catch the mistake it is there for.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "core/fleet_sampler.h"
#include "core/ship.h"
#include "support/chi_square.h"

namespace broadside {
namespace {

using Cells = std::vector<int>;     // one ship's cell indices, sorted
using Layout = std::vector<Cells>;  // one entry per ship, in fleet order

// Every distinct set of cells a ship of this length can cover.
std::vector<Cells> all_positions(int length, BoardSize board) {
    std::set<Cells> found;
    for (int r = 0; r < board.rows; ++r) {
        for (int c = 0; c < board.cols; ++c) {
            for (int vertical = 0; vertical < 2; ++vertical) {
                Cells cells;
                for (int k = 0; k < length; ++k) {
                    const Cell cell{r + vertical * k, c + (1 - vertical) * k};
                    if (!on_board(cell, board)) break;
                    cells.push_back(cell_index(cell, board));
                }
                if (static_cast<int>(cells.size()) == length) {
                    std::sort(cells.begin(), cells.end());
                    found.insert(cells);
                }
            }
        }
    }
    return {found.begin(), found.end()};
}

bool compatible(const Cells& a, const Cells& b, BoardSize board, bool no_touch) {
    for (int i : a) {
        for (int j : b) {
            const Cell x = cell_at(i, board), y = cell_at(j, board);
            const int dr = std::abs(x.row - y.row), dc = std::abs(x.col - y.col);
            if (dr == 0 && dc == 0) return false;
            if (no_touch && dr <= 1 && dc <= 1) return false;
        }
    }
    return true;
}

std::vector<Layout> all_legal_layouts(const std::vector<ShipSpec>& fleet, BoardSize board,
                                      bool no_touch) {
    std::vector<std::vector<Cells>> positions;
    for (const auto& s : fleet) positions.push_back(all_positions(s.length, board));
    std::vector<Layout> out;
    Layout current;
    std::function<void(std::size_t)> extend = [&](std::size_t k) {
        if (k == fleet.size()) {
            out.push_back(current);
            return;
        }
        for (const auto& p : positions[k]) {
            bool ok = true;
            for (const auto& q : current) ok = ok && compatible(p, q, board, no_touch);
            if (!ok) continue;
            current.push_back(p);
            extend(k + 1);
            current.pop_back();
        }
    };
    extend(0);
    return out;
}

Layout cells_of(const std::vector<ShipSpec>& fleet, const std::vector<Placement>& placements,
                BoardSize board) {
    Layout layout;
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        const int vertical = placements[i].orientation == Orientation::kVertical ? 1 : 0;
        Cells cells;
        for (int k = 0; k < fleet[i].length; ++k) {
            const Cell c{placements[i].start.row + vertical * k,
                         placements[i].start.col + (1 - vertical) * k};
            cells.push_back(on_board(c, board) ? cell_index(c, board) : -1);
        }
        std::sort(cells.begin(), cells.end());
        layout.push_back(cells);
    }
    return layout;
}

using SampleFn = std::function<std::vector<Placement>(Rng&)>;

struct UniformityCheck {
    int layouts = 0;
    long samples = 0;
    long illegal_samples = 0;
    int unseen_layouts = 0;
    double joint_stat = 0, joint_critical = 0;        // over every legal layout
    double marginal_stat = 0, marginal_critical = 0;  // over the first ship's position
    bool uniform() const {
        return illegal_samples == 0 && joint_stat < joint_critical &&
               marginal_stat < marginal_critical;
    }
};

std::ostream& operator<<(std::ostream& os, const UniformityCheck& c) {
    return os << c.layouts << " legal layouts, " << c.samples << " samples, " << c.illegal_samples
              << " illegal, " << c.unseen_layouts << " never drawn; joint chi-square "
              << c.joint_stat << " (critical " << c.joint_critical << "), first-ship chi-square "
              << c.marginal_stat << " (critical " << c.marginal_critical << ")";
}

UniformityCheck check_uniformity(const std::vector<ShipSpec>& fleet, BoardSize board, bool no_touch,
                                 const SampleFn& sample, int per_layout, std::uint64_t seed) {
    const auto legal = all_legal_layouts(fleet, board, no_touch);
    std::map<Layout, std::size_t> index;
    for (std::size_t i = 0; i < legal.size(); ++i) index[legal[i]] = i;
    // Under uniformity the first ship's position has probability (its legal completions) / total.
    std::map<Cells, std::size_t> first_index;
    std::vector<double> first_weight;
    for (const auto& l : legal) {
        auto [it, fresh] = first_index.try_emplace(l[0], first_weight.size());
        if (fresh) first_weight.push_back(0);
        first_weight[it->second] += 1;
    }

    UniformityCheck c;
    c.layouts = static_cast<int>(legal.size());
    c.samples = static_cast<long>(per_layout) * c.layouts;
    std::vector<std::int64_t> counts(legal.size()), first_counts(first_weight.size());
    Rng rng(seed);
    for (long i = 0; i < c.samples; ++i) {
        const auto it = index.find(cells_of(fleet, sample(rng), board));
        if (it == index.end()) {
            ++c.illegal_samples;
            continue;
        }
        ++counts[it->second];
        ++first_counts[first_index.at(legal[it->second][0])];
    }
    c.unseen_layouts = static_cast<int>(std::count(counts.begin(), counts.end(), 0));
    testing::fits_uniform(counts, &c.joint_stat);
    c.joint_critical = testing::chi_square_critical_001(c.layouts - 1);
    std::vector<double> expected;
    for (double w : first_weight) {
        expected.push_back(static_cast<double>(c.samples) * w / static_cast<double>(c.layouts));
    }
    c.marginal_stat = testing::chi_square_statistic(first_counts, expected);
    c.marginal_critical = testing::chi_square_critical_001(static_cast<int>(expected.size()) - 1);
    return c;
}

SampleFn fleet_sampler(const std::vector<ShipSpec>& fleet, BoardSize board, bool no_touch) {
    auto sampler = std::make_shared<FleetSampler>(fleet, board, no_touch);
    return [sampler](Rng& rng) { return sampler->sample(rng).value(); };
}

// The classic mistake: place ship by ship, each uniformly among the positions that still fit.
// Layouts whose first ships leave fewer options for the later ones come up too often.
SampleFn greedy_sampler(const std::vector<ShipSpec>& fleet, BoardSize board, bool no_touch) {
    struct Position {
        Placement placement;
        Bitboard cells;
        Bitboard blocks;  // what it keeps later ships out of
    };
    std::vector<std::vector<Position>> positions;
    for (const auto& s : fleet) {
        std::vector<Position> ps;
        for (auto o : {Orientation::kHorizontal, Orientation::kVertical}) {
            if (s.length == 1 && o == Orientation::kVertical) break;
            for (int r = 0; r < board.rows; ++r) {
                for (int c = 0; c < board.cols; ++c) {
                    const Placement p{{r, c}, o};
                    if (auto cells = ship_cells(p, s.length, board)) {
                        ps.push_back({p, *cells,
                                      no_touch ? (*cells | neighbourhood(*cells, board)) : *cells});
                    }
                }
            }
        }
        positions.push_back(ps);
    }
    return [positions](Rng& rng) {
        for (;;) {
            std::vector<Placement> layout;
            Bitboard blocked;
            for (const auto& options : positions) {
                std::vector<const Position*> fits;
                for (const auto& p : options)
                    if (!p.cells.intersects(blocked)) fits.push_back(&p);
                if (fits.empty()) break;
                const Position& chosen = *fits[rng.below(static_cast<std::uint32_t>(fits.size()))];
                layout.push_back(chosen.placement);
                blocked |= chosen.blocks;
            }
            if (layout.size() == positions.size()) return layout;
        }
    };
}

constexpr BoardSize k5x5{5, 5};
const std::vector<ShipSpec> kCruiserAndDestroyer{{"Cruiser", 3}, {"Destroyer", 2}};

TEST(FleetSampler, IsUniformOverEveryLegalLayoutOf3And2On5x5) {
    const auto c = check_uniformity(kCruiserAndDestroyer, k5x5, false,
                                    fleet_sampler(kCruiserAndDestroyer, k5x5, false), 100, 1);
    EXPECT_EQ(c.layouts, 956);  // 30 * 40 pairs of positions, 244 of them overlapping
    EXPECT_EQ(c.unseen_layouts, 0) << c;
    EXPECT_TRUE(c.uniform()) << c;
}

TEST(FleetSampler, IsUniformOverEveryLegalLayoutOf3And2On5x5WithNoTouch) {
    const auto c = check_uniformity(kCruiserAndDestroyer, k5x5, true,
                                    fleet_sampler(kCruiserAndDestroyer, k5x5, true), 100, 2);
    EXPECT_EQ(c.layouts, 524);
    EXPECT_EQ(c.unseen_layouts, 0) << c;
    EXPECT_TRUE(c.uniform()) << c;
}

TEST(FleetSampler, IsUniformWithAOneCellShip) {
    const std::vector<ShipSpec> fleet{{"Destroyer", 2}, {"Dinghy", 1}};
    const auto c = check_uniformity(fleet, k5x5, false, fleet_sampler(fleet, k5x5, false), 60, 3);
    EXPECT_EQ(c.layouts, 920);  // 40 * 25, less the 80 where the dinghy sits on the destroyer
    EXPECT_TRUE(c.uniform()) << c;
}

TEST(FleetSampler, IsUniformForThreeShipsWithNoTouch) {
    const std::vector<ShipSpec> fleet{{"Cruiser", 3}, {"Destroyer", 2}, {"Patrol", 2}};
    const auto c = check_uniformity(fleet, k5x5, true, fleet_sampler(fleet, k5x5, true), 25, 4);
    EXPECT_EQ(c.layouts, 3912);
    EXPECT_TRUE(c.uniform()) << c;
}

TEST(FleetSampler, UniformityCheckRejectsAShipByShipGreedySampler) {
    for (bool no_touch : {false, true}) {
        const auto c =
            check_uniformity(kCruiserAndDestroyer, k5x5, no_touch,
                             greedy_sampler(kCruiserAndDestroyer, k5x5, no_touch), 100, 1);
        EXPECT_EQ(c.illegal_samples, 0) << c;  // greedy layouts are legal, just not uniform
        EXPECT_FALSE(c.uniform()) << "no_touch " << no_touch << ": " << c;
    }
}

TEST(FleetSampler, ClassicLayoutsAreAlwaysLegal) {
    for (bool no_touch : {false, true}) {
        const FleetSampler sampler(classic_fleet(), BoardSize{10, 10}, no_touch);
        Rng rng(5);
        std::vector<Placement> layout;
        std::vector<Bitboard> cells;
        for (int i = 0; i < 500; ++i) {
            ASSERT_TRUE(sampler.sample_into(rng, layout, cells));
            ASSERT_TRUE(validate_layout(classic_fleet(), layout, BoardSize{10, 10}, no_touch).ok());
            ASSERT_EQ(cells.size(), layout.size());
            for (std::size_t s = 0; s < layout.size(); ++s) {
                ASSERT_EQ(cells[s],
                          *ship_cells(layout[s], classic_fleet()[s].length, BoardSize{10, 10}));
            }
        }
    }
}

TEST(FleetSampler, SameSeedGivesTheSameLayout) {
    const FleetSampler sampler(classic_fleet(), BoardSize{10, 10}, false);
    Rng a(17), b(17);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(sampler.sample(a), sampler.sample(b));
}

TEST(FleetSampler, GivesUpOnAnImpossibleFleetAfterMaxAttempts) {
    const std::vector<ShipSpec> six(6, ShipSpec{"Row", 5});
    const FleetSampler sampler(six, k5x5, false);
    Rng rng(1);
    EXPECT_FALSE(sampler.sample(rng, 1000).has_value());
    const FleetSampler too_long({{"Long", 6}}, k5x5, false);
    EXPECT_FALSE(too_long.sample(rng, 10).has_value());
}

TEST(FleetSampler, SearchFindsALegalLayoutWhereRejectionSamplingGivesUp) {
    // Ten ships of length 10 on 10x10: about 7 legal layouts in 10^13 draws.
    std::vector<ShipSpec> named;
    for (int i = 0; i < 10; ++i) named.push_back({"Long" + std::to_string(i), 10});
    const FleetSampler sampler(named, BoardSize{10, 10}, false);
    Rng rng(3);
    EXPECT_FALSE(sampler.sample(rng, 10'000).has_value());
    auto layout = sampler.search(rng);
    ASSERT_TRUE(layout.has_value());
    EXPECT_TRUE(validate_layout(named, *layout, BoardSize{10, 10}, false).ok());
}

TEST(FleetSampler, SearchRespectsNoTouch) {
    // Three ships of length 5 in alternate rows of a 5x5 board: the only way with no_touch.
    const std::vector<ShipSpec> fleet{{"A", 5}, {"B", 5}, {"C", 5}};
    const FleetSampler sampler(fleet, BoardSize{5, 5}, true);
    Rng rng(9);
    for (int i = 0; i < 20; ++i) {
        auto layout = sampler.search(rng);
        ASSERT_TRUE(layout.has_value());
        EXPECT_TRUE(validate_layout(fleet, *layout, BoardSize{5, 5}, true).ok());
    }
}

TEST(FleetSampler, SearchKeepsClearOfOccupiedCellsAndWithNoTouchOfTheCellsAroundThem) {
    // Row C of a 5x5 board is taken: two 5-ships fit on the other rows, and with no_touch only
    // on A and E.
    const std::vector<ShipSpec> fleet{{"A", 5}, {"B", 5}};
    const Bitboard row_c = *ship_cells(Placement{{2, 0}, Orientation::kHorizontal}, 5, k5x5);
    const FleetSampler sampler(fleet, k5x5, false);
    const FleetSampler apart(fleet, k5x5, true);
    Rng rng(4);
    for (int i = 0; i < 20; ++i) {
        auto layout = sampler.search(rng, 1'000'000, row_c);
        ASSERT_TRUE(layout.has_value());
        for (std::size_t s = 0; s < 2; ++s) {
            EXPECT_FALSE(ship_cells((*layout)[s], 5, k5x5)->intersects(row_c));
        }
        auto spaced = apart.search(rng, 1'000'000, row_c);
        ASSERT_TRUE(spaced.has_value());
        std::set<int> rows{(*spaced)[0].start.row, (*spaced)[1].start.row};
        EXPECT_EQ(rows, (std::set<int>{0, 4}));
        EXPECT_EQ((*spaced)[0].orientation, Orientation::kHorizontal);
    }
}

TEST(FleetSampler, SearchReportsAnImpossibleFleet) {
    const std::vector<ShipSpec> fleet{{"A", 5}, {"B", 5}, {"C", 5}, {"D", 5}};
    const FleetSampler sampler(fleet, BoardSize{5, 5}, true);
    Rng rng(1);
    EXPECT_FALSE(sampler.search(rng).has_value());
}

}  // namespace
}  // namespace broadside

#include "ai/classic/weapon_planner.h"

#include <algorithm>
#include <cmath>

namespace broadside::classic {

namespace {

// A weapon is used only when it beats the plain turn by this many expected hits: uses are few,
// and a use spent on a marginal gain is not there when a big one comes. (Measured with
// `sim classic --bots density,density-plain --options '{"weapons":"all"}'`; see docs/ai.md.)
constexpr double kMargin = 0.5;
// SCUBA removes the enemy's smallest ship whole. Segments of a ship nobody has found yet are
// worth more than hits on one already located, since finding it costs shots of its own.
constexpr double kUnlocatedShipFactor = 2.5;
constexpr double kRecaptureValue = 2.0;

// P(the weapons' dice total is t) for each t, exactly.
std::vector<std::pair<int, double>> roll_distribution(DiceKind kind) {
    std::vector<std::pair<int, double>> d;
    if (kind == DiceKind::kD20) {
        for (int t = 1; t <= 20; ++t) d.emplace_back(t, 1.0 / 20);
        return d;
    }
    std::array<int, 19> count{};
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            for (int c = 1; c <= 6; ++c) ++count[a + b + c];
    for (int t = 3; t <= 18; ++t) d.emplace_back(t, count[t] / 216.0);
    return d;
}

double sum_over(const Bitboard& cells, const CellScores& chance) {
    double total = 0.0;
    cells.for_each([&](int i) { total += chance[i]; });
    return total;
}

// The cells' chances with those already fired at zeroed: a weapon gains nothing there.
CellScores open_chances(const Observation& obs, const CellScores& chance) {
    CellScores open{};
    Bitboard::all(obs.board()).without(obs.fired()).for_each([&](int i) { open[i] = chance[i]; });
    return open;
}

void consider(std::optional<WeaponChoice>& best, Action action, double value) {
    if (!best || value > best->value) best = WeaponChoice{std::move(action), value};
}

void plan_nuke(const Observation& obs, const CellScores& p, std::optional<WeaponChoice>& best) {
    double diamond = 0.0, bravo = 0.0;
    for (const auto& [t, q] : roll_distribution(obs.options().dice)) {
        const NukeOutcome n = nuke_outcome(obs.options().dice, t);
        if (n == NukeOutcome::kDiamond) diamond += q;
        if (n == NukeOutcome::kConditionBravo) bravo += q;
    }
    const BoardSize b = obs.board();
    for (int i = 0; i < b.cells(); ++i) {
        const Cell c = cell_at(i, b);
        const double v = diamond * sum_over(nuke_cells(c, b, false), p) +
                         bravo * sum_over(nuke_cells(c, b, true), p);
        consider(best, WeaponAction{{Weapon::kNuke, c, std::nullopt}}, v);
    }
}

void plan_bomber(const Observation& obs, const CellScores& p, std::optional<WeaponChoice>& best) {
    double success = 0.0;
    for (const auto& [t, q] : roll_distribution(obs.options().dice)) {
        if (bomber_succeeds(obs.options().dice, t)) success += q;
    }
    const BoardSize b = obs.board();
    for (int i = 0; i < b.cells(); ++i) {
        const Cell c = cell_at(i, b);
        consider(best, WeaponAction{{Weapon::kBomber, c, std::nullopt}},
                 success * sum_over(bomber_cells(c, b), p));
    }
}

void plan_torpedo(const Observation& obs, const CellScores& p, std::optional<WeaponChoice>& best) {
    const BoardSize b = obs.board();
    for (int i = 0; i < b.cells(); ++i) {
        const Cell start = cell_at(i, b);
        for (const Heading h : {Heading::kDown, Heading::kUp, Heading::kRight, Heading::kLeft}) {
            const auto path = torpedo_path(start, h, b);
            if (!path) continue;
            // The chance something afloat lies on the line (treating cells as independent).
            double miss = 1.0;
            for (const Cell c : *path) miss *= 1.0 - std::min(1.0, p[cell_index(c, b)]);
            consider(best, WeaponAction{{Weapon::kTorpedo, start, h}}, 1.0 - miss);
        }
    }
}

void plan_experimental(const Observation& obs, const CellScores& p,
                       std::optional<WeaponChoice>& best) {
    // The mishap sinks one of my own ships; if that is my last, it loses the game.
    int mine_afloat = 0;
    for (int s = 0; s < static_cast<int>(obs.fleet().size()); ++s) {
        if (!obs.my_ship_sunk(s) && !obs.my_ship_captured(s)) ++mine_afloat;
    }
    if (mine_afloat + obs.prizes(obs.seat()) <= 1) return;
    // Blast sizes: 1 to 5 (1/6 each), 6 + 1..5 (1/36 each), and rarer long runs, counted as 15.
    const auto blast = plan_blast(obs, p, std::min(16, obs.board().cells()));
    std::vector<double> prefix{0.0};
    for (const Cell c : blast) prefix.push_back(prefix.back() + p[cell_index(c, obs.board())]);
    auto g = [&](int n) { return prefix[std::min<std::size_t>(n, prefix.size() - 1)]; };
    double value = 0.0;
    for (int n = 1; n <= 5; ++n) value += g(n) / 6;
    for (int n = 7; n <= 11; ++n) value += g(n) / 36;
    value += g(15) / 36;
    // The mishap (1 in 6): about one of my ship's segments the enemy no longer has to find per
    // segment it had left; a rough price, in the same unit of hits.
    value -= 3.0 / 6;
    consider(best, WeaponAction{{Weapon::kExperimental, std::nullopt, std::nullopt}}, value);
}

void plan_scuba(const Observation& obs, std::optional<WeaponChoice>& best) {
    double success = 0.0;
    for (const auto& [t, q] : roll_distribution(obs.options().dice)) {
        if (scuba_outcome(obs.options().dice, t) != ScubaOutcome::kFails) success += q;
    }
    const auto& fleet = obs.fleet();
    const int n = static_cast<int>(fleet.size());
    for (int s = 0; s < n; ++s) {
        if (obs.my_ship_captured(s)) {
            consider(best, WeaponAction{{Weapon::kScuba, std::nullopt, std::nullopt}},
                     success * kRecaptureValue);
            return;
        }
    }
    int target = kNoShip;
    for (int s = 0; s < n; ++s) {
        if (obs.enemy_ship_sunk(s) || obs.enemy_ship_captured(s)) continue;
        if (target == kNoShip || fleet[s].length < fleet[target].length) target = s;
    }
    if (target == kNoShip) return;
    int hits_on_it = 0;
    obs.hits().for_each([&](int i) { hits_on_it += obs.hit_label(i) == target ? 1 : 0; });
    const double left = fleet[target].length - hits_on_it;
    consider(best, WeaponAction{{Weapon::kScuba, std::nullopt, std::nullopt}},
             success * left * (hits_on_it == 0 ? kUnlocatedShipFactor : 1.0));
}

}  // namespace

std::optional<WeaponChoice> plan_weapon(const Observation& obs, const CellScores& chance,
                                        double plain_value) {
    if (obs.options().weapons == 0 || !obs.my_turn() || obs.blast_pending() > 0) {
        return std::nullopt;
    }
    const CellScores p = open_chances(obs, chance);
    std::optional<WeaponChoice> best;
    if (obs.can_use(Weapon::kNuke)) plan_nuke(obs, p, best);
    if (obs.can_use(Weapon::kBomber)) plan_bomber(obs, p, best);
    if (obs.can_use(Weapon::kTorpedo)) plan_torpedo(obs, p, best);
    if (obs.can_use(Weapon::kExperimental)) plan_experimental(obs, p, best);
    if (obs.can_use(Weapon::kScuba)) plan_scuba(obs, best);
    // With no cell left to fire at, any weapon is better than nothing.
    if (best && (obs.shots_due() == 0 || best->value > plain_value + kMargin)) return best;
    return std::nullopt;
}

std::vector<Cell> plan_blast(const Observation& obs, const CellScores& chance, int size) {
    const BoardSize b = obs.board();
    const Bitboard open = Bitboard::all(b).without(obs.fired());
    // Ranks a cell: not yet fired at first, then by its chance.
    auto score = [&](int i) {
        return (open.test(i) ? 1.0 : 0.0) + chance[i] * (open.test(i) ? 1 : 0);
    };
    Bitboard group;
    std::vector<Cell> cells;
    int first = 0;
    for (int i = 1; i < b.cells(); ++i) {
        if (score(i) > score(first)) first = i;
    }
    group.set(first);
    cells.push_back(cell_at(first, b));
    while (static_cast<int>(cells.size()) < size) {
        int pick = -1;
        group.for_each([&](int g) {
            const Cell c = cell_at(g, b);
            for (int dr = -1; dr <= 1; ++dr) {
                for (int dc = -1; dc <= 1; ++dc) {
                    const Cell n{c.row + dr, c.col + dc};
                    if (!on_board(n, b)) continue;
                    const int i = cell_index(n, b);
                    if (!group.test(i) && (pick < 0 || score(i) > score(pick))) pick = i;
                }
            }
        });
        if (pick < 0) break;  // the whole board is in the group
        group.set(pick);
        cells.push_back(cell_at(pick, b));
    }
    return cells;
}

}  // namespace broadside::classic

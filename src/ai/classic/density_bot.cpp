#include "ai/classic/density_bot.h"

#include <algorithm>
#include <cmath>

#include "ai/classic/weapon_planner.h"
#include "core/ship.h"

namespace broadside::classic {

namespace {

// Under announce: hit-only, a placement is this many times likelier for each hit it would
// explain that certainly belongs to a ship afloat, and for each that may belong to a sunk ship.
// (Measured: anything from 5 to 100 does about as well for the first; 2 is clearly worse.)
constexpr double kOpenHitWeight = 10.0;
constexpr double kAmbiguousHitWeight = 3.0;

}  // namespace

void DensityBot::build_tables(const Options& options) {
    const BoardSize b = options.board;
    const LengthIndex index = distinct_lengths(options.fleet);
    table_of_ = index.of_ship;
    tables_.clear();
    for (const int length : index.lengths) {
        std::vector<Position> table;
        for (const auto& [p, cells] : ship_positions(length, b)) {
            table.push_back({cells, neighbourhood(cells, b), cell_index(p.start, b),
                             p.orientation == Orientation::kVertical ? b.cols : 1});
        }
        tables_.push_back(std::move(table));
    }
    const std::size_t n = options.fleet.size();
    valid_.assign(n, {});
    for (std::size_t s = 0; s < n; ++s) valid_[s].reserve(tables_[table_of_[s]].size());
    scale_.assign(n, 0.0);
    certain_.assign(n, Bitboard{});
    ties_.reserve(kMaxCells);
    built_for_ = options;
    fresh_ = true;
}

int DensityBot::collect(int ship, const Bitboard& others) {
    auto& list = valid_[ship];
    const Bitboard& required = k_.known[ship];
    const Bitboard forbidden = k_.misses | k_.water | others;
    const Bitboard no_contact = k_.hits | others;
    const bool weigh = !k_.open_hits.without(required).empty() || !k_.ambiguous_hits.empty();
    // Knowledge only grows during a game, so the placements still possible are a subset of
    // those possible last time: filter the list in place.
    std::size_t kept = 0;
    for (const Candidate& c : list) {
        const Position& p = *c.position;
        if (p.cells.intersects(forbidden) || !p.cells.contains_all(required) ||
            !p.cells.intersects(k_.unfired)) {
            continue;
        }
        if (k_.no_touch && p.around.intersects(no_contact)) continue;
        double weight = 1.0;
        if (weigh) {
            // Hits no ship has been named for (announce: hit-only) that this placement would
            // explain: the more it explains, the likelier it is.
            const int open = (p.cells & k_.open_hits).without(required).count();
            const int ambiguous = (p.cells & k_.ambiguous_hits).count();
            if (open) weight *= std::pow(kOpenHitWeight, open);
            if (ambiguous) weight *= std::pow(kAmbiguousHitWeight, ambiguous);
        }
        list[kept++] = {&p, weight};
    }
    list.resize(kept);
    return static_cast<int>(kept);
}

void DensityBot::accumulate(const Bitboard& chosen) {
    const int cells = k_.board.cells();
    std::fill(density_.begin(), density_.begin() + cells, 0.0);
    const bool any_chosen = !chosen.empty();
    for (int s = 0; s < k_.ships(); ++s) {
        if (k_.sunk[s] || scale_[s] == 0.0) continue;
        const int length = k_.length[s];
        for (const Candidate& c : valid_[s]) {
            if (any_chosen && c.position->cells.intersects(chosen)) continue;
            const double w = c.weight * scale_[s];
            for (int i = 0, at = c.position->start; i < length; ++i, at += c.position->step) {
                density_[at] += w;
            }
        }
    }
}

void DensityBot::shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) {
    out.clear();
    const int due = obs.shots_due();
    if (due <= 0) return;
    if (!built_for_ || *built_for_ != obs.options()) build_tables(obs.options());
    analyse(obs, k_);
    const BoardSize b = k_.board;
    const int n = k_.ships();
    // Start again from every placement for a new game (or anything that does not continue the
    // game seen last time, such as the same bot shooting for the other seat).
    const bool continues = !fresh_ && obs.seat() == last_seat_ &&
                           obs.fired().contains_all(last_fired_) &&
                           (obs.hits() & last_fired_) == last_hits_;
    if (!continues) {
        order_ = TieOrder::draw(b, rng);
        for (int s = 0; s < n; ++s) {
            valid_[s].clear();
            for (const Position& p : tables_[table_of_[s]]) valid_[s].push_back({&p, 1.0});
        }
    }
    fresh_ = false;
    last_seat_ = obs.seat();
    last_fired_ = obs.fired();
    last_hits_ = obs.hits();

    // Ships afloat that have been named by hits first: cells in every one of their placements
    // are certainly theirs, which keeps the other ships out of them.
    Bitboard named;
    for (int s = 0; s < n; ++s) named |= k_.known[s];
    Bitboard certain;
    for (int s = 0; s < n; ++s) {
        certain_[s] = k_.known[s];
        if (k_.sunk[s] || k_.known[s].empty()) continue;
        if (collect(s, named.without(k_.known[s])) == 0) continue;
        Bitboard all = valid_[s].front().position->cells;
        for (const Candidate& c : valid_[s]) all &= c.position->cells;
        certain_[s] = all;
    }
    for (int s = 0; s < n; ++s) certain |= certain_[s];

    for (int s = 0; s < n; ++s) {
        scale_[s] = 0.0;
        if (k_.sunk[s]) continue;
        const int found = collect(s, certain.without(certain_[s]));
        // Each ship's placements are equally likely a priori, so a cell's score is the sum over
        // ships of the chance that ship covers it: the chance the shot hits.
        if (found > 0) scale_[s] = 1.0 / found;
    }

    Bitboard chosen;
    for (int shot = 0; shot < due; ++shot) {
        // Later shots of a salvo count only placements the earlier ones would not hit, so a
        // volley spreads over ships instead of piling onto one hit.
        accumulate(chosen);
        const Bitboard pool = k_.unfired.without(chosen);
        double best = 0.0;
        pool.for_each([&](int i) { best = std::max(best, density_[i]); });
        if (best == 0.0 && !chosen.empty()) {
            // The volley already meets every placement left: rank the rest by plain density.
            accumulate(Bitboard{});
            pool.for_each([&](int i) { best = std::max(best, density_[i]); });
        }
        ties_.clear();
        if (best > 0.0) {
            pool.for_each([&](int i) {
                if (density_[i] >= best * (1.0 - 1e-9)) ties_.push_back(i);
            });
        } else {
            // Nothing consistent is left (only possible if the knowledge is contradictory):
            // any unfired cell that is not known water, else any unfired cell.
            const Bitboard dry = pool.without(k_.water);
            (dry.empty() ? pool : dry).for_each([&](int i) { ties_.push_back(i); });
        }
        const int pick = order_.first(ties_, b);
        chosen.set(pick);
        out.push_back(cell_at(pick, b));
    }
    // Leave the scores of the first shot's situation readable through density().
    if (due > 1) accumulate(Bitboard{});
    obs.fired().for_each([&](int i) { density_[i] = 0.0; });
}

Action DensityBot::decide(const Observation& obs, Rng& rng) {
    if (!use_weapons_ || obs.options().weapons == 0 || obs.shots_due() == 0) {
        return Bot::decide(obs, rng);
    }
    FireAction fire;
    shoot(obs, rng, fire.cells);  // also leaves the cell scores in density_
    if (obs.blast_pending() > 0) return BlastAction{plan_blast(obs, density_, obs.blast_pending())};
    double plain = 0.0;
    for (const Cell c : fire.cells) plain += density_[cell_index(c, obs.board())];
    if (auto weapon = plan_weapon(obs, density_, plain)) return weapon->action;
    return fire;
}

}  // namespace broadside::classic

#include "games/party/rules.h"

#include <algorithm>
#include <bit>

namespace broadside::party {

namespace {

CellMask regular_mask(const State& s) {
    CellMask m = 0;
    for (int i = 0; i < std::min(s.fired_count, kTorpedoes); ++i) {
        m |= CellMask{1} << s.fired[static_cast<std::size_t>(i)];
    }
    return m;
}

// The count after the 30th torpedo: the most ships afloat wins; two or more tied for the most
// go to the tiebreak.
void count_ships(State& s) {
    s.most = s.players == 0 ? 0 : *std::max_element(s.afloat.begin(), s.afloat.end());
    std::vector<int> leaders;
    for (int p = 0; p < s.players; ++p) {
        if (s.afloat[static_cast<std::size_t>(p)] == s.most) leaders.push_back(p);
    }
    if (leaders.size() == 1) {
        s.winners = leaders;
        s.finish = Finish::kMostAfloat;
        s.phase = Phase::kOver;
        return;
    }
    s.tied = leaders;
    s.remaining = leaders;
    s.phase = Phase::kTiebreak;
}

// A super torpedo: every tied player still in whose ship it hits is eliminated at once.
void resolve_super(State& s, int cell, TorpedoReport& report) {
    const auto row = static_cast<std::size_t>(cell) * static_cast<std::size_t>(s.players);
    std::vector<int> still_in;
    for (int p : s.remaining) {
        if (s.ship_at[row + static_cast<std::size_t>(p)] != kNoShip) {
            report.eliminated.push_back(p);
            s.eliminated_by[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(report.number);
        } else {
            still_in.push_back(p);
        }
    }
    if (still_in.empty()) {
        // Ruling: the last ones eliminated, together by this torpedo, share the win.
        s.winners = report.eliminated;
        s.remaining.clear();
        s.finish = Finish::kEliminatedTogether;
        s.phase = Phase::kOver;
        return;
    }
    s.remaining = std::move(still_in);
    if (s.remaining.size() == 1) {
        // Everyone else is out: the last one in will be the last eliminated.
        s.winners = s.remaining;
        s.finish = Finish::kLastStanding;
        s.phase = Phase::kOver;
    } else if (s.fired_count == kCells) {
        // Ruling: players still in after the sixth super torpedo share the win.
        s.winners = s.remaining;
        s.finish = Finish::kSurvivedAll;
        s.phase = Phase::kOver;
    }
}

}  // namespace

State new_game(const Options& options) {
    State s;
    s.options = options;
    s.players = options.players;
    const auto n = static_cast<std::size_t>(options.players);
    s.unplaced = options.players;
    s.placed.assign(n, 0);
    s.layouts.assign(n, Layout{});
    s.masks.assign(n, {});
    s.ship_at.assign(n * kCells, kNoShip);
    s.segments_left.assign(n * kShips, 0);
    s.afloat.assign(n, 0);
    s.last.assign(n, Outcome::kMiss);
    s.eliminated_by.assign(n, 0);
    s.fired.fill(-1);
    return s;
}

Status place_fleet(State& s, int player, const Layout& layout) {
    if (player < 0 || player >= s.players) {
        return make_error("bad_seat", "There is no player " + std::to_string(player + 1) + ".");
    }
    const auto p = static_cast<std::size_t>(player);
    if (s.placed[p]) {
        return make_error("already_placed",
                          "Your fleet is already placed; placements are fixed before the first "
                          "torpedo.");
    }
    if (s.phase != Phase::kPlacement) {
        return make_error("wrong_phase", "The torpedoes are already being fired.");
    }
    std::array<CellMask, kShips> masks{};
    if (auto st = validate_layout(layout, masks); !st) return st;
    s.placed[p] = 1;
    s.layouts[p] = layout;
    s.masks[p] = masks;
    for (int ship = 0; ship < kShips; ++ship) {
        const auto i = static_cast<std::size_t>(ship);
        for (CellMask m = masks[i]; m; m &= m - 1) {
            const auto cell = static_cast<std::size_t>(std::countr_zero(m));
            s.ship_at[cell * static_cast<std::size_t>(s.players) + p] =
                static_cast<std::int8_t>(ship);
        }
        s.segments_left[p * kShips + i] = static_cast<std::uint8_t>(kShipLengths[i]);
    }
    s.afloat[p] = kShips;
    if (--s.unplaced == 0) s.phase = Phase::kFiring;
    return Status::ok_status();
}

int draw_torpedo(const State& s, Rng& rng) {
    CellMask open = kAllCells & ~s.fired_mask;
    const auto k = rng.below(static_cast<std::uint32_t>(kCells - s.fired_count));
    for (std::uint32_t i = 0; i < k; ++i) open &= open - 1;
    return std::countr_zero(open);
}

Status fire_torpedo(State& s, int cell, TorpedoReport& report) {
    if (s.phase != Phase::kFiring && s.phase != Phase::kTiebreak) {
        return make_error("wrong_phase", s.phase == Phase::kPlacement
                                             ? "Torpedoes are fired once every fleet is placed."
                                             : "The match is over.");
    }
    if (cell < 0 || cell >= kCells) {
        return make_error("off_board", "Torpedoes hit cells A1 to F6.");
    }
    const CellMask bit = CellMask{1} << cell;
    if (s.fired_mask & bit) {
        return make_error("cell_already_fired",
                          "The torpedo for " + cell_name(cell) + " has already been fired.");
    }
    s.fired[static_cast<std::size_t>(s.fired_count++)] = static_cast<std::int8_t>(cell);
    s.fired_mask |= bit;
    report = TorpedoReport{};
    report.cell = cell;
    if (s.phase == Phase::kTiebreak) {
        report.super = true;
        report.number = s.fired_count - kTorpedoes;
        resolve_super(s, cell, report);
        return Status::ok_status();
    }
    report.number = s.fired_count;
    // The hot loop: one contiguous row of ship_at, one byte of outcome per player.
    const std::int8_t* row = &s.ship_at[static_cast<std::size_t>(cell) * s.players];
    std::uint8_t* left = s.segments_left.data();
    std::uint8_t* afloat = s.afloat.data();
    Outcome* out = s.last.data();
    int hits = 0, sinkings = 0;
    for (int p = 0; p < s.players; ++p) {
        const int ship = row[p];
        if (ship == kNoShip) {
            out[p] = Outcome::kMiss;
            continue;
        }
        const bool sunk = --left[p * kShips + ship] == 0;
        afloat[p] = static_cast<std::uint8_t>(afloat[p] - (sunk ? 1 : 0));
        out[p] = sunk ? Outcome::kSunk : Outcome::kHit;
        ++hits;
        sinkings += sunk ? 1 : 0;
    }
    report.hits = hits - sinkings;
    report.sinkings = sinkings;
    report.misses = s.players - hits;
    if (s.fired_count == kTorpedoes) {
        report.counted = true;
        count_ships(s);
    }
    return Status::ok_status();
}

bool ship_sunk(const State& s, int player, int ship) {
    const CellMask m = s.masks[static_cast<std::size_t>(player)][static_cast<std::size_t>(ship)];
    return m != 0 && (regular_mask(s) & m) == m;
}

bool ship_destroyed_by_super(const State& s, int player, int ship) {
    const CellMask m = s.masks[static_cast<std::size_t>(player)][static_cast<std::size_t>(ship)];
    return !ship_sunk(s, player, ship) && (s.fired_mask & ~regular_mask(s) & m) != 0;
}

}  // namespace broadside::party

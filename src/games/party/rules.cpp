#include "games/party/rules.h"

#include <algorithm>
#include <bit>

#include "core/fleet_sampler.h"

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
    s.most = 0;
    for (int k = kShips; k >= 0; --k) {
        if (s.afloat_counts[static_cast<std::size_t>(k)] > 0) {
            s.most = k;
            break;
        }
    }
    std::vector<int> leaders;
    for (int p = 0; p < s.players; ++p) {
        const auto i = static_cast<std::size_t>(p);
        if (!s.removed[i] && s.placed[i] && s.afloat[i] == s.most) leaders.push_back(p);
    }
    if (leaders.size() <= 1) {
        // One leader wins; none (every player was removed) leaves no winner.
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
    const auto row = static_cast<std::size_t>(cell) * static_cast<std::size_t>(s.stride);
    std::vector<int> still_in;
    for (int p : s.remaining) {
        if (s.ship_at[row + static_cast<std::size_t>(p)] != kNoShip) {
            report.eliminated.push_back(p);
            ++s.eliminated_count;
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

// The leaders after a torpedo: the first kLeaders active players with the most ships afloat.
void find_leaders(State& s) {
    s.leaders.clear();
    int most = -1;
    for (int k = kShips; k >= 0; --k) {
        if (s.afloat_counts[static_cast<std::size_t>(k)] > 0) {
            most = k;
            break;
        }
    }
    for (int p = 0; p < s.players && static_cast<int>(s.leaders.size()) < kLeaders; ++p) {
        const auto i = static_cast<std::size_t>(p);
        if (s.placed[i] && !s.removed[i] && s.afloat[i] == most) s.leaders.push_back(p);
    }
}

// Per-player arrays for `n` players; ship_at keeps rows of `stride` entries.
void resize_players(State& s, int n) {
    const auto count = static_cast<std::size_t>(n);
    if (n > s.stride) {
        // Rows are cell-major, so growing means moving every row: doubling the room keeps that
        // to a constant cost per player joined.
        const int stride = std::max({n, 2 * s.stride, 8});
        std::vector<std::int8_t> grown(static_cast<std::size_t>(stride) * kCells, kNoShip);
        for (int cell = 0; cell < kCells; ++cell) {
            std::copy_n(s.ship_at.begin() + static_cast<std::ptrdiff_t>(cell) * s.stride, s.players,
                        grown.begin() + static_cast<std::ptrdiff_t>(cell) * stride);
        }
        s.ship_at = std::move(grown);
        s.stride = stride;
    }
    s.placed.resize(count, 0);
    s.layouts.resize(count, Layout{});
    s.masks.resize(count, {});
    s.segments_left.resize(count * kShips, 0);
    s.afloat.resize(count, 0);
    s.last.resize(count, Outcome::kMiss);
    s.eliminated_by.resize(count, 0);
    s.removed.resize(count, 0);
    s.unplaced += n - s.players;
    s.players = n;
}

}  // namespace

State new_game(const Options& options) {
    State s;
    s.options = options;
    s.stride = options.players;
    s.ship_at.assign(static_cast<std::size_t>(options.players) * kCells, kNoShip);
    resize_players(s, options.players);
    s.fired.fill(-1);
    return s;
}

Status seat_players(State& s, int count) {
    if (s.options.seating != Seating::kOpen || s.phase != Phase::kPlacement) {
        return make_error("wrong_phase",
                          s.options.seating == Seating::kOpen
                              ? "The torpedoes are falling: new players can only watch."
                              : "This match has a fixed number of players.");
    }
    if (count < 1 || s.players + count > kMaxPlayers) {
        return make_error("too_many_players",
                          "A match holds 1 to " + std::to_string(kMaxPlayers) + " players.");
    }
    resize_players(s, s.players + count);
    return Status::ok_status();
}

Status remove_player(State& s, int player) {
    if (player < 0 || player >= s.players) {
        return make_error("bad_seat", "There is no player " + std::to_string(player + 1) + ".");
    }
    const auto p = static_cast<std::size_t>(player);
    if (s.phase == Phase::kOver) return make_error("game_over", "The match is over.");
    if (s.removed[p]) return make_error("already_removed", "That player was already removed.");
    s.removed[p] = 1;
    ++s.removed_count;
    if (s.placed[p]) {
        --s.afloat_counts[s.afloat[p]];
        for (int cell = 0; cell < kCells; ++cell) {
            s.ship_at[static_cast<std::size_t>(cell) * static_cast<std::size_t>(s.stride) + p] =
                kNoShip;
        }
    } else {
        --s.unplaced;
    }
    s.afloat[p] = 0;
    s.last[p] = Outcome::kMiss;
    if (s.phase == Phase::kTiebreak) {
        std::erase(s.remaining, player);
        if (s.remaining.size() == 1) {
            s.winners = s.remaining;
            s.finish = Finish::kLastStanding;
            s.phase = Phase::kOver;
        }
    }
    find_leaders(s);
    // With fixed seating firing starts once everyone still in has placed, even when nobody is
    // left: the host's torpedoes then find no one and the match ends with no winner, as it does
    // when every player is removed during firing (otherwise it could never end).
    if (s.phase == Phase::kPlacement && s.options.seating == Seating::kFixed && s.unplaced == 0) {
        s.phase = Phase::kFiring;
    }
    return Status::ok_status();
}

Layout random_layout(Rng& rng) {
    static const FleetSampler sampler = [] {
        std::vector<ShipSpec> fleet;
        for (int i = 0; i < kShips; ++i) {
            fleet.push_back({ship_names()[static_cast<std::size_t>(i)],
                             kShipLengths[static_cast<std::size_t>(i)]});
        }
        return FleetSampler(fleet, kBoard, false);
    }();
    std::vector<Placement> placements;
    // Legal layouts are plentiful on the 6x6 sea, so rejection sampling always succeeds.
    sampler.sample_layout(rng, placements);
    Layout out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = placements[i];
    return out;
}

Status place_fleet(State& s, int player, const Layout& layout) {
    if (player < 0 || player >= s.players) {
        return make_error("bad_seat", "There is no player " + std::to_string(player + 1) + ".");
    }
    const auto p = static_cast<std::size_t>(player);
    if (s.removed[p]) {
        return make_error("removed", "The host has taken you out of this match.");
    }
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
            s.ship_at[cell * static_cast<std::size_t>(s.stride) + p] =
                static_cast<std::int8_t>(ship);
        }
        s.segments_left[p * kShips + i] = static_cast<std::uint8_t>(kShipLengths[i]);
    }
    s.afloat[p] = kShips;
    ++s.afloat_counts[kShips];
    if (static_cast<int>(s.leaders.size()) < kLeaders) find_leaders(s);
    // With open seating the host says when firing starts (start_firing).
    if (--s.unplaced == 0 && s.options.seating == Seating::kFixed) s.phase = Phase::kFiring;
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
    const std::int8_t* row = &s.ship_at[static_cast<std::size_t>(cell) * s.stride];
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
        if (sunk) {
            --s.afloat_counts[afloat[p]];
            ++s.afloat_counts[afloat[p] - 1U];
        }
        afloat[p] = static_cast<std::uint8_t>(afloat[p] - (sunk ? 1 : 0));
        out[p] = sunk ? Outcome::kSunk : Outcome::kHit;
        ++hits;
        sinkings += sunk ? 1 : 0;
    }
    report.hits = hits - sinkings;
    report.sinkings = sinkings;
    // Removed players are not playing: they are in no count.
    report.misses = s.players - s.removed_count - hits;
    if (sinkings > 0) find_leaders(s);
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

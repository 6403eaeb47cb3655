#include "games/classic/rules.h"

#include <algorithm>
#include <array>

namespace broadside::classic {

State new_game(std::shared_ptr<const Options> options, Rng& rng) {
    State s;
    for (auto& ocean : s.oceans) ocean.ship_at.fill(kNoShip);
    switch (options->first) {
        case FirstSeat::kSeat0: s.first = 0; break;
        case FirstSeat::kSeat1: s.first = 1; break;
        case FirstSeat::kRandom: s.first = static_cast<int>(rng.below(2)); break;
    }
    s.to_move = s.first;
    s.options = std::move(options);
    return s;
}

namespace {

Status check_seat(int seat) {
    if (seat < 0 || seat >= kSeats) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; this game has seats 0 and 1.");
    }
    return Status::ok_status();
}

}  // namespace

Status place_fleet(State& state, int seat, const std::vector<Placement>& layout) {
    if (auto st = check_seat(seat); !st) return st;
    if (state.phase != Phase::kPlacement || state.oceans[seat].placed) {
        return make_error("already_placed",
                          "Your fleet is already placed; ships cannot move "
                          "once placed.");
    }
    const Options& o = *state.options;
    Ocean& ocean = state.oceans[seat];
    // The ships' cells go straight into the ocean (no scratch array to zero and copy). The
    // vector is empty until a fleet is placed, so clearing it on error restores the state.
    ocean.ship_cells.resize(layout.size());
    if (auto st = validate_layout(o.fleet, layout, o.board, o.no_touch, ocean.ship_cells.data());
        !st) {
        ocean.ship_cells.clear();
        return st;
    }
    ocean.layout = layout;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        ocean.ship_cells[i].for_each(
            [&](int index) { ocean.ship_at[index] = static_cast<std::int8_t>(i); });
    }
    ocean.hits.fill(0);
    ocean.sunk_at.fill(-1);
    ocean.destroyed.fill(false);
    ocean.captured.fill(false);
    ocean.revealed.fill(false);
    ocean.ships_afloat = static_cast<int>(layout.size());
    ocean.placed = true;
    if (state.oceans[0].placed && state.oceans[1].placed) state.phase = Phase::kFiring;
    return Status::ok_status();
}

namespace {

// The reasons a turn cannot be fired, kept out of line so the legal path stays short.
[[gnu::noinline, gnu::cold]] Status turn_error(const State& state, int seat, std::size_t count) {
    if (auto st = check_seat(seat); !st) return st;
    if (state.phase == Phase::kPlacement) {
        return make_error("wrong_phase", "Shots start once both fleets are placed.");
    }
    if (state.phase == Phase::kOver) return make_error("game_over", "The game is over.");
    if (seat != state.to_move) {
        return make_error("not_your_turn", "It is seat " + std::to_string(state.to_move) +
                                               "'s turn, not seat " + std::to_string(seat) + "'s.");
    }
    if (state.blast_pending > 0) {
        return make_error("blast_pending", "Name your Experimental Weapon's blast first: " +
                                               std::to_string(state.blast_pending) +
                                               " connected cells.");
    }
    const int due = shots_due(state, seat);
    return make_error("wrong_shot_count",
                      state.options->salvo
                          ? "This salvo must have exactly " + std::to_string(due) +
                                " different shots (one per ship you have afloat); got " +
                                std::to_string(count) + "."
                          : "Fire exactly one shot per turn; got " + std::to_string(count) + ".");
}

[[gnu::noinline, gnu::cold]] Status target_error(const State& state, int seat, Cell c,
                                                 bool duplicate) {
    const Options& o = *state.options;
    if (!on_board(c, o.board)) {
        return make_error("off_board",
                          "A shot is off the board: cells go from " + board_range(o.board) + ".");
    }
    if (duplicate) {
        return make_error("duplicate_shot", to_string(c) +
                                                " appears twice in this salvo; the shots must be "
                                                "different.");
    }
    const Ocean& target = state.oceans[1 - seat];
    const int ship = target.ship_at[cell_index(c, o.board)];
    if (ship != kNoShip && target.revealed[ship]) {
        // Closed without a shot: an Experimental mishap showed the wreck there.
        return make_error("cell_already_fired",
                          to_string(c) + " is part of the enemy's " + o.fleet[ship].name +
                              ", which their own Experimental Weapon destroyed; choose a cell you "
                              "have not shot yet.");
    }
    return make_error("cell_already_fired",
                      to_string(c) + " was already fired at; choose a cell you have not shot yet.");
}

// Several shots: each on the board, not fired at before, and all different. Out of line: it
// needs a scratch bitboard that the single-shot path should not pay for.
[[gnu::noinline]] Status validate_volley(const State& state, int seat,
                                         std::span<const Cell> cells) {
    const Options& o = *state.options;
    const Ocean& target = state.oceans[1 - seat];
    Bitboard volley;
    for (const Cell c : cells) {
        if (!on_board(c, o.board) || target.shots.test(cell_index(c, o.board))) {
            return target_error(state, seat, c, false);
        }
        const int index = cell_index(c, o.board);
        if (volley.test(index)) return target_error(state, seat, c, true);
        volley.set(index);
    }
    return Status::ok_status();
}

}  // namespace

Status detail::fire_turn(State& state, int seat, std::span<const Cell> cells,
                         std::vector<ShotResult>& results) {
    results.clear();
    if (seat < 0 || seat >= kSeats || state.phase != Phase::kFiring || seat != state.to_move ||
        state.blast_pending > 0 || cells.empty() ||
        static_cast<int>(cells.size()) != shots_due(state, seat)) {
        return turn_error(state, seat, cells.size());
    }
    const Options& o = *state.options;
    Ocean& target = state.oceans[1 - seat];
    // Validate every shot before any lands, so a rejected salvo changes nothing.
    if (cells.size() == 1) {
        const Cell c = cells[0];
        if (!on_board(c, o.board) || target.shots.test(cell_index(c, o.board))) {
            return target_error(state, seat, c, false);
        }
    } else if (auto st = validate_volley(state, seat, cells); !st) {
        return st;
    }
    for (const Cell c : cells) {
        results.push_back(detail::land_shot(o, target, c, cell_index(c, o.board)));
    }
    detail::end_turn(state, seat, target, static_cast<int>(cells.size()));
    return Status::ok_status();
}

}  // namespace broadside::classic

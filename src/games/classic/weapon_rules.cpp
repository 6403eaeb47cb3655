#include "games/classic/weapon_rules.h"

namespace broadside::classic {

namespace {

bool afloat_on_ocean(const Ocean& ocean, int ship) {
    return ocean.placed && ocean.sunk_at[ship] < 0 && !ocean.captured[ship];
}

Status wrong_turn(const State& state, int seat) {
    if (seat < 0 || seat >= kSeats) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; this game has seats 0 and 1.");
    }
    if (state.phase == Phase::kPlacement) {
        return make_error("wrong_phase", "Weapons can be used once both fleets are placed.");
    }
    if (state.phase == Phase::kOver) return make_error("game_over", "The game is over.");
    if (seat != state.to_move) {
        return make_error("not_your_turn", "It is seat " + std::to_string(state.to_move) +
                                               "'s turn, not seat " + std::to_string(seat) + "'s.");
    }
    return Status::ok_status();
}

// Sinks `ship` on `ocean` whole, without every segment hit.
void destroy_ship(Ocean& ocean, const Options& o, int ship) {
    ocean.destroyed[ship] = true;
    ocean.sunk_at[ship] = kSunkWithoutShot;
    // Past the length, so later hits on the wreck never count as a second sinking.
    ocean.hits[ship] = o.fleet[ship].length + 1;
    --ocean.ships_afloat;
}

// One struck cell on `target`, which may have been fired at before.
ShotResult strike_cell(const Options& o, Ocean& target, int index) {
    const Cell c = cell_at(index, o.board);
    const int ship = target.ship_at[index];
    if (!target.shots.test(index)) {
        target.shots.set(index);
        ++target.shots_count;
    }
    if (ship == kNoShip) return {c, ShotOutcome::kMiss, kNoShip};
    // A segment hit before is reported hit again, even while its ship is away as a prize: the
    // shooter's grid already shows that hit, and a capture does not undo it.
    if (target.shot_hits.test(index)) return {c, ShotOutcome::kHit, ship};
    if (target.captured[ship]) return {c, ShotOutcome::kMiss, kNoShip};
    target.shot_hits.set(index);
    ShotResult r{c, ShotOutcome::kHit, ship};
    if (++target.hits[ship] == o.fleet[ship].length) {
        r.outcome = ShotOutcome::kSunk;
        target.sunk_at[ship] = index;
        --target.ships_afloat;
    }
    return r;
}

void strike(const Options& o, Ocean& target, const Bitboard& cells, std::vector<ShotResult>& out) {
    cells.for_each([&](int index) { out.push_back(strike_cell(o, target, index)); });
}

// After a weapon: the game ends if either side has nothing left; otherwise the turn passes.
void finish_weapon_turn(State& state, int seat) {
    ++state.weapon_turns[seat];
    ++state.turns;
    if (!has_ships(state, 1 - seat)) {
        state.phase = Phase::kOver;
        state.winner = seat;
    } else if (!has_ships(state, seat)) {
        state.phase = Phase::kOver;
        state.winner = 1 - seat;
    } else {
        detail::pass_turn_with_weapons(state, seat);
    }
}

int smallest_of(const State& state, int owner, bool captured_ones) {
    const Ocean& ocean = state.oceans[owner];
    const auto& fleet = state.options->fleet;
    int best = kNoShip;
    for (int s = 0; s < static_cast<int>(fleet.size()); ++s) {
        const bool eligible = captured_ones ? ocean.captured[s] : afloat_on_ocean(ocean, s);
        if (eligible && (best == kNoShip || fleet[s].length < fleet[best].length)) best = s;
    }
    return best;
}

void capture(State& state, int captor, int ship) {
    Ocean& ocean = state.oceans[1 - captor];
    ocean.captured[ship] = true;
    --ocean.ships_afloat;
    ++state.prizes[captor];
    // Its unhit segments leave the ocean (shots there now find water); hit segments keep their
    // label so the captor's record of earlier hits still names the ship.
    ocean.ship_cells[ship].without(ocean.shot_hits).for_each([&](int i) {
        ocean.ship_at[i] = kNoShip;
    });
}

void recapture(State& state, int owner, int ship, std::vector<ShotResult>& returning) {
    const Options& o = *state.options;
    Ocean& ocean = state.oceans[owner];
    ocean.captured[ship] = false;
    ++ocean.ships_afloat;
    --state.prizes[1 - owner];
    ocean.ship_cells[ship].for_each(
        [&](int i) { ocean.ship_at[i] = static_cast<std::int8_t>(ship); });
    // Cells the enemy fired at while the ship was away cannot be fired at again, so they count
    // as hits now (docs/rules/weapons.md); this also keeps every game finishable.
    const Bitboard missed = ocean.ship_cells[ship] & ocean.shots;
    missed.without(ocean.shot_hits).for_each([&](int i) {
        returning.push_back(strike_cell(o, ocean, i));
    });
}

void use_scuba(State& state, int seat, DieRoller& dice, WeaponReport& out) {
    const Options& o = *state.options;
    out.total = roll_weapon_dice(dice, o.dice, out.rolls);
    const ScubaOutcome result = scuba_outcome(o.dice, out.total);
    if (result == ScubaOutcome::kFails) {
        out.outcome = "fails";
        return;
    }
    if (const int own = recapture_target(state, seat); own != kNoShip) {
        out.outcome = "recaptures";
        out.recaptured_ship = own;
        recapture(state, seat, own, out.returning_hits);
        return;
    }
    const int target = scuba_target(state, 1 - seat);
    if (result == ScubaOutcome::kCaptures) {
        out.outcome = "captures";
        out.captured_ship = target;
        capture(state, seat, target);
    } else {
        out.outcome = "destroys";
        out.destroyed_ship = target;
        destroy_ship(state.oceans[1 - seat], o, target);
    }
    return;
}

Bitboard live_ship_cells(const Ocean& ocean) {
    Bitboard cells;
    for (std::size_t s = 0; s < ocean.ship_cells.size(); ++s) {
        if (afloat_on_ocean(ocean, static_cast<int>(s))) cells |= ocean.ship_cells[s];
    }
    return cells;
}

// The start and heading were checked before the use was spent.
void use_torpedo(State& state, int seat, const WeaponOrder& order, DieRoller& dice,
                 WeaponReport& out) {
    const Options& o = *state.options;
    Ocean& target = state.oceans[1 - seat];
    const auto path = torpedo_path(*order.cell, order.heading, o.board);
    out.torpedo_start = order.cell;
    const Cell second = path->size() > 1 ? (*path)[1] : path->front();
    out.torpedo_heading = second.row > order.cell->row   ? Heading::kDown
                          : second.row < order.cell->row ? Heading::kUp
                          : second.col < order.cell->col ? Heading::kLeft
                                                         : Heading::kRight;
    if (o.torpedo_bonus) {
        out.torpedo_bonus_rolled = true;
        out.total = roll_weapon_dice(dice, o.dice, out.rolls);
    }
    const auto hit = torpedo_target(*path, live_ship_cells(target), target.shot_hits, o.board);
    if (!hit) {
        out.outcome = "misses";
        return;
    }
    out.outcome = "hits";
    const ShotResult r = strike_cell(o, target, cell_index(*hit, o.board));
    out.shots.push_back(r);
    if (out.torpedo_bonus_rolled && torpedo_bonus_destroys(o.dice, out.total) &&
        r.outcome == ShotOutcome::kHit) {
        out.destroyed_ship = r.ship;
        destroy_ship(target, o, r.ship);
    }
    return;
}

Status use_experimental(State& state, int seat, DieRoller& dice, WeaponReport& out) {
    const Options& o = *state.options;
    // "Massive Criticality": keep rolling while the roll is a six.
    do {
        out.rolls.push_back(dice.roll(6));
    } while (out.rolls.back() == 6);
    out.total = out.blast_size = blast_size(out.rolls, o.board);
    out.outcome = "blast";
    if (out.rolls.front() == 1) {
        out.outcome = "mishap";
        out.mishap_ship = mishap_target(state, seat);
        if (out.mishap_ship != kNoShip) {
            Ocean& own = state.oceans[seat];
            own.revealed[out.mishap_ship] = true;
            destroy_ship(own, o, out.mishap_ship);
            // The enemy was told where the wreck lies: its cells are known hits from now on, so
            // the enemy's grid shows them, nobody may fire there again, and the bots and the
            // count of open cells (Salvo's shots, the skip and draw rules) agree.
            own.ship_cells[out.mishap_ship].for_each([&](int i) {
                if (!own.shots.test(i)) {
                    own.shots.set(i);
                    ++own.shots_count;
                }
                own.shot_hits.set(i);
            });
            if (!has_ships(state, seat)) {
                // The attacker's last ship: they lose at once, and no blast follows.
                out.blast_size = 0;
                ++state.weapon_turns[seat];
                ++state.turns;
                state.phase = Phase::kOver;
                state.winner = 1 - seat;
                return Status::ok_status();
            }
        }
    }
    state.blast_pending = out.blast_size;
    return Status::ok_status();
}

}  // namespace

int weapon_uses_left(const State& state, int seat, Weapon w) {
    if (!state.options->has_weapon(w)) return 0;
    return uses_per_game(w) - state.weapons_used[seat][static_cast<int>(w)];
}

bool launcher_lost(const State& state, int seat, Weapon w) {
    const Options& o = *state.options;
    const Ocean& own = state.oceans[seat];
    if (!own.placed) return false;
    if (w == Weapon::kTorpedo) return !afloat_on_ocean(own, o.submarine);
    if (w == Weapon::kBomber) return !afloat_on_ocean(own, o.carrier);
    return false;
}

Status weapon_available(const State& state, int seat, Weapon w) {
    if (auto st = wrong_turn(state, seat); !st) return st;
    const Options& o = *state.options;
    const std::string name = weapon_name(w);
    if (!o.has_weapon(w)) {
        return make_error("weapon_not_in_game", "The " + name +
                                                    " is not in this game (the \"weapons\" "
                                                    "option lists the weapons allowed).");
    }
    if (state.blast_pending > 0) {
        return make_error("blast_pending", "Name your Experimental Weapon's blast first: " +
                                               std::to_string(state.blast_pending) +
                                               " connected cells.");
    }
    if (weapon_uses_left(state, seat, w) <= 0) {
        return make_error("weapon_used_up",
                          "You have used the " + name + " " +
                              (uses_per_game(w) == 1
                                   ? "once, its only use"
                                   : std::to_string(uses_per_game(w)) + " times, all its uses") +
                              " this game.");
    }
    const Ocean& own = state.oceans[seat];
    if (w == Weapon::kTorpedo && !afloat_on_ocean(own, o.submarine)) {
        return make_error("needs_submarine",
                          "Torpedoes need your " + o.fleet[o.submarine].name +
                              " afloat, and it is " +
                              (own.captured[o.submarine] ? "captured." : "sunk."));
    }
    if (w == Weapon::kBomber && !afloat_on_ocean(own, o.carrier)) {
        return make_error("needs_carrier", "Bomber Flights need your " + o.fleet[o.carrier].name +
                                               " afloat, and it is " +
                                               (own.captured[o.carrier] ? "captured." : "sunk."));
    }
    return Status::ok_status();
}

Status use_weapon(State& state, int seat, const WeaponOrder& order, DieRoller& dice,
                  WeaponReport& out) {
    out = WeaponReport{};
    out.weapon = order.weapon;
    if (auto st = weapon_available(state, seat, order.weapon); !st) return st;
    const Options& o = *state.options;
    const bool needs_cell = order.weapon == Weapon::kNuke || order.weapon == Weapon::kBomber ||
                            order.weapon == Weapon::kTorpedo;
    if (needs_cell && !order.cell) {
        return make_error("bad_action", "The " + weapon_name(order.weapon) + " needs a cell.");
    }
    if (needs_cell && !on_board(*order.cell, o.board)) {
        return make_error("off_board", to_string(*order.cell) +
                                           " is off the board: cells go from " +
                                           board_range(o.board) + ".");
    }
    if (order.weapon == Weapon::kTorpedo) {
        // Check the start and heading before anything is spent.
        if (auto path = torpedo_path(*order.cell, order.heading, o.board); !path) {
            return path.error();
        }
    } else if (order.heading) {
        return make_error("bad_action", "Only a torpedo takes a heading.");
    }

    ++state.weapons_used[seat][static_cast<int>(order.weapon)];
    Ocean& target = state.oceans[1 - seat];
    switch (order.weapon) {
        case Weapon::kNuke: {
            out.total = roll_weapon_dice(dice, o.dice, out.rolls);
            const NukeOutcome n = nuke_outcome(o.dice, out.total);
            out.outcome = n == NukeOutcome::kFails            ? "fails"
                          : n == NukeOutcome::kConditionBravo ? "condition_bravo"
                                                              : "explodes";
            if (n != NukeOutcome::kFails) {
                strike(o, target,
                       nuke_cells(*order.cell, o.board, n == NukeOutcome::kConditionBravo),
                       out.shots);
            }
            break;
        }
        case Weapon::kBomber:
            out.total = roll_weapon_dice(dice, o.dice, out.rolls);
            out.outcome = bomber_succeeds(o.dice, out.total) ? "hits" : "fails";
            if (out.outcome == "hits")
                strike(o, target, bomber_cells(*order.cell, o.board), out.shots);
            break;
        case Weapon::kScuba: use_scuba(state, seat, dice, out); break;
        case Weapon::kTorpedo: use_torpedo(state, seat, order, dice, out); break;
        case Weapon::kExperimental:
            // Only the roll: the turn goes on until the blast is named (or the mishap lost it).
            return use_experimental(state, seat, dice, out);
    }
    finish_weapon_turn(state, seat);
    return Status::ok_status();
}

Status fire_blast(State& state, int seat, std::span<const Cell> cells,
                  std::vector<ShotResult>& out) {
    out.clear();
    if (auto st = wrong_turn(state, seat); !st) return st;
    if (state.blast_pending == 0) {
        return make_error("no_blast_pending",
                          "There is no blast to name: use the Experimental Weapon first.");
    }
    const Options& o = *state.options;
    const std::vector<Cell> blast(cells.begin(), cells.end());
    if (auto st = validate_blast(blast, state.blast_pending, o.board); !st) return st;
    // In the order named, so the report reads like the call.
    for (const Cell c : blast)
        out.push_back(strike_cell(o, state.oceans[1 - seat], cell_index(c, o.board)));
    state.blast_pending = 0;
    finish_weapon_turn(state, seat);
    return Status::ok_status();
}

bool can_act(const State& state, int seat) {
    if (state.phase != Phase::kFiring) return false;
    if (state.blast_pending > 0 && state.to_move == seat) return true;
    if (state.oceans[1 - seat].shots_count < state.options->board.cells()) return true;
    for (int w = 0; w < kWeaponKinds; ++w) {
        const Weapon weapon = static_cast<Weapon>(w);
        if (weapon_uses_left(state, seat, weapon) <= 0) continue;
        const Ocean& own = state.oceans[seat];
        if (weapon == Weapon::kTorpedo && !afloat_on_ocean(own, state.options->submarine)) continue;
        if (weapon == Weapon::kBomber && !afloat_on_ocean(own, state.options->carrier)) continue;
        return true;
    }
    return false;
}

void detail::pass_turn_with_weapons(State& state, int seat) {
    const int other = 1 - seat;
    if (can_act(state, other)) {
        state.to_move = other;
    } else if (can_act(state, seat)) {
        state.to_move = seat;  // the other seat has nothing it may do: its turn is skipped
    } else {
        state.phase = Phase::kOver;  // neither can act: a draw (docs/rules/weapons.md)
        state.winner = -1;
    }
}

int scuba_target(const State& state, int owner) {
    return smallest_of(state, owner, false);
}

int recapture_target(const State& state, int seat) {
    return smallest_of(state, seat, true);
}

int mishap_target(const State& state, int seat) {
    const Ocean& own = state.oceans[seat];
    const auto& fleet = state.options->fleet;
    const int sub = state.options->submarine;
    if (sub >= 0 && afloat_on_ocean(own, sub)) return sub;
    const int sub_length = sub >= 0 ? fleet[sub].length : 0;
    int larger = kNoShip, largest = kNoShip;
    for (int s = 0; s < static_cast<int>(fleet.size()); ++s) {
        if (!afloat_on_ocean(own, s)) continue;
        if (fleet[s].length > sub_length &&
            (larger == kNoShip || fleet[s].length < fleet[larger].length)) {
            larger = s;
        }
        if (largest == kNoShip || fleet[s].length > fleet[largest].length) largest = s;
    }
    return larger != kNoShip ? larger : largest;
}

int roll_weapon_dice(DieRoller& dice, DiceKind kind, std::vector<int>& faces) {
    if (kind == DiceKind::kD20) {
        faces.push_back(dice.roll(20));
        return faces.back();
    }
    int total = 0;
    for (int i = 0; i < 3; ++i) {
        faces.push_back(dice.roll(6));
        total += faces.back();
    }
    return total;
}

double chance_at_least(DiceKind kind, int threshold) {
    if (kind == DiceKind::kD20) {
        if (threshold <= 1) return 1.0;
        if (threshold > 20) return 0.0;
        return (21.0 - threshold) / 20.0;
    }
    int count = 0;
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            for (int c = 1; c <= 6; ++c) count += a + b + c >= threshold ? 1 : 0;
    return count / 216.0;
}

}  // namespace broadside::classic

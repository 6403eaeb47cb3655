#pragma once
// The optional weapons of seed 002 as turns of the classic and Salvo games: use limits,
// prerequisites, rolls, SCUBA captures and recaptures, the Experimental Weapon's mishap and
// blast. Pure like the rest of the rules: every roll comes from the DieRoller passed in, which is
// the match's generator in games (and a script in the tests).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/classic/rules.h"
#include "games/classic/weapons.h"

namespace broadside::classic {

class DieRoller {
public:
    virtual ~DieRoller() = default;
    virtual int roll(int sides) = 0;  // uniform in 1..sides
};

// The roller used in play: the match's generator, so that seed + actions replay a game.
class RngRoller final : public DieRoller {
public:
    explicit RngRoller(Rng& rng) : rng_(rng) {}
    int roll(int sides) override { return rng_.between(1, sides); }

private:
    Rng& rng_;
};

// What a player orders. `cell` is the centre for a nuke or bomber and the start for a torpedo;
// `heading` is needed only for a torpedo from a corner.
struct WeaponOrder {
    Weapon weapon = Weapon::kNuke;
    std::optional<Cell> cell;
    std::optional<Heading> heading;
};

// Everything a weapon did, all of it public.
struct WeaponReport {
    Weapon weapon = Weapon::kNuke;
    std::vector<int> rolls;  // every die face, in order (3D6: three faces; Experimental: D6s)
    int total = 0;           // what the rule read: the D20, the 3D6's sum, or the blast size
    // fails | explodes | condition_bravo (nuke); hits | misses (bomber: hits means the flight
    // got through); hits | misses (torpedo); destroys | captures | recaptures | fails (SCUBA);
    // blast | mishap (Experimental roll).
    std::string outcome;
    std::vector<ShotResult> shots;  // every cell the weapon struck, hit or miss
    std::optional<Cell> torpedo_start;
    std::optional<Heading> torpedo_heading;
    bool torpedo_bonus_rolled = false;
    int destroyed_ship = kNoShip;            // the enemy ship a SCUBA or torpedo bonus sank whole
    int captured_ship = kNoShip;             // the enemy ship SCUBA took as a prize
    int recaptured_ship = kNoShip;           // the seat's own ship SCUBA brought home
    std::vector<ShotResult> returning_hits;  // cells of that ship fired at while it was away
    int mishap_ship = kNoShip;               // the seat's own ship the Experimental mishap sank
    int blast_size = 0;                      // Experimental: the cells the seat must now name
};

// How many uses of `w` the seat has left (0 when the weapon is not in the game).
int weapon_uses_left(const State& state, int seat, Weapon w);
// Whether the ship that launches `w` (the Submarine for torpedoes, the Carrier for Bomber
// Flights) is gone from `seat`'s ocean, sunk or captured: public, and for good unless SCUBA
// brings a captured one home. Always false for the weapons that need no ship.
bool launcher_lost(const State& state, int seat, Weapon w);
// Whether `seat` may use `w` now; the error says why not (not in this game, used up, the
// Submarine or Carrier is gone, not the seat's turn, a blast to name first).
Status weapon_available(const State& state, int seat, Weapon w);

// Uses a weapon as the seat's whole turn (in Salvo, instead of the whole salvo). The
// Experimental Weapon only rolls here; the seat then names the blast with fire_blast().
Status use_weapon(State& state, int seat, const WeaponOrder& order, DieRoller& dice,
                  WeaponReport& out);
// Names the Experimental Weapon's blast: exactly state.blast_pending connected cells.
Status fire_blast(State& state, int seat, std::span<const Cell> cells,
                  std::vector<ShotResult>& out);

// Whether `seat` has anything it may do on its turn (a cell to fire at or a usable weapon).
bool can_act(const State& state, int seat);

// SCUBA's target on `owner`'s ocean: the smallest ship afloat, the first in fleet order among
// equals; kNoShip if none.
int scuba_target(const State& state, int owner);
// The seat's own ship held by the enemy that a SCUBA recaptures: the smallest, then the first
// in fleet order; kNoShip if none.
int recapture_target(const State& state, int seat);
// The seat's own ship an Experimental mishap sinks: its Submarine if afloat, else the smallest
// afloat ship longer than the Submarine, else the largest afloat; kNoShip if none.
int mishap_target(const State& state, int seat);

// Rolls the weapons' dice kind: one D20, or three D6 (all faces appended to `faces`); returns
// the total the rules read.
int roll_weapon_dice(DieRoller& dice, DiceKind kind, std::vector<int>& faces);
// P(total >= threshold) for the dice kind, exactly: for bots weighing a weapon.
double chance_at_least(DiceKind kind, int threshold);

}  // namespace broadside::classic

#pragma once
// Options of classic Battleship and Salvo (seed 001), with the seed's rules as defaults.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cell.h"
#include "core/dice.h"
#include "core/error.h"
#include "core/ship.h"

namespace broadside::classic {

enum class Announce { kShip, kHitOnly };  // does a hit name the ship?
enum class FirstSeat { kSeat0, kSeat1, kRandom };

// The optional weapons of seed 002. The enum's order is the order they are listed everywhere.
enum class Weapon { kNuke, kScuba, kTorpedo, kExperimental, kBomber };
inline constexpr int kWeaponKinds = 5;
inline constexpr unsigned weapon_bit(Weapon w) {
    return 1u << static_cast<unsigned>(w);
}

struct Options {
    BoardSize board{10, 10};
    std::vector<ShipSpec> fleet = classic_fleet();
    bool salvo = false;
    bool no_touch = false;
    Announce announce = Announce::kShip;
    FirstSeat first = FirstSeat::kRandom;
    // Optional weapons (seed 002): a set of weapon_bit()s; 0 is the plain game.
    unsigned weapons = 0;
    DiceKind dice = DiceKind::kD20;
    bool torpedo_bonus = false;
    // Which ships launch torpedoes (and anchor the Experimental mishap) and bombers: indices into
    // `fleet`, or -1. By default the ships named "Submarine" and "Carrier" (or "Aircraft Carrier").
    int submarine = -1;
    int carrier = -1;

    bool has_weapon(Weapon w) const { return (weapons & weapon_bit(w)) != 0; }
    bool operator==(const Options&) const = default;
};

// `salvo_game` is the registry's choice between "classic" and "salvo".
Result<Options> parse_options(const nlohmann::json& j, bool salvo_game);
nlohmann::json to_json(const Options& o);
nlohmann::json describe_options(bool salvo_game);

}  // namespace broadside::classic

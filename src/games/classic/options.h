#pragma once
// Options of classic Battleship and Salvo (seed 001), with the seed's rules as defaults.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cell.h"
#include "core/error.h"
#include "core/ship.h"

namespace broadside::classic {

enum class Announce { kShip, kHitOnly };  // does a hit name the ship?
enum class FirstSeat { kSeat0, kSeat1, kRandom };

struct Options {
    BoardSize board{10, 10};
    std::vector<ShipSpec> fleet = classic_fleet();
    bool salvo = false;
    bool no_touch = false;
    Announce announce = Announce::kShip;
    FirstSeat first = FirstSeat::kRandom;
    bool operator==(const Options&) const = default;
};

// `salvo_game` is the registry's choice between "classic" and "salvo".
Result<Options> parse_options(const nlohmann::json& j, bool salvo_game);
nlohmann::json to_json(const Options& o);
nlohmann::json describe_options(bool salvo_game);

}  // namespace broadside::classic

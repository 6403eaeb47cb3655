#pragma once
// Options of the party game (seed 004: Rainbow Armada and European Navy), with the seed's rules
// as defaults. The sea, the fleet and the torpedo counts are the seed's and are not options: the
// game is defined by 30 of 36 torpedoes on a 6x6 sea.
#include <array>
#include <string>

#include <nlohmann/json.hpp>

#include "core/cell.h"
#include "core/error.h"

namespace broadside::party {

inline constexpr int kSide = 6;
inline constexpr BoardSize kBoard{kSide, kSide};
inline constexpr int kCells = kSide * kSide;  // one torpedo per cell
inline constexpr int kShips = 6;
inline constexpr int kTorpedoes = 30;                        // fired before the count
inline constexpr int kSuperTorpedoes = kCells - kTorpedoes;  // the tiebreak's
inline constexpr std::array<int, kShips> kShipLengths{5, 4, 3, 3, 2, 1};
inline constexpr int kFleetCells = 18;  // 5 + 4 + 3 + 3 + 2 + 1
inline constexpr int kMaxPlayers = 100'000;

enum class Edition { kRainbow, kEuropean };
enum class Host { kPerson, kAuto };  // who fires: a person pressing "fire", or the engine
// fixed: `players` seats, firing starts once all have placed. open: players join (the host's
// "seat_players") until the host fires the first torpedo; whoever has not placed by then gets a
// random fleet (a party host's room, docs/rules/party.md).
enum class Seating { kFixed, kOpen };

struct Options {
    int players = 2;
    Edition edition = Edition::kRainbow;
    Host host = Host::kPerson;
    Seating seating = Seating::kFixed;
    bool operator==(const Options&) const = default;
};

Result<Options> parse_options(const nlohmann::json& j);
nlohmann::json to_json(const Options& o);
nlohmann::json describe_options();

std::string edition_key(Edition e);   // "rainbow", "european"
std::string edition_name(Edition e);  // "Rainbow Armada", "European Navy"

// The seed's ship names, in fleet order (the order placements are given in).
const std::array<std::string, kShips>& ship_names();
// The edition's themed name and colour of each ship (cosmetic: the rules are the same).
struct ShipTheme {
    std::string name;    // "Red Aircraft Carrier"
    std::string colour;  // "red"
    int ansi = 0;        // 256-colour terminal code
};
const std::array<ShipTheme, kShips>& ship_themes(Edition e);

}  // namespace broadside::party

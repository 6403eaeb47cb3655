#include "games/party/options.h"

#include <cstdint>

namespace broadside::party {

namespace {

Error bad_option(const std::string& key, const std::string& why) {
    return make_error("bad_option", "Option \"" + key + "\": " + why);
}

}  // namespace

Result<Options> parse_options(const nlohmann::json& j) {
    Options o;
    if (j.is_null()) return o;
    if (!j.is_object()) return make_error("bad_option", "Options must be a JSON object.");
    for (const auto& [key, value] : j.items()) {
        if (key == "players") {
            // Checked before narrowing to int, so that 2^32 + 2 does not wrap to 2.
            const bool in_range =
                value.is_number_integer() &&
                (value.is_number_unsigned()
                     ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxPlayers)
                     : value.get<std::int64_t>() >= 0 && value.get<std::int64_t>() <= kMaxPlayers);
            if (!in_range || value.get<std::int64_t>() < 0) {
                return bad_option(key, "must be a whole number from 1 to " +
                                           std::to_string(kMaxPlayers) + " (got " + value.dump() +
                                           ").");
            }
            o.players = value.get<int>();
        } else if (key == "edition") {
            if (value == "rainbow") {
                o.edition = Edition::kRainbow;
            } else if (value == "european") {
                o.edition = Edition::kEuropean;
            } else {
                return bad_option(key, "must be \"rainbow\" or \"european\".");
            }
        } else if (key == "host") {
            if (value == "person") {
                o.host = Host::kPerson;
            } else if (value == "auto") {
                o.host = Host::kAuto;
            } else {
                return bad_option(key, "must be \"person\" or \"auto\".");
            }
        } else if (key == "seating") {
            if (value == "fixed") {
                o.seating = Seating::kFixed;
            } else if (value == "open") {
                o.seating = Seating::kOpen;
            } else {
                return bad_option(key, "must be \"fixed\" or \"open\".");
            }
        } else {
            return make_error(
                "unknown_option",
                "Unknown option \"" + key + "\"; the options are players, edition, host, seating.");
        }
    }
    // Zero players is a room that people join: only with open seating.
    if (o.players == 0 && o.seating == Seating::kFixed) {
        return bad_option("players", "must be a whole number from 1 to " +
                                         std::to_string(kMaxPlayers) +
                                         " (0 only with \"seating\": \"open\").");
    }
    return o;
}

nlohmann::json to_json(const Options& o) {
    return {{"players", o.players},
            {"edition", edition_key(o.edition)},
            {"host", o.host == Host::kPerson ? "person" : "auto"},
            {"seating", o.seating == Seating::kFixed ? "fixed" : "open"}};
}

nlohmann::json describe_options() {
    return {
        {"players",
         {{"default", 2},
          {"range", {0, kMaxPlayers}},
          {"about",
           "players are seats 1 to players; seat 0 is the host; 0 only with open seating "
           "(the players join)"}}},
        {"edition", {{"default", "rainbow"}, {"values", {"rainbow", "european"}}}},
        {"host",
         {{"default", "person"},
          {"values", {"person", "auto"}},
          {"about",
           "person: seat 0 fires each torpedo with {\"type\": \"fire\"}; auto: the engine fires "
           "them all once firing starts (fixed seating: when every fleet is placed; open "
           "seating: at the host's first fire)"}}},
        {"seating",
         {{"default", "fixed"},
          {"values", {"fixed", "open"}},
          {"about",
           "fixed: `players` seats, firing starts when all have placed; open: players join until "
           "the host fires the first torpedo, unplaced fleets are placed at random then"}}},
    };
}

std::string edition_key(Edition e) {
    return e == Edition::kRainbow ? "rainbow" : "european";
}

std::string edition_name(Edition e) {
    return e == Edition::kRainbow ? "Rainbow Armada" : "European Navy";
}

const std::array<std::string, kShips>& ship_names() {
    static const std::array<std::string, kShips> names{
        "Aircraft Carrier", "Battleship", "Cruiser", "Submarine", "Destroyer", "Patrol Boat"};
    return names;
}

const std::array<ShipTheme, kShips>& ship_themes(Edition e) {
    // The seed names the editions but not their themes; these are ours (docs/rules/party.md).
    static const std::array<ShipTheme, kShips> rainbow{{
        {"Red Aircraft Carrier", "red", 196},
        {"Orange Battleship", "orange", 208},
        {"Yellow Cruiser", "yellow", 226},
        {"Green Submarine", "green", 46},
        {"Blue Destroyer", "blue", 33},
        {"Violet Patrol Boat", "violet", 129},
    }};
    static const std::array<ShipTheme, kShips> european{{
        {"British Aircraft Carrier", "navy blue", 19},
        {"French Battleship", "blue", 27},
        {"German Cruiser", "gold", 220},
        {"Italian Submarine", "green", 28},
        {"Spanish Destroyer", "red", 160},
        {"Dutch Patrol Boat", "orange", 208},
    }};
    return e == Edition::kRainbow ? rainbow : european;
}

}  // namespace broadside::party

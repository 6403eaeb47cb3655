#include "games/classic/options.h"

#include <cstdint>
#include <optional>
#include <set>

#include "games/classic/weapons.h"

namespace broadside::classic {

namespace {

Error bad_option(const std::string& key, const std::string& why) {
    return make_error("bad_option", "Option \"" + key + "\": " + why);
}

// Whether a JSON integer lies in [lo, hi] (lo >= 0), checked before narrowing to int:
// get<int>() would wrap 2^32 + 10 to 10 and let it through.
bool integer_in_range(const nlohmann::json& j, int lo, int hi) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        return v >= static_cast<std::uint64_t>(lo) && v <= static_cast<std::uint64_t>(hi);
    }
    const auto v = j.get<std::int64_t>();
    return v >= lo && v <= hi;
}

Result<int> read_side(const nlohmann::json& j, const char* key) {
    if (!j.is_number_integer()) return bad_option(key, "must be a whole number.");
    if (!integer_in_range(j, kMinBoardSide, kMaxBoardSide)) {
        return bad_option(key, "must be between " + std::to_string(kMinBoardSide) + " and " +
                                   std::to_string(kMaxBoardSide) + " (got " + j.dump() + ").");
    }
    return j.get<int>();
}

Result<std::vector<ShipSpec>> read_fleet(const nlohmann::json& j) {
    if (!j.is_array() || j.empty()) {
        return bad_option("fleet", "must be a non-empty list of {\"name\", \"length\"}.");
    }
    if (j.size() > 26) return bad_option("fleet", "may have at most 26 ships.");
    std::vector<ShipSpec> fleet;
    std::set<std::string> names;
    for (const auto& s : j) {
        if (!s.is_object() || !s.contains("name") || !s.contains("length") ||
            !s["name"].is_string() || !s["length"].is_number_integer() || s.size() != 2) {
            return bad_option("fleet", "each ship must be {\"name\": text, \"length\": number}.");
        }
        // An out-of-range length becomes 0 here, which the length check below rejects.
        const bool length_ok = integer_in_range(s["length"], 1, kMaxBoardSide);
        ShipSpec spec{s["name"].get<std::string>(), length_ok ? s["length"].get<int>() : 0};
        if (spec.name.empty() || spec.name.size() > 40) {
            return bad_option("fleet", "ship names must be 1 to 40 characters.");
        }
        if (spec.length < 1 || spec.length > kMaxBoardSide) {
            return bad_option("fleet", "the " + spec.name + "'s length must be between 1 and " +
                                           std::to_string(kMaxBoardSide) + ".");
        }
        if (!names.insert(spec.name).second) {
            return bad_option("fleet", "two ships are named \"" + spec.name +
                                           "\"; names must differ because hits name the ship.");
        }
        fleet.push_back(std::move(spec));
    }
    return fleet;
}

Result<unsigned> read_weapons(const nlohmann::json& j) {
    if (j == "all") return (1u << kWeaponKinds) - 1;
    if (!j.is_array()) {
        return bad_option("weapons", "must be a list such as [\"nuke\", \"torpedo\"], or \"all\".");
    }
    unsigned set = 0;
    for (const auto& w : j) {
        if (!w.is_string()) return bad_option("weapons", "each weapon is a name such as \"nuke\".");
        auto weapon = parse_weapon(w.get<std::string>());
        if (!weapon) return bad_option("weapons", weapon.error().message);
        set |= weapon_bit(*weapon);
    }
    return set;
}

// The fleet index of the ship called `name`, or of the first default name present, or -1.
int find_ship(const std::vector<ShipSpec>& fleet, std::initializer_list<const char*> names) {
    for (const char* name : names) {
        for (std::size_t i = 0; i < fleet.size(); ++i) {
            if (fleet[i].name == name) return static_cast<int>(i);
        }
    }
    return -1;
}

// Resolves the "submarine"/"carrier" options once the fleet is known, and insists on them
// when an enabled weapon needs them.
Status resolve_launchers(Options& o, const std::optional<nlohmann::json>& submarine,
                         const std::optional<nlohmann::json>& carrier) {
    struct Launcher {
        const char* key;
        const std::optional<nlohmann::json>& given;
        int& index;
        std::initializer_list<const char*> defaults;
        bool needed;
        const char* why;
    };
    const Launcher launchers[] = {
        {"submarine",
         submarine,
         o.submarine,
         {"Submarine"},
         o.has_weapon(Weapon::kTorpedo) || o.has_weapon(Weapon::kExperimental),
         "torpedoes and the Experimental Weapon's mishap need a submarine"},
        {"carrier",
         carrier,
         o.carrier,
         {"Carrier", "Aircraft Carrier"},
         o.has_weapon(Weapon::kBomber),
         "Bomber Flights need a carrier"},
    };
    for (const auto& l : launchers) {
        if (l.given && !l.given->is_null()) {
            if (!l.given->is_string())
                return bad_option(l.key, "must be the name of a ship in the fleet.");
            const std::string name = l.given->get<std::string>();
            l.index = find_ship(o.fleet, {name.c_str()});
            if (l.index < 0) {
                return bad_option(l.key, "there is no ship named \"" + name + "\" in the fleet.");
            }
        } else {
            l.index = find_ship(o.fleet, l.defaults);
        }
        if (l.needed && l.index < 0) {
            return bad_option(l.key, std::string(l.why) +
                                         ", and this fleet has none by that name: name one, e.g. "
                                         "\"" +
                                         l.key + "\": \"" + o.fleet.front().name + "\".");
        }
    }
    return Status::ok_status();
}

}  // namespace

Result<Options> parse_options(const nlohmann::json& j, bool salvo_game) {
    Options o;
    o.salvo = salvo_game;
    if (!j.is_null() && !j.is_object()) {
        return make_error("bad_option", "Options must be a JSON object.");
    }
    std::optional<nlohmann::json> submarine, carrier;
    static const nlohmann::json kNoOptions = nlohmann::json::object();
    for (const auto& [key, value] : (j.is_null() ? kNoOptions : j).items()) {
        if (key == "rows" || key == "cols") {
            auto side = read_side(value, key.c_str());
            if (!side) return side.error();
            (key == "rows" ? o.board.rows : o.board.cols) = *side;
        } else if (key == "fleet") {
            auto fleet = read_fleet(value);
            if (!fleet) return fleet.error();
            o.fleet = std::move(*fleet);
        } else if (key == "no_touch") {
            if (!value.is_boolean()) return bad_option(key, "must be true or false.");
            o.no_touch = value.get<bool>();
        } else if (key == "announce") {
            if (value == "ship") {
                o.announce = Announce::kShip;
            } else if (value == "hit-only") {
                o.announce = Announce::kHitOnly;
            } else {
                return bad_option(key, "must be \"ship\" or \"hit-only\".");
            }
        } else if (key == "first") {
            // A whole number, as every other numeric option: 1.0 is refused (as Royale does).
            if (value.is_number_integer() && value == 0) {
                o.first = FirstSeat::kSeat0;
            } else if (value.is_number_integer() && value == 1) {
                o.first = FirstSeat::kSeat1;
            } else if (value == "random") {
                o.first = FirstSeat::kRandom;
            } else {
                return bad_option(key, "must be 0, 1 or \"random\".");
            }
        } else if (key == "weapons") {
            auto weapons = read_weapons(value);
            if (!weapons) return weapons.error();
            o.weapons = *weapons;
        } else if (key == "dice") {
            auto dice = value.is_string() ? parse_dice_kind(value.get<std::string>())
                                          : Result<DiceKind>(make_error("bad_option", ""));
            if (!dice) return bad_option(key, "must be \"d20\" or \"3d6\".");
            o.dice = *dice;
        } else if (key == "torpedo_bonus") {
            if (!value.is_boolean()) return bad_option(key, "must be true or false.");
            o.torpedo_bonus = value.get<bool>();
        } else if (key == "submarine") {
            submarine = value;
        } else if (key == "carrier") {
            carrier = value;
        } else {
            return make_error("unknown_option",
                              "Unknown option \"" + key +
                                  "\"; the options are rows, cols, fleet, no_touch, announce, "
                                  "first, weapons, dice, torpedo_bonus, submarine, carrier.");
        }
    }
    if (auto st = resolve_launchers(o, submarine, carrier); !st) return st.error();
    if (!layout_exists(o.fleet, o.board, o.no_touch)) {
        return bad_option("fleet", "this fleet cannot be placed legally on a " +
                                       std::to_string(o.board.rows) + "x" +
                                       std::to_string(o.board.cols) + " board" +
                                       (o.no_touch ? " with no_touch" : "") + ".");
    }
    return o;
}

nlohmann::json to_json(const Options& o) {
    nlohmann::json fleet = nlohmann::json::array();
    for (const auto& s : o.fleet) fleet.push_back({{"name", s.name}, {"length", s.length}});
    nlohmann::json first = o.first == FirstSeat::kRandom
                               ? nlohmann::json("random")
                               : nlohmann::json(static_cast<int>(o.first));
    nlohmann::json weapons = nlohmann::json::array();
    for (int w = 0; w < kWeaponKinds; ++w) {
        if (o.has_weapon(static_cast<Weapon>(w)))
            weapons.push_back(weapon_name(static_cast<Weapon>(w)));
    }
    auto ship_name = [&](int index) {
        return index < 0 ? nlohmann::json(nullptr) : nlohmann::json(o.fleet[index].name);
    };
    return {{"rows", o.board.rows},
            {"cols", o.board.cols},
            {"fleet", fleet},
            {"no_touch", o.no_touch},
            {"announce", o.announce == Announce::kShip ? "ship" : "hit-only"},
            {"first", first},
            {"weapons", weapons},
            {"dice", to_string(o.dice)},
            {"torpedo_bonus", o.torpedo_bonus},
            {"submarine", ship_name(o.submarine)},
            {"carrier", ship_name(o.carrier)}};
}

nlohmann::json describe_options(bool salvo_game) {
    const Options defaults = parse_options(nullptr, salvo_game).value();
    const auto d = to_json(defaults);
    return {
        {"rows", {{"default", d["rows"]}, {"range", {kMinBoardSide, kMaxBoardSide}}}},
        {"cols", {{"default", d["cols"]}, {"range", {kMinBoardSide, kMaxBoardSide}}}},
        {"fleet", {{"default", d["fleet"]}, {"about", "ships as {name, length}, names unique"}}},
        {"no_touch",
         {{"default", false},
          {"about",
           "house rule: ships may not share an edge or "
           "a corner"}}},
        {"announce", {{"default", "ship"}, {"values", {"ship", "hit-only"}}}},
        {"first", {{"default", "random"}, {"values", {0, 1, "random"}}}},
        {"weapons",
         {{"default", nlohmann::json::array()},
          {"values", {"nuke", "scuba", "torpedo", "experimental", "bomber"}},
          {"about", "optional weapons (seed 002): a list of names, or \"all\""}}},
        {"dice", {{"default", "d20"}, {"values", {"d20", "3d6"}}}},
        {"torpedo_bonus",
         {{"default", false},
          {"about", "a torpedo rolls: 20 on the D20 (18 on 3D6) sinks the ship"}}},
        {"submarine", {{"default", d["submarine"]}, {"about", "the ship that launches torpedoes"}}},
        {"carrier", {{"default", d["carrier"]}, {"about", "the ship that launches bombers"}}},
    };
}

}  // namespace broadside::classic

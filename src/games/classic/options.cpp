#include "games/classic/options.h"

#include <cstdint>
#include <set>

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

}  // namespace

Result<Options> parse_options(const nlohmann::json& j, bool salvo_game) {
    Options o;
    o.salvo = salvo_game;
    if (j.is_null()) return o;
    if (!j.is_object()) return make_error("bad_option", "Options must be a JSON object.");
    for (const auto& [key, value] : j.items()) {
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
            if (value == 0) {
                o.first = FirstSeat::kSeat0;
            } else if (value == 1) {
                o.first = FirstSeat::kSeat1;
            } else if (value == "random") {
                o.first = FirstSeat::kRandom;
            } else {
                return bad_option(key, "must be 0, 1 or \"random\".");
            }
        } else {
            return make_error("unknown_option",
                              "Unknown option \"" + key +
                                  "\"; the options are rows, cols, fleet, no_touch, announce, "
                                  "first.");
        }
    }
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
    return {{"rows", o.board.rows},
            {"cols", o.board.cols},
            {"fleet", fleet},
            {"no_touch", o.no_touch},
            {"announce", o.announce == Announce::kShip ? "ship" : "hit-only"},
            {"first", first}};
}

nlohmann::json describe_options(bool salvo_game) {
    const Options defaults{.salvo = salvo_game};
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
    };
}

}  // namespace broadside::classic

#include "games/crew/options.h"

#include <cstdint>

namespace broadside::crew {

namespace {

Error bad_option(const std::string& key, const std::string& why) {
    return make_error("bad_option", "Option \"" + key + "\": " + why);
}

// Checked before narrowing to int, so that 2^32 + 2 does not wrap to 2.
Result<int> read_int(const nlohmann::json& j, const std::string& key, int lo, int hi) {
    bool ok = j.is_number_integer();
    if (ok && j.is_number_unsigned()) {
        ok = j.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
             j.get<std::uint64_t>() >= static_cast<std::uint64_t>(lo);
    } else if (ok) {
        ok = j.get<std::int64_t>() >= lo && j.get<std::int64_t>() <= hi;
    }
    if (!ok) {
        return bad_option(key, "must be a whole number from " + std::to_string(lo) + " to " +
                                   std::to_string(hi) + " (got " + j.dump() + ").");
    }
    return j.get<int>();
}

}  // namespace

std::string to_string(Reroll r) {
    switch (r) {
        case Reroll::kEach: return "each";
        case Reroll::kBoth: return "both";
        case Reroll::kNone: return "none";
    }
    return "each";
}

Result<Reroll> parse_reroll(const std::string& text) {
    if (text == "each") return Reroll::kEach;
    if (text == "both") return Reroll::kBoth;
    if (text == "none") return Reroll::kNone;
    return bad_option("crew_reroll",
                      "must be \"each\", \"both\" or \"none\" (got \"" + text + "\").");
}

Result<Options> parse_options(const nlohmann::json& j) {
    Options o;
    if (j.is_null()) return o;
    if (!j.is_object()) return make_error("bad_option", "Options must be a JSON object.");
    for (const auto& [key, value] : j.items()) {
        if (key == "players") {
            auto v = read_int(value, key, 1, kMaxPlayers);
            if (!v) return v.error();
            o.players = *v;
        } else if (key == "rounds") {
            auto v = read_int(value, key, 1, kMaxRounds);
            if (!v) return v.error();
            o.rounds = *v;
        } else if (key == "target") {
            auto v = read_int(value, key, 1, kMaxTarget);
            if (!v) return v.error();
            o.target = *v;
        } else if (key == "stake") {
            auto v = read_int(value, key, 0, kMaxStake);
            if (!v) return v.error();
            o.stake = *v;
        } else if (key == "mode") {
            if (value == "rounds") {
                o.mode = Mode::kRounds;
            } else if (value == "target") {
                o.mode = Mode::kTarget;
            } else {
                return bad_option(key, "must be \"rounds\" or \"target\".");
            }
        } else if (key == "crew_reroll") {
            if (!value.is_string())
                return bad_option(key, "must be \"each\", \"both\" or \"none\".");
            auto r = parse_reroll(value.get<std::string>());
            if (!r) return r.error();
            o.crew_reroll = *r;
        } else {
            return make_error("unknown_option",
                              "Unknown option \"" + key +
                                  "\"; the options are players, mode, rounds, target, stake, "
                                  "crew_reroll.");
        }
    }
    return o;
}

nlohmann::json to_json(const Options& o) {
    return {{"players", o.players}, {"mode", o.mode == Mode::kRounds ? "rounds" : "target"},
            {"rounds", o.rounds},   {"target", o.target},
            {"stake", o.stake},     {"crew_reroll", to_string(o.crew_reroll)}};
}

nlohmann::json describe_options() {
    return {
        {"players", {{"default", 2}, {"range", {1, kMaxPlayers}}}},
        {"mode",
         {{"default", "rounds"},
          {"values", {"rounds", "target"}},
          {"about",
           "rounds: highest total after `rounds` rounds; target: first to `target`, "
           "round completed, highest total wins"}}},
        {"rounds", {{"default", 10}, {"range", {1, kMaxRounds}}}},
        {"target", {{"default", 100}, {"range", {1, kMaxTarget}}}},
        {"stake",
         {{"default", 0},
          {"range", {0, kMaxStake}},
          {"about",
           "each player's stake in "
           "the pot; 0: no pot"}}},
        {"crew_reroll",
         {{"default", "each"},
          {"values", {"each", "both", "none"}},
          {"about",
           "house rule: re-throw crew dice one at a time (seed), both together, or "
           "never"}}},
    };
}

}  // namespace broadside::crew

#include "server/clock.h"

namespace broadside::server {

using nlohmann::json;

json ClockSettings::to_json() const {
    return {{"turn_seconds", turn_seconds},
            {"placement_seconds", placement_seconds},
            {"on_timeout", forfeit ? "forfeit" : "bot"},
            {"grace_seconds", grace_seconds},
            {"bot_for_absent", bot_for_absent}};
}

ClockSettings ClockSettings::from_settings(const json& settings) {
    ClockSettings c;
    if (!settings.is_object() || !settings.contains("clock")) return c;
    const json& j = settings["clock"];
    c.turn_seconds = j.value("turn_seconds", 0);
    c.placement_seconds = j.value("placement_seconds", 0);
    c.forfeit = j.value("on_timeout", "bot") == "forfeit";
    c.grace_seconds = j.value("grace_seconds", 60);
    c.bot_for_absent = j.value("bot_for_absent", false);
    return c;
}

namespace {

// A whole number of seconds in [low, high], or 0 where `zero_allowed` (no clock).
Result<int> seconds(const json& clock, const char* key, int fallback, int low, int high,
                    bool zero_allowed) {
    if (!clock.contains(key)) return fallback;
    const json& v = clock[key];
    const std::string range = std::to_string(low) + " to " + std::to_string(high);
    if (!v.is_number_integer() ||
        !((v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high) ||
          (zero_allowed && v.get<std::int64_t>() == 0))) {
        return make_error("bad_clock", std::string("\"") + key +
                                           "\" is a whole number of seconds, " + range +
                                           (zero_allowed ? " (0: no clock)" : "") + ".");
    }
    return v.get<int>();
}

}  // namespace

Result<ClockSettings> parse_clock(const json& clock) {
    ClockSettings c;
    if (clock.is_null()) return c;
    if (!clock.is_object()) {
        return make_error("bad_clock",
                          "\"clock\" is an object like {\"turn_seconds\": 60, "
                          "\"placement_seconds\": 120, \"on_timeout\": \"bot\"}.");
    }
    for (const auto& [key, value] : clock.items()) {
        if (key != "turn_seconds" && key != "placement_seconds" && key != "on_timeout" &&
            key != "grace_seconds" && key != "bot_for_absent") {
            return make_error("bad_clock", "Unknown clock setting \"" + key +
                                               "\"; the settings are turn_seconds, "
                                               "placement_seconds, on_timeout, grace_seconds and "
                                               "bot_for_absent.");
        }
    }
    auto turn = seconds(clock, "turn_seconds", 0, 1, 86'400, true);
    if (!turn) return turn.error();
    auto placement = seconds(clock, "placement_seconds", 0, 1, 86'400, true);
    if (!placement) return placement.error();
    auto grace = seconds(clock, "grace_seconds", 60, 0, 3600, true);
    if (!grace) return grace.error();
    c.turn_seconds = *turn;
    c.placement_seconds = *placement;
    c.grace_seconds = *grace;
    if (clock.contains("on_timeout")) {
        const json& v = clock["on_timeout"];
        if (v != "bot" && v != "forfeit") {
            return make_error("bad_clock",
                              "\"on_timeout\" is \"bot\" (a bot plays the move that ran out of "
                              "time) or \"forfeit\" (the seat loses).");
        }
        c.forfeit = v == "forfeit";
    }
    if (clock.contains("bot_for_absent")) {
        if (!clock["bot_for_absent"].is_boolean()) {
            return make_error("bad_clock", "\"bot_for_absent\" is true or false.");
        }
        c.bot_for_absent = clock["bot_for_absent"].get<bool>();
    }
    return c;
}

}  // namespace broadside::server

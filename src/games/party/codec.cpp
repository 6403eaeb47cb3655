#include "games/party/codec.h"

#include <algorithm>
#include <cstdint>

namespace broadside::party {

Result<Action> parse_action(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        return make_error("bad_action",
                          "An action is {\"type\": \"place\", \"ships\": [...]} or {\"type\": "
                          "\"fire\"}.");
    }
    const auto type = j["type"].get<std::string>();
    if (type == "fire") {
        if (j.size() != 1) {
            return make_error("bad_action",
                              "Torpedoes are drawn at random from the envelope: send just "
                              "{\"type\": \"fire\"}.");
        }
        return Action{FireAction{}};
    }
    if (type == "place") {
        // Not the action's form (no list, or not text in it) is `bad_action`, as in every game;
        // a placement that is text but wrong is `bad_placement` (docs/protocol.md).
        if (!j.contains("ships") || !j["ships"].is_array()) {
            return make_error("bad_action",
                              "\"place\" needs \"ships\": six placements such as \"A1 right\", "
                              "in fleet order.");
        }
        std::vector<std::string> texts;
        for (const auto& s : j["ships"]) {
            if (!s.is_string()) {
                return make_error("bad_action",
                                  "Each placement is text such as \"A1 right\" or \"C3 down\".");
            }
            texts.push_back(s.get<std::string>());
        }
        auto layout = parse_layout(texts);
        if (!layout) return layout.error();
        return Action{PlaceAction{*layout}};
    }
    if (type == "seat_players") {
        const auto& n = j.contains("count") ? j["count"] : nlohmann::json(1);
        // 0 parses as unsigned: it is checked apart, so that it is malformed like -1.
        if (!n.is_number_integer() || (n.is_number_unsigned() && n.get<std::uint64_t>() == 0) ||
            (!n.is_number_unsigned() && n.get<std::int64_t>() < 1)) {
            return make_error("bad_action", "\"count\" is the number of players who joined.");
        }
        // More than a match holds is the rules' `too_many_players`, not a malformed count.
        const auto count = n.is_number_unsigned()
                               ? std::min<std::uint64_t>(n.get<std::uint64_t>(), kMaxPlayers + 1)
                               : std::min<std::int64_t>(n.get<std::int64_t>(), kMaxPlayers + 1);
        return Action{SeatPlayersAction{static_cast<int>(count)}};
    }
    if (type == "remove") {
        if (!j.contains("seat") || !j["seat"].is_number_integer()) {
            return make_error("bad_action", "\"remove\" needs the \"seat\" of the player.");
        }
        const auto seat = j["seat"].get<std::int64_t>();
        if (seat < 1 || seat > kMaxPlayers) {
            return make_error("bad_seat", "Players are seats 1 and up (seat 0 is the host).");
        }
        return Action{RemoveAction{static_cast<int>(seat)}};
    }
    return make_error("unknown_action", "Unknown action \"" + type +
                                            "\"; the actions are place, fire, seat_players and "
                                            "remove.");
}

std::string outcome_name(Outcome o) {
    return o == Outcome::kMiss ? "miss" : (o == Outcome::kHit ? "hit" : "sunk");
}

std::string finish_name(Finish f) {
    switch (f) {
        case Finish::kNone: return "none";
        case Finish::kMostAfloat: return "most_afloat";
        case Finish::kLastStanding: return "last_standing";
        case Finish::kEliminatedTogether: return "eliminated_together";
        case Finish::kSurvivedAll: return "survived_all_six";
    }
    return "none";
}

std::string phase_name(Phase p) {
    switch (p) {
        case Phase::kPlacement: return "placement";
        case Phase::kFiring: return "firing";
        case Phase::kTiebreak: return "tiebreak";
        case Phase::kOver: return "over";
    }
    return "over";
}

nlohmann::json seats_json(const std::vector<int>& players) {
    nlohmann::json j = nlohmann::json::array();
    for (int p : players) j.push_back(p + 1);
    return j;
}

nlohmann::json afloat_json(const State& s) {
    nlohmann::json j = nlohmann::json::array();
    j.push_back(nullptr);
    for (int p = 0; p < s.players; ++p) {
        const auto i = static_cast<std::size_t>(p);
        // Before a player has placed, they have no ships to count.
        if (s.placed[i]) {
            j.push_back(static_cast<int>(s.afloat[i]));
        } else {
            j.push_back(nullptr);
        }
    }
    return j;
}

}  // namespace broadside::party

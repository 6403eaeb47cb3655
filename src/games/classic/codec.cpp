#include "games/classic/codec.h"

namespace broadside::classic {

namespace {

Error bad_action(const std::string& why) {
    return make_error("bad_action", why);
}

}  // namespace

Result<Action> parse_action(const nlohmann::json& j, BoardSize board) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        return bad_action("An action is an object with a \"type\": \"place\" or \"fire\".");
    }
    const std::string type = j["type"].get<std::string>();
    if (type == "place") {
        if (!j.contains("ships") || !j["ships"].is_array()) {
            return bad_action(
                "A place action needs \"ships\": a list such as [\"A1 right\", "
                "\"C3 down\"], one per ship in fleet order.");
        }
        PlaceAction place;
        for (const auto& s : j["ships"]) {
            if (!s.is_string())
                return bad_action("Each ship placement is text such as \"A1 right\".");
            auto p = parse_placement(s.get<std::string>(), board);
            if (!p) return p.error();
            place.layout.push_back(*p);
        }
        return Action{place};
    }
    if (type == "fire") {
        FireAction fire;
        if (j.contains("cell") && j["cell"].is_string()) {
            auto c = parse_cell(j["cell"].get<std::string>(), board);
            if (!c) return c.error();
            fire.cells.push_back(*c);
            return Action{fire};
        }
        if (!j.contains("cells") || !j["cells"].is_array()) {
            return bad_action("A fire action needs \"cells\": a list such as [\"B7\"].");
        }
        if (j["cells"].size() > static_cast<std::size_t>(kMaxCells)) {
            return bad_action("Too many cells in one volley.");
        }
        for (const auto& c : j["cells"]) {
            if (!c.is_string()) return bad_action("Each target is text such as \"B7\".");
            auto cell = parse_cell(c.get<std::string>(), board);
            if (!cell) return cell.error();
            fire.cells.push_back(*cell);
        }
        return Action{fire};
    }
    return make_error("unknown_action", "Unknown action type \"" + type +
                                            "\"; this game takes \"place\" and \"fire\".");
}

nlohmann::json to_json(const Action& action) {
    if (const auto* place = std::get_if<PlaceAction>(&action)) {
        auto ships = nlohmann::json::array();
        for (const auto& p : place->layout) ships.push_back(to_string(p));
        return {{"type", "place"}, {"ships", ships}};
    }
    auto cells = nlohmann::json::array();
    for (const auto& c : std::get<FireAction>(action).cells) cells.push_back(to_string(c));
    return {{"type", "fire"}, {"cells", cells}};
}

std::string outcome_name(ShotOutcome o) {
    switch (o) {
        case ShotOutcome::kMiss: return "miss";
        case ShotOutcome::kHit: return "hit";
        case ShotOutcome::kSunk: return "sunk";
    }
    return "miss";
}

nlohmann::json shot_json(const ShotResult& r, const Options& options) {
    nlohmann::json j{{"cell", to_string(r.cell)}, {"result", outcome_name(r.outcome)}};
    const bool named = r.outcome == ShotOutcome::kSunk ||
                       (r.outcome == ShotOutcome::kHit && options.announce == Announce::kShip);
    if (named) j["ship"] = options.fleet[r.ship].name;
    return j;
}

}  // namespace broadside::classic

#include "games/classic/codec.h"

namespace broadside::classic {

namespace {

Error bad_action(const std::string& why) {
    return make_error("bad_action", why);
}

Result<std::vector<Cell>> read_cells(const nlohmann::json& j, BoardSize board, const char* what) {
    if (!j.contains("cells") || !j["cells"].is_array()) {
        return bad_action(std::string("A ") + what +
                          " action needs \"cells\": a list such as [\"B7\"].");
    }
    if (j["cells"].size() > static_cast<std::size_t>(kMaxCells)) {
        return bad_action("Too many cells in one action.");
    }
    std::vector<Cell> cells;
    for (const auto& c : j["cells"]) {
        if (!c.is_string()) return bad_action("Each target is text such as \"B7\".");
        auto cell = parse_cell(c.get<std::string>(), board);
        if (!cell) return cell.error();
        cells.push_back(*cell);
    }
    return cells;
}

Result<Action> parse_weapon_action(const nlohmann::json& j, Weapon w, BoardSize board) {
    WeaponAction action{{w, std::nullopt, std::nullopt}};
    const bool takes_cell = w == Weapon::kNuke || w == Weapon::kBomber || w == Weapon::kTorpedo;
    if (takes_cell) {
        if (!j.contains("cell") || !j["cell"].is_string()) {
            return bad_action("A " + weapon_name(w) + " action needs a \"cell\" such as \"D4\".");
        }
        auto c = parse_cell(j["cell"].get<std::string>(), board);
        if (!c) return c.error();
        action.order.cell = *c;
    }
    if (j.contains("heading")) {
        if (w != Weapon::kTorpedo) return bad_action("Only a torpedo takes a \"heading\".");
        if (!j["heading"].is_string()) {
            return bad_action("\"heading\" is \"down\", \"up\", \"right\" or \"left\".");
        }
        auto h = parse_heading(j["heading"].get<std::string>());
        if (!h) return h.error();
        action.order.heading = *h;
    }
    return Action{action};
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
        auto cells = read_cells(j, board, "fire");
        if (!cells) return cells.error();
        fire.cells = std::move(*cells);
        return Action{fire};
    }
    if (type == "blast") {
        // The Experimental Weapon's second step is a weapon's order: a heading is refused here
        // as on every weapon but the torpedo (docs/rules/classic.md, extra fields).
        if (j.contains("heading")) return bad_action("Only a torpedo takes a \"heading\".");
        auto cells = read_cells(j, board, "blast");
        if (!cells) return cells.error();
        return Action{BlastAction{std::move(*cells)}};
    }
    if (auto weapon = parse_weapon(type); weapon) return parse_weapon_action(j, *weapon, board);
    return make_error("unknown_action",
                      "Unknown action type \"" + type +
                          "\"; this game takes \"place\" and \"fire\" (and with weapons "
                          "\"nuke\", \"scuba\", \"torpedo\", \"experimental\", \"blast\", "
                          "\"bomber\").");
}

nlohmann::json to_json(const Action& action) {
    if (const auto* place = std::get_if<PlaceAction>(&action)) {
        auto ships = nlohmann::json::array();
        for (const auto& p : place->layout) ships.push_back(to_string(p));
        return {{"type", "place"}, {"ships", ships}};
    }
    auto cell_list = [](const std::vector<Cell>& cells) {
        auto list = nlohmann::json::array();
        for (const auto& c : cells) list.push_back(to_string(c));
        return list;
    };
    if (const auto* fire = std::get_if<FireAction>(&action)) {
        return {{"type", "fire"}, {"cells", cell_list(fire->cells)}};
    }
    if (const auto* blast = std::get_if<BlastAction>(&action)) {
        return {{"type", "blast"}, {"cells", cell_list(blast->cells)}};
    }
    const auto& order = std::get<WeaponAction>(action).order;
    nlohmann::json j{{"type", weapon_name(order.weapon)}};
    if (order.cell) j["cell"] = to_string(*order.cell);
    if (order.heading) j["heading"] = heading_name(*order.heading);
    return j;
}

nlohmann::json weapon_event_json(int seat, const WeaponReport& r, const Options& options,
                                 const State& state) {
    auto ship_name = [&](int ship) { return options.fleet[ship].name; };
    nlohmann::json j{{"type", "weapon"},
                     {"seat", seat},
                     {"weapon", weapon_name(r.weapon)},
                     {"outcome", r.outcome}};
    if (!r.rolls.empty()) {
        j["dice"] = r.weapon == Weapon::kExperimental ? "d6" : to_string(options.dice);
        j["rolls"] = r.rolls;
        j["total"] = r.total;
    }
    if (r.torpedo_start) {
        j["cell"] = to_string(*r.torpedo_start);
        j["heading"] = heading_name(*r.torpedo_heading);
    }
    if (r.weapon != Weapon::kScuba && r.weapon != Weapon::kExperimental) {
        auto shots = nlohmann::json::array();
        for (const auto& s : r.shots) shots.push_back(shot_json(s, options));
        j["shots"] = shots;
    }
    if (r.destroyed_ship != kNoShip) j["destroyed"] = ship_name(r.destroyed_ship);
    if (r.captured_ship != kNoShip) j["captured"] = ship_name(r.captured_ship);
    if (r.recaptured_ship != kNoShip) {
        j["recaptured"] = ship_name(r.recaptured_ship);
        auto back = nlohmann::json::array();
        for (const auto& s : r.returning_hits) back.push_back(shot_json(s, options));
        j["returning_hits"] = back;
    }
    if (r.weapon == Weapon::kExperimental) {
        j["blast_size"] = r.blast_size;
        if (r.outcome == "mishap" && r.mishap_ship != kNoShip) {
            auto cells = nlohmann::json::array();
            state.oceans[seat].ship_cells[r.mishap_ship].for_each(
                [&](int i) { cells.push_back(to_string(cell_at(i, options.board))); });
            j["mishap"] = {{"ship", ship_name(r.mishap_ship)}, {"cells", cells}};
        }
    }
    return j;
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

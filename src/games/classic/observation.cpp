#include "games/classic/observation.h"

#include "games/classic/rules.h"
#include "games/classic/weapon_rules.h"

namespace broadside::classic {

int Observation::hit_label(int cell_index) const {
    const Ocean& o = theirs();
    if (!o.shot_hits.test(cell_index)) return kNoShip;
    const int ship = o.ship_at[cell_index];
    // A wreck an Experimental mishap showed is named whatever the announcements.
    if (options().announce == Announce::kShip || o.revealed[ship]) return ship;
    // Hit-only announcements name a ship only on the shot that sinks it.
    return o.sunk_at[ship] == cell_index ? ship : kNoShip;
}

int Observation::enemy_ships_afloat() const {
    return theirs().placed ? theirs().ships_afloat : static_cast<int>(fleet().size());
}

int Observation::weapon_uses_left(Weapon w, int seat) const {
    return classic::weapon_uses_left(*s_, seat, w);
}

bool Observation::launcher_lost(Weapon w, int seat) const {
    return classic::launcher_lost(*s_, seat, w);
}

bool Observation::can_use(Weapon w) const {
    return my_turn() && weapon_available(*s_, seat_, w).ok();
}

Bitboard Observation::enemy_ship_cells_revealed(int ship) const {
    return enemy_ship_revealed(ship) ? theirs().ship_cells[ship] : Bitboard{};
}

std::string phase_name(Phase phase) {
    switch (phase) {
        case Phase::kPlacement: return "placement";
        case Phase::kFiring: return "firing";
        case Phase::kOver: return "over";
    }
    return "over";
}

namespace {

nlohmann::json cell_list(const Bitboard& cells, BoardSize board) {
    auto list = nlohmann::json::array();
    cells.for_each([&](int i) { list.push_back(to_string(cell_at(i, board))); });
    return list;
}

}  // namespace

nlohmann::json to_json(const Observation& obs) {
    const BoardSize b = obs.board();
    const auto& fleet = obs.fleet();
    nlohmann::json j;
    j["seat"] = obs.seat();
    j["phase"] = phase_name(obs.phase());
    j["salvo"] = obs.options().salvo;
    j["to_move"] = obs.phase() == Phase::kFiring ? nlohmann::json(obs.to_move()) : nullptr;
    j["winner"] = obs.winner() >= 0 ? nlohmann::json(obs.winner()) : nullptr;
    j["shots_due"] = obs.shots_due();
    j["board"] = {{"rows", b.rows}, {"cols", b.cols}};

    nlohmann::json my_fleet = nlohmann::json::array();
    if (obs.placed()) {
        for (std::size_t i = 0; i < fleet.size(); ++i) {
            const int ship = static_cast<int>(i);
            const Bitboard& cells = obs.my_ship_cells(ship);
            my_fleet.push_back({{"name", fleet[i].name},
                                {"length", fleet[i].length},
                                {"placement", to_string(obs.my_layout()[i])},
                                {"cells", cell_list(cells, b)},
                                {"hits", cell_list(cells & obs.incoming_hits(), b)},
                                {"sunk", obs.my_ship_sunk(ship)},
                                {"captured", obs.my_ship_captured(ship)}});
        }
    }
    j["my_fleet"] = my_fleet;
    j["placed"] = obs.placed();
    j["incoming"] = {{"hits", cell_list(obs.incoming_hits(), b)},
                     {"misses", cell_list(obs.incoming().without(obs.incoming_hits()), b)}};

    nlohmann::json hits = nlohmann::json::array();
    obs.hits().for_each([&](int i) {
        const int label = obs.hit_label(i);
        hits.push_back({{"cell", to_string(cell_at(i, b))},
                        {"ship", label == kNoShip ? nlohmann::json(nullptr)
                                                  : nlohmann::json(fleet[label].name)}});
    });
    nlohmann::json enemy = nlohmann::json::array();
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        const int ship = static_cast<int>(i);
        const int at = obs.enemy_sunk_at(ship);
        nlohmann::json e{{"name", fleet[i].name},
                         {"length", fleet[i].length},
                         {"sunk", obs.enemy_ship_sunk(ship)},
                         {"sunk_by", at >= 0 ? nlohmann::json(to_string(cell_at(at, b)))
                                             : nlohmann::json(nullptr)}};
        if (obs.options().weapons != 0) {
            e["destroyed"] = obs.enemy_ship_destroyed(ship);
            e["captured"] = obs.enemy_ship_captured(ship);
            if (obs.enemy_ship_revealed(ship)) {
                e["cells"] = cell_list(obs.enemy_ship_cells_revealed(ship), b);
            }
        }
        enemy.push_back(e);
    }
    j["targets"] = {{"hits", hits}, {"misses", cell_list(obs.misses(), b)}};
    j["enemy_fleet"] = enemy;
    if (obs.options().weapons != 0) {
        nlohmann::json weapons = nlohmann::json::object();
        for (int w = 0; w < kWeaponKinds; ++w) {
            const Weapon weapon = static_cast<Weapon>(w);
            if (!obs.options().has_weapon(weapon)) continue;
            weapons[weapon_name(weapon)] = {
                {"mine", obs.weapon_uses_left(weapon, obs.seat())},
                {"enemy", obs.weapon_uses_left(weapon, 1 - obs.seat())},
                {"usable", obs.can_use(weapon)},
                {"ship_lost",
                 {{"mine", obs.launcher_lost(weapon, obs.seat())},
                  {"enemy", obs.launcher_lost(weapon, 1 - obs.seat())}}}};
        }
        j["weapons"] = weapons;
        j["dice"] = to_string(obs.options().dice);
        j["prizes"] = {obs.prizes(0), obs.prizes(1)};
        j["blast_pending"] = obs.blast_pending();
    }
    return j;
}

}  // namespace broadside::classic

#include "games/classic/instance.h"

namespace broadside::classic {

std::vector<int> ClassicGame::seats_to_act() const {
    switch (state_.phase) {
        case Phase::kPlacement: {
            std::vector<int> seats;
            for (int s = 0; s < kSeats; ++s)
                if (!state_.oceans[s].placed) seats.push_back(s);
            return seats;
        }
        case Phase::kFiring: return {state_.to_move};
        case Phase::kOver: return {};
    }
    return {};
}

Result<std::vector<GameEvent>> ClassicGame::act(int seat, const json& action, Rng& rng) {
    if (seat < 0 || seat >= kSeats) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; this game has seats 0 and 1.");
    }
    auto parsed = parse_action(action, state_.options->board);
    if (!parsed) return parsed.error();
    std::vector<GameEvent> events;
    if (const auto* place = std::get_if<PlaceAction>(&*parsed)) {
        if (auto st = place_fleet(state_, seat, place->layout); !st) return st.error();
        const json visible{{"type", "fleet_placed"}, {"seat", seat}};
        json mine = visible;
        mine["ships"] = to_json(*parsed)["ships"];
        events.push_back({mine, std::vector<int>{seat}, visible});
        if (state_.phase == Phase::kFiring) {
            events.push_back({{{"type", "firing_starts"}, {"first", state_.first}}, {}, {}});
        }
        return events;
    }
    const int turn_before = state_.turns;
    if (const auto* fire_action = std::get_if<FireAction>(&*parsed)) {
        if (auto st = fire(state_, seat, fire_action->cells, results_); !st) return st.error();
        for (const auto& r : results_) shot_order_[seat].push_back(r.cell);
        json shots = json::array();
        for (const auto& r : results_) shots.push_back(shot_json(r, *state_.options));
        events.push_back({{{"type", "shots"}, {"seat", seat}, {"shots", shots}}, {}, {}});
    } else if (const auto* blast = std::get_if<BlastAction>(&*parsed)) {
        if (auto st = fire_blast(state_, seat, blast->cells, results_); !st) return st.error();
        for (const auto& r : results_) shot_order_[seat].push_back(r.cell);
        json shots = json::array();
        for (const auto& r : results_) shots.push_back(shot_json(r, *state_.options));
        events.push_back({{{"type", "blast"}, {"seat", seat}, {"shots", shots}}, {}, {}});
    } else {
        RngRoller dice(rng);
        WeaponReport report;
        const auto& order = std::get<WeaponAction>(*parsed).order;
        if (auto st = use_weapon(state_, seat, order, dice, report); !st) return st.error();
        events.push_back({weapon_event_json(seat, report, *state_.options, state_), {}, {}});
    }
    // A finished turn normally hands over; with weapons a seat that has nothing left to do is
    // skipped (docs/rules/weapons.md).
    if (state_.phase == Phase::kFiring && state_.turns > turn_before && state_.to_move == seat) {
        events.push_back({{{"type", "turn_skipped"}, {"seat", 1 - seat}}, {}, {}});
    }
    if (state_.phase == Phase::kOver) {
        json over{{"type", "game_over"}, {"winner", nullptr}};
        if (state_.winner >= 0) {
            over["winner"] = state_.winner;
        } else {
            over["draw"] = true;
        }
        events.push_back({over, {}, {}});
    }
    return events;
}

json ClassicGame::legal_actions(int seat) const {
    const Observation obs = observe(state_, seat);
    if (state_.phase == Phase::kPlacement && !obs.placed()) {
        json ships = json::array();
        for (const auto& s : obs.fleet()) ships.push_back({{"name", s.name}, {"length", s.length}});
        return {
            {"type", "place"},
            {"ships", ships},
            {"no_touch", obs.options().no_touch},
            {"format", "one placement per ship in fleet order, e.g. \"A1 right\", \"C3 down\""}};
    }
    if (obs.my_turn()) {
        if (obs.blast_pending() > 0) {
            return {{"type", "blast"},
                    {"count", obs.blast_pending()},
                    {"format",
                     "exactly count different cells, touching as one group (sideways, "
                     "up, down or diagonally)"}};
        }
        json open = json::array();
        Bitboard::all(obs.board()).without(obs.fired()).for_each([&](int i) {
            open.push_back(to_string(cell_at(i, obs.board())));
        });
        json legal{{"type", "fire"}, {"count", obs.shots_due()}, {"cells", std::move(open)}};
        if (obs.options().weapons != 0) {
            json weapons = json::array();
            for (int w = 0; w < kWeaponKinds; ++w) {
                if (obs.can_use(static_cast<Weapon>(w))) {
                    weapons.push_back(weapon_name(static_cast<Weapon>(w)));
                }
            }
            legal["weapons"] = weapons;
        }
        return legal;
    }
    return nullptr;
}

std::vector<Placement> ClassicGame::revealed_layout(int seat) const {
    if (state_.phase != Phase::kOver) return {};
    return state_.oceans[seat].layout;
}

json ClassicGame::result() const {
    if (state_.phase != Phase::kOver) return nullptr;
    json r{{"winner", state_.winner >= 0 ? json(state_.winner) : json(nullptr)},
           {"shots", {state_.shots_fired[0], state_.shots_fired[1]}},
           {"turns", state_.turns}};
    if (state_.winner < 0) r["draw"] = true;
    if (state_.options->weapons != 0) {
        r["weapon_turns"] = {state_.weapon_turns[0], state_.weapon_turns[1]};
    }
    return r;
}

// The spectator sees what both players announced aloud: each side's shots and their results,
// sinkings, prizes and weapons left; never an unsunk ship's cells. (The wreck an Experimental
// mishap showed is announced aloud: it is in the enemy's `targets` as hits, for everyone.)
json ClassicGame::public_observation() const {
    json view = observation(0);
    json sides = json::array();
    for (int seat = 0; seat < kSeats; ++seat) {
        json own = seat == 0 ? view : observation(seat);
        for (auto& ship : own["enemy_fleet"]) ship.erase("cells");
        json side{{"seat", seat},
                  {"placed", own["placed"]},
                  {"shots_due", own["shots_due"]},
                  {"targets", own["targets"]},
                  {"enemy_fleet", own["enemy_fleet"]}};
        if (own.contains("weapons")) {
            json weapons = json::object();
            for (auto& [name, uses] : own["weapons"].items()) weapons[name] = uses["mine"];
            side["weapons_left"] = weapons;
        }
        sides.push_back(std::move(side));
    }
    for (const char* secret : {"my_fleet", "placed", "incoming", "targets", "enemy_fleet",
                               "weapons", "shots_due", "blast_pending"}) {
        view.erase(secret);
    }
    view["seat"] = -1;
    view["sides"] = std::move(sides);
    return view;
}

json ClassicGame::reveal() const {
    json fleets = json::array();
    for (int s = 0; s < kSeats; ++s) {
        json ships = json::array();
        for (const auto& p : state_.oceans[s].layout) ships.push_back(to_string(p));
        fleets.push_back(ships);
    }
    return {{"fleets", fleets}, {"first", state_.first}, {"result", result()}};
}

namespace {

template <bool kSalvo>
Result<json> normalize(const json& options) {
    auto o = parse_options(options, kSalvo);
    if (!o) return o.error();
    return to_json(*o);
}

template <bool kSalvo>
json describe() {
    return describe_options(kSalvo);
}

template <bool kSalvo>
std::unique_ptr<GameInstance> create(const json& normalized, Rng& rng) {
    auto o = parse_options(normalized, kSalvo);
    return std::make_unique<ClassicGame>(
        new_game(std::make_shared<const Options>(std::move(o.value())), rng));
}

}  // namespace

namespace {

// Two players who place fleets, then take turns: strangers can be paired for it.
GameTraits two_player_traits() {
    GameTraits traits;
    traits.quick_match = true;
    traits.opening_phases = {"placement"};
    return traits;
}

}  // namespace

GameDefinition classic_definition() {
    return {"classic",         "Battleship: one shot per turn (seed 001)",
            &normalize<false>, &describe<false>,
            &create<false>,    two_player_traits()};
}

GameDefinition salvo_definition() {
    return {"salvo",          "Battleship, Salvo variation: one shot per ship afloat (seed 001)",
            &normalize<true>, &describe<true>,
            &create<true>,    two_player_traits()};
}

}  // namespace broadside::classic

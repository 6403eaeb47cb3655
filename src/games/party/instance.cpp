#include "games/party/instance.h"

#include "games/party/codec.h"
#include "games/party/observation.h"

namespace broadside::party {

std::vector<int> PartyGame::seats_to_act() const {
    std::vector<int> seats;
    switch (state_.phase) {
        case Phase::kPlacement:
            for (int p = 0; p < state_.players; ++p) {
                if (!state_.placed[static_cast<std::size_t>(p)]) seats.push_back(p + 1);
            }
            break;
        case Phase::kFiring:
        case Phase::kTiebreak:
            if (state_.options.host == Host::kPerson) seats.push_back(0);
            break;
        case Phase::kOver: break;
    }
    return seats;
}

GameEvent torpedo_event(const State& s, const TorpedoReport& r, std::string& results) {
    if (r.super) {
        return {{{"type", "super_torpedo"},
                 {"number", r.number},
                 {"cell", cell_name(r.cell)},
                 {"eliminated", seats_json(r.eliminated)},
                 {"remaining", seats_json(s.remaining)}},
                {},
                {}};
    }
    // One letter per seat (index = seat; '-' for the host): 10,000 players cost 10 kB, not the
    // 150 kB of an array of objects.
    results.assign(static_cast<std::size_t>(s.players) + 1, '-');
    for (int p = 0; p < s.players; ++p) {
        results[static_cast<std::size_t>(p) + 1] =
            outcome_letter(s.last[static_cast<std::size_t>(p)]);
    }
    return {{{"type", "torpedo"},
             {"number", r.number},
             {"cell", cell_name(r.cell)},
             {"results", results},
             {"counts", {{"miss", r.misses}, {"hit", r.hits}, {"sunk", r.sinkings}}}},
            {},
            {}};
}

void PartyGame::fire_one(Rng& rng, std::vector<GameEvent>& events) {
    TorpedoReport report;
    const int cell = draw_torpedo(state_, rng);
    // The cell is drawn from the unfired ones, so this cannot fail.
    (void)fire_torpedo(state_, cell, report);
    events.push_back(torpedo_event(state_, report, results_));
    if (report.counted) {
        events.push_back({{{"type", "count"},
                           {"afloat", afloat_json(state_)},
                           {"most", state_.most},
                           {"tied", seats_json(state_.tied)}},
                          {},
                          {}});
        if (state_.phase == Phase::kTiebreak) {
            events.push_back(
                {{{"type", "tiebreak_starts"}, {"players", seats_json(state_.tied)}}, {}, {}});
        }
    }
    if (state_.phase == Phase::kOver) {
        events.push_back({{{"type", "game_over"},
                           {"winners", seats_json(state_.winners)},
                           {"how", finish_name(state_.finish)}},
                          {},
                          {}});
    }
}

Result<std::vector<GameEvent>> PartyGame::act(int seat, const json& action, Rng& rng) {
    if (seat < 0 || seat > state_.players) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; seat 0 is the host and seats 1 to " +
                                          std::to_string(state_.players) + " are the players.");
    }
    if (state_.phase == Phase::kOver) return make_error("game_over", "The match is over.");
    auto parsed = parse_action(action);
    if (!parsed) return parsed.error();
    std::vector<GameEvent> events;
    if (const auto* place = std::get_if<PlaceAction>(&*parsed)) {
        if (seat == 0) {
            return make_error("not_your_turn",
                              "The host has no fleet: the host fires the torpedoes.");
        }
        if (auto st = place_fleet(state_, seat - 1, place->layout); !st) return st.error();
        const json visible{{"type", "fleet_placed"}, {"seat", seat}};
        json mine = visible;
        json ships = json::array();
        for (const auto& p : place->layout) ships.push_back(placement_name(p));
        mine["ships"] = ships;
        events.push_back({mine, std::vector<int>{seat}, visible});
        if (state_.phase == Phase::kFiring) {
            events.push_back({{{"type", "firing_starts"}, {"players", state_.players}}, {}, {}});
            if (state_.options.host == Host::kAuto) {
                while (state_.phase != Phase::kOver) fire_one(rng, events);
            }
        }
        return events;
    }
    if (seat != 0) {
        return make_error("not_your_turn", "Only the host (seat 0) fires torpedoes.");
    }
    if (state_.options.host == Host::kAuto) {
        return make_error("not_your_turn",
                          "This match's host is automatic: the torpedoes fire by themselves.");
    }
    if (state_.phase == Phase::kPlacement) {
        return make_error("not_your_turn", "Waiting for " + std::to_string(state_.unplaced) +
                                               " player(s) to place their fleet.");
    }
    fire_one(rng, events);
    return events;
}

json PartyGame::observation(int seat) const {
    return observe(state_, seat);
}

json PartyGame::legal_actions(int seat) const {
    if (seat >= 1 && seat <= state_.players && state_.phase == Phase::kPlacement &&
        !state_.placed[static_cast<std::size_t>(seat - 1)]) {
        json ships = json::array();
        for (int i = 0; i < kShips; ++i) {
            ships.push_back({{"name", ship_names()[static_cast<std::size_t>(i)]},
                             {"length", kShipLengths[static_cast<std::size_t>(i)]}});
        }
        return {{"type", "place"},
                {"ships", ships},
                {"format",
                 "one placement per ship in fleet order; columns A-F, rows 1-6: \"A1 right\" "
                 "runs along row 1, \"A1 down\" down column A"}};
    }
    if (seat == 0 && state_.options.host == Host::kPerson &&
        (state_.phase == Phase::kFiring || state_.phase == Phase::kTiebreak)) {
        return {{"type", "fire"},
                {"super", state_.phase == Phase::kTiebreak},
                {"torpedoes_left", kCells - state_.fired_count}};
    }
    return nullptr;
}

json PartyGame::result() const {
    if (state_.phase != Phase::kOver) return nullptr;
    return {{"winners", seats_json(state_.winners)},
            {"how", finish_name(state_.finish)},
            {"most", state_.most},
            {"tied", seats_json(state_.tied)},
            {"torpedoes", state_.fired_count}};
}

json PartyGame::reveal() const {
    json fleets = json::array();
    fleets.push_back(nullptr);
    for (int p = 0; p < state_.players; ++p) {
        json ships = json::array();
        for (const auto& pl : state_.layouts[static_cast<std::size_t>(p)]) {
            ships.push_back(placement_name(pl));
        }
        fleets.push_back(ships);
    }
    json fired = json::array();
    for (int i = 0; i < state_.fired_count; ++i) {
        fired.push_back(cell_name(state_.fired[static_cast<std::size_t>(i)]));
    }
    return {{"fleets", fleets}, {"torpedoes", fired}, {"afloat", afloat_json(state_)}};
}

namespace {

Result<json> normalize(const json& options) {
    auto o = parse_options(options);
    if (!o) return o.error();
    return to_json(*o);
}

std::unique_ptr<GameInstance> create(const json& normalized, Rng& /*rng*/) {
    return std::make_unique<PartyGame>(new_game(parse_options(normalized).value()));
}

}  // namespace

GameDefinition party_definition() {
    return {"party",
            "Rainbow Armada / European Navy: a host fires 30 of 36 torpedoes at any number of "
            "players (seed 004)",
            &normalize, &describe_options, &create};
}

}  // namespace broadside::party

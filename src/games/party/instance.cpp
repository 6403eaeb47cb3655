#include "games/party/instance.h"

#include "games/party/codec.h"
#include "games/party/events.h"
#include "games/party/observation.h"

namespace broadside::party {

std::vector<int> PartyGame::seats_to_act() const {
    std::vector<int> seats;
    switch (state_.phase) {
        case Phase::kPlacement:
            // With open seating the host may start firing at any moment.
            if (state_.options.seating == Seating::kOpen) seats.push_back(0);
            for (int p = 0; p < state_.players; ++p) {
                const auto i = static_cast<std::size_t>(p);
                if (!state_.placed[i] && !state_.removed[i]) seats.push_back(p + 1);
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

void PartyGame::fire_one(Rng& rng, std::vector<GameEvent>& events) {
    TorpedoReport report;
    const int cell = draw_torpedo(state_, rng);
    const bool super = state_.phase == Phase::kTiebreak;
    std::vector<int> in_before;
    if (super) in_before = state_.remaining;
    // The cell is drawn from the unfired ones, so this cannot fail.
    (void)fire_torpedo(state_, cell, report);
    events.push_back(super ? super_torpedo_event(state_, report, in_before)
                           : torpedo_event(state_, report));
    if (report.counted) {
        events.push_back(count_event(state_));
        if (state_.phase == Phase::kTiebreak) events.push_back(tiebreak_event(state_));
    }
    if (state_.phase == Phase::kOver) events.push_back(game_over_event(state_));
}

void PartyGame::firing_starts(int random_fleets, std::vector<GameEvent>& events) const {
    events.push_back({{{"type", "firing_starts"},
                       {"players", state_.players - state_.removed_count},
                       {"random_fleets", random_fleets}},
                      {},
                      {}});
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
        // Collapsible: the other players receive a run of placements as one "skipped" entry.
        events.push_back({mine, std::vector<int>{seat}, visible, nullptr, true});
        if (state_.phase == Phase::kFiring) {
            firing_starts(0, events);
            if (state_.options.host == Host::kAuto) {
                while (state_.phase != Phase::kOver) fire_one(rng, events);
            }
        }
        return events;
    }
    if (seat != 0) {
        return make_error("not_your_turn",
                          "Only the host (seat 0) fires torpedoes and seats or "
                          "removes players.");
    }
    if (const auto* joined = std::get_if<SeatPlayersAction>(&*parsed)) {
        const int first = state_.players + 1;
        if (auto st = seat_players(state_, joined->count); !st) return st.error();
        std::vector<int> audience{0};
        for (int k = 0; k < joined->count; ++k) audience.push_back(first + k);
        const json content{{"type", "players_joined"}, {"first", first}, {"count", joined->count}};
        events.push_back({content, audience, {{"type", "players_joined"}}, nullptr, true});
        return events;
    }
    if (const auto* removal = std::get_if<RemoveAction>(&*parsed)) {
        const bool was_placing = state_.phase == Phase::kPlacement;
        if (auto st = remove_player(state_, removal->seat - 1); !st) return st.error();
        events.push_back({{{"type", "player_removed"}, {"seat", removal->seat}}, {}, {}});
        if (was_placing && state_.phase == Phase::kFiring) {
            firing_starts(0, events);
            // The last torpedo's game_over comes from fire_one.
            if (state_.options.host == Host::kAuto) {
                while (state_.phase != Phase::kOver) fire_one(rng, events);
            }
            return events;
        }
        // A removal in the tiebreak that leaves one player in ends the match.
        if (state_.phase == Phase::kOver) events.push_back(game_over_event(state_));
        return events;
    }
    if (state_.options.host == Host::kAuto && state_.options.seating == Seating::kFixed) {
        return make_error("not_your_turn",
                          "This match's host is automatic: the torpedoes fire by themselves.");
    }
    if (state_.phase == Phase::kPlacement) {
        if (state_.options.seating == Seating::kFixed) {
            return make_error("not_your_turn", "Waiting for " + std::to_string(state_.unplaced) +
                                                   " player(s) to place their fleet.");
        }
        // Open seating: the host's first "fire" ends placement; a fleet nobody placed is
        // placed at random from the match's generator (so replay draws the same).
        const int random_fleets = state_.unplaced;
        if (auto st = start_firing(state_, [&rng](int) { return random_layout(rng); }); !st) {
            return st.error();
        }
        firing_starts(random_fleets, events);
        if (state_.options.host == Host::kAuto) {
            while (state_.phase != Phase::kOver) fire_one(rng, events);
            return events;
        }
    }
    fire_one(rng, events);
    return events;
}

json PartyGame::observation(int seat) const {
    return observe(state_, seat);
}

json PartyGame::legal_actions(int seat) const {
    if (seat >= 1 && seat <= state_.players && state_.phase == Phase::kPlacement &&
        !state_.placed[static_cast<std::size_t>(seat - 1)] &&
        !state_.removed[static_cast<std::size_t>(seat - 1)]) {
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
    if (seat == 0 && state_.options.seating == Seating::kOpen &&
        state_.phase == Phase::kPlacement) {
        // The host of an open room: seat players as they join, remove them, or start firing.
        return {{"type", "fire"},
                {"start", true},
                {"super", false},
                {"torpedoes_left", kCells},
                {"unplaced", state_.unplaced}};
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
        // A player who never placed (removed first, or a game that ended before the first
        // torpedo) has no fleet to show.
        if (state_.placed[static_cast<std::size_t>(p)]) {
            for (const auto& pl : state_.layouts[static_cast<std::size_t>(p)]) {
                ships.push_back(placement_name(pl));
            }
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

namespace {

// An open party room seats every phone that comes, until the host locks the doors.
bool open_seating(const json& normalized_options) {
    return normalized_options.value("seating", "fixed") == "open";
}

}  // namespace

GameDefinition party_definition() {
    return {"party",
            "Rainbow Armada / European Navy: a host fires 30 of 36 torpedoes at any number of "
            "players (seed 004)",
            &normalize,
            &describe_options,
            &create,
            GameTraits{.opening_phases = {"placement"},
                       // Protocol 2 changed only this game's events (docs/protocol.md).
                       .oldest_protocol = 2,
                       .open_seating = &open_seating,
                       .hosted = true}};
}

}  // namespace broadside::party

#include "games/crew/instance.h"

namespace broadside::crew {

namespace {

GameEvent public_event(json content) {
    return {std::move(content), std::nullopt, {}};
}

json result_json(const State& s) {
    int playoffs = 0;
    for (const auto& r : s.rounds) playoffs += r.playoff ? 1 : 0;
    return {{"winner", s.winner},       {"totals", s.totals}, {"playoffs", playoffs},
            {"stake", s.options.stake}, {"pot", pot(s)},      {"payouts", payouts(s)},
            {"first", s.first}};
}

}  // namespace

std::vector<GameEvent> progress_events(const State& after, const Progress& p, int held_before) {
    std::vector<GameEvent> events;
    if (!p.thrown.empty()) {
        json set_aside = json::array();
        const int held_after = held_before + p.throw_result.newly;
        for (int i = held_before; i < held_after; ++i) set_aside.push_back(held_name(i));
        json e{{"type", "throw"},
               {"seat", p.seat},
               {"throw", p.throw_number},
               {"dice", p.thrown},
               {"set_aside", set_aside},
               {"held", held_json(p.held)},
               {"crew", p.held == kQualified ? json(p.crew) : json(nullptr)}};
        if (!p.kept.empty()) e["kept"] = p.kept;
        events.push_back(public_event(std::move(e)));
    }
    if (p.turn_over) {
        events.push_back(public_event({{"type", "turn_over"},
                                       {"seat", p.seat},
                                       {"score", p.turn_score},
                                       {"qualified", p.qualified},
                                       {"total", after.totals[static_cast<std::size_t>(p.seat)]}}));
    }
    if (p.round_over) {
        // The finished round is the last one, or the one before a newly started round.
        const auto& r = (p.game_over ? after.rounds.back() : after.rounds[after.rounds.size() - 2]);
        json e = tally_json(r);
        e["type"] = "round_over";
        e["totals"] = after.totals;
        events.push_back(public_event(std::move(e)));
    }
    if (p.playoff_starts) {
        events.push_back(public_event({{"type", "playoff"},
                                       {"round", after.round().number},
                                       {"seats", after.round().seats}}));
    }
    if (p.game_over) {
        json e = result_json(after);
        e["type"] = "game_over";
        events.push_back(public_event(std::move(e)));
    }
    return events;
}

std::vector<int> CrewGame::seats_to_act() const {
    if (state_.phase == Phase::kOver) return {};
    return {state_.to_move()};
}

Result<std::vector<GameEvent>> CrewGame::act(int seat, const json& action, Rng& rng) {
    if (seat < 0 || seat >= seat_count()) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) + " does not exist.");
    }
    auto parsed = parse_action(action);
    if (!parsed) return parsed.error();
    const int held_before = state_.turn.held;
    Progress p;
    const Status st =
        parsed->stop ? stop(state_, seat, p) : throw_dice(state_, seat, parsed->keep, rng, p);
    if (!st) return st.error();
    return progress_events(state_, p, held_before);
}

json CrewGame::legal_actions(int seat) const {
    const Observation obs = observe(state_, seat);
    if (!obs.my_turn()) return nullptr;
    const Turn& t = obs.turn();
    json choices = json::array();
    if (t.held < kQualified) {
        choices.push_back({{"type", "throw"}});
    } else {
        for (const auto& c : obs.crew_choices()) choices.push_back(to_json(c));
    }
    return {{"type", "turn"},
            {"throws_left", obs.throws_left()},
            {"held", held_json(t.held)},
            {"crew", t.held == kQualified ? json(t.crew) : json(nullptr)},
            {"choices", choices}};
}

json CrewGame::result() const {
    if (state_.phase != Phase::kOver) return nullptr;
    return result_json(state_);
}

// Every die is thrown in the open: a spectator sees what any player sees.
json CrewGame::public_observation() const {
    return to_json(observe(state_, -1));
}

json CrewGame::reveal() const {
    json tally = json::array();
    for (const auto& r : state_.rounds) tally.push_back(tally_json(r));
    return {{"first", state_.first}, {"tally", tally}, {"result", result()}};
}

namespace {

Result<json> normalize(const json& options) {
    auto o = parse_options(options);
    if (!o) return o.error();
    return to_json(*o);
}

std::unique_ptr<GameInstance> create(const json& normalized, Rng& rng) {
    return std::make_unique<CrewGame>(new_game(parse_options(normalized).value(), rng));
}

}  // namespace

GameDefinition crew_definition() {
    return {"crew", "Ship, Captain and Crew: the dice game, 1 player or more (seed 003)",
            &normalize, &describe_options, &create};
}

}  // namespace broadside::crew

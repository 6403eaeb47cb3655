#include "games/crew/observation.h"

namespace broadside::crew {

std::vector<CrewChoice> Observation::crew_choices() const {
    if (!my_turn() || turn().held < kQualified) return {};
    return crew::crew_choices(turn().crew, options().crew_reroll);
}

nlohmann::json held_json(int held) {
    nlohmann::json j = nlohmann::json::array();
    for (int i = 0; i < held; ++i) j.push_back(held_name(i));
    return j;
}

nlohmann::json tally_json(const RoundRecord& r) {
    nlohmann::json scores = nlohmann::json::array();
    for (int v : r.scores) scores.push_back(v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v));
    return {{"round", r.number}, {"playoff", r.playoff}, {"seats", r.seats}, {"scores", scores}};
}

nlohmann::json to_json(const Observation& obs) {
    nlohmann::json rolls = nlohmann::json::array();
    for (const auto& r : obs.order_rolls())
        rolls.push_back({{"seats", r.seats}, {"totals", r.totals}});
    nlohmann::json tally = nlohmann::json::array();
    for (const auto& r : obs.tally()) tally.push_back(tally_json(r));
    nlohmann::json j{
        {"seat", obs.seat()},
        {"players", obs.players()},
        {"options", to_json(obs.options())},
        {"order_rolls", rolls},
        {"first", obs.first()},
        {"order", seat_order(obs.first(), obs.players())},
        {"round", obs.round().number},
        {"playoff", obs.round().playoff},
        {"playing", obs.round().seats},
        {"to_move", obs.over() ? nlohmann::json(nullptr) : nlohmann::json(obs.to_move())},
        {"totals", obs.totals()},
        {"tally", tally},
        {"target_reached", obs.target_reached()},
        {"pot", obs.pot()},
        {"over", obs.over()},
        {"winner", obs.over() ? nlohmann::json(obs.winner()) : nlohmann::json(nullptr)}};
    if (!obs.over()) {
        const Turn& t = obs.turn();
        j["turn"] = {
            {"seat", obs.to_move()},
            {"throws", t.throws},
            {"throws_left", obs.throws_left()},
            {"held", held_json(t.held)},
            {"crew", t.held == kQualified ? nlohmann::json(t.crew) : nlohmann::json(nullptr)},
            {"last_throw", t.last_throw},
            {"kept", t.kept}};
    }
    return j;
}

}  // namespace broadside::crew

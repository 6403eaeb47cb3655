#include "games/royale/observation.h"

namespace broadside::royale {

using nlohmann::json;

int Observation::hit_pegs(int cell) const {
    if (!s_->shot.test(cell)) return 0;
    int n = 0;
    for (std::size_t c = 0; c < deck().cards.size(); ++c) {
        if (s_->holder[c] >= 0 && deck().cards[c].mask.test(cell)) ++n;
    }
    return n;
}

bool Observation::sunk_peg(int cell) const {
    if (!s_->shot.test(cell)) return false;
    bool any = false;
    for (std::size_t c = 0; c < deck().cards.size(); ++c) {
        if (s_->holder[c] < 0 || !deck().cards[c].mask.test(cell)) continue;
        if (s_->sunk_by[c] < 0) return false;
        any = true;
    }
    return any;
}

int Observation::known_holder(int card) const {
    const int h = s_->holder[card];
    if (h == seat_ || (h >= 0 && s_->sunk_by[card] >= 0) || s_->phase == Phase::kOver) return h;
    return -1;
}

std::string phase_name(Phase phase) {
    switch (phase) {
        case Phase::kDiscard: return "discard";
        case Phase::kTurnStart: return "turn_start";
        case Phase::kShooting: return "shooting";
        case Phase::kOver: return "over";
    }
    return "?";
}

namespace {

json ids(const Deck& deck, const std::vector<int>& cards) {
    json a = json::array();
    for (int c : cards) a.push_back(deck.cards[c].id);
    return a;
}

json lines_json() {
    json a = json::array();
    for (int i = 0; i < 10; ++i) a.push_back(to_string(Line{true, i}));
    for (int i = 0; i < 10; ++i) a.push_back(to_string(Line{false, i}));
    return a;
}

}  // namespace

json to_json(const Observation& obs) {
    const Deck& deck = obs.deck();
    const Mode mode = deck.mode;
    json mine = json::array();
    for (int c : obs.has_discarded() ? obs.kept() : obs.dealt()) {
        json card = card_json(deck.cards[c], mode);
        json hits = json::array();
        (deck.cards[c].mask & obs.shot()).for_each([&](int i) {
            hits.push_back(to_string(cell_at(i, kBoard)));
        });
        card["hits"] = hits;
        card["sunk"] = obs.card_sunk(c);
        mine.push_back(card);
    }
    json shots = json::array();
    obs.shot().for_each([&](int i) {
        shots.push_back({{"cell", to_string(cell_at(i, kBoard))},
                         {"pegs", obs.hit_pegs(i)},
                         {"sunk", obs.sunk_peg(i)}});
    });
    json sonar = json::array();
    for (const auto& m : obs.sonar()) {
        sonar.push_back({{"seat", m.seat},
                         {"line", to_string(m.line)},
                         {"source", m.source == SonarSource::kOwn ? "own" : "bonus"},
                         {"ping", !m.pinged.empty()},
                         {"pinged", m.pinged}});
    }
    json seats = json::array();
    for (int p = 0; p < obs.players(); ++p) {
        json claimed = json::array();
        for (const auto& claim : obs.claimed(p)) {
            json card = card_json(deck.cards[claim.card], mode);
            card["from"] = obs.known_holder(claim.card);
            card["bonus_left"] = claim.bonus_left;
            claimed.push_back(card);
        }
        json seat{{"seat", p},
                  {"eliminated", obs.eliminated(p)},
                  {"cards", obs.cards_kept(p)},
                  {"cards_afloat", obs.cards_afloat(p)},
                  {"claimed", claimed},
                  {"bonus_shots", obs.bonus_shots(p)},
                  {"shots_fired", obs.shots_fired(p)}};
        if (obs.phase() == Phase::kDiscard) seat["discarded"] = obs.has_discarded(p);
        if (obs.advanced()) {
            seat["own_sonar"] = obs.own_sonar_available(p);
            seat["bonus_sonars"] = obs.bonus_sonars(p);
        }
        seats.push_back(seat);
    }
    json rolls = json::array();
    for (const auto& r : obs.rolls()) rolls.push_back({{"seat", r.seat}, {"value", r.value}});
    json j{{"game", "royale"},
           {"mode", to_string(mode)},
           {"players", obs.players()},
           {"seat", obs.seat()},
           {"phase", phase_name(obs.phase())},
           {"first", obs.first()},
           {"to_move", obs.phase() == Phase::kDiscard ? json(nullptr) : json(obs.to_move())},
           {"turn", obs.turn()},
           {"roll", obs.roll() > 0 ? json(obs.roll()) : json(nullptr)},
           {"shots_left", obs.shots_left()},
           {"my_cards", mine},
           {"my_discards", ids(deck, obs.discarded())},
           {"board", {{"shots", shots}, {"sonar", sonar}}},
           {"seats", seats},
           {"rolls", rolls},
           {"elimination_order", obs.elimination_order()}};
    if (obs.advanced()) j["fresh_sonar"] = obs.fresh_sonar();
    if (obs.phase() == Phase::kOver) j["winners"] = obs.winners();
    return j;
}

json legal_json(const Observation& obs) {
    const Deck& deck = obs.deck();
    json actions = json::array();
    // Every answer lists the unshot cells, whichever actions it offers (docs/protocol.md).
    auto with_cells = [&](json offered) {
        json cells = json::array();
        obs.open().for_each([&](int i) { cells.push_back(to_string(cell_at(i, kBoard))); });
        return json{{"actions", std::move(offered)}, {"cells", std::move(cells)}};
    };
    if (obs.phase() == Phase::kDiscard) {
        if (obs.has_discarded()) return nullptr;
        json cards = json::array();
        for (int c : obs.dealt())
            if (c != obs.my_submarine()) cards.push_back(deck.cards[c].id);
        actions.push_back({{"type", "discard"}, {"count", kDiscards}, {"cards", cards}});
        return with_cells(actions);
    }
    if (!obs.my_turn()) return nullptr;
    if (obs.may_sonar_now()) {
        json sources = json::array();
        if (obs.phase() == Phase::kTurnStart && obs.own_sonar_available(obs.seat())) {
            sources.push_back("own");
        }
        if (obs.bonus_sonars(obs.seat()) > 0) sources.push_back("bonus");
        actions.push_back({{"type", "sonar"}, {"sources", sources}, {"lines", lines_json()}});
    }
    if (obs.phase() == Phase::kTurnStart) {
        actions.push_back({{"type", "roll"}});
        return with_cells(actions);
    }
    const int open = obs.open().count();
    if (obs.shots_left() > 0) {
        actions.push_back(
            {{"type", "fire"}, {"count", obs.advanced() ? std::min(obs.shots_left(), open) : 1}});
    }
    json bonus_cards = json::array();
    for (const auto& claim : obs.claimed(obs.seat())) {
        if (claim.bonus_left > 0 && !deck.cards[claim.card].submarine) {
            bonus_cards.push_back(
                {{"card", deck.cards[claim.card].id},
                 {"count", obs.advanced() ? std::min(claim.bonus_left, open) : 1}});
        }
    }
    if (!bonus_cards.empty()) actions.push_back({{"type", "bonus"}, {"cards", bonus_cards}});
    if (obs.shots_left() == 0) actions.push_back({{"type", "end"}});
    return with_cells(actions);
}

}  // namespace broadside::royale

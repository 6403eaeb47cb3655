#include "games/royale/instance.h"

namespace broadside::royale {

Result<std::vector<GameEvent>> RoyaleGame::act(int seat, const json& action, Rng& rng) {
    if (seat < 0 || seat >= seat_count()) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; this game has seats 0 to " +
                                          std::to_string(seat_count() - 1) + ".");
    }
    if (state_.phase == Phase::kOver) return make_error("game_over", "The game is over.");
    const auto to_act = royale::seats_to_act(state_);
    if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) {
        return make_error("not_your_turn",
                          state_.phase == Phase::kDiscard
                              ? "You have already chosen your discards."
                              : "It is seat " + std::to_string(state_.to_move) + "'s turn.");
    }
    auto parsed = parse_action(action, state_.deck());
    if (!parsed) return parsed.error();
    std::vector<GameEvent> events;
    if (auto st = apply(state_, seat, *parsed, rng, &events); !st) return st.error();
    return events;
}

// The deal: each seat's cards for that seat only; the others learn how many.
std::vector<GameEvent> RoyaleGame::opening_events() const {
    std::vector<GameEvent> events;
    for (int p = 0; p < seat_count(); ++p) {
        const auto& dealt = state_.players[p].dealt;
        json ids = json::array();
        for (int c : dealt) ids.push_back(state_.deck().cards[c].id);
        const json visible{{"type", "dealt"}, {"seat", p}, {"count", dealt.size()}};
        json mine = visible;
        mine["cards"] = ids;
        events.push_back({mine, std::vector<int>{p}, visible});
    }
    return events;
}

json RoyaleGame::result() const {
    if (state_.phase != Phase::kOver) return nullptr;
    const auto& w = state_.winners;
    return {{"winner", w.size() == 1 ? json(w[0]) : json(nullptr)},
            {"winners", w},
            {"elimination_order", state_.elimination_order},
            {"turns", state_.turn},
            {"shots", state_.shots_fired}};
}

// A spectator sees the shared grid, the sonar marks and every seat's public counts; never a
// card in anyone's hand or discard pile.
json RoyaleGame::public_observation() const {
    json view = to_json(observe(state_, 0));
    view.erase("my_cards");
    view.erase("my_discards");
    view["seat"] = -1;
    return view;
}

json RoyaleGame::reveal() const {
    const Deck& deck = state_.deck();
    auto ids = [&](const std::vector<int>& cards) {
        json a = json::array();
        for (int c : cards) a.push_back(deck.cards[c].id);
        return a;
    };
    json hands = json::array();
    for (const auto& p : state_.players) {
        hands.push_back(
            {{"dealt", ids(p.dealt)}, {"kept", ids(p.kept)}, {"discarded", ids(p.discarded)}});
    }
    return {{"hands", hands}, {"first", state_.first}, {"result", result()}};
}

namespace {

Result<json> normalize(const json& options) {
    auto o = parse_options(options);
    if (!o) return o.error();
    return to_json(*o);
}

std::unique_ptr<GameInstance> create(const json& normalized, Rng& rng) {
    auto o = parse_options(normalized);
    return std::make_unique<RoyaleGame>(
        new_game(std::make_shared<const Options>(std::move(o.value())), rng));
}

}  // namespace

GameDefinition royale_definition() {
    return {"royale",
            "Battleship Royale: 2-6 players, one shared grid, hidden ship cards, the Royale die; "
            "Standard and Advanced modes (seed 000)",
            &normalize,
            &describe_options,
            &create,
            GameTraits{.opening_phases = {"discard"}}};
}

}  // namespace broadside::royale

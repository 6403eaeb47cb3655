#pragma once
// Builders for the Battleship Royale tests: games with a chosen deal on the default decks.
#include <memory>
#include <string>
#include <vector>

#include "games/royale/observation.h"
#include "games/royale/rules.h"

namespace broadside::royale::testing {

inline std::shared_ptr<const Options> options(Mode mode, int players, int first = 0) {
    nlohmann::json j{{"mode", to_string(mode)}, {"players", players}, {"first", first}};
    return std::make_shared<const Options>(parse_options(j).value());
}

inline int card(const State& s, const std::string& id) {
    const int c = s.deck().find(id);
    if (c < 0) throw std::invalid_argument("no card " + id);
    return c;
}

inline std::vector<int> cards(const State& s, const std::vector<std::string>& ids) {
    std::vector<int> out;
    for (const auto& id : ids) out.push_back(card(s, id));
    return out;
}

inline Cell at(const std::string& text) {
    return parse_cell(text, kBoard).value();
}

inline std::vector<Cell> cells_at(const std::vector<std::string>& texts) {
    std::vector<Cell> out;
    for (const auto& t : texts) out.push_back(at(t));
    return out;
}

// A game with the given hands (ids; the Submarine card first in Advanced) whose discards are
// already made: `discards[p]` are seat p's two discards.
inline State dealt_game(Mode mode, const std::vector<std::vector<std::string>>& hands,
                        const std::vector<std::vector<std::string>>& discards, Rng& rng,
                        int first = 0) {
    auto opts = options(mode, static_cast<int>(hands.size()), first);
    std::vector<std::vector<int>> dealt;
    for (const auto& h : hands) {
        std::vector<int> ids;
        for (const auto& id : h) ids.push_back(opts->deck->find(id));
        dealt.push_back(ids);
    }
    State s = new_game_with_deal(opts, dealt, first);
    for (std::size_t p = 0; p < hands.size(); ++p) {
        auto st = apply(s, static_cast<int>(p), DiscardAction{cards(s, discards[p])}, rng);
        if (!st) throw std::logic_error(st.error().message);
    }
    return s;
}

// Sets this turn's roll, as if the die had shown `value`.
inline void set_roll(State& s, int value) {
    s.roll = value;
    s.shots_left = value;
    s.phase = Phase::kShooting;
}

}  // namespace broadside::royale::testing

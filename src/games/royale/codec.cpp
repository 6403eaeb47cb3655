#include "games/royale/codec.h"

namespace broadside::royale {

using nlohmann::json;

namespace {

Error bad(const std::string& why) {
    return make_error("bad_action", why);
}

Result<int> read_card(const json& j, const Deck& deck) {
    if (!j.is_string())
        return bad("A card is named by its id, such as \"" + deck.cards[0].id + "\".");
    const int c = deck.find(j.get<std::string>());
    if (c < 0) {
        return make_error("unknown_card",
                          "There is no card \"" + j.get<std::string>() + "\" in this deck.");
    }
    return c;
}

// "cell": "A9" or "cells": ["A9", ...].
Result<std::vector<Cell>> read_cells(const json& j) {
    json list;
    if (j.contains("cells")) {
        list = j["cells"];
    } else if (j.contains("cell")) {
        list = json::array({j["cell"]});
    } else {
        return bad("Name the coordinates: \"cell\": \"A9\" or \"cells\": [\"A9\", ...].");
    }
    if (!list.is_array() || list.size() > 100) return bad("\"cells\" is a list of coordinates.");
    std::vector<Cell> cells;
    for (const auto& t : list) {
        if (!t.is_string()) return bad("A coordinate is text such as \"A9\".");
        auto c = parse_cell(t.get<std::string>(), kBoard);
        if (!c) return c.error();
        cells.push_back(*c);
    }
    return cells;
}

}  // namespace

Result<Action> parse_action(const json& j, const Deck& deck) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        return bad(
            "An action is an object with a \"type\": discard, sonar, roll, fire, bonus or "
            "end.");
    }
    const std::string type = j["type"].get<std::string>();
    if (type == "discard") {
        if (!j.contains("cards") || !j["cards"].is_array() || j["cards"].size() > 10) {
            return bad("Discard names its cards: {\"type\": \"discard\", \"cards\": [id, id]}.");
        }
        DiscardAction a;
        for (const auto& c : j["cards"]) {
            auto card = read_card(c, deck);
            if (!card) return card.error();
            a.cards.push_back(*card);
        }
        return Action{a};
    }
    if (type == "roll") return Action{RollAction{}};
    if (type == "end") return Action{EndAction{}};
    if (type == "sonar") {
        if (!j.contains("line") || !(j["line"].is_string() || j["line"].is_number_integer())) {
            return bad(
                "Sonar names a line: {\"type\": \"sonar\", \"line\": \"C\"} for a row, "
                "\"7\" for a column.");
        }
        auto line =
            parse_line(j["line"].is_string() ? j["line"].get<std::string>() : j["line"].dump());
        if (!line) return line.error();
        SonarAction a{*line, std::nullopt};
        if (j.contains("source")) {
            if (j["source"] == "own") {
                a.source = SonarSource::kOwn;
            } else if (j["source"] == "bonus") {
                a.source = SonarSource::kBonus;
            } else {
                return bad("A sonar's \"source\" is \"own\" or \"bonus\".");
            }
        }
        return Action{a};
    }
    if (type == "fire" || type == "bonus") {
        auto cells = read_cells(j);
        if (!cells) return cells.error();
        if (type == "fire") return Action{FireAction{std::move(*cells)}};
        BonusAction a{-1, std::move(*cells)};
        if (j.contains("card") && !j["card"].is_null()) {
            auto card = read_card(j["card"], deck);
            if (!card) return card.error();
            a.card = *card;
        }
        return Action{a};
    }
    return make_error("unknown_action", "Unknown action \"" + type +
                                            "\"; the actions are discard, sonar, roll, fire, "
                                            "bonus and end.");
}

json to_json(const Action& action, const Deck& deck) {
    auto cells = [](const std::vector<Cell>& cs) {
        json a = json::array();
        for (const auto& c : cs) a.push_back(to_string(c));
        return a;
    };
    if (const auto* d = std::get_if<DiscardAction>(&action)) {
        json ids = json::array();
        for (int c : d->cards) ids.push_back(deck.cards[c].id);
        return {{"type", "discard"}, {"cards", ids}};
    }
    if (std::holds_alternative<RollAction>(action)) return {{"type", "roll"}};
    if (std::holds_alternative<EndAction>(action)) return {{"type", "end"}};
    if (const auto* s = std::get_if<SonarAction>(&action)) {
        json j{{"type", "sonar"}, {"line", to_string(s->line)}};
        if (s->source) j["source"] = *s->source == SonarSource::kOwn ? "own" : "bonus";
        return j;
    }
    if (const auto* f = std::get_if<FireAction>(&action)) {
        return {{"type", "fire"}, {"cells", cells(f->cells)}};
    }
    const auto& b = std::get<BonusAction>(action);
    json j{{"type", "bonus"}, {"cells", cells(b.cells)}};
    if (b.card >= 0) j["card"] = deck.cards[b.card].id;
    return j;
}

}  // namespace broadside::royale

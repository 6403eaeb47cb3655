#include "games/royale/deck.h"

#include <algorithm>
#include <set>

namespace broadside::royale {

namespace {

Error bad_deck(const std::string& why) {
    return make_error("bad_deck", "Deck: " + why);
}

Result<Card> parse_card(const nlohmann::json& c, std::size_t index, Mode mode) {
    const std::string where = "card " + std::to_string(index + 1);
    if (!c.is_object()) return bad_deck(where + " must be an object.");
    if (!c.contains("id") || !c["id"].is_string() || c["id"].get<std::string>().empty() ||
        c["id"].get<std::string>().size() > 12) {
        return bad_deck(where + " needs an \"id\" of 1 to 12 characters.");
    }
    Card card;
    card.id = c["id"].get<std::string>();
    // Commands name cards and coordinates in one list ("bonus R12 A9 B9"), so an id must not
    // read as a coordinate.
    if (parse_cell(card.id, kBoard)) {
        return bad_deck(where + "'s id \"" + card.id +
                        "\" reads as a coordinate; use ids such as S01 or R12.");
    }
    const std::string named = where + " (" + card.id + ")";
    for (const auto& [key, value] : c.items()) {
        if (key != "id" && key != "ship" && key != "cells" && key != "bonus" &&
            key != "submarine") {
            return bad_deck(named + " has an unknown field \"" + key +
                            "\"; a card has id, ship, cells, bonus and submarine.");
        }
    }
    if (!c.contains("ship") || !c["ship"].is_string()) {
        return bad_deck(named + " needs a \"ship\".");
    }
    card.ship = c["ship"].get<std::string>();
    const int length = ship_length(card.ship);
    if (length == 0) {
        return bad_deck(named + " names an unknown ship \"" + card.ship +
                        "\"; the ships are Patrol Boat, Destroyer, Submarine, Battleship and "
                        "Aircraft Carrier.");
    }
    if (c.contains("submarine")) {
        if (!c["submarine"].is_boolean()) return bad_deck(named + ": submarine is true or false.");
        card.submarine = c["submarine"].get<bool>();
    }
    if (card.submarine && mode == Mode::kStandard) {
        return bad_deck(named + " is a Submarine card, which only the Advanced deck has.");
    }
    if (card.submarine && card.ship != "Submarine") {
        return bad_deck(named + " is a Submarine card but names a " + card.ship + ".");
    }
    if (mode == Mode::kAdvanced && !card.submarine) {
        if (!c.contains("bonus") || !c["bonus"].is_number_integer() || c["bonus"].get<long>() < 0 ||
            c["bonus"].get<long>() > 10) {
            return bad_deck(named +
                            " needs its printed \"bonus\" number (0 to 10 bonus shots): every "
                            "Advanced ship card prints one.");
        }
        card.bonus = c["bonus"].get<int>();
    } else if (c.contains("bonus")) {
        return bad_deck(named + " prints a bonus number, which only Advanced ship cards have.");
    } else {
        card.bonus = card.submarine ? 0 : 1;
    }
    if (!c.contains("cells") || !c["cells"].is_array()) {
        return bad_deck(named + " needs \"cells\", its coordinates such as [\"A7\", \"A8\"].");
    }
    for (const auto& t : c["cells"]) {
        if (!t.is_string()) return bad_deck(named + ": cells are text such as \"A7\".");
        auto cell = parse_cell(t.get<std::string>(), kBoard);
        if (!cell) return bad_deck(named + ": " + cell.error().message);
        if (card.mask.test(cell_index(*cell, kBoard))) {
            return bad_deck(named + " lists " + to_string(*cell) + " twice.");
        }
        card.mask.set(cell_index(*cell, kBoard));
        card.cells.push_back(*cell);
    }
    if (static_cast<int>(card.cells.size()) != length) {
        return bad_deck(named + ": a " + card.ship + " covers " + std::to_string(length) +
                        " coordinates, not " + std::to_string(card.cells.size()) + ".");
    }
    // A straight line: one row or one column, consecutive.
    std::vector<Cell> sorted = card.cells;
    std::sort(sorted.begin(), sorted.end());
    const bool same_row =
        std::all_of(sorted.begin(), sorted.end(), [&](Cell x) { return x.row == sorted[0].row; });
    const bool same_col =
        std::all_of(sorted.begin(), sorted.end(), [&](Cell x) { return x.col == sorted[0].col; });
    bool consecutive = same_row || same_col;
    for (std::size_t i = 1; consecutive && i < sorted.size(); ++i) {
        consecutive = same_row ? sorted[i].col == sorted[i - 1].col + 1
                               : sorted[i].row == sorted[i - 1].row + 1;
    }
    if (!consecutive) {
        return bad_deck(named +
                        ": a ship's coordinates are a straight line of neighbouring "
                        "cells, such as A7, A8, A9.");
    }
    card.cells = sorted;
    return card;
}

}  // namespace

std::string to_string(Mode m) {
    return m == Mode::kStandard ? "standard" : "advanced";
}

int ship_length(const std::string& ship) {
    if (ship == "Patrol Boat") return 2;
    if (ship == "Destroyer" || ship == "Submarine") return 3;
    if (ship == "Battleship") return 4;
    if (ship == "Aircraft Carrier") return 5;
    return 0;
}

int Deck::ship_card_count() const {
    return static_cast<int>(
        std::count_if(cards.begin(), cards.end(), [](const Card& c) { return !c.submarine; }));
}

int Deck::submarine_card_count() const {
    return static_cast<int>(cards.size()) - ship_card_count();
}

int Deck::find(const std::string& id) const {
    for (std::size_t i = 0; i < cards.size(); ++i)
        if (cards[i].id == id) return static_cast<int>(i);
    return -1;
}

Result<Deck> parse_deck(const nlohmann::json& j, Mode mode) {
    if (!j.is_object()) return bad_deck("a deck is a JSON object with \"cards\".");
    if (j.contains("format") && j["format"] != "broadside-royale-deck") {
        return bad_deck("\"format\" must be \"broadside-royale-deck\".");
    }
    if (j.contains("mode") && j["mode"] != to_string(mode)) {
        return bad_deck("this is a " + j["mode"].dump() + " deck, but the game is in " +
                        to_string(mode) + " mode.");
    }
    if (!j.contains("cards") || !j["cards"].is_array()) {
        return bad_deck("a deck needs \"cards\", a list of cards.");
    }
    if (j["cards"].size() > 200) return bad_deck("a deck has at most 200 cards.");
    Deck deck;
    deck.mode = mode;
    deck.name = j.value("name", std::string("custom deck"));
    std::set<std::string> ids;
    Bitboard ship_cells, sub_cells;
    for (std::size_t i = 0; i < j["cards"].size(); ++i) {
        auto card = parse_card(j["cards"][i], i, mode);
        if (!card) return card.error();
        if (!ids.insert(card->id).second)
            return bad_deck("two cards have the id " + card->id + ".");
        Bitboard& layer = card->submarine ? sub_cells : ship_cells;
        if (layer.intersects(card->mask)) {
            // Name the other card too, so a transcription error is easy to find.
            for (const auto& other : deck.cards) {
                if (other.submarine == card->submarine && other.mask.intersects(card->mask)) {
                    const Bitboard both = other.mask & card->mask;
                    return bad_deck(
                        card->id + " and " + other.id + " share " +
                        to_string(cell_at(both.nth_set(0), kBoard)) + ": no two " +
                        (card->submarine ? std::string("Submarine") : std::string("ship")) +
                        " cards may share a coordinate (one hit peg per cell).");
                }
            }
        }
        layer |= card->mask;
        deck.cards.push_back(std::move(*card));
    }
    return deck;
}

nlohmann::json card_json(const Card& c, Mode mode) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& x : c.cells) cells.push_back(to_string(x));
    nlohmann::json card{{"id", c.id}, {"ship", c.ship}};
    if (c.submarine) card["submarine"] = true;
    if (mode == Mode::kAdvanced && !c.submarine) card["bonus"] = c.bonus;
    card["cells"] = cells;
    return card;
}

nlohmann::json to_json(const Deck& d) {
    nlohmann::json cards = nlohmann::json::array();
    for (const auto& c : d.cards) cards.push_back(card_json(c, d.mode));
    return {{"format", "broadside-royale-deck"},
            {"version", 1},
            {"mode", to_string(d.mode)},
            {"name", d.name},
            {"cards", cards}};
}

std::shared_ptr<const Deck> default_deck(Mode mode) {
    static const auto standard = std::make_shared<const Deck>(
        parse_deck(nlohmann::json::parse(default_deck_text(Mode::kStandard)), Mode::kStandard)
            .value());
    static const auto advanced = std::make_shared<const Deck>(
        parse_deck(nlohmann::json::parse(default_deck_text(Mode::kAdvanced)), Mode::kAdvanced)
            .value());
    return mode == Mode::kStandard ? standard : advanced;
}

}  // namespace broadside::royale

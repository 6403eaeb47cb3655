#include "games/royale/options.h"

#include <cstdint>

namespace broadside::royale {

namespace {

Error bad_option(const std::string& key, const std::string& why) {
    return make_error("bad_option", "Option \"" + key + "\": " + why);
}

bool integer_in_range(const nlohmann::json& j, int lo, int hi) {
    if (!j.is_number_integer()) return false;
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        return v >= static_cast<std::uint64_t>(lo) && v <= static_cast<std::uint64_t>(hi);
    }
    const auto v = j.get<std::int64_t>();
    return v >= lo && v <= hi;
}

}  // namespace

int Options::ship_cards_dealt() const {
    const bool small = players <= 4;
    if (mode == Mode::kStandard) return small ? 5 : 4;
    return small ? 4 : 3;
}

Result<Options> parse_options(const nlohmann::json& j) {
    Options o;
    if (!j.is_null() && !j.is_object()) {
        return make_error("bad_option", "Options must be a JSON object.");
    }
    nlohmann::json first = "random";
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            if (key == "mode") {
                if (value == "standard") {
                    o.mode = Mode::kStandard;
                } else if (value == "advanced") {
                    o.mode = Mode::kAdvanced;
                } else {
                    return bad_option(key, "must be \"standard\" or \"advanced\".");
                }
            } else if (key == "players") {
                if (!integer_in_range(value, kMinPlayers, kMaxPlayers)) {
                    return bad_option(
                        key, "must be a whole number from 2 to 6 (got " + value.dump() + ").");
                }
                o.players = value.get<int>();
            } else if (key == "first") {
                first = value;
            } else if (key == "deck") {
                if (!value.is_null() && value != "default" && !value.is_object()) {
                    return bad_option(key,
                                      "must be \"default\" or a deck object (see "
                                      "data/decks/royale-standard.json for the form).");
                }
                if (value.is_object()) o.custom_deck = value;
            } else {
                return make_error("unknown_option", "Unknown option \"" + key +
                                                        "\"; the options are mode, players, "
                                                        "first, deck.");
            }
        }
    }
    if (first == "random") {
        o.first = -1;
    } else if (integer_in_range(first, 0, o.players - 1)) {
        o.first = first.get<int>();
    } else {
        return bad_option("first", "must be a seat from 0 to " + std::to_string(o.players - 1) +
                                       " or \"random\" (got " + first.dump() + ").");
    }
    if (o.custom_deck.is_null()) {
        o.deck = default_deck(o.mode);
    } else {
        auto deck = parse_deck(o.custom_deck, o.mode);
        if (!deck) return bad_option("deck", deck.error().message);
        o.deck = std::make_shared<const Deck>(std::move(*deck));
    }
    // Enough cards to deal: one Submarine card each in Advanced, and the ship cards.
    const int need = o.players * o.ship_cards_dealt();
    if (o.deck->ship_card_count() < need) {
        return bad_option("deck", "dealing " + std::to_string(o.ship_cards_dealt()) +
                                      " ship cards to " + std::to_string(o.players) +
                                      " players needs " + std::to_string(need) +
                                      " ship cards; the deck has " +
                                      std::to_string(o.deck->ship_card_count()) + ".");
    }
    if (o.mode == Mode::kAdvanced && o.deck->submarine_card_count() < o.players) {
        return bad_option("deck",
                          "every player takes a Submarine card: " + std::to_string(o.players) +
                              " players need " + std::to_string(o.players) + "; the deck has " +
                              std::to_string(o.deck->submarine_card_count()) + ".");
    }
    return o;
}

nlohmann::json to_json(const Options& o) {
    return {{"mode", to_string(o.mode)},
            {"players", o.players},
            {"first", o.first < 0 ? nlohmann::json("random") : nlohmann::json(o.first)},
            {"deck", o.custom_deck.is_null() ? nlohmann::json("default") : o.custom_deck}};
}

nlohmann::json describe_options() {
    return {
        {"mode", {{"default", "standard"}, {"values", {"standard", "advanced"}}}},
        {"players", {{"default", 4}, {"range", {kMinPlayers, kMaxPlayers}}}},
        {"first",
         {{"default", "random"},
          {"about", "the starting seat (the rules: the youngest player), or \"random\""}}},
        {"deck",
         {{"default", "default"},
          {"about",
           "\"default\" (data/decks/royale-<mode>.json, built in) or a deck object in the "
           "same form, validated against the rules' constraints"}}},
    };
}

}  // namespace broadside::royale

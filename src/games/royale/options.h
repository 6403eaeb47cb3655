#pragma once
// Options of Battleship Royale (seed 000), with the seed's rules as defaults.
#include <memory>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "games/royale/deck.h"

namespace broadside::royale {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kDiscards = 2;  // "Choose two of the cards to discard."

struct Options {
    Mode mode = Mode::kStandard;
    int players = 4;
    int first = -1;  // the starting seat; -1: drawn at random (the engine cannot know ages)
    // The deck in play; `custom_deck` is the deck option as given (null for the default deck),
    // kept so that normalized options (and so records) carry a custom deck in full.
    std::shared_ptr<const Deck> deck;
    nlohmann::json custom_deck;

    // Cards dealt to each player: Standard 5 (2-4 players) or 4 (5-6); Advanced ship cards
    // 4 or 3, plus one Submarine card.
    int ship_cards_dealt() const;
    int ship_cards_kept() const { return ship_cards_dealt() - kDiscards; }
};

Result<Options> parse_options(const nlohmann::json& j);
nlohmann::json to_json(const Options& o);
nlohmann::json describe_options();

}  // namespace broadside::royale

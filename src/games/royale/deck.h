#pragma once
// Battleship Royale's cards (seed 000). A card prints a ship and the coordinates it covers on
// the shared 10x10 grid; Advanced cards also print a bonus number, and six of them are
// Submarine cards. Decks are data (data/decks/royale-*.json); the defaults are compiled in.
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/bitboard.h"
#include "core/cell.h"
#include "core/error.h"

namespace broadside::royale {

inline constexpr BoardSize kBoard{10, 10};

enum class Mode { kStandard, kAdvanced };
std::string to_string(Mode m);

struct Card {
    std::string id;    // "S07", "A12", "U3": unique within a deck
    std::string ship;  // "Patrol Boat", "Destroyer", "Submarine", "Battleship", "Aircraft Carrier"
    bool submarine = false;  // an Advanced Submarine card (the sonar card)
    int bonus = 1;           // bonus shots for sinking it (Standard: always 1)
    std::vector<Cell> cells;
    Bitboard mask;
};

struct Deck {
    Mode mode = Mode::kStandard;
    std::string name;
    std::vector<Card> cards;

    int ship_card_count() const;
    int submarine_card_count() const;
    int find(const std::string& id) const;  // index, or -1
};

// The length of a ship type on a card, or 0 for an unknown name.
int ship_length(const std::string& ship);

// Validates a deck against every constraint the rules imply for its mode: straight lines of
// the ship's length on the 10x10 grid; unique ids; no two ship cards sharing a coordinate (one
// hit peg per cell), no two Submarine cards sharing one; Submarine cards only in Advanced; every
// Advanced ship card prints a bonus number. Errors are "bad_deck" and name the card.
Result<Deck> parse_deck(const nlohmann::json& j, Mode mode);
nlohmann::json to_json(const Deck& d);
// One card as the protocol shows it: id, ship, cells, and bonus or submarine in Advanced.
nlohmann::json card_json(const Card& c, Mode mode);

// The compiled-in default decks (the same text as data/decks/royale-{standard,advanced}.json).
const char* default_deck_text(Mode mode);
std::shared_ptr<const Deck> default_deck(Mode mode);

}  // namespace broadside::royale

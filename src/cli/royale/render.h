#pragma once
// Text for `play royale`: the shared grid beside the seat's cards and the table of players, one
// sentence per event, the deck as far as the seat can know it, and the help of the moment.
// Everything is drawn from the seat's observation (JSON) and the public deck, never the state.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "games/royale/deck.h"

namespace broadside::cli {

class Style;

// How each seat is called on the screens of `me`: `names[s]` ("Ann", "royale bot 2"); the seat
// itself is "you".
struct SeatNames {
    std::vector<std::string> names;
    int me = 0;
    std::string who(int seat) const;
};

// The screen: the grid (your unshot ships by letter) beside your cards and the players.
std::string render_royale(const nlohmann::json& observation, const SeatNames& names,
                          const Style& style);
// One line per event as `names.me` saw it; empty for events that need no words on their own
// (a turn starting, a roll that the next shots repeat).
std::string narrate_royale(const nlohmann::json& event, const SeatNames& names);
// The commands of the moment, each example valid now (a claimed card's real id, an open cell).
std::string royale_help(const nlohmann::json& observation, const nlohmann::json& legal);
// `cards`: the public deck as this seat can know it: its own cards, the cards sunk (and whose),
// and the rest, still unseen. The royale bots weigh the same facts (ai/royale/evidence.h).
std::string royale_cards(const nlohmann::json& observation, const royale::Deck& deck,
                         const SeatNames& names);
// A line typed at the Royale prompt ("fire B7", "roll", "discard C4 D2", "sonar row 3", bare
// cells) as its protocol action, or an error saying what is wrong.
Result<nlohmann::json> royale_command_action(const std::string& line,
                                             const nlohmann::json& observation);
// The letter each of the seat's cards is drawn with on the grid, in my_cards order.
std::vector<char> royale_card_letters(const nlohmann::json& my_cards);

}  // namespace broadside::cli

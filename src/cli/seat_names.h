#pragma once
// What each seat is called on the terminal's screens, shared by `play` (every game) and
// `replay`, so that a saved game is described with the names it was played with.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace broadside::cli {

// A bot seat's name in every terminal game with several bots (Royale, crew, party): "Bot 1",
// "Bot 2", ... counting the bot seats from 1 in seat order. Classic and Salvo have one bot,
// called by its kind ("the density bot").
std::string bot_seat_name(int bot_number);

// Each of `seats` seats' name as a sentence uses it, from a saved record: the names `play`
// stored (`play.seats`; older play records: `play.names` and `play.bot`), the players of a
// record downloaded from `broadside serve`, else "seat N". The person at a one-person game is
// "you"; a classic bot is "the density bot".
std::vector<std::string> record_seat_names(const nlohmann::json& record, int seats);

// "you" -> "You", "the density bot" -> "The density bot".
std::string capitalised(std::string text);
// A seat's name, possessive, inside a sentence: "Ann's", "the density bot's", "your" (for the
// "you" of a saved game's person).
std::string possessive(const std::string& name);

}  // namespace broadside::cli

#include "cli/seat_names.h"

#include <cctype>

namespace broadside::cli {

using nlohmann::json;

std::string bot_seat_name(int bot_number) {
    return "Bot " + std::to_string(bot_number);
}

std::string capitalised(std::string text) {
    if (!text.empty()) {
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    }
    return text;
}

std::string possessive(const std::string& name) {
    return name == "you" ? "your" : name + "'s";
}

namespace {

// "You" as stored by `play` reads "you" inside a sentence.
std::string in_sentence(const std::string& name) {
    return name == "You" ? "you" : name;
}

bool all_strings(const json& list, int seats) {
    if (!list.is_array() || static_cast<int>(list.size()) != seats) return false;
    for (const auto& n : list) {
        if (!n.is_string() || n.get<std::string>().empty()) return false;
    }
    return true;
}

}  // namespace

std::vector<std::string> record_seat_names(const json& record, int seats) {
    std::vector<std::string> names;
    for (int s = 0; s < seats; ++s) names.push_back("seat " + std::to_string(s));
    if (!record.is_object()) return names;
    const json play = record.value("play", json::object());
    if (play.is_object() && all_strings(play.value("seats", json()), seats)) {
        for (int s = 0; s < seats; ++s) names[s] = in_sentence(play["seats"][s].get<std::string>());
        return names;
    }
    const std::string game = record.value("game", "");
    if (play.is_object() && (game == "classic" || game == "salvo")) {
        // Older `play` records: one person and a bot, or two people.
        const json people = play.value("names", json());
        const json bot = play.value("bot", json());
        if (all_strings(people, 2)) {
            for (int s = 0; s < 2; ++s) names[s] = people[s].get<std::string>();
        } else if (all_strings(people, 1) && bot.is_string() && seats == 2) {
            names[0] = in_sentence(people[0].get<std::string>());
            names[1] = "the " + bot.get<std::string>() + " bot";
        }
        return names;
    }
    if (play.is_object() && game == "crew" && all_strings(play.value("names", json()), seats)) {
        for (int s = 0; s < seats; ++s) names[s] = in_sentence(play["names"][s].get<std::string>());
        return names;
    }
    // A record downloaded from `broadside serve`: who sat where.
    const json players = record.value("players", json());
    if (players.is_array() && static_cast<int>(players.size()) == seats) {
        for (int s = 0; s < seats; ++s) {
            const json& p = players[s];
            if (!p.is_object()) continue;
            if (p.value("name", json()).is_string() && !p["name"].get<std::string>().empty()) {
                names[s] = p["name"].get<std::string>();
            } else if (p.value("bot", json()).is_string()) {
                names[s] = "the " + p["bot"].get<std::string>() + " bot";
            }
        }
    }
    return names;
}

}  // namespace broadside::cli

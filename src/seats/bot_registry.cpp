#include "seats/bot_registry.h"

#include <algorithm>
#include <map>

namespace broadside::seats {

namespace {

struct GameBots {
    std::vector<BotInfo> bots;
    std::map<std::string, std::string> levels;  // level -> bot name
};

// Salvo has classic's bots; its hard level is `best-salvo`, which beats `best` at Salvo head to
// head and needs fewer volleys (docs/ai.md, "Session 14").
std::map<std::string, GameBots> with_salvo(std::map<std::string, GameBots> table) {
    GameBots salvo = table.at("classic");
    salvo.levels["hard"] = "best-salvo";
    table.emplace("salvo", std::move(salvo));
    return table;
}

// The figures come from the commands in docs/ai.md (its bot tables and results sections).
const std::map<std::string, GameBots>& table() {
    static const std::map<std::string, GameBots> kTable = with_salvo({
        {"classic",
         {{{"random", "fires at random cells", "95.4 shots to sink a fleet"},
           {"hunt", "hunts at random, then finishes each ship it hits", "49.1 shots"},
           {"density", "fires where the most fleets still fit", "44.1 shots"},
           {"density-plain", "density without the optional weapons: their control", "44.1 shots"},
           {"best", "weighs 3,000 whole fleets a shot; learns your habits", "43.9 shots"},
           {"best-fast", "best with 300 fleets a shot: quicker, nearly as strong", "43.9 shots"},
           {"border", "places along the edges; fires like density", "44.1 shots"},
           {"sequential", "places one ship at a time; fires like density", "44.1 shots"},
           {"best-counter", "best, expecting a fleet placed the way best places it",
            "wins 95% of Salvo games against best"},
           {"best-salvo", "best, finishing hit ships with volleys that ask what the others won't",
            "10.04 salvos to sink a fleet (best: 10.31); wins 52.0% against best"}},
          {{"easy", "hunt"}, {"normal", "density"}, {"hard", "best"}}}},
        {"royale",
         {{{"random", "random legal moves", "wins no 2-player Standard game against royale"},
           {"royale-eager", "royale, but spends every bonus card at once",
            "wins 46.1% of 2-player games against royale"},
           {"royale", "tracks every ship's possible places; saves bonuses for a target",
            "wins 100% against random"}},
          {{"easy", "random"}, {"normal", "royale-eager"}, {"hard", "royale"}}}},
        {"crew",
         {{{"cautious", "keeps its score safe, takes few risks",
            "4.23 points a turn; wins 48.2% against optimal"},
           {"optimal", "the most points a turn on average (the exact solution)",
            "4.32 points a turn"},
           {"race", "the best chance to win the game from the score it faces",
            "wins 50.3% against optimal"}},
          {{"easy", "cautious"}, {"normal", "optimal"}, {"hard", "race"}}}},
        {"party",
         {{{"random", "places its six ships uniformly at random",
            "every fleet equally likely: no skill is possible"}},
          {{"easy", "random"}, {"normal", "random"}, {"hard", "random"}}}},
    });
    return kTable;
}

const GameBots* find(const std::string& game) {
    const auto& t = table();
    auto it = t.find(game);
    return it == t.end() ? nullptr : &it->second;
}

}  // namespace

const std::vector<BotInfo>& bots_for(const std::string& game) {
    static const std::vector<BotInfo> kNone;
    const auto* g = find(game);
    return g ? g->bots : kNone;
}

const std::vector<std::string>& level_names() {
    static const std::vector<std::string> kLevels{"easy", "normal", "hard"};
    return kLevels;
}

Result<std::string> bot_for_level(const std::string& game, const std::string& level) {
    const auto* g = find(game);
    if (g == nullptr) return make_error("unknown_game", "No bots for the game \"" + game + "\".");
    auto it = g->levels.find(level);
    if (it == g->levels.end()) {
        return make_error("unknown_level",
                          "Unknown level \"" + level + "\"; the levels are easy, normal and hard.");
    }
    return it->second;
}

std::string levels_help(const std::string& game) {
    const auto* g = find(game);
    if (g == nullptr) return "";
    std::string text;
    for (const auto& level : level_names()) {
        text += level + " = " + g->levels.at(level) + (level == "hard" ? "" : ", ");
    }
    return text;
}

std::string bots_help(const std::string& game) {
    const auto* g = find(game);
    if (g == nullptr) return "";
    std::string text = "Levels: " + levels_help(game);
    // The flag that names bots: one bot for every bot seat (classic, Salvo, Royale), one per
    // seat (crew), or none (the party game has one bot).
    const std::string flag = game == "crew"    ? " (--bots NAME,NAME,...)"
                             : game == "party" ? ""
                                               : " (--bot NAME)";
    text += ".\nBots" + flag + ", with how each plays and how strong it is";
    text += game == "classic" || game == "salvo"
                ? " (shots to sink a uniformly random fleet, on average):\n"
                : ":\n";
    std::size_t width = 0;
    for (const auto& b : g->bots) width = std::max(width, b.name.size());
    for (const auto& b : g->bots) {
        text += "  " + b.name + std::string(width - b.name.size() + 2, ' ') + b.plays + " (" +
                b.strength + ")\n";
    }
    return text;
}

}  // namespace broadside::seats

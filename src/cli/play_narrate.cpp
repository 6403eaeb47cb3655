#include "cli/play_narrate.h"

namespace broadside::cli {

namespace {

// "hit, Cruiser" / "miss" / "hit" (a hit-only announcement names no ship).
std::string outcome(const nlohmann::json& shot, const Style& style) {
    const std::string result = shot["result"].get<std::string>();
    if (result == "miss") return style.paint("miss", Tone::kMiss);
    std::string text = "hit";
    if (shot.contains("ship")) text += ", " + shot["ship"].get<std::string>();
    return style.paint(text, result == "sunk" ? Tone::kSunk : Tone::kHit);
}

std::vector<std::string> narrate_shots(const nlohmann::json& event, bool mine, const Style& style) {
    std::vector<std::string> lines;
    const auto& shots = event["shots"];
    const std::string who = mine ? "You" : "Enemy";
    if (shots.size() == 1) {
        lines.push_back(who + " fired at " + shots[0]["cell"].get<std::string>() + ": " +
                        outcome(shots[0], style) + ".");
    } else {
        std::string line = (mine ? "Your salvo of " : "Enemy salvo of ") +
                           std::to_string(shots.size()) + " shots:";
        bool first = true;
        for (const auto& shot : shots) {
            line +=
                (first ? " " : "; ") + shot["cell"].get<std::string>() + " " + outcome(shot, style);
            first = false;
        }
        lines.push_back(line + ".");
    }
    for (const auto& shot : shots) {
        if (shot["result"] != "sunk") continue;
        const std::string ship = shot["ship"].get<std::string>();
        lines.push_back(mine ? style.paint("You sank the enemy's " + ship + "!", Tone::kGood)
                             : style.paint("The enemy sank your " + ship + "!", Tone::kBad));
    }
    return lines;
}

}  // namespace

std::vector<std::string> shot_cells(const nlohmann::json& event) {
    std::vector<std::string> cells;
    for (const auto& shot : event["shots"]) cells.push_back(shot["cell"].get<std::string>());
    return cells;
}

std::vector<std::string> narrate(const nlohmann::json& event, int me, const Style& style) {
    const std::string type = event.value("type", "");
    if (type == "fleet_placed") {
        if (event["seat"] == me) return {"Your fleet is in position."};
        return {"The enemy has placed its fleet."};
    }
    if (type == "firing_starts") {
        return {event["first"] == me ? "You fire first." : "The enemy fires first."};
    }
    if (type == "shots") return narrate_shots(event, event["seat"] == me, style);
    return {};
}

}  // namespace broadside::cli

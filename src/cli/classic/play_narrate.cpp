#include "cli/classic/play_narrate.h"

#include <algorithm>

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

std::string roll_text(const nlohmann::json& event) {
    std::string faces;
    for (const auto& r : event["rolls"]) faces += (faces.empty() ? "" : ", ") + r.dump();
    const std::string dice = event["dice"].get<std::string>();
    if (dice == "3d6") return "3D6 rolled " + faces + " = " + event["total"].dump();
    if (dice == "d6") return "D6 rolled " + faces;
    return "D20 rolled " + faces;
}

// The cells a weapon struck, as one line: each ship's hits with their cells, then the misses
// counted ("C4 C5 hit, Cruiser; E3 hit, Battleship; 8 misses"). Every cell is marked on the
// grid, so listing each miss would only push the news off a 24-row screen.
std::string struck_text(const nlohmann::json& shots, const Style& style) {
    if (shots.size() == 1) {
        return shots[0]["cell"].get<std::string>() + " " + outcome(shots[0], style);
    }
    struct Hits {
        std::string ship, cells, what;
    };
    std::vector<Hits> hits;  // per ship, in the order first hit
    int misses = 0;
    for (const auto& shot : shots) {
        if (shot["result"] == "miss") {
            ++misses;
            continue;
        }
        const std::string what = outcome(shot, style);
        const std::string ship = shot.value("ship", "");
        auto it = std::find_if(hits.begin(), hits.end(),
                               [&](const Hits& h) { return !ship.empty() && h.ship == ship; });
        if (it == hits.end()) {
            hits.push_back({ship, shot["cell"].get<std::string>(), what});
        } else {
            it->cells += " " + shot["cell"].get<std::string>();
            if (shot["result"] == "sunk") it->what = what;  // the colour of the sinking
        }
    }
    std::string line;
    for (const auto& h : hits) line += (line.empty() ? "" : "; ") + h.cells + " " + h.what;
    if (misses > 0) {
        line +=
            (line.empty() ? "" : "; ") +
            style.paint(std::to_string(misses) + (misses == 1 ? " miss" : " misses"), Tone::kMiss);
    }
    return line;
}

std::vector<std::string> narrate_weapon(const nlohmann::json& e, bool mine, const Style& style) {
    const std::string weapon = e["weapon"].get<std::string>();
    const std::string result = e["outcome"].get<std::string>();
    const std::string who = mine ? "You" : "The enemy";
    const std::string whose = mine ? "your" : "the enemy's";
    std::vector<std::string> lines;
    std::string line;
    if (weapon == "nuke") {
        line = who + " launched the Tactical Nuke: " + roll_text(e) + ". " +
               (result == "fails"             ? "It failed to deploy."
                : result == "condition_bravo" ? "Condition Bravo: the full 5x5 square is hit!"
                                              : "It exploded.");
    } else if (weapon == "bomber") {
        line = who + " sent a Bomber Flight: " + roll_text(e) + ". " +
               (result == "fails" ? "The flight was turned back." : "The bombs fell.");
    } else if (weapon == "torpedo") {
        line = who + " fired a torpedo from " + e["cell"].get<std::string>() + " heading " +
               e["heading"].get<std::string>() +
               (e.contains("rolls") ? " (" + roll_text(e) + ")" : "") + ": " +
               (result == "misses" ? "it ran off the board, a miss." : "it struck.");
    } else if (weapon == "scuba") {
        line = who + " sent SCUBA commandos: " + roll_text(e) + ". ";
        if (result == "fails") line += "They failed.";
        if (result == "destroys") {
            line += "They destroyed " + std::string(mine ? "the enemy's " : "your ") +
                    e["destroyed"].get<std::string>() + "!";
        }
        if (result == "captures") {
            line += "They captured " + std::string(mine ? "the enemy's " : "your ") +
                    e["captured"].get<std::string>() + " as a prize!";
        }
        if (result == "recaptures") {
            line += "They recaptured " + whose + " " + e["recaptured"].get<std::string>() +
                    ", which sails home.";
            if (!e["returning_hits"].empty()) {
                line += " Shots fired at its waters while it was away now hit it: " +
                        struck_text(e["returning_hits"], style) + ".";
            }
        }
    } else if (weapon == "experimental") {
        line = who + " fired the Experimental Weapon: " + roll_text(e) + ". ";
        if (e["rolls"].size() > 1) line += "Massive Criticality! ";
        if (result == "mishap") {
            line += "A mishap!";
            if (e.contains("mishap")) {
                std::string cells;
                for (const auto& c : e["mishap"]["cells"]) {
                    cells += (cells.empty() ? "" : " ") + c.get<std::string>();
                }
                line += " It destroyed " + whose + " own " +
                        e["mishap"]["ship"].get<std::string>() + " (at " + cells + ").";
            }
            line += " The blast is 1 cell.";
        } else {
            line += "The blast covers " + e["blast_size"].dump() + " connected cells.";
        }
    }
    lines.push_back(line);
    if (e.contains("shots") && !e["shots"].empty())
        lines.push_back(struck_text(e["shots"], style) + ".");
    for (const auto& shot : e.value("shots", nlohmann::json::array())) {
        if (shot["result"] != "sunk") continue;
        const std::string ship = shot["ship"].get<std::string>();
        lines.push_back(mine ? style.paint("You sank the enemy's " + ship + "!", Tone::kGood)
                             : style.paint("The enemy sank your " + ship + "!", Tone::kBad));
    }
    if (e.contains("destroyed") && weapon == "torpedo") {
        lines.push_back(
            style.paint("Torpedo bonus: " + std::string(mine ? "the enemy's " : "your ") +
                            e["destroyed"].get<std::string>() + " is destroyed!",
                        mine ? Tone::kGood : Tone::kBad));
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
    if (type == "blast") {
        auto lines = narrate_shots(event, event["seat"] == me, style);
        if (!lines.empty()) {
            lines.front() = (event["seat"] == me ? "Your blast: " : "The enemy's blast: ") +
                            struck_text(event["shots"], style) + ".";
        }
        return lines;
    }
    if (type == "weapon") return narrate_weapon(event, event["seat"] == me, style);
    if (type == "turn_skipped") {
        return {event["seat"] == me ? "You have nothing left to fire at or use: your turn passes."
                                    : "The enemy has nothing left to do: its turn passes."};
    }
    if (type == "game_over" && event.value("draw", false)) {
        return {"Neither side can do anything more: the game is a draw."};
    }
    return {};
}

}  // namespace broadside::cli

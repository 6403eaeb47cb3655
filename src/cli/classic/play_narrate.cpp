#include "cli/classic/play_narrate.h"

#include <algorithm>

#include "cli/seat_names.h"

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

// The words for the side that acted, as the reader stands: the player ("You"), their enemy
// ("Enemy"), or, for a spectator, the seats by name ("Ann", "Bob's").
struct Voice {
    std::string fired;       // "You" / "Enemy" / "Ann" fired at B7
    std::string actor;       // "You" / "The enemy" / "Ann" launched ...
    std::string salvo;       // "Your" / "Enemy" / "Ann's" salvo of 3 shots
    std::string blast;       // "Your" / "The enemy's" / "Ann's" blast
    std::string own;         // "your" / "the enemy's" / "Ann's": the actor's own ship
    std::string target;      // "the enemy's" / "your" / "Bob's": the other side's ship
    Tone sank_tone;          // good news, bad news, or neither (a spectator)
    bool addressed = false;  // the actor is "you": "You fire", not "You fires"

    // The verb as the actor takes it: `plain` for "you", `third` for anyone else.
    std::string verb(const char* plain, const char* third) const {
        return addressed ? plain : third;
    }
};

Voice voice_of(int actor, int me, const std::vector<std::string>& names) {
    if (me >= 0 || names.size() < 2) {
        if (actor == me) {
            return {"You", "You", "Your", "Your", "your", "the enemy's", Tone::kGood, true};
        }
        return {"Enemy", "The enemy", "Enemy", "The enemy's", "the enemy's", "your", Tone::kBad};
    }
    // Names as record_seat_names gives them: "Ann", "the density bot", or "you" (the person who
    // played the saved game): "The density bot fired", "Your salvo", "sank your Cruiser".
    const std::string a = names[static_cast<std::size_t>(actor == 1 ? 1 : 0)];
    const std::string b = names[static_cast<std::size_t>(actor == 1 ? 0 : 1)];
    return {capitalised(a),
            capitalised(a),
            capitalised(possessive(a)),
            capitalised(possessive(a)),
            possessive(a),
            possessive(b),
            Tone::kSunk,
            a == "you"};
}

std::string sank_line(const Voice& v, const std::string& ship, const Style& style) {
    return style.paint(v.actor + " sank " + v.target + " " + ship + "!", v.sank_tone);
}

std::vector<std::string> narrate_shots(const nlohmann::json& event, const Voice& v,
                                       const Style& style) {
    std::vector<std::string> lines;
    const auto& shots = event["shots"];
    if (shots.size() == 1) {
        lines.push_back(v.fired + " fired at " + shots[0]["cell"].get<std::string>() + ": " +
                        outcome(shots[0], style) + ".");
    } else {
        std::string line = v.salvo + " salvo of " + std::to_string(shots.size()) + " shots:";
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
        lines.push_back(sank_line(v, shot["ship"].get<std::string>(), style));
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

std::vector<std::string> narrate_weapon(const nlohmann::json& e, const Voice& v,
                                        const Style& style) {
    const std::string weapon = e["weapon"].get<std::string>();
    const std::string result = e["outcome"].get<std::string>();
    const std::string& who = v.actor;
    const std::string& whose = v.own;
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
            line += "They destroyed " + v.target + " " + e["destroyed"].get<std::string>() + "!";
        }
        if (result == "captures") {
            line += "They captured " + v.target + " " + e["captured"].get<std::string>() +
                    " as a prize!";
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
        lines.push_back(sank_line(v, shot["ship"].get<std::string>(), style));
    }
    if (e.contains("destroyed") && weapon == "torpedo") {
        lines.push_back(style.paint("Torpedo bonus: " + v.target + " " +
                                        e["destroyed"].get<std::string>() + " is destroyed!",
                                    v.sank_tone));
    }
    return lines;
}

}  // namespace

std::vector<std::string> shot_cells(const nlohmann::json& event) {
    std::vector<std::string> cells;
    for (const auto& shot : event["shots"]) cells.push_back(shot["cell"].get<std::string>());
    return cells;
}

std::vector<std::string> narrate(const nlohmann::json& event, int me, const Style& style,
                                 const std::vector<std::string>& names) {
    const std::string type = event.value("type", "");
    const int seat = event.value("seat", -1);
    const Voice v = voice_of(seat, me, names);
    const bool spectator = me < 0 && names.size() >= 2;
    if (type == "fleet_placed") {
        if (spectator) return {v.salvo + " fleet is in position."};
        if (seat == me) return {"Your fleet is in position."};
        return {"The enemy has placed its fleet."};
    }
    if (type == "firing_starts") {
        const int first = event.value("first", -1);
        if (spectator) {
            // A record played by one person names them "you": "You fire first."
            const Voice first_voice = voice_of(first, me, names);
            return {first_voice.actor + " " + first_voice.verb("fire", "fires") + " first."};
        }
        return {first == me ? "You fire first." : "The enemy fires first."};
    }
    if (type == "shots") return narrate_shots(event, v, style);
    if (type == "blast") {
        auto lines = narrate_shots(event, v, style);
        if (!lines.empty()) {
            lines.front() = v.blast + " blast: " + struck_text(event["shots"], style) + ".";
        }
        return lines;
    }
    if (type == "weapon") return narrate_weapon(event, v, style);
    if (type == "turn_skipped") {
        if (spectator) {
            return {v.actor + " " + v.verb("have", "has") +
                    " nothing left to fire at or use: the turn passes."};
        }
        return {seat == me ? "You have nothing left to fire at or use: your turn passes."
                           : "The enemy has nothing left to do: its turn passes."};
    }
    if (type == "game_over" && event.value("draw", false)) {
        return {"Neither side can do anything more: the game is a draw."};
    }
    return {};
}

}  // namespace broadside::cli

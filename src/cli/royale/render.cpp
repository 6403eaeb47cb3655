#include "cli/royale/render.h"

#include <cctype>
#include <map>
#include <sstream>

namespace broadside::cli {

using nlohmann::json;

namespace {

std::string who(int s, int me) {
    return s == me ? "you" : "seat " + std::to_string(s);
}

std::string list(const json& seats, int me) {
    std::string out;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        out +=
            (i == 0 ? "" : (i + 1 == seats.size() ? " and " : ", ")) + who(seats[i].get<int>(), me);
    }
    return out;
}

std::string cells_text(const json& cells) {
    std::string out;
    for (const auto& c : cells) out += (out.empty() ? "" : " ") + c.get<std::string>();
    return out;
}

}  // namespace

std::string render_royale(const json& o) {
    const int me = o["seat"].get<int>();
    std::map<std::string, json> shots;
    for (const auto& s : o["board"]["shots"]) shots[s["cell"].get<std::string>()] = s;
    std::map<std::string, std::string> mine;  // my unshot card cells
    for (const auto& c : o["my_cards"]) {
        if (o["phase"] == "discard") break;
        for (const auto& cell : c["cells"]) mine[cell.get<std::string>()] = "=";
    }
    std::map<std::string, std::string> sonar;  // line -> mark
    for (const auto& m : o["board"]["sonar"]) {
        sonar[m["line"].get<std::string>()] = m["ping"].get<bool>() ? "P" : "-";
    }
    std::ostringstream out;
    out << "    ";
    for (int c = 1; c <= 10; ++c) out << (c < 10 ? " " : "") << c << " ";
    out << "\n    ";
    for (int c = 1; c <= 10; ++c) {
        const auto it = sonar.find(std::to_string(c));
        out << " " << (it == sonar.end() ? " " : it->second) << " ";
    }
    out << "   (sonar: P ping, - no ping)\n";
    for (int r = 0; r < 10; ++r) {
        const std::string row(1, static_cast<char>('A' + r));
        const auto it = sonar.find(row);
        out << (it == sonar.end() ? " " : it->second) << " " << row << " ";
        for (int c = 1; c <= 10; ++c) {
            const std::string cell = row + std::to_string(c);
            std::string mark = ".";
            if (shots.count(cell)) {
                const auto& s = shots[cell];
                const int pegs = s["pegs"].get<int>();
                mark = s["sunk"].get<bool>() ? "#" : pegs == 0 ? "o" : pegs == 1 ? "X" : "2";
            } else if (mine.count(cell)) {
                mark = "=";
            }
            out << "  " << mark;
        }
        out << "\n";
    }
    out << "  . unshot  o miss  X hit  2 two hits  # sunk  = your ship (unshot)\n";
    for (const auto& m : o["board"]["sonar"]) {
        const std::string line = m["line"].get<std::string>();
        const bool row = std::isalpha(static_cast<unsigned char>(line[0])) != 0;
        out << "  sonar on " << (row ? "row " : "column ") << line << " by "
            << who(m["seat"].get<int>(), me) << ": "
            << (m["ping"].get<bool>() ? "Ping! from " + list(m["pinged"], me) : "no ping") << "\n";
    }
    out << "\n";
    out << "Your command center (" << o["mode"].get<std::string>() << " mode, seat " << me
        << "):\n";
    for (const auto& c : o["my_cards"]) {
        out << "  " << c["id"].get<std::string>() << "  " << c["ship"].get<std::string>();
        if (c.contains("bonus")) out << " (bonus " << c["bonus"] << ")";
        out << "  " << cells_text(c["cells"]);
        if (!c["hits"].empty()) out << "   hit: " << cells_text(c["hits"]);
        if (c["sunk"].get<bool>()) out << "   SUNK";
        out << "\n";
    }
    if (!o["my_discards"].empty()) out << "  discarded: " << cells_text(o["my_discards"]) << "\n";
    out << "\nPlayers:\n";
    for (const auto& s : o["seats"]) {
        const int seat = s["seat"].get<int>();
        out << "  " << (seat == me ? "you   " : "seat " + std::to_string(seat)) << "  ";
        if (o["phase"] == "discard") {
            out << (s["discarded"].get<bool>() ? "has discarded" : "choosing discards");
        } else if (s["eliminated"].get<bool>()) {
            out << "eliminated";
        } else {
            out << s["cards_afloat"] << " card(s) afloat";
        }
        out << ", bonus shots " << s["bonus_shots"];
        if (s.contains("own_sonar")) {
            out << ", sonar " << (s["own_sonar"].get<bool>() ? "ready" : "gone");
            if (s["bonus_sonars"].get<int>() > 0) out << " + " << s["bonus_sonars"] << " bonus";
        }
        for (const auto& c : s["claimed"]) {
            out << "\n          claimed " << c["id"].get<std::string>() << " "
                << c["ship"].get<std::string>() << " (" << cells_text(c["cells"]) << ")"
                << (c["bonus_left"].get<int>() > 0 ? ", bonus unused" : "");
        }
        out << "\n";
    }
    if (!o["roll"].is_null()) {
        out << "\nDie: " << o["roll"] << "; die shots left: " << o["shots_left"] << "\n";
    }
    return out.str();
}

std::string narrate_royale(const json& e, int me) {
    const std::string type = e.value("type", "");
    const int seat = e.value("seat", -1);
    if (type == "dealt") {
        if (e.contains("cards")) return "You were dealt " + cells_text(e["cards"]) + ".";
        return who(seat, me) + " was dealt " + e["count"].dump() + " cards.";
    }
    if (type == "discarded") {
        if (e.contains("cards")) return "You discarded " + cells_text(e["cards"]) + ".";
        return who(seat, me) + " has chosen discards.";
    }
    if (type == "play_starts") return "Play starts with " + who(e["first"].get<int>(), me) + ".";
    if (type == "turn") return "-- " + who(seat, me) + (seat == me ? "r" : "'s") + " turn --";
    if (type == "roll") return who(seat, me) + " rolled " + e["value"].dump() + ".";
    if (type == "sonar") {
        return who(seat, me) + " used " + e["source"].get<std::string>() + " sonar on " +
               e["line"].get<std::string>() + ": " +
               (e["ping"].get<bool>() ? "Ping! from " + list(e["pinged"], me) : "no ping") + ".";
    }
    if (type == "shots") {
        std::string out = who(seat, me) + (e["source"] == "bonus" ? " (bonus)" : "") + " shot";
        for (const auto& s : e["shots"]) {
            out += " " + s["cell"].get<std::string>() + ": ";
            out += s["hit"].empty() ? "miss" : "hit (" + list(s["hit"], me) + ")";
            out += ";";
        }
        out.back() = '.';
        return out;
    }
    if (type == "sunk") {
        std::string out = who(e["by"].get<int>(), me) + " sank " +
                          (seat == me ? std::string("your ") : who(seat, me) + "'s ") +
                          e["card"]["ship"].get<std::string>() + " " +
                          e["card"]["id"].get<std::string>() + " (" +
                          cells_text(e["card"]["cells"]) + ")";
        if (e.contains("bonus_shots") && e["bonus_shots"].get<int>() > 0) {
            out += ", +" + e["bonus_shots"].dump() + " bonus shot(s)";
        }
        if (e.contains("bonus_sonar") && e["bonus_sonar"].get<int>() > 0) out += ", +1 bonus sonar";
        return out + ".";
    }
    if (type == "eliminated") return who(seat, me) + (seat == me ? " are" : " is") + " eliminated!";
    if (type == "game_over") {
        return "Game over: " + list(e["winners"], me) +
               (e["winners"].size() > 1 ? " share the win." : " won.");
    }
    return type;
}

std::string royale_help() {
    return "Commands:\n"
           "  discard S03 S17      choose your two discards (at the start)\n"
           "  sonar C | sonar 7    Advanced: sonar on a row or column, before the roll\n"
           "                       (add 'bonus' to use a bonus sonar: sonar 7 bonus)\n"
           "  roll                 Advanced: roll the die (after sonar, or instead of it)\n"
           "  fire A9              Standard: one die shot; Advanced: fire A9 B9 C3 (all at once)\n"
           "  bonus A9             Standard: a bonus shot; Advanced: bonus A12 A9 B9 C3 (a\n"
           "                       claimed card's whole volley; the card id is optional)\n"
           "  end                  end your turn (die shots spent, bonuses kept for later)\n"
           "  board                show the board again\n"
           "  help                 this list\n"
           "  quit                 leave the game\n";
}

}  // namespace broadside::cli

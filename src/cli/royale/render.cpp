#include "cli/royale/render.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "cli/classic/play_render.h"

namespace broadside::cli {

using nlohmann::json;

std::string SeatNames::who(int seat) const {
    if (seat == me) return "you";
    if (seat >= 0 && seat < static_cast<int>(names.size())) return names[seat];
    return "seat " + std::to_string(seat);
}

namespace {

std::string list(const json& seats, const SeatNames& names) {
    std::string out;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        out += (i == 0 ? "" : (i + 1 == seats.size() ? " and " : ", ")) +
               names.who(seats[i].get<int>());
    }
    return out;
}

// Who a shot hit: the event has one entry per card hit, so a seat with two cards there is
// named once, with its count ("two of your ships and Ann").
std::string hit_list(const json& seats, const SeatNames& names) {
    std::vector<std::pair<int, int>> counts;  // (seat, cards), in first-hit order
    for (const auto& s : seats) {
        const int seat = s.get<int>();
        auto it = std::find_if(counts.begin(), counts.end(),
                               [seat](const auto& c) { return c.first == seat; });
        if (it == counts.end()) {
            counts.emplace_back(seat, 1);
        } else {
            ++it->second;
        }
    }
    static const char* const kWords[] = {"", "one", "two", "three", "four", "five", "six"};
    std::string out;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const auto [seat, cards] = counts[i];
        out += i == 0 ? "" : (i + 1 == counts.size() ? " and " : ", ");
        if (cards == 1) {
            out += names.who(seat);
            continue;
        }
        out += (cards <= 6 ? std::string(kWords[cards]) : std::to_string(cards)) + " of " +
               (seat == names.me ? std::string("your") : names.who(seat) + "'s") + " ships";
    }
    return out;
}

// A card's coordinates, which always lie in a line: "E6-I6", or the one cell.
std::string span(const json& cells) {
    if (cells.empty()) return "";
    if (cells.size() == 1) return cells[0].get<std::string>();
    return cells.front().get<std::string>() + "-" + cells.back().get<std::string>();
}

std::string cells_text(const json& cells) {
    std::string out;
    for (const auto& c : cells) out += (out.empty() ? "" : " ") + c.get<std::string>();
    return out;
}

std::string capitalised(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::vector<char> royale_card_letters(const json& my_cards) {
    std::vector<char> letters;
    for (const auto& c : my_cards) {
        char pick = static_cast<char>(
            std::toupper(static_cast<unsigned char>(c["ship"].get<std::string>().front())));
        // A second card of the same kind gets the next free letter, so that two of your ships
        // side by side can be told apart.
        while (std::find(letters.begin(), letters.end(), pick) != letters.end()) {
            pick = pick == 'Z' ? 'A' : static_cast<char>(pick + 1);
        }
        letters.push_back(pick);
    }
    return letters;
}

std::string render_royale(const json& o, const SeatNames& names, const Style& style) {
    // A spectator's public view has no hand: no ships of "yours", and no "Your ships" panel.
    const bool spectator = !o.contains("my_cards");
    const json my_cards = o.value("my_cards", json::array());
    const json my_discards = o.value("my_discards", json::array());
    std::map<std::string, json> shots;
    for (const auto& s : o["board"]["shots"]) shots[s["cell"].get<std::string>()] = s;
    const bool discarding = o["phase"] == "discard";
    const auto letters = royale_card_letters(my_cards);
    std::map<std::string, char> mine;  // my unshot, unsunk card cells, by letter
    for (std::size_t i = 0; i < my_cards.size(); ++i) {
        const auto& c = my_cards[i];
        if (discarding || c["sunk"].get<bool>()) continue;
        for (const auto& cell : c["cells"]) mine.emplace(cell.get<std::string>(), letters[i]);
    }
    std::map<std::string, std::string> sonar;  // line -> mark
    for (const auto& m : o["board"]["sonar"]) {
        sonar[m["line"].get<std::string>()] = m["ping"].get<bool>() ? "P" : "-";
    }
    // The grid: every cell three columns wide with its mark in the last, so that each mark
    // stands under the last digit of its column number.
    Block grid;
    std::string header = "    ";
    for (int c = 1; c <= 10; ++c) header += (c < 10 ? "  " : " ") + std::to_string(c);
    grid.add(style.paint(header, Tone::kDim));
    if (!sonar.empty()) {
        std::string line = "    ";
        for (int c = 1; c <= 10; ++c) {
            const auto it = sonar.find(std::to_string(c));
            line += "  " + (it == sonar.end() ? std::string(" ") : it->second);
        }
        grid.add(line);
    }
    for (int r = 0; r < 10; ++r) {
        const std::string row(1, static_cast<char>('A' + r));
        const auto it = sonar.find(row);
        std::string line =
            (it == sonar.end() ? " " : it->second) + " " + style.paint(row, Tone::kDim) + " ";
        for (int c = 1; c <= 10; ++c) {
            const std::string cell = row + std::to_string(c);
            std::string mark;
            if (shots.count(cell)) {
                const auto& s = shots[cell];
                const int pegs = s["pegs"].get<int>();
                mark = s["sunk"].get<bool>() ? style.paint("#", Tone::kSunk)
                       : pegs == 0
                           ? style.paint("o", Tone::kMiss)
                           : style.paint(pegs == 1 ? "X" : std::to_string(std::min(pegs, 9)),
                                         Tone::kHit);
            } else if (mine.count(cell)) {
                mark = style.paint(std::string(1, mine[cell]), Tone::kShip);
            } else {
                mark = style.paint(".", Tone::kWater);
            }
            line += "  " + mark;
        }
        grid.add(line);
    }
    grid.add("  . open  o miss  X hit  # sunk");
    grid.add(spectator ? "  2 two hits" : "  2 two hits  A-Z your ships");
    if (!sonar.empty()) grid.add("  sonar: P ping  - no ping");

    // Beside it: your cards, then the players.
    Block side;
    if (!spectator) {
        side.add(style.paint(discarding ? "Your hand (keep 3):" : "Your ships:", Tone::kTitle));
    }
    for (std::size_t i = 0; i < my_cards.size(); ++i) {
        const auto& c = my_cards[i];
        std::string line = discarding ? "  " : std::string(1, letters[i]) + " ";
        line += c["id"].get<std::string>() + " " + c["ship"].get<std::string>() + " " +
                span(c["cells"]);
        if (c.contains("bonus") && c["bonus"].get<int>() > 1) {
            line += " +" + std::to_string(c["bonus"].get<int>());
        }
        if (c["sunk"].get<bool>()) {
            line += " " + style.paint("SUNK", Tone::kBad);
        } else if (!c["hits"].empty()) {
            const int hits = static_cast<int>(c["hits"].size());
            line += " " + style.paint(plural(hits, "hit", "hits"), Tone::kHit);
        }
        side.add(line);
    }
    if (!my_discards.empty()) side.add("  discarded " + cells_text(my_discards));
    if (!spectator) side.add("");
    side.add(style.paint("Players:", Tone::kTitle));
    const int to_move = o["to_move"].is_number_integer() ? o["to_move"].get<int>() : -1;
    for (const auto& s : o["seats"]) {
        const int seat = s["seat"].get<int>();
        std::string line = (seat == to_move ? "> " : "  ") + capitalised(names.who(seat)) + ": ";
        if (discarding) {
            line += s["discarded"].get<bool>() ? "has discarded" : "choosing discards";
        } else if (s["eliminated"].get<bool>()) {
            line += style.paint("eliminated", Tone::kDim);
        } else {
            line += plural(s["cards_afloat"].get<int>(), "ship", "ships");
        }
        const int bonus = s["bonus_shots"].get<int>();
        if (bonus > 0) line += ", " + plural(bonus, "bonus shot", "bonus shots");
        if (s.contains("own_sonar")) {
            line += s["own_sonar"].get<bool>() ? ", sonar" : "";
            const int extra = s["bonus_sonars"].get<int>();
            if (extra > 0) line += " +" + std::to_string(extra);
        }
        side.add(line);
    }
    std::string out = join_blocks(grid, side, 80);
    // (Once the game is over the last roll says nothing more: its row goes to the news.)
    if (!o["roll"].is_null() && o["phase"] != "over") {
        out += "  Die: " + o["roll"].dump() + "; " +
               plural(o["shots_left"].get<int>(), "die shot", "die shots") + " left.\n";
    }
    return out;
}

std::string narrate_royale(const json& e, const SeatNames& names) {
    const std::string type = e.value("type", "");
    const int seat = e.value("seat", -1);
    const std::string who = capitalised(names.who(seat));
    if (type == "dealt") {
        if (e.contains("cards")) return "You were dealt " + cells_text(e["cards"]) + ".";
        return "";
    }
    if (type == "discarded") {
        if (e.contains("cards")) return "You discarded " + cells_text(e["cards"]) + ".";
        return "";
    }
    if (type == "play_starts") {
        return "Play starts with " + names.who(e["first"].get<int>()) + ".";
    }
    if (type == "turn" || type == "roll") return "";
    if (type == "sonar") {
        return who + " used " + e["source"].get<std::string>() + " sonar on " +
               e["line"].get<std::string>() + ": " +
               (e["ping"].get<bool>() ? "ping from " + list(e["pinged"], names) : "no ping") + ".";
    }
    if (type == "shots") {
        std::string out = who + (e["source"] == "bonus" ? " (bonus)" : "") + " shot";
        for (const auto& s : e["shots"]) {
            out += " " + s["cell"].get<std::string>() + ": ";
            out += s["hit"].empty() ? "miss" : "hit (" + hit_list(s["hit"], names) + ")";
            out += ";";
        }
        out.back() = '.';
        return out;
    }
    if (type == "sunk") {
        const int by = e["by"].get<int>();
        std::string out = capitalised(names.who(by)) + " sank " +
                          (seat == names.me ? std::string("your ") : names.who(seat) + "'s ") +
                          e["card"]["ship"].get<std::string>() + " " +
                          e["card"]["id"].get<std::string>() + " (" + span(e["card"]["cells"]) +
                          ")";
        if (e.contains("bonus_shots") && e["bonus_shots"].get<int>() > 0) {
            out += ", +" + plural(e["bonus_shots"].get<int>(), "bonus shot", "bonus shots");
        }
        if (e.contains("bonus_sonar") && e["bonus_sonar"].get<int>() > 0) out += ", +1 bonus sonar";
        return out + ".";
    }
    if (type == "eliminated") return who + (seat == names.me ? " are" : " is") + " eliminated!";
    if (type == "game_over") {
        return "Game over: " + list(e["winners"], names) +
               (e["winners"].size() > 1 ? " share the win."
                                        : (e["winners"][0] == names.me ? " win!" : " wins."));
    }
    return "";
}

std::string royale_help(const json& o, const json& legal) {
    std::set<std::string> can;
    for (const auto& a : legal["actions"]) can.insert(a["type"].get<std::string>());
    const bool advanced = o["mode"] == "advanced";
    // Examples that are valid now: your own card ids, an open coordinate, a claimed card.
    std::string open = "A1";
    std::set<std::string> shot;
    for (const auto& s : o["board"]["shots"]) shot.insert(s["cell"].get<std::string>());
    std::set<std::string> own;
    for (const auto& c : o["my_cards"]) {
        for (const auto& cell : c["cells"]) own.insert(cell.get<std::string>());
    }
    for (int i = 0; i < 100; ++i) {
        const std::string cell =
            std::string(1, static_cast<char>('A' + i / 10)) + std::to_string(i % 10 + 1);
        if (!shot.count(cell) && !own.count(cell)) {
            open = cell;
            break;
        }
    }
    std::string claimed;
    for (const auto& c : o["seats"][o["seat"].get<int>()]["claimed"]) {
        if (c["bonus_left"].get<int>() > 0) claimed = c["id"].get<std::string>();
    }
    // Two columns: the command (with an example valid now) and what it does, wrapped under
    // its own column so that the list fits 80 columns.
    std::ostringstream out;
    const auto row = [&out](const std::string& command, const std::string& what) {
        constexpr std::size_t kCommand = 22;
        std::string first = "  " + command;
        first += first.size() < kCommand ? std::string(kCommand - first.size(), ' ') : "  ";
        const auto lines = wrap(what, static_cast<int>(78 - std::max(first.size(), kCommand)));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            out << (i == 0 ? first : std::string(std::max(first.size(), kCommand), ' ')) << lines[i]
                << "\n";
        }
    };
    out << "Commands now:\n";
    if (can.count("discard")) {
        // Two cards that may be discarded: never the Submarine card (Advanced) you must keep.
        std::string two;
        int picked = 0;
        for (const auto& c : o["my_cards"]) {
            if (picked == 2 || c.value("submarine", false)) continue;
            two += " " + c["id"].get<std::string>();
            ++picked;
        }
        row("discard" + two, "the two cards you do not keep");
    }
    if (can.count("sonar")) {
        row("sonar C, sonar 7", "sonar on a row or column, before the roll");
        row("sonar 7 bonus", "a bonus sonar (one you won by sinking)");
    }
    if (can.count("roll")) row("roll", "roll the die for this turn's shots");
    if (can.count("fire")) {
        row(open + (advanced ? " ..." : ""),
            advanced ? "all the die's shots at once (or: fire " + open + " ...)"
                     : "one die shot (or: fire " + open + ")");
    }
    if (can.count("bonus")) {
        row("bonus " + (claimed.empty() ? "" : claimed + " ") + open,
            advanced ? "a claimed card's bonus volley (its id first)" : "a bonus shot");
    }
    if (can.count("end")) row("end", "end your turn (bonus shots keep)");
    row("cards", "the deck: your cards, the ones sunk, the ones unseen");
    row("board", "draw the screen again");
    row("quit", "leave the game (asks first)");
    return out.str();
}

std::string royale_cards(const json& o, const royale::Deck& deck, const SeatNames& names) {
    std::map<std::string, std::string> status;  // card id -> what this seat knows
    for (const auto& c : o["my_cards"]) status[c["id"].get<std::string>()] = "yours";
    for (const auto& d : o["my_discards"]) status[d.get<std::string>()] = "your discard";
    for (const auto& s : o["seats"]) {
        for (const auto& c : s["claimed"]) {
            status[c["id"].get<std::string>()] = "sunk by " + names.who(s["seat"].get<int>());
        }
    }
    std::ostringstream out;
    std::string unseen;
    int unseen_count = 0;
    out << "The deck (" << deck.cards.size() << " cards, all printed, so public):\n";
    for (const auto& card : deck.cards) {
        const auto it = status.find(card.id);
        std::string where;
        for (const auto& cell : card.cells) where += (where.empty() ? "" : " ") + to_string(cell);
        if (it == status.end()) {
            unseen += (unseen.empty() ? "" : ", ") + card.id;
            ++unseen_count;
            continue;
        }
        out << "  " << card.id << " " << card.ship << " (" << where << "): " << it->second << "\n";
    }
    out << "Unseen (" << unseen_count << "; each in someone's hand, or discarded): ";
    for (const auto& line : wrap(unseen, 60)) out << "\n  " << line;
    out << "\n";
    return out.str();
}

}  // namespace broadside::cli

// Drawing the party game in the terminal: the player's sea and the public scoreboard, from the
// seat's observation only.
#include <array>
#include <map>
#include <sstream>

#include "cli/party/play.h"
#include "games/party/board.h"

namespace broadside::cli {

namespace {}  // namespace

std::string render_party_board(const nlohmann::json& obs, bool colour) {
    using namespace party;
    // What each cell shows: '.' open sea, 'o' a torpedo in the water, the ship's letter where a
    // ship is untouched, 'x' a hit, '#' a ship sunk, '*' a super torpedo's hit.
    std::array<std::string, kCells> cells;
    cells.fill(".");
    std::array<int, kCells> ansi{};
    for (const auto& t : obs["torpedoes"])
        cells[static_cast<std::size_t>(*parse_cell(t.get<std::string>()))] = "o";
    for (const auto& t : obs["super_torpedoes"]) {
        cells[static_cast<std::size_t>(*parse_cell(t.get<std::string>()))] = "O";
    }
    const auto& fleet = obs.value("my_fleet", nlohmann::json());
    if (fleet.is_array()) {
        const auto edition = obs["edition"] == "european" ? Edition::kEuropean : Edition::kRainbow;
        for (std::size_t i = 0; i < fleet.size(); ++i) {
            const auto& ship = fleet[i];
            const bool sunk = ship["sunk"].get<bool>();
            for (const auto& c : ship["cells"]) {
                const auto idx = static_cast<std::size_t>(*parse_cell(c.get<std::string>()));
                ansi[idx] = ship_themes(edition)[i].ansi;
                if (cells[idx] == ".") {
                    cells[idx] = std::string(1, kPartyShipLetters[i]);
                } else if (cells[idx] == "O") {
                    cells[idx] = "*";
                } else {
                    cells[idx] = sunk ? "#" : "x";
                }
            }
        }
    }
    std::ostringstream o;
    o << "     A B C D E F\n";
    for (int r = 0; r < kSide; ++r) {
        o << "  " << r + 1 << " ";
        for (int c = 0; c < kSide; ++c) {
            const auto idx = static_cast<std::size_t>(r * kSide + c);
            o << ' ';
            if (colour && ansi[idx]) {
                o << "\x1b[38;5;" << ansi[idx] << "m" << cells[idx] << "\x1b[0m";
            } else {
                o << cells[idx];
            }
        }
        o << "\n";
    }
    // Without a fleet (a spectator's public view, the host's screen) no ship is drawn: the key
    // names only what can be on the board.
    o << (fleet.is_array()
              ? "  (A/B/C/S/D/P your ships, x hit, # sunk, o miss, O super torpedo, * super hit)\n"
              : "  (o torpedo, O super torpedo)\n");
    return o.str();
}

std::string render_party_scoreboard(const nlohmann::json& obs, int my_seat,
                                    const std::vector<std::string>& names) {
    const auto& board = obs["scoreboard"];
    // Small tables list every seat (protocol 2); big rooms have counts only.
    static const nlohmann::json none = nlohmann::json::array();
    const auto& afloat = board.contains("afloat") ? board["afloat"] : none;
    std::map<int, std::string> eliminated;
    for (const auto& e : board.contains("eliminated") ? board["eliminated"] : none) {
        eliminated[e["seat"].get<int>()] =
            "out (super torpedo " + std::to_string(e["super_torpedo"].get<int>()) + ")";
    }
    std::ostringstream o;
    const int players = obs["players"].get<int>();
    auto who = [&](int seat) {
        if (seat == my_seat) return std::string("you");
        if (seat < static_cast<int>(names.size()) &&
            !names[static_cast<std::size_t>(seat)].empty()) {
            return names[static_cast<std::size_t>(seat)];
        }
        return "player " + std::to_string(seat);
    };
    if (players <= 12 && !afloat.empty()) {
        o << "Scoreboard (ships afloat):\n";
        for (int seat = 1; seat <= players; ++seat) {
            const auto& a = afloat[static_cast<std::size_t>(seat)];
            const std::string name = who(seat);
            const std::size_t width = names.empty() ? 10 : 24;  // names are up to 20 characters
            o << "  " << name << std::string(name.size() < width ? width - name.size() : 1, ' ')
              << (a.is_null() ? std::string("-") : std::to_string(a.get<int>()));
            if (eliminated.count(seat)) o << "  " << eliminated[seat];
            o << "\n";
        }
        return o.str();
    }
    // Thousands of players: how many have each count (the observation's afloat_counts: big
    // rooms list no seats), and where you stand.
    const auto& by_count = board["afloat_counts"];
    o << "Scoreboard: players by ships afloat:";
    for (int k = 6; k >= 0; --k) {
        const int n = by_count[static_cast<std::size_t>(k)].get<int>();
        if (n) o << "  " << k << ": " << n;
    }
    const auto& mine = obs.contains("my_afloat") ? obs["my_afloat"] : nlohmann::json();
    if (!mine.is_null()) {
        o << "\n  you: " << mine.get<int>() << " afloat, " << obs["my_rank"].get<int>() - 1
          << " player(s) ahead of you";
    }
    if (board.value("remaining_count", 0) > 0) {
        o << "\n  tiebreak: " << board["remaining_count"].get<int>() << " still in, "
          << board["eliminated_count"].get<int>() << " eliminated";
        if (!obs.value("my_eliminated_by", nlohmann::json()).is_null()) {
            o << " (you are out: super torpedo " << obs["my_eliminated_by"].get<int>() << ")";
        }
    }
    o << "\n";
    return o.str();
}

}  // namespace broadside::cli

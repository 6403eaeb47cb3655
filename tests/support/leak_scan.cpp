#include "support/leak_scan.h"

#include <algorithm>
#include <stdexcept>

#include "core/ship.h"
#include "games/party/board.h"
#include "games/royale/instance.h"
#include "match/match.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using CellSet = std::set<std::string>;

// ---- classic, Salvo and the weapons ----

// Per seat, the ship cells of its fleet (name -> "seat N's Ship"), from the placements.
std::vector<std::map<std::string, std::string>> classic_fleets(const Match& m, BoardSize board) {
    const json fleet = m.options()["fleet"];
    const json fleets = m.reveal_now()["fleets"];
    std::vector<std::map<std::string, std::string>> out(2);
    for (std::size_t s = 0; s < 2; ++s) {
        const json& ships = fleets[s];
        for (std::size_t i = 0; i < ships.size(); ++i) {
            const auto p = parse_placement(ships[i].get<std::string>(), board);
            const auto cells = ship_cells(p.value(), fleet[i]["length"].get<int>(), board);
            const std::string owner =
                "seat " + std::to_string(s) + "'s " + fleet[i]["name"].get<std::string>();
            cells->for_each([&](int index) { out[s][to_string(cell_at(index, board))] = owner; });
        }
    }
    return out;
}

void add_cells(const json& shots, CellSet& to) {
    for (const auto& shot : shots) {
        if (shot.is_object() && shot.contains("cell")) to.insert(shot["cell"].get<std::string>());
        if (shot.is_string()) to.insert(shot.get<std::string>());
    }
}

// What the whole table knows about each ocean, read once from the log.
struct ClassicTruth {
    BoardSize board;
    std::vector<std::map<std::string, std::string>> fleets;
    std::vector<CellSet> open;  // per ocean: fired at by anyone, or shown by a mishap
};

ClassicTruth classic_truth(const Match& m) {
    ClassicTruth t;
    t.board = {m.options()["rows"].get<int>(), m.options()["cols"].get<int>()};
    t.fleets = classic_fleets(m, t.board);
    t.open.resize(2);
    for (const auto& e : m.full_events()) {
        if (!e.contains("seat") || !e["seat"].is_number_integer()) continue;
        const auto actor = e["seat"].get<std::size_t>();
        if (actor > 1) continue;
        if (e.contains("shots")) add_cells(e["shots"], t.open[1 - actor]);
        if (e.contains("mishap")) add_cells(e["mishap"]["cells"], t.open[actor]);
        if (e.contains("returning_hits")) add_cells(e["returning_hits"], t.open[actor]);
        // A torpedo's launch cell is the shooter's own choice, public like a shot.
        if (e["type"] == "weapon" && e.contains("cell"))
            add_cells(json::array({e["cell"]}), t.open[1 - actor]);
    }
    return t;
}

Hidden classic_hidden(const ClassicTruth& t, int viewer) {
    Hidden h;
    h.board = t.board;
    // The cells this viewer may name about its own ocean, which the scanner cannot tell apart.
    CellSet own;
    if (viewer >= 0) {
        own = t.open[static_cast<std::size_t>(viewer)];
        for (const auto& [cell, owner] : t.fleets[static_cast<std::size_t>(viewer)])
            own.insert(cell);
    } else {
        own = t.open[0];
        own.insert(t.open[1].begin(), t.open[1].end());
    }
    for (std::size_t q = 0; q < 2; ++q) {
        if (static_cast<int>(q) == viewer) continue;
        for (const auto& [cell, owner] : t.fleets[q]) {
            if (!t.open[q].count(cell) && !own.count(cell)) h.cells[cell] = owner;
        }
    }
    return h;
}

// ---- Royale ----

Hidden royale_hidden(const Match& m, int viewer) {
    Hidden h;
    const auto& game = dynamic_cast<const royale::RoyaleGame&>(m.instance());
    const royale::Deck& deck = game.observe_seat(0).deck();
    auto cells_of = [&](const std::string& id) {
        CellSet out;
        for (const Cell& c : deck.cards[static_cast<std::size_t>(deck.find(id))].cells)
            out.insert(to_string(c));
        return out;
    };
    const json hands = m.reveal_now()["hands"];
    // Claimed (sunk) cards are public with their cells; the viewer knows its own hand too.
    std::set<std::string> claimed;
    const json table = m.observation(-1);  // a local: the loop must not outlive it
    for (const auto& seat : table["seats"])
        for (const auto& c : seat["claimed"]) claimed.insert(c["id"].get<std::string>());
    std::set<CellSet> lawful;
    for (const auto& id : claimed) lawful.insert(cells_of(id));
    if (viewer >= 0) {
        for (const auto& id : hands[static_cast<std::size_t>(viewer)]["dealt"])
            lawful.insert(cells_of(id.get<std::string>()));
    }
    for (int q = 0; q < m.seat_count(); ++q) {
        if (q == viewer) continue;
        // Dealt holds every card the seat was given: the kept ones and the discards.
        for (const auto& j : hands[static_cast<std::size_t>(q)]["dealt"]) {
            const std::string id = j.get<std::string>();
            const CellSet cells = cells_of(id);
            if (claimed.count(id) || lawful.count(cells)) continue;
            const auto& card = deck.cards[static_cast<std::size_t>(deck.find(id))];
            h.cards.push_back({id, cells, "seat " + std::to_string(q) + "'s " + card.ship});
        }
    }
    return h;
}

// ---- party ----

Hidden party_hidden(const Match& m, int viewer) {
    Hidden h;
    h.board = party::kBoard;
    h.party_sea = true;
    const json reveal = m.reveal_now();
    CellSet torpedoed;
    for (const auto& c : reveal["torpedoes"]) torpedoed.insert(c.get<std::string>());
    // Seat p (1..N) is player p-1; fleets[p] are its placements (fleets[0] is the host's null).
    std::vector<std::map<std::string, std::string>> fleets(reveal["fleets"].size());
    for (std::size_t p = 1; p < fleets.size(); ++p) {
        const json& ships = reveal["fleets"][p];
        for (std::size_t i = 0; i < ships.size(); ++i) {
            const auto placement = party::parse_placement(ships[i].get<std::string>());
            const party::CellMask mask = party::ship_mask(placement.value(), static_cast<int>(i));
            for (int c = 0; c < party::kCells; ++c) {
                if (mask >> c & 1U) {
                    fleets[p][party::cell_name(c)] =
                        "seat " + std::to_string(p) + "'s ship " + std::to_string(i + 1);
                }
            }
        }
    }
    const auto mine = viewer >= 1 && static_cast<std::size_t>(viewer) < fleets.size()
                          ? fleets[static_cast<std::size_t>(viewer)]
                          : std::map<std::string, std::string>{};
    for (std::size_t p = 1; p < fleets.size(); ++p) {
        if (static_cast<int>(p) == viewer) continue;
        for (const auto& [cell, owner] : fleets[p]) {
            if (!torpedoed.count(cell) && !mine.count(cell)) h.cells.emplace(cell, owner);
        }
    }
    return h;
}

// ---- the scan ----

// The cell a string names: a cell ("C4"), or a placement's first cell ("C4 right"; the only cell
// every ship of any length covers).
std::vector<std::string> named_cells(const std::string& text, BoardSize board, bool party_sea) {
    if (text.size() > 16) return {};
    const std::string first = text.substr(0, text.find(' '));
    if (first != text &&
        !(party_sea ? party::parse_placement(text).ok() : parse_placement(text, board).ok())) {
        return {};
    }
    if (party_sea) {
        const auto cell = party::parse_cell(first);
        if (cell && party::cell_name(*cell) == first) return {first};
        return {};
    }
    const auto cell = parse_cell(first, board);
    if (cell && to_string(*cell) == first) return {first};
    return {};
}

void walk(const Hidden& h, const json& j, const std::string& path, bool cells,
          std::vector<std::string>& found) {
    if (j.is_string()) {
        const std::string text = j.get<std::string>();
        for (const auto& cell :
             cells ? named_cells(text, h.board, h.party_sea) : std::vector<std::string>{}) {
            if (auto it = h.cells.find(cell); it != h.cells.end())
                found.push_back(cell + " (" + it->second + ") at " + path);
        }
        for (const auto& card : h.cards) {
            if (card.id == text)
                found.push_back("card " + card.id + " (" + card.owner + ") at " + path);
        }
        return;
    }
    if (j.is_array()) {
        CellSet strings;
        for (const auto& v : j)
            if (v.is_string()) strings.insert(v.get<std::string>());
        if (cells && !strings.empty() && strings.size() == j.size()) {
            for (const auto& card : h.cards) {
                if (card.cells == strings)
                    found.push_back("the cells of card " + card.id + " (" + card.owner + ") at " +
                                    path);
            }
        }
        for (std::size_t i = 0; i < j.size(); ++i)
            walk(h, j[i], path + "/" + std::to_string(i), cells, found);
        return;
    }
    if (j.is_object()) {
        for (const auto& [key, value] : j.items())
            walk(h, value, path + "/" + key, cells && key != "legal", found);
    }
}

}  // namespace

Hidden hidden_for(const Match& m, int viewer) {
    const std::string& game = m.game();
    if (game == "classic" || game == "salvo") return classic_hidden(classic_truth(m), viewer);
    if (game == "royale") return royale_hidden(m, viewer);
    if (game == "party") return party_hidden(m, viewer);
    if (game == "crew") return {};
    throw std::logic_error("leak_scan: no rules for game " + game);
}

std::vector<Hidden> hidden_for_all(const Match& m) {
    std::vector<Hidden> out;
    if (m.game() == "classic" || m.game() == "salvo") {
        const ClassicTruth t = classic_truth(m);
        for (int viewer = -1; viewer < 2; ++viewer) out.push_back(classic_hidden(t, viewer));
        return out;
    }
    for (int viewer = -1; viewer < m.seat_count(); ++viewer) out.push_back(hidden_for(m, viewer));
    return out;
}

std::vector<std::string> scan(const Hidden& hidden, const nlohmann::json& message) {
    std::vector<std::string> found;
    walk(hidden, message, "", true, found);
    return found;
}

}  // namespace broadside::testing

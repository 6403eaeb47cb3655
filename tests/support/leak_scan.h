#pragma once
// One secret scanner for every game (docs/testing.md, "Leak scans"). From a match's hidden truth
// it lists what one viewer (a seat, or -1 for a spectator) must not learn at this moment, cell by
// cell and card by card; then any JSON that viewer received is scanned for each of them.
//
// What counts as hidden, by the rules (docs/rules/*.md):
// - classic, Salvo, weapons: another seat's ship cells that nobody has fired at and no
//   Experimental mishap revealed (a SCUBA-destroyed or captured ship's cells stay hidden);
// - Royale: another seat's cards not sunk (as dealt, then as kept) and its discards, each as its
//   content: its id and its set of cells;
// - party: every other player's fleet cells not yet torpedoed (the host sees no fleet);
// - crew: nothing (every die is rolled in public, docs/rules/crew.md).
// A cell the viewer may name for another reason (its own ship's cell, a cell fired at on its own
// ocean, a cell fired at anywhere for a spectator) is left out, since the scanner does not know
// which ocean a string is about: a leak on such a cell goes unseen, every other one is found.
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cell.h"

namespace broadside {
class Match;
}

namespace broadside::testing {

struct HiddenCard {
    std::string id;
    std::set<std::string> cells;
    std::string owner;  // for the report: "seat 2's Destroyer"
};

// What one viewer must not learn now.
struct Hidden {
    BoardSize board{10, 10};
    bool party_sea = false;  // party names cells column first ("C2": column C, row 2)
    std::map<std::string, std::string> cells;  // cell name -> whose ship ("seat 1's Carrier")
    std::vector<HiddenCard> cards;
};

// The hidden truth for every viewer at once, [viewer + 1] (viewer -1 is the spectator): the same
// as hidden_for for each, reading the match's log once.
std::vector<Hidden> hidden_for_all(const Match& m);

// The hidden truth for `viewer` in `m` as it stands (before the end; once the match is over the
// record reveals everything, so callers stop scanning there).
Hidden hidden_for(const Match& m, int viewer);

// Every secret of `hidden` that `message` carries, one line each ("C4 (seat 1's Cruiser) at
// /observation/targets/hits/0"); empty when it is clean. A string names a cell when it is a
// cell ("C4") or a placement ("C4 right": its first cell); an array names a card when its
// strings are exactly that card's cells, in any order; a string equal to a hidden card's id names
// that card. Under a "legal" key (legal actions list every open cell) only card ids are checked.
std::vector<std::string> scan(const Hidden& hidden, const nlohmann::json& message);

}  // namespace broadside::testing

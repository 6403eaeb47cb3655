#pragma once
// The optional weapons of seed 002 (Tactical Nuke, SCUBA, Torpedo, Experimental Weapon, Bomber
// Flight) as pure functions: the cells each weapon affects and what each roll achieves. Wiring
// them into turns, use limits and bots is issue 4's remaining work (see docs/rules/weapons.md).
#include <optional>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/dice.h"
#include "games/classic/options.h"

namespace broadside::classic {

Result<Weapon> parse_weapon(const std::string& name);
std::string weapon_name(Weapon w);
// Uses per game per player: nuke 1, the others 2 (seed 002: "ONE time", "TWO times").
int uses_per_game(Weapon w);

// ---- Tactical Nuke ----
enum class NukeOutcome { kFails, kDiamond, kConditionBravo };
// D20: 1 fails, 2-19 the 13-cell pattern, 20 "Condition Bravo". 3D6: 3 fails, 4-17, 18.
NukeOutcome nuke_outcome(DiceKind dice, int roll);
// The 13 cells within |d row| + |d col| <= 2 of the centre, or with Condition Bravo the full 5x5
// square; cells off the board are ignored.
Bitboard nuke_cells(Cell centre, BoardSize board, bool condition_bravo);

// ---- Bomber Flight ----
// D20 >= 8 or 3D6 >= 6 succeeds.
bool bomber_succeeds(DiceKind dice, int roll);
// The 3x3 square around the centre, clipped to the board.
Bitboard bomber_cells(Cell centre, BoardSize board);

// ---- SCUBA Attack ----
enum class ScubaOutcome { kFails, kDestroys, kCaptures };
// Captures on D20 >= 12 (3D6 >= 10); otherwise destroys on D20 >= 8 (3D6 >= 7); otherwise fails.
ScubaOutcome scuba_outcome(DiceKind dice, int roll);

// ---- Torpedo Attack ----
enum class Heading { kDown, kUp, kRight, kLeft };
// The cells a torpedo crosses, in order, starting at `start`, which must be on the board's edge.
// It travels away from that edge; at a corner the player must name the heading. Errors:
// "not_on_edge", "heading_needed", "bad_heading".
Result<std::vector<Cell>> torpedo_path(Cell start, std::optional<Heading> heading, BoardSize board);
// The first cell of `path` holding a ship segment not yet hit, or nothing (a miss: it left the
// board). It passes over water, hit segments and sunk ships.
std::optional<Cell> torpedo_target(const std::vector<Cell>& path, const Bitboard& ship_cells,
                                   const Bitboard& hit_cells, BoardSize board);
// The optional bonus rule: D20 20 (3D6 18) destroys the ship hit completely.
bool torpedo_bonus_destroys(DiceKind dice, int roll);
Result<Heading> parse_heading(const std::string& word);
std::string heading_name(Heading h);

// ---- Experimental Weapon ----
// The blast size from the D6 rolls: a 6 is "Massive Criticality" and the player rolls again
// while rolling sixes; the size is the sum, capped at the board's cell count.
int blast_size(const std::vector<int>& rolls, BoardSize board);
// Exactly `size` distinct cells on the board forming one group connected through edges or
// corners. Errors: "wrong_blast_size", "duplicate_cell", "off_board", "blast_not_connected".
Status validate_blast(const std::vector<Cell>& cells, int size, BoardSize board);

}  // namespace broadside::classic

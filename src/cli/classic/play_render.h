#pragma once
// Drawing for `broadside play`: grids, side-by-side blocks and colour. Grids are built from a
// seat's observation JSON (what the player may know), never from the game state.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cell.h"
#include "core/ship.h"

namespace broadside::cli {

// ANSI colour when drawing for a terminal; with colour off, no escape code is ever written.
enum class Tone { kTitle, kWater, kShip, kMiss, kHit, kSunk, kGood, kBad, kWarn, kDim, kPrompt };

class Style {
public:
    explicit Style(bool colour) : colour_(colour) {}
    bool colour() const { return colour_; }
    // `reverse` swaps foreground and background, to pick out the last volley's cells.
    std::string paint(std::string_view text, Tone tone, bool reverse = false) const;

private:
    bool colour_;
};

// kPath: water a torpedo ran through (it hit nothing there), drawn '~'.
enum class Mark : std::uint8_t { kWater, kShip, kMiss, kHit, kSunk, kPath };

struct Grid {
    explicit Grid(BoardSize size);
    BoardSize size;
    std::vector<Mark> marks;    // one per cell, row-major
    std::vector<bool> recent;   // cells of the last volley, highlighted in colour
    std::vector<char> letters;  // a ship cell's letter (0: none), so touching ships differ
    void mark(const std::string& cell, Mark m);
    void mark_all(const nlohmann::json& cells, Mark m);  // a JSON list of "B7"
    void set_recent(const std::vector<std::string>& cells);
};

// One letter per ship, so that touching ships can be told apart on a grid: the first letter of
// its name that no earlier ship took (Carrier C, Battleship B, Cruiser R, Submarine S,
// Destroyer D), else the first free letter of the alphabet.
std::vector<char> ship_letters(const std::vector<std::string>& names);
std::vector<char> ship_letters(const std::vector<ShipSpec>& fleet);

// The player's own ocean: their ships (by letter) and the enemy's shots. A ship the enemy has
// captured has left this ocean and is not drawn.
Grid ocean_grid(const nlohmann::json& obs);
// The player's target grid: their hits, misses and the ships they sank.
Grid target_grid(const nlohmann::json& obs);
// `count` cells not yet fired at (at most three, then "...", unless `whole`), in reading order: an
// example that is valid right now, for prompts and help ("B7" when none is left).
std::string example_targets(const nlohmann::json& obs, int count, bool whole = false);
// An ocean with ships drawn from placements ("A1 right"), for the fleet being placed and for
// the enemy fleet revealed at the end (drawn under the shots already on `base`).
void draw_ships(Grid& base, const std::vector<ShipSpec>& fleet,
                const std::vector<std::string>& placements);

// Lines of text with their width on screen (escape codes take no room).
struct Block {
    std::vector<std::string> lines;
    int width = 0;
    void add(std::string line);
};

Block grid_block(const std::string& title, const Grid& grid, const Style& style);
// Two blocks side by side when they fit in `columns`, else one above the other.
std::string join_blocks(const Block& left, const Block& right, int columns = 80);
// `weapons`: also the torpedo's run.
std::string legend(const Style& style, bool weapons = false);
// "4 of 5 ships afloat" and the ships lost, for one side, wrapped to `width`.
// `enemy` names the other side's ("Enemy", or "Bob's" in hot-seat).
Block fleet_status(const nlohmann::json& ships, bool mine, int width, const Style& style,
                   const std::string& enemy = "Enemy");
// The weapons each side has left (and the prizes it holds), from a seat's observation. A weapon
// with uses left whose ship is gone (the observation's `ship_lost`: a sunk or captured Submarine
// or Carrier) is marked "(ship lost)", on either side: it cannot be used.
Block weapons_status(const nlohmann::json& obs, bool mine, int width, const Style& style,
                     const std::string& enemy = "Enemy", bool compact = false);
// The water a torpedo ran through before it struck (or left the board), from its event.
std::vector<std::string> torpedo_run(const nlohmann::json& event, BoardSize board);

int visible_width(std::string_view text);
std::vector<std::string> wrap(const std::string& text, int width);

}  // namespace broadside::cli

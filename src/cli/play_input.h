#pragma once
// What the player types during `broadside play`: a command word, a ship placement or shots.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cell.h"
#include "core/error.h"

namespace broadside::cli {

enum class PlayCommand { kNone, kHelp, kQuit, kAuto, kUndo, kBoard, kRotate, kFire };

// The command a line names ("help", "quit", "auto", "undo", "board", "rotate", in any case and
// with surrounding spaces; kFire for a line that starts with "fire" or "shoot", as in "fire A9"),
// or kNone when the line is something else (a placement or bare cells, which fire too).
PlayCommand command_of(std::string_view line);

// A line's words, split at spaces, tabs, commas and semicolons, with a lone row letter joined to
// the numbers after it: "fire b 7, C 1 0" -> {"fire", "b7", "C10"}. Case is kept.
std::vector<std::string> shot_words(std::string_view line);

// The cells of a line of shots, written back in canonical form ("B7"). Forgiving: any case,
// spaces inside a cell (" b 7 ", "B 1 0") and spaces or commas between cells ("B7 C3, D4").
// Checks only the notation and the board's bounds; the rules check the rest.
Result<std::vector<std::string>> parse_targets(std::string_view line, BoardSize board);

// A weapon command, as its protocol action: "nuke D4", "bomber G6", "torpedo F10", "torpedo A1
// down", "scuba", "experimental" (any case; a cell may be written "d 4"). Nothing when the line
// does not start with a weapon's name; an error when it does but the rest is wrong.
std::optional<Result<nlohmann::json>> parse_weapon_command(std::string_view line, BoardSize board);

// An answer to a yes-or-no question: true for "y" or "yes", false for "n", "no" or a quit
// command (any case, surrounding spaces), nothing for anything else.
std::optional<bool> parse_yes_no(std::string_view line);

std::string trim(std::string_view text);
std::string lower(std::string_view text);
// "fire B7 C3" -> "B7 C3": the line without its first word.
std::string without_fire_word(std::string_view line);

}  // namespace broadside::cli

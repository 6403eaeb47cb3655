#pragma once
// Pieces shared by the commands of the `broadside` program.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "games/classic/options.h"

namespace broadside::cli {

// Exit codes: 0 success, 1 failure, 2 bad usage.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// Thrown by a command for bad usage found after parsing (e.g. invalid --options JSON).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Options for classic or salvo from `--options JSON` plus convenience flags, validated by the
// registry so errors read the same as over the protocol. Throws UsageError.
struct ClassicFlags {
    std::string options_json;
    bool no_touch = false;
    std::string announce;
    std::string weapons;  // "nuke,torpedo" or "all"
    std::string dice;
    bool torpedo_bonus = false;
};
void add_classic_flags(CLI::App& cmd, ClassicFlags& flags);
nlohmann::json classic_options_json(const ClassicFlags& flags);
std::shared_ptr<const classic::Options> classic_options(const std::string& game,
                                                        const ClassicFlags& flags);

// Who plays at this terminal, shared by every `play` subcommand: --humans N (people sharing the
// terminal, hot-seat), --names Ann,Bob, --level easy|normal|hard (the bots in the other seats),
// --no-color.
struct PeopleFlags {
    int humans = 1;
    std::string names;  // comma-separated, as typed
    std::string level;  // "" until given: then `normal`, unless the game's own --bot(s) is given
    bool no_colour = false;
};
// Registers the four flags. `max_humans` bounds --humans; `min_humans` is 0 only where a game
// can be run by a host with no player at the terminal (the party game).
void add_people_flags(CLI::App& cmd, PeopleFlags& flags, int min_humans, int max_humans);
// The players' names: exactly --humans of them, from --names or "Player 1", "Player 2", ...
// Control and zero-width characters are removed, each is cut to 20 characters, and a repeated
// name gets " 2", " 3" added. Throws UsageError when --names gives the wrong number.
std::vector<std::string> people_names(const PeopleFlags& flags);
// The level's bot in `game`, the registry's (seats/bot_registry.h). Throws UsageError.
std::string level_bot(const std::string& game, const PeopleFlags& flags);

// The footer of `play --help`: the levels and every built-in bot of every game, with how each
// plays and how strong it is (seats/bot_registry.h).
std::string play_help_footer();

// Makes `parent` (play, sim, solve, sheet: a game; bench: a command) require a subcommand, and
// answer a missing or unknown one with a sentence that names those it has ("Unknown game
// \"chess\" for 'sim'; the games are ...").
void require_named_subcommand(CLI::App& parent, const std::string& noun = "game");

// `play GAME --resume FILE`: the last record in FILE (a session file holds one per line), which
// must be an unfinished game of one of `games` and must replay exactly. Throws UsageError
// saying what is wrong.
nlohmann::json load_unfinished_record(const std::string& path,
                                      const std::vector<std::string>& games);
// --resume takes everything from the record: these flags (by name) must not also be given.
void refuse_with_resume(const CLI::App& cmd, const std::vector<std::string>& flags);

// After parsing: an argument that no command took (a misspelt flag, a stray word) is a usage
// error that names it and lists the options its command has, never silently ignored (the game
// subcommands accept extras only so that this message, not CLI11's, is the one shown).
// Throws UsageError.
void reject_unknown_arguments(const CLI::App& app);

// The whole of an input file named on the command line. One that cannot be read (missing, a
// directory, no permission) is bad usage: throws UsageError(refusal + path + "."), with " (a
// directory)" before the full stop for a directory; `refusal` is e.g. "cannot read ".
std::string read_input_file(const std::string& path, const std::string& refusal);

// The usage error for an output file (named by `flag`, e.g. "--save") that cannot be written.
UsageError unwritable_file(const std::string& flag, const std::string& path);

// Checks before a game that `--save FILE` can be written (without emptying a file that exists),
// so a bad path is a usage error at the start, not a lost record at the end. Throws UsageError.
void check_save_path(const std::string& path);

// Saves one match record to `path` as the last line, keeping every record the file held: only
// an earlier save of this same unfinished game (the same game, seed and options, its actions
// a prefix of this record's: the game played on after `--resume`, or saved again) is replaced.
// Atomic: the new contents go to a temporary file beside `path` that is then renamed over it,
// so Ctrl-C or a crash leaves either the old file or the new one, never a half-written one.
// Throws std::runtime_error if it could not be written, so a failure is never reported as saved.
void write_record(const std::string& path, const nlohmann::json& record);
// Writes `contents` to `path` atomically, the same way; `what` names it in the error ("sheet").
void write_text_file(const std::string& path, const std::string& contents, const std::string& what);

bool stderr_is_terminal();
bool stdout_is_terminal();

}  // namespace broadside::cli

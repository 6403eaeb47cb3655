#pragma once
// Pieces shared by the commands of the `broadside` program.
#include <memory>
#include <string>

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

// Makes `parent` (play, sim, solve) require a game subcommand, and answer a missing or unknown
// game with a sentence that names the games it has.
void require_game_subcommand(CLI::App& parent);

// The usage error for an output file (named by `flag`, e.g. "--save") that cannot be written.
UsageError unwritable_file(const std::string& flag, const std::string& path);

// Checks before a game that `--save FILE` can be written (without emptying a file that exists),
// so a bad path is a usage error at the start, not a lost record at the end. Throws UsageError.
void check_save_path(const std::string& path);

// Writes one match record to `path`, replacing the file (or appending a line, with `append`).
// Throws std::runtime_error if it could not be written, so a failure is never reported as saved.
void write_record(const std::string& path, const nlohmann::json& record, bool append = false);

bool stderr_is_terminal();
bool stdout_is_terminal();

}  // namespace broadside::cli

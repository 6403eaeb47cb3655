#pragma once
// Flags shared by the crew subcommands of play and sim: the game's options from --options JSON
// plus convenience flags, validated by the registry so that errors read as over the protocol.
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "games/crew/options.h"

namespace broadside::cli {

struct CrewFlags {
    std::string options_json;
    std::string mode;
    int rounds = 0;
    int target = 0;
    int stake = -1;
    std::string crew_reroll;
};
void add_crew_flags(CLI::App& cmd, CrewFlags& flags);
// The options JSON with the flags applied and `players` set (players <= 0: leave as given).
nlohmann::json crew_options_json(const CrewFlags& flags, int players);
// Validated through the registry. Throws UsageError.
crew::Options crew_options(const CrewFlags& flags, int players);

}  // namespace broadside::cli

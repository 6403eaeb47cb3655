#include "cli/crew/options.h"

#include "cli/common.h"
#include "match/registry.h"

namespace broadside::cli {

void add_crew_flags(CLI::App& cmd, CrewFlags& flags) {
    cmd.add_option("--options", flags.options_json,
                   "Game options as JSON, e.g. '{\"mode\":\"target\",\"target\":100}' (see "
                   "docs/rules/crew.md)");
    cmd.add_option("--mode", flags.mode, "Scoring: rounds (default) or target")
        ->check(CLI::IsMember({"rounds", "target"}));
    cmd.add_option("--rounds", flags.rounds, "Rounds in rounds mode (default 10)");
    cmd.add_option("--target", flags.target, "The target in target mode (default 100)");
    cmd.add_option("--stake", flags.stake, "Each player's stake in the pot (default 0: none)");
    cmd.add_option("--crew-reroll", flags.crew_reroll, "House rule: each (default), both or none")
        ->check(CLI::IsMember({"each", "both", "none"}));
}

nlohmann::json crew_options_json(const CrewFlags& flags, int players) {
    nlohmann::json j = nlohmann::json::object();
    if (!flags.options_json.empty()) {
        j = nlohmann::json::parse(flags.options_json, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            throw UsageError("--options must be a JSON object, e.g. '{\"rounds\": 5}'.");
        }
    }
    if (!flags.mode.empty()) j["mode"] = flags.mode;
    if (flags.rounds > 0) j["rounds"] = flags.rounds;
    if (flags.target > 0) j["target"] = flags.target;
    if (flags.stake >= 0) j["stake"] = flags.stake;
    if (!flags.crew_reroll.empty()) j["crew_reroll"] = flags.crew_reroll;
    if (players > 0) j["players"] = players;
    return j;
}

crew::Options crew_options(const CrewFlags& flags, int players) {
    auto def = find_game("crew");
    if (!def) throw UsageError(def.error().message);
    auto normalized = (*def)->normalize_options(crew_options_json(flags, players));
    if (!normalized) throw UsageError(normalized.error().message);
    return crew::parse_options(*normalized).value();
}

}  // namespace broadside::cli

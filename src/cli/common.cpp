#include "cli/common.h"

#include <unistd.h>

#include <fstream>

#include "match/registry.h"

namespace broadside::cli {

void add_classic_flags(CLI::App& cmd, ClassicFlags& flags) {
    cmd.add_option(
        "--options", flags.options_json,
        "Game options as JSON, e.g. '{\"rows\":8,\"cols\":8}' (see docs/rules/classic.md)");
    cmd.add_flag("--no-touch", flags.no_touch,
                 "House rule: ships may not touch, not even at a corner");
    cmd.add_option("--announce", flags.announce, "What a hit announces: ship (default) or hit-only")
        ->check(CLI::IsMember({"ship", "hit-only"}));
    cmd.add_option("--weapons", flags.weapons,
                   "Optional weapons (docs/rules/weapons.md): a comma list of nuke, scuba, "
                   "torpedo, experimental, bomber, or 'all'");
    cmd.add_option("--dice", flags.dice, "The weapons' dice: d20 (default) or 3d6")
        ->check(CLI::IsMember({"d20", "3d6"}));
    cmd.add_flag("--torpedo-bonus", flags.torpedo_bonus,
                 "Torpedo bonus rule: a 20 on the D20 (18 on 3D6) sinks the ship hit");
}

nlohmann::json classic_options_json(const ClassicFlags& flags) {
    nlohmann::json j = nlohmann::json::object();
    if (!flags.options_json.empty()) {
        j = nlohmann::json::parse(flags.options_json, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            throw UsageError("--options must be a JSON object, e.g. '{\"no_touch\": true}'.");
        }
    }
    if (flags.no_touch) j["no_touch"] = true;
    if (!flags.announce.empty()) j["announce"] = flags.announce;
    if (!flags.weapons.empty()) {
        if (flags.weapons == "all") {
            j["weapons"] = "all";
        } else {
            nlohmann::json list = nlohmann::json::array();
            std::string name;
            for (const char ch : flags.weapons + ",") {
                if (ch == ',') {
                    if (!name.empty()) list.push_back(name);
                    name.clear();
                } else if (ch != ' ') {
                    name += ch;
                }
            }
            j["weapons"] = list;
        }
    }
    if (!flags.dice.empty()) j["dice"] = flags.dice;
    if (flags.torpedo_bonus) j["torpedo_bonus"] = true;
    return j;
}

std::shared_ptr<const classic::Options> classic_options(const std::string& game,
                                                        const ClassicFlags& flags) {
    auto def = find_game(game);
    if (!def) throw UsageError(def.error().message);
    auto normalized = (*def)->normalize_options(classic_options_json(flags));
    if (!normalized) throw UsageError(normalized.error().message);
    auto typed = classic::parse_options(*normalized, game == "salvo");
    return std::make_shared<const classic::Options>(std::move(typed.value()));
}

void require_game_subcommand(CLI::App& parent) {
    parent.allow_extras();
    parent.callback([&parent] {
        if (!parent.get_subcommands().empty()) return;
        std::string games;
        for (const auto* sub : parent.get_subcommands({})) {
            games += (games.empty() ? "" : ", ") + sub->get_name();
        }
        const auto extras = parent.remaining();
        const std::string said =
            extras.empty() ? "Name a game" : "Unknown game \"" + extras.front() + "\"";
        throw CLI::ValidationError(said + " for '" + parent.get_name() + "'; the games are " +
                                   games + ".");
    });
}

bool stderr_is_terminal() {
    return isatty(STDERR_FILENO) != 0;
}
UsageError unwritable_file(const std::string& flag, const std::string& path) {
    return UsageError("Cannot write the " + flag + " file " + path +
                      ": check that its folder exists and can be written.");
}

void check_save_path(const std::string& path) {
    std::ofstream probe(path, std::ios::app);
    if (!probe) throw unwritable_file("--save", path);
}

void write_record(const std::string& path, const nlohmann::json& record, bool append) {
    std::ofstream file(path, append ? std::ios::app : std::ios::trunc);
    file << record.dump() << "\n";
    file.close();
    if (!file) throw std::runtime_error("could not write the record to " + path);
}

bool stdout_is_terminal() {
    return isatty(STDOUT_FILENO) != 0;
}

}  // namespace broadside::cli

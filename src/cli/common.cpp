#include "cli/common.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "match/match.h"
#include "match/registry.h"
#include "seats/bot_registry.h"

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

void require_named_subcommand(CLI::App& parent, const std::string& noun) {
    parent.allow_extras();
    parent.callback([&parent, noun] {
        if (!parent.get_subcommands().empty()) return;
        std::string names;
        for (const auto* sub : parent.get_subcommands({})) {
            names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        const auto extras = parent.remaining();
        const std::string said =
            extras.empty() ? "Name a " + noun : "Unknown " + noun + " \"" + extras.front() + "\"";
        throw CLI::ValidationError(said + " for '" + parent.get_name() + "'; the " + noun +
                                   "s are " + names + ".");
    });
}

std::string read_input_file(const std::string& path, const std::string& refusal) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        throw UsageError(refusal + path + " (a directory).");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError(refusal + path + ".");
    std::string text;
    try {
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } catch (const std::exception&) {
        throw UsageError(refusal + path + ".");
    }
    if (in.bad()) throw UsageError(refusal + path + ".");
    return text;
}

nlohmann::json load_unfinished_record(const std::string& path,
                                      const std::vector<std::string>& games) {
    const std::string text = read_input_file(path, "--resume: cannot read ");
    // The last line that is a JSON object (a session file holds one record a line); a file
    // with none is one record written over several lines.
    nlohmann::json record;
    int records = 0;  // the last one's number in the file, for `replay --record N`
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_object()) {
            record = std::move(j);
            ++records;
        }
    }
    if (record.is_null()) record = nlohmann::json::parse(text, nullptr, false);
    if (!record.is_object() || !record.contains("game")) {
        throw UsageError("--resume: " + path + " holds no game record.");
    }
    const std::string game = record.value("game", "");
    if (std::find(games.begin(), games.end(), game) == games.end()) {
        throw UsageError("--resume: " + path + " holds a " + game +
                         " game; resume it with "
                         "'broadside play " +
                         game + " --resume " + path + "'.");
    }
    if (record.value("over", false)) {
        const std::string which = records > 1 ? " --record " + std::to_string(records) : "";
        throw UsageError("--resume: the game in " + path + " is finished; 'broadside replay " +
                         path + " --show" + which + "' steps through it.");
    }
    if (auto m = replay(record); !m) {
        throw UsageError("--resume: " + path + " does not replay: " + m.error().message);
    }
    return record;
}

void refuse_with_resume(const CLI::App& cmd, const std::vector<std::string>& flags) {
    for (const auto& flag : flags) {
        if (cmd.count(flag) > 0) {
            throw UsageError("--resume goes on with the game as it was saved: leave out " + flag +
                             ".");
        }
    }
}

std::string play_help_footer() {
    std::string text =
        "Every game takes --humans N (people sharing this terminal, passing it between turns), "
        "--names Ann,Bob and --level easy|normal|hard (default normal) for the bots in the "
        "other seats; experts name the bots themselves (--bot in classic, Salvo and Royale, "
        "--bots in crew). 'broadside play GAME --help' has each game's flags.\n";
    const std::pair<const char*, const char*> families[] = {{"classic", "Classic and Salvo"},
                                                            {"royale", "Battleship Royale"},
                                                            {"crew", "Ship, Captain and Crew"},
                                                            {"party", "The party game"}};
    for (const auto& [game, title] : families) {
        text += std::string("\n") + title + ". " + seats::bots_help(game);
        // Salvo shares classic's bots but not its hard level (best-salvo): say so here rather
        // than list the same bots twice.
        if (std::string(game) == "classic") {
            text += "In Salvo the levels are " + seats::levels_help("salvo") + ".\n";
        }
    }
    return text;
}

namespace {

std::string command_path(const CLI::App& app) {
    std::string path = app.get_name();
    for (const CLI::App* up = app.get_parent(); up != nullptr; up = up->get_parent()) {
        path = up->get_name() + " " + path;
    }
    return path;
}

std::string option_names(const CLI::App& app) {
    std::string names;
    for (const CLI::Option* opt : app.get_options()) {
        if (opt->get_lnames().empty() && opt->get_snames().empty()) continue;  // positional
        // Every command takes --help; the list names what this command is about.
        if (opt == app.get_help_ptr() || opt == app.get_help_all_ptr()) continue;
        names += (names.empty() ? "" : ", ") + opt->get_name();
    }
    return names;
}

}  // namespace

void reject_unknown_arguments(const CLI::App& app) {
    for (const CLI::App* sub : app.get_subcommands()) reject_unknown_arguments(*sub);
    const auto extras = app.remaining(false);
    if (extras.empty()) return;
    std::string words;
    bool any_flag = false;
    for (const auto& e : extras) {
        words += (words.empty() ? "" : " ") + e;
        any_flag = any_flag || (e.size() > 1 && e[0] == '-');
    }
    const std::string path = command_path(app);
    const std::string options = option_names(app);
    throw UsageError("'" + path + "' does not take " + (any_flag ? "" : "the argument ") + words +
                     (options.empty() ? ". It takes no options" : ". Its options are " + options) +
                     " (see '" + path + " --help').");
}

bool stderr_is_terminal() {
    return isatty(STDERR_FILENO) != 0;
}
UsageError unwritable_file(const std::string& flag, const std::string& path) {
    return UsageError("Cannot write the " + flag + " file " + path +
                      ": check that its folder exists and can be written.");
}

void check_save_path(const std::string& path) {
    // Without creating or touching the file: a run that never saves leaves no empty file behind.
    if (access(path.c_str(), F_OK) == 0) {
        if (access(path.c_str(), W_OK) != 0) throw unwritable_file("--save", path);
        return;
    }
    const std::string probe = path + ".tmp-" + std::to_string(getpid());
    const bool creatable = std::ofstream(probe).good();
    std::remove(probe.c_str());
    if (!creatable) throw unwritable_file("--save", path);
}

void write_text_file(const std::string& path, const std::string& contents,
                     const std::string& what) {
    const std::string temp = path + ".tmp-" + std::to_string(getpid());
    {
        std::ofstream file(temp, std::ios::trunc | std::ios::binary);
        file << contents;
        file.flush();
        if (!file) {
            std::remove(temp.c_str());
            throw std::runtime_error("could not write the " + what + " to " + path);
        }
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        std::remove(temp.c_str());
        throw std::runtime_error("could not write the " + what + " to " + path);
    }
}

namespace {

// Whether `later` is the same game as the unfinished record `earlier`, played on (or saved
// again): the same game, seed and options, and every action of `earlier` at its start.
bool continues(const nlohmann::json& earlier, const nlohmann::json& later) {
    if (!earlier.is_object() || !later.is_object()) return false;
    const auto over = earlier.find("over");
    if (over == earlier.end() || !over->is_boolean() || over->get<bool>()) return false;
    for (const char* key : {"game", "seed", "options"}) {
        if (!earlier.contains(key) || !later.contains(key) || earlier[key] != later[key]) {
            return false;
        }
    }
    const auto& before = earlier["actions"];
    const auto& after = later["actions"];
    if (!before.is_array() || !after.is_array() || before.size() > after.size()) return false;
    return std::equal(before.begin(), before.end(), after.begin());
}

}  // namespace

void write_record(const std::string& path, const nlohmann::json& record) {
    std::vector<std::string> lines;
    {
        std::ifstream old(path, std::ios::binary);
        for (std::string line; std::getline(old, line);) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (!line.empty()) lines.push_back(std::move(line));
        }
    }
    if (!lines.empty() && continues(nlohmann::json::parse(lines.back(), nullptr, false), record)) {
        lines.pop_back();  // this game's own earlier save: the new one replaces it
    }
    std::string contents;
    for (const auto& line : lines) contents += line + "\n";
    contents += record.dump() + "\n";
    write_text_file(path, contents, "record");
}

void add_people_flags(CLI::App& cmd, PeopleFlags& flags, int min_humans, int max_humans) {
    cmd.add_option("--humans", flags.humans,
                   "People sharing this terminal, taking turns (hot-seat); bots fill the other "
                   "seats")
        ->check(CLI::Range(min_humans, max_humans))
        ->capture_default_str();
    cmd.add_option("--names", flags.names,
                   "The people's names, comma-separated: --names Ann,Bob (default Player 1, "
                   "Player 2, ...)");
    cmd.add_option("--level", flags.level,
                   "How strong the bots are: easy, normal (default) or hard; --help lists the bot "
                   "each level plays")
        ->check(CLI::IsMember({"easy", "normal", "hard"}));
    cmd.add_flag("--no-color", flags.no_colour, "No colour, even on a terminal (as NO_COLOR=1)");
}

namespace {

// Removes control, bidirectional and zero-width characters from a name typed by a person.
std::string clean_name(const std::string& raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size();) {
        const auto c = static_cast<unsigned char>(raw[i]);
        std::size_t len = c < 0x80         ? 1
                          : (c >> 5) == 6  ? 2
                          : (c >> 4) == 14 ? 3
                          : (c >> 3) == 30 ? 4
                                           : 1;
        if (i + len > raw.size()) break;
        const std::string ch = raw.substr(i, len);
        i += len;
        if (len == 1 && (c < 0x20 || c == 0x7f || c >= 0x80)) continue;
        // U+200B..U+200F (zero-width, marks), U+202A..U+202E and U+2066..U+2069 (bidi),
        // U+FEFF (zero-width no-break space), C1 controls U+0080..U+009F.
        if (len == 3 && c == 0xE2 && static_cast<unsigned char>(ch[1]) == 0x80) {
            const auto d = static_cast<unsigned char>(ch[2]);
            if ((d >= 0x8B && d <= 0x8F) || (d >= 0xAA && d <= 0xAE)) continue;
        }
        if (len == 3 && c == 0xE2 && static_cast<unsigned char>(ch[1]) == 0x81) {
            const auto d = static_cast<unsigned char>(ch[2]);
            if (d >= 0xA6 && d <= 0xA9) continue;
        }
        if (ch == "\xEF\xBB\xBF") continue;
        if (len == 2 && c == 0xC2 && static_cast<unsigned char>(ch[1]) < 0xA0) continue;
        out += ch;
    }
    // Trim spaces, then cut to 20 characters (not bytes).
    const auto first = out.find_first_not_of(' ');
    if (first == std::string::npos) return "";
    out = out.substr(first, out.find_last_not_of(' ') - first + 1);
    std::size_t chars = 0, cut = 0;
    for (; cut < out.size() && chars < 20; ++chars) {
        const auto c = static_cast<unsigned char>(out[cut]);
        cut += c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    }
    return out.substr(0, std::min(cut, out.size()));
}

}  // namespace

std::vector<std::string> people_names(const PeopleFlags& flags) {
    std::vector<std::string> given;
    if (!flags.names.empty()) {
        std::string name;
        for (const char ch : flags.names + ",") {
            if (ch == ',') {
                given.push_back(clean_name(name));
                name.clear();
            } else {
                name += ch;
            }
        }
        if (static_cast<int>(given.size()) != flags.humans) {
            throw UsageError("--names gives " + std::to_string(given.size()) +
                             (given.size() == 1 ? " name" : " names") + " but --humans is " +
                             std::to_string(flags.humans) + "; give one name per person.");
        }
    }
    std::vector<std::string> names;
    for (int i = 0; i < flags.humans; ++i) {
        std::string name =
            i < static_cast<int>(given.size()) ? given[static_cast<std::size_t>(i)] : std::string();
        if (name.empty()) name = "Player " + std::to_string(i + 1);
        const std::string base = name;
        for (int k = 2; std::find(names.begin(), names.end(), name) != names.end(); ++k) {
            name = base + " " + std::to_string(k);
        }
        names.push_back(name);
    }
    return names;
}

std::string level_bot(const std::string& game, const PeopleFlags& flags) {
    auto bot = seats::bot_for_level(game, flags.level.empty() ? "normal" : flags.level);
    if (!bot) throw UsageError(bot.error().message);
    return *bot;
}

bool stdout_is_terminal() {
    return isatty(STDOUT_FILENO) != 0;
}

}  // namespace broadside::cli

#include "cli/play_input.h"

#include <algorithm>
#include <cctype>

namespace broadside::cli {

namespace {

bool is_separator(char ch) {
    return ch == ' ' || ch == '\t' || ch == ',' || ch == ';';
}

bool all_digits(const std::string& word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
        return std::isdigit(static_cast<unsigned char>(ch)) != 0;
    });
}

}  // namespace

std::string lower(std::string_view text) {
    std::string out;
    for (char ch : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

std::string without_fire_word(std::string_view line) {
    const std::string text = trim(line);
    const auto space = text.find_first_of(" \t");
    return space == std::string::npos ? "" : trim(std::string_view(text).substr(space));
}

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return "";
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

PlayCommand command_of(std::string_view line) {
    const std::string word = lower(trim(line));
    if (word == "help" || word == "?") return PlayCommand::kHelp;
    if (word == "quit" || word == "exit" || word == "q") return PlayCommand::kQuit;
    if (word == "auto" || word == "random") return PlayCommand::kAuto;
    if (word == "undo") return PlayCommand::kUndo;
    if (word == "board" || word == "boards") return PlayCommand::kBoard;
    if (word == "rotate") return PlayCommand::kRotate;
    const std::string first = word.substr(0, word.find_first_of(" \t"));
    if (first == "fire" || first == "shoot") return PlayCommand::kFire;
    return PlayCommand::kNone;
}

std::optional<bool> parse_yes_no(std::string_view line) {
    const std::string word = lower(trim(line));
    if (word == "y" || word == "yes") return true;
    if (word == "n" || word == "no" || command_of(line) == PlayCommand::kQuit) return false;
    return std::nullopt;
}

std::vector<std::string> shot_words(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    for (char ch : line) {
        if (is_separator(ch) || ch == '\r' || ch == '\n') {
            if (!word.empty()) words.push_back(std::move(word));
            word.clear();
        } else {
            word += ch;
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    // A lone row letter takes the numbers that follow it: "B 7" and "B 1 0" are B7 and B10.
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string token = words[i];
        if (token.size() == 1 && std::isalpha(static_cast<unsigned char>(token[0]))) {
            while (i + 1 < words.size() && all_digits(words[i + 1])) token += words[++i];
        }
        tokens.push_back(std::move(token));
    }
    return tokens;
}

Result<std::vector<std::string>> parse_targets(std::string_view line, BoardSize board) {
    const auto tokens = shot_words(line);
    if (tokens.empty()) {
        return make_error("bad_cell", "Type a cell such as B7, or help for the commands.");
    }
    std::vector<std::string> cells;
    for (const auto& token : tokens) {
        auto cell = parse_cell(token, board);
        if (!cell) return cell.error();
        cells.push_back(to_string(*cell));
    }
    return cells;
}

std::optional<Result<nlohmann::json>> parse_weapon_command(std::string_view line, BoardSize board) {
    std::string rest = lower(trim(line));
    const auto space = rest.find_first_of(" \t");
    const std::string word = rest.substr(0, space);
    rest = space == std::string::npos ? "" : trim(rest.substr(space));
    static const char* const kWeapons[] = {"nuke", "scuba", "torpedo", "experimental", "bomber"};
    if (std::find(std::begin(kWeapons), std::end(kWeapons), word) == std::end(kWeapons)) {
        return std::nullopt;
    }
    nlohmann::json action{{"type", word}};
    if (word == "scuba" || word == "experimental") {
        if (!rest.empty()) {
            return Result<nlohmann::json>(make_error(
                "bad_command", "Type just \"" + word + "\"; " +
                                   (word == "experimental" ? "you name the blast after the roll."
                                                           : "SCUBA needs no cell.")));
        }
        return Result<nlohmann::json>(action);
    }
    // A torpedo's last word may be a heading.
    if (word == "torpedo") {
        for (const char* heading : {"down", "up", "right", "left"}) {
            const std::string h = heading;
            if (rest.size() > h.size() && rest.ends_with(h) &&
                is_separator(rest[rest.size() - h.size() - 1])) {
                action["heading"] = h;
                rest = trim(rest.substr(0, rest.size() - h.size()));
                break;
            }
        }
    }
    auto cells = parse_targets(rest, board);
    if (!cells || cells->size() != 1) {
        const std::string example = word == "torpedo" ? "torpedo F10, or torpedo A1 down"
                                    : word == "nuke"  ? "nuke D4"
                                                      : "bomber G6";
        return Result<nlohmann::json>(
            make_error("bad_command", "Name one cell after " + word + ", e.g. " + example +
                                          (cells ? "." : " (" + cells.error().message + ")")));
    }
    action["cell"] = cells->front();
    return Result<nlohmann::json>(action);
}

}  // namespace broadside::cli

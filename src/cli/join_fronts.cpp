// The front ends `broadside join` draws with: one entry per game folder of src/cli, as `play`
// has one subcommand per folder. A new game adds its line here and its folder's
// join_screen.cpp; join_command.cpp does not change.
#include <utility>

#include "cli/join_front.h"

namespace broadside::cli {

namespace {

struct Entry {
    const char* game;  // a name of the game registry
    std::unique_ptr<JoinFront> (*make)();
};

// classic and salvo are one folder (Salvo is classic with a volley a turn).
constexpr Entry kFronts[] = {
    {"classic", make_classic_join_front}, {"salvo", make_classic_join_front},
    {"royale", make_royale_join_front},   {"crew", make_crew_join_front},
    {"party", make_party_join_front},
};

}  // namespace

std::unique_ptr<JoinFront> make_join_front(const std::string& game) {
    for (const auto& e : kFronts) {
        if (game == e.game) return e.make();
    }
    return nullptr;
}

std::vector<std::string> screen_header(const std::vector<std::string>& parts, const Style& style,
                                       int columns) {
    if (parts.empty()) return {style.paint("BROADSIDE", Tone::kTitle)};
    std::vector<std::string> plain{"BROADSIDE  " + parts[0]};
    std::vector<std::string> painted{style.paint("BROADSIDE", Tone::kTitle) + "  " + parts[0]};
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (plain.back().size() + 5 + parts[i].size() <= static_cast<std::size_t>(columns)) {
            plain.back() += "  |  " + parts[i];
            painted.back() += "  " + style.paint("|", Tone::kDim) + "  " + parts[i];
        } else {
            plain.push_back(parts[i]);
            painted.push_back(parts[i]);
        }
    }
    return painted;
}

}  // namespace broadside::cli

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

}  // namespace broadside::cli

#include "match/registry.h"

#include "games/classic/instance.h"
#include "games/crew/instance.h"
#include "games/party/instance.h"
#include "games/royale/instance.h"

namespace broadside {

const std::vector<GameDefinition>& game_registry() {
    // One game per line (clang-format would pack five or more into columns).
    // clang-format off
    static const std::vector<GameDefinition> games{
        classic::classic_definition(),
        classic::salvo_definition(),
        crew::crew_definition(),
        party::party_definition(),
        royale::royale_definition(),
    };
    // clang-format on
    return games;
}

Result<const GameDefinition*> find_game(const std::string& name) {
    std::string names;
    for (const auto& g : game_registry()) {
        if (g.name == name) return &g;
        names += (names.empty() ? "" : ", ") + g.name;
    }
    return make_error("unknown_game",
                      "Unknown game \"" + name + "\"; the games are " + names + ".");
}

}  // namespace broadside

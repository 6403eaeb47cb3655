#include "match/registry.h"

#include "games/classic/instance.h"
#include "games/crew/instance.h"
#include "games/party/instance.h"

namespace broadside {

const std::vector<GameDefinition>& game_registry() {
    static const std::vector<GameDefinition> games{
        classic::classic_definition(),
        classic::salvo_definition(),
        crew::crew_definition(),
        party::party_definition(),
    };
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

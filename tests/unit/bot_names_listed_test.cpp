// An unknown bot's error names every bot of its game (docs/play.md: `play --help` lists them,
// docs/ai.md describes them): the message comes from the same list the bots are made from, so a
// bot added to a game cannot be missing from it (Royale's once said "random, royale" without
// `royale-eager`).
#include <gtest/gtest.h>

#include <string>

#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"

namespace broadside {
namespace {

TEST(BotNames, AnUnknownBotsErrorNamesEveryBotOfItsGame) {
    for (const std::string game : {"classic", "salvo", "royale", "crew", "party"}) {
        SCOPED_TRACE(game);
        const auto made = seats::make_builtin_agent(game, "nosuchbot");
        ASSERT_FALSE(made.ok());
        const std::string& message = made.error().message;
        EXPECT_NE(message.find("Unknown bot \"nosuchbot\""), std::string::npos) << message;
        for (const auto& bot : seats::bots_for(game)) {
            EXPECT_NE(message.find(bot.name), std::string::npos) << bot.name << ": " << message;
        }
    }
}

}  // namespace
}  // namespace broadside

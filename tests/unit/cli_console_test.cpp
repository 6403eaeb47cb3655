// The Console in a pipe (what tests and scripts see), the people flags and the bot registry.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/common.h"
#include "cli/console.h"
#include "seats/bot_registry.h"

namespace broadside::cli {
namespace {

TerminalInfo piped() {
    TerminalInfo info;
    info.echo_input = true;
    return info;
}

TEST(Console, AskEchoesEachLineAfterItsPromptWhenPiped) {
    std::istringstream in("B7\n");
    std::ostringstream out;
    Console console(in, out, piped());
    EXPECT_EQ(console.ask("Your shot: "), "B7");
    EXPECT_EQ(out.str(), "Your shot: B7\n");
    EXPECT_FALSE(console.ask("Again: ").has_value());  // end of input
    EXPECT_FALSE(console.interrupted());
}

TEST(Console, AskRemovesControlCharactersAndACarriageReturn) {
    std::istringstream in(
        "\x1b[AB\x07"
        "7\r\n");
    std::ostringstream out;
    Console console(in, out, piped());
    EXPECT_EQ(console.ask("> "), "[AB7");
}

TEST(Console, PassScreenShowsTheMarkerAndWaitsForOneLine) {
    std::istringstream in("\nC3\n");
    std::ostringstream out;
    Console console(in, out, piped());
    ASSERT_TRUE(console.pass_to("Bob"));
    EXPECT_NE(out.str().find("Pass to Bob - press Enter"), std::string::npos) << out.str();
    // The pass screen took exactly the empty line; the next prompt gets the next one.
    EXPECT_EQ(console.ask("> "), "C3");
}

TEST(Console, PassScreenUsesAnEmDashOnlyInUtf8) {
    std::istringstream in("\n");
    std::ostringstream out;
    TerminalInfo info = piped();
    info.utf8 = true;
    Console console(in, out, info);
    ASSERT_TRUE(console.pass_to("Ann"));
    EXPECT_NE(out.str().find("Pass to Ann \u2014 press Enter"), std::string::npos);
}

TEST(Console, PassScreenAtEndOfInputIsFalse) {
    std::istringstream in("");
    std::ostringstream out;
    Console console(in, out, piped());
    EXPECT_FALSE(console.pass_to("Bob"));
}

TEST(Console, ATerminalScreenClearsTheScrollbackOnlyWhenAsked) {
    std::istringstream in("\n");
    std::ostringstream out;
    TerminalInfo info = piped();
    info.screen = true;
    Console console(in, out, info);
    console.begin_screen();
    EXPECT_EQ(out.str(), "\x1b[H\x1b[2J");
    out.str("");
    console.begin_screen(true);
    EXPECT_EQ(out.str(), "\x1b[H\x1b[2J\x1b[3J");
    out.str("");
    ASSERT_TRUE(console.pass_to("Bob"));
    EXPECT_EQ(out.str().rfind("\x1b[H\x1b[2J\x1b[3J", 0), 0u) << "the pass screen wipes first";
}

TEST(PeopleNames, DefaultsAreNumbered) {
    PeopleFlags flags;
    flags.humans = 3;
    EXPECT_EQ(people_names(flags), (std::vector<std::string>{"Player 1", "Player 2", "Player 3"}));
}

TEST(PeopleNames, RepeatedNamesAreMadeUniqueAndControlsRemoved) {
    PeopleFlags flags;
    flags.humans = 3;
    flags.names = "Ann,Ann,\x1b[31mBo\u200Bb\u202E";
    EXPECT_EQ(people_names(flags), (std::vector<std::string>{"Ann", "Ann 2", "[31mBob"}));
}

TEST(PeopleNames, LongNamesAreCutToTwentyCharacters) {
    PeopleFlags flags;
    flags.humans = 1;
    flags.names = "\u00c9mile-Auguste-Alexandre-Dumas";
    const auto names = people_names(flags);
    EXPECT_EQ(names[0], "\u00c9mile-Auguste-Alexan");
}

TEST(PeopleNames, TheWrongNumberOfNamesIsAUsageError) {
    PeopleFlags flags;
    flags.humans = 2;
    flags.names = "Ann";
    EXPECT_THROW(people_names(flags), UsageError);
}

TEST(BotRegistry, EveryLevelOfEveryGameNamesAListedBot) {
    for (const std::string game : {"classic", "salvo", "royale", "crew", "party"}) {
        for (const auto& level : seats::level_names()) {
            auto bot = seats::bot_for_level(game, level);
            ASSERT_TRUE(bot) << game << " " << level;
            bool listed = false;
            for (const auto& b : seats::bots_for(game)) listed = listed || b.name == *bot;
            EXPECT_TRUE(listed) << game << " " << level << " -> " << *bot;
        }
        EXPECT_NE(seats::bots_help(game).find("normal = "), std::string::npos);
    }
    EXPECT_EQ(*seats::bot_for_level("classic", "easy"), "hunt");
    EXPECT_EQ(*seats::bot_for_level("classic", "normal"), "density");
    EXPECT_EQ(*seats::bot_for_level("classic", "hard"), "best");
    // Salvo: classic's bots, but hard is the Salvo specialist (docs/play.md).
    EXPECT_EQ(*seats::bot_for_level("salvo", "normal"), "density");
    EXPECT_EQ(*seats::bot_for_level("salvo", "hard"), "best-salvo");
    EXPECT_EQ(seats::bots_for("salvo").size(), seats::bots_for("classic").size());
    EXPECT_FALSE(seats::bot_for_level("classic", "expert"));
}

}  // namespace
}  // namespace broadside::cli

// What each game declares to the server and its clients (GameTraits, docs/architecture.md "Game
// knowledge"): checked against the games themselves, so a declaration cannot drift from the rules.
#include <algorithm>

#include <gtest/gtest.h>

#include "match/match.h"
#include "match/registry.h"

namespace broadside {
namespace {

bool is_opening(const GameDefinition& g, const std::string& phase) {
    const auto& phases = g.traits.opening_phases;
    return std::find(phases.begin(), phases.end(), phase) != phases.end();
}

// A game with an opening phase starts in it for every seat that must act, and leaves it once
// that seat has acted through it (its first observation says so); a game without one never
// shows a phase of that name.
TEST(GameTraits, OpeningPhasesAreThePhasesEachGameStartsIn) {
    for (const auto& g : game_registry()) {
        SCOPED_TRACE(g.name);
        auto match = Match::create(g.name, json::object(), 7);
        ASSERT_TRUE(match.ok()) << match.error().message;
        for (int seat : match->seats_to_act()) {
            const json obs = match->observation(seat);
            const std::string phase = obs.value("phase", "");
            if (g.traits.opening_phases.empty()) {
                EXPECT_NE(phase, "placement");
                EXPECT_NE(phase, "discard");
            } else {
                EXPECT_TRUE(is_opening(g, phase)) << "seat " << seat << " starts in " << phase;
            }
        }
    }
}

TEST(GameTraits, QuickMatchIsForTheTwoPlayerFleetGames) {
    std::vector<std::string> quick;
    for (const auto& g : game_registry()) {
        if (g.traits.quick_match) quick.push_back(g.name);
    }
    EXPECT_EQ(quick, (std::vector<std::string>{"classic", "salvo"}));
    // Quick match seats exactly two strangers: every such game's default has two seats.
    for (const auto& name : quick) {
        auto match = Match::create(name, json::object(), 1);
        ASSERT_TRUE(match.ok());
        EXPECT_EQ(match->seat_count(), 2) << name;
    }
}

TEST(GameTraits, OpenSeatingFollowsThePartyOption) {
    for (const auto& g : game_registry()) {
        SCOPED_TRACE(g.name);
        auto defaults = g.normalize_options(json::object());
        ASSERT_TRUE(defaults.ok());
        if (g.name != "party") {
            EXPECT_EQ(g.traits.open_seating, nullptr);
            EXPECT_FALSE(g.traits.hosted);
            EXPECT_EQ(g.traits.oldest_protocol, 1);
            continue;
        }
        ASSERT_NE(g.traits.open_seating, nullptr);
        EXPECT_TRUE(g.traits.hosted);
        EXPECT_EQ(g.traits.oldest_protocol, 2);
        EXPECT_FALSE(g.traits.open_seating(*defaults));
        auto open = g.normalize_options({{"seating", "open"}});
        ASSERT_TRUE(open.ok()) << open.error().message;
        EXPECT_TRUE(g.traits.open_seating(*open));
    }
}

}  // namespace
}  // namespace broadside

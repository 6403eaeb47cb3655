// Invariants of games with the optional weapons (seed 002), over random seeds, dice kinds, Salvo
// or not, the torpedo bonus, and bots that use weapons: every game ends (a winner, or the
// documented draw), its record replays exactly through the match layer, and no observation
// shows an enemy ship's cells unless an Experimental mishap revealed them.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <string>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "cli/classic/records.h"
#include "match/match.h"
#include "support/property_cases.h"

namespace broadside {
namespace {

// Each run must reach a mishap and a capture (SCUBA) (docs/testing.md, "Classified
// properties"); the output also counts recaptures, Salvo games, skipped turns and draws. Random
// games between bots do not reach a draw (both fleets surviving on prizes with every cell fired):
// draws are tested in tests/unit/weapon_turns_test.cpp, so "draw" is shown but not required.
BROADSIDE_PROP(WeaponsProperties, ArmedGamesEndReplayExactlyAndRevealOnlyMishaps,
               ({"mishap", "capture"})) {
    const std::string game = *rc::gen::element<std::string>("classic", "salvo");
    const json options{{"weapons", "all"},
                       {"dice", *rc::gen::element<std::string>("d20", "3d6")},
                       {"torpedo_bonus", *rc::gen::arbitrary<bool>()},
                       {"no_touch", *rc::gen::arbitrary<bool>()}};
    const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    const auto typed = std::make_shared<const classic::Options>(
        classic::parse_options(options, game == "salvo").value());
    auto a = std::move(classic::make_bot("density").value());
    auto b = std::move(
        classic::make_bot(*rc::gen::element<std::string>("density", "hunt", "random")).value());
    const classic::GameSummary g = classic::play_game(typed, {a.get(), b.get()}, seed, true);
    RC_ASSERT(g.winner >= -1);
    RC_ASSERT(g.winner <= 1);

    const json record = cli::classic_record(game, options, seed, g.actions);
    RC_ASSERT(record["over"] == true);
    auto replayed = replay(record);
    RC_ASSERT(replayed.ok());
    RC_ASSERT(replayed->record().value() == record);
    bool mishap = false, capture = false, recapture = false, skipped = false;
    for (const auto& e : record["events"]) {
        skipped = skipped || e["type"] == "turn_skipped";
        if (e["type"] != "weapon") continue;
        mishap = mishap || e["outcome"] == "mishap";
        capture = capture || e["outcome"] == "captures";
        recapture = recapture || e["outcome"] == "recaptures";
    }
    test::reach("mishap", mishap);
    test::reach("capture", capture);
    test::reach("recapture", recapture);
    test::reach("turn skipped", skipped);
    test::reach("draw", g.winner == -1);
    test::reach("salvo", game == "salvo");

    // Step through the record again, checking every observation on the way.
    auto m = std::move(Match::create(game, options, seed).value());
    for (const auto& step : record["actions"]) {
        RC_ASSERT(m.act(step["seat"].get<int>(), step["action"]).ok());
        for (int seat : {0, 1}) {
            const json obs = m.observation(seat);  // a local: the loop must not outlive it
            for (const auto& ship : obs["enemy_fleet"]) {
                if (!ship.contains("cells")) continue;
                RC_ASSERT(ship["destroyed"].get<bool>());
                RC_ASSERT(ship["sunk"].get<bool>());
            }
        }
    }
    RC_ASSERT(m.is_over());
}

}  // namespace
}  // namespace broadside

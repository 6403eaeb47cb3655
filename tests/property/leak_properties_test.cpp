// The engine's leak scan (docs/testing.md, "Leak scans"): in random games of classic, Salvo, the
// weapons, Royale (Standard and Advanced, 2 to 6 players) and party (fixed and open seating, to
// the end), after every action every seat's and the spectator's observation, legal actions and
// new events are scanned with tests/support/leak_scan.h against the hidden truth of that moment.
// The negative controls below plant a real secret into a real observation and prove the scanner
// reports it (and passes the same observation clean).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <string>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "ai/party/bot.h"
#include "ai/royale/bot.h"
#include "ai/royale/self_play.h"
#include "cli/classic/records.h"
#include "games/royale/instance.h"
#include "match/match.h"
#include "support/leak_scan.h"
#include "support/property_cases.h"

namespace broadside {
namespace {

using testing::hidden_for;
using testing::scan;

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += "  " + l + "\n";
    return out;
}

// What the match hands each viewer after the events numbered up to `before`, scanned against what
// it must not know now: every viewer's new events; the observation and legal actions of the
// spectator, of `actor` and of one other seat in turn (building every seat's observation after
// every action is slow under the sanitizers; over a game each seat is covered many times).
// Returns the first leak found ("" when clean). Once the match is over the record reveals all.
std::string leaks_now(const Match& m, std::int64_t before, int actor) {
    if (m.is_over()) return "";
    const auto all = testing::hidden_for_all(m);
    const int other = static_cast<int>(m.last_event_number() % m.seat_count());
    for (int viewer = -1; viewer < m.seat_count(); ++viewer) {
        const auto& hidden = all[static_cast<std::size_t>(viewer + 1)];
        json seen{{"events", m.events_for(viewer, before)}};
        if (viewer == -1 || viewer == actor || viewer == other || before == 0) {
            seen["observation"] = m.observation(viewer);
            if (viewer >= 0) seen["legal"] = m.legal_actions(viewer);
        }
        const auto found = scan(hidden, seen);
        if (!found.empty()) {
            return "viewer " + std::to_string(viewer) + " after event " + std::to_string(before) +
                   ":\n" + joined(found);
        }
    }
    return "";
}

// ---- classic, Salvo and the weapons ----

struct ClassicGame {
    std::string game;
    json options;
    std::uint64_t seed = 0;
    json record;
};

ClassicGame any_classic_game(bool weapons) {
    ClassicGame g;
    g.game = *rc::gen::element<std::string>("classic", "salvo");
    g.options = {{"no_touch", *rc::gen::arbitrary<bool>()},
                 {"announce", *rc::gen::element<std::string>("ship", "hit-only")}};
    if (!weapons) {
        // Small seas and fleets keep the sanitizer build quick (a 10x10 game scanned after every
        // action costs about a second); no_touch needs 7x7 for four ships of up to four cells.
        const int min_side = g.options["no_touch"].get<bool>() ? 7 : 5;
        g.options["rows"] = *rc::gen::inRange(min_side, 9);
        g.options["cols"] = *rc::gen::inRange(min_side, 9);
        json fleet = json::array();
        const int ships = *rc::gen::inRange(1, 5);
        for (int i = 0; i < ships; ++i)
            fleet.push_back(
                {{"name", "Boat-" + std::to_string(i + 1)}, {"length", *rc::gen::inRange(1, 5)}});
        g.options["fleet"] = fleet;
    }
    if (weapons) {
        g.options["weapons"] = "all";
        g.options["dice"] = *rc::gen::element<std::string>("d20", "3d6");
        g.options["torpedo_bonus"] = *rc::gen::arbitrary<bool>();
    }
    g.seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    const auto typed = std::make_shared<const classic::Options>(
        classic::parse_options(g.options, g.game == "salvo").value());
    auto a = std::move(classic::make_bot(weapons ? "density" : "random").value());
    auto b = std::move(
        classic::make_bot(*rc::gen::element<std::string>("density", "hunt", "random")).value());
    const auto played = classic::play_game(typed, {a.get(), b.get()}, g.seed, true);
    g.record = cli::classic_record(g.game, g.options, g.seed, played.actions);
    return g;
}

// Steps through a finished game's actions, scanning every view after every action.
void check_classic(const ClassicGame& g, test::CaseTags& tags) {
    auto m = std::move(Match::create(g.game, g.options, g.seed).value());
    RC_ASSERT(leaks_now(m, 0, -1).empty());
    for (const auto& step : g.record["actions"]) {
        const auto before = m.last_event_number();
        const int seat = step["seat"].get<int>();
        RC_ASSERT(m.act(seat, step["action"]).ok());
        for (const auto& e : m.full_events(before)) {
            if (e["type"] != "weapon") continue;
            if (e["outcome"] == "destroys") tags.note("scuba kill");
            if (e["outcome"] == "captures") tags.note("capture");
            if (e["outcome"] == "mishap") tags.note("mishap");
            if (e.contains("destroyed") && e["weapon"] == "torpedo") tags.note("torpedo kill");
        }
        const std::string leak = leaks_now(m, before, seat);
        if (!leak.empty()) RC_FAIL(leak);
    }
    RC_ASSERT(m.is_over());
}

BROADSIDE_PROP(LeakScan, ClassicAndSalvoShowNoUnhitEnemyCell, ({"salvo", "hit-only"})) {
    const auto g = any_classic_game(false);
    test::CaseTags tags;
    check_classic(g, tags);
    test::reach("salvo", g.game == "salvo");
    test::reach("hit-only", g.options["announce"] == "hit-only");
}

// A SCUBA kill leaves the ship sunk and destroyed with its cells hidden (docs/rules/weapons.md):
// the scan must reach one in every run, and a mishap (whose cells are public) and a capture.
BROADSIDE_PROP(LeakScan, WeaponsGamesShowNoHiddenCellEvenAfterAScubaKill,
               ({"scuba kill", "mishap", "capture"})) {
    const auto g = any_classic_game(true);
    test::CaseTags tags;
    check_classic(g, tags);
    tags.tag();
    test::reach("salvo", g.game == "salvo");
}

// ---- Royale ----

BROADSIDE_PROP(LeakScan, RoyaleShowsNoOtherSeatsCardByContent,
               ({"advanced", "2 players", "bonus shots"})) {
    const json options{{"mode", *rc::gen::element<std::string>("standard", "advanced")},
                       {"players", *rc::gen::inRange(2, 7)}};
    const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    auto m = std::move(Match::create("royale", options, seed).value());
    const auto& game = dynamic_cast<const royale::RoyaleGame&>(m.instance());
    std::vector<std::unique_ptr<royale::Bot>> bots;
    std::vector<Rng> rngs;
    for (int s = 0; s < m.seat_count(); ++s) {
        bots.push_back(std::move(royale::make_bot("royale").value()));
        rngs.emplace_back(royale::bot_seed(seed, s));
    }
    RC_ASSERT(leaks_now(m, 0, -1).empty());
    bool bonus = false;
    for (int actions = 0; !m.is_over(); ++actions) {
        RC_ASSERT(actions < 2000);
        const auto to_act = m.seats_to_act();
        const int seat = to_act[*rc::gen::inRange<std::size_t>(0, to_act.size())];
        const auto obs = game.observe_seat(seat);
        const auto before = m.last_event_number();
        RC_ASSERT(m.act(seat, royale::to_json(bots[static_cast<std::size_t>(seat)]->choose(
                                                  obs, rngs[static_cast<std::size_t>(seat)]),
                                              obs.deck()))
                      .ok());
        for (const auto& e : m.full_events(before))
            bonus = bonus || (e["type"] == "sunk" && e.value("bonus_shots", 0) > 0);
        const std::string leak = leaks_now(m, before, seat);
        if (!leak.empty()) RC_FAIL(leak);
    }
    test::reach("advanced", options["mode"] == "advanced");
    test::reach("2 players", options["players"] == 2);
    test::reach("6 players", options["players"] == 6);
    test::reach("bonus shots", bonus);
}

// ---- party ----

BROADSIDE_PROP(LeakScan, PartyShowsNoOtherFleetToTheEnd, ({"open seating", "tiebreak"})) {
    const bool open = *rc::gen::arbitrary<bool>();
    const int players = *rc::gen::inRange(1, 9);
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    json options{{"players", open ? 0 : players},
                 {"host", *rc::gen::element<std::string>("person", "auto")}};
    if (open) options["seating"] = "open";
    auto m = std::move(Match::create("party", options, seed).value());
    std::int64_t before = 0;
    auto act = [&](int seat, const json& action) {
        before = m.last_event_number();
        RC_ASSERT(m.act(seat, action).ok());
        const std::string leak = leaks_now(m, before, seat);
        if (!leak.empty()) RC_FAIL(leak);
    };
    if (open) act(0, {{"type", "seat_players"}, {"count", players}});
    const party::RandomPlacer placer;
    Rng rng(seed);
    for (int seat = 1; seat <= players; ++seat) {
        // With open seating some players never place: the host's first torpedo places for them.
        if (!open || *rc::gen::arbitrary<bool>()) act(seat, placer.place_action(rng));
    }
    bool tiebreak = false;
    for (int torpedo = 0; !m.is_over(); ++torpedo) {
        RC_ASSERT(torpedo <= party::kCells);
        act(0, {{"type", "fire"}});
        tiebreak = tiebreak || torpedo >= party::kTorpedoes;
    }
    test::reach("open seating", open);
    test::reach("tiebreak", tiebreak);
}

// ---- negative controls: a real secret planted into a real observation is found ----

// A classic or weapons match played by bots up to the first moment `stop` says yes.
template <typename Stop>
Match classic_until(const json& options, std::uint64_t seed, Stop stop) {
    const auto typed =
        std::make_shared<const classic::Options>(classic::parse_options(options, false).value());
    auto a = std::move(classic::make_bot("density").value());
    auto b = std::move(classic::make_bot("density").value());
    const auto played = classic::play_game(typed, {a.get(), b.get()}, seed, true);
    const json record = cli::classic_record("classic", options, seed, played.actions);
    auto m = std::move(Match::create("classic", options, seed).value());
    for (const auto& step : record["actions"]) {
        const auto before = m.last_event_number();
        EXPECT_TRUE(m.act(step["seat"].get<int>(), step["action"]).ok());
        if (stop(m, before)) return m;
    }
    ADD_FAILURE() << "the game never reached the wanted moment";
    return m;
}

TEST(LeakScanControl, AnUnhitEnemyCellPlantedInTargetsIsFound) {
    auto m = classic_until(json::object(), 5, [](const Match& match, std::int64_t) {
        return match.last_event_number() > 20;
    });
    json obs = m.observation(0);
    const auto hidden = hidden_for(m, 0);
    EXPECT_TRUE(scan(hidden, obs).empty()) << joined(scan(hidden, obs));
    ASSERT_FALSE(hidden.cells.empty());
    const std::string secret = hidden.cells.begin()->first;
    obs["targets"]["hits"].push_back(secret);
    const auto found = scan(hidden, obs);
    ASSERT_EQ(found.size(), 1U);
    EXPECT_NE(found[0].find(secret), std::string::npos) << found[0];
    // And an enemy placement in an event, as a placement string: one whose first cell is unhit.
    std::string placement;
    const json reveal = m.reveal_now();
    for (const auto& p : reveal["fleets"][1]) {
        const std::string text = p;
        if (hidden.cells.count(text.substr(0, text.find(' ')))) placement = text;
    }
    ASSERT_FALSE(placement.empty());
    EXPECT_FALSE(scan(hidden_for(m, 0), json{{"ships", {placement}}}).empty()) << placement;
    // The spectator must not learn either fleet.
    EXPECT_TRUE(scan(hidden_for(m, -1), m.observation(-1)).empty());
    EXPECT_FALSE(scan(hidden_for(m, -1), json(secret)).empty());
}

TEST(LeakScanControl, AScubaKilledShipsCellsPlantedInTheEnemyFleetAreFound) {
    const json options{{"weapons", "all"}};
    int scuba_seat = -1;
    std::string ship;
    // The first seed whose game has a SCUBA kill before its end (found, not assumed).
    std::uint64_t seed = 1;
    for (; seed < 100; ++seed) {
        const std::string text =
            cli::classic_record(
                "classic", options, seed,
                classic::play_game(std::make_shared<const classic::Options>(
                                       classic::parse_options(options, false).value()),
                                   {classic::make_bot("density").value().get(),
                                    classic::make_bot("density").value().get()},
                                   seed, true)
                    .actions)["events"]
                .dump();
        if (text.find("\"destroys\"") != std::string::npos) break;
    }
    Match m = classic_until(options, seed, [&](const Match& match, std::int64_t before) {
        for (const auto& e : match.full_events(before)) {
            if (e["type"] == "weapon" && e["outcome"] == "destroys" && !match.is_over()) {
                scuba_seat = e["seat"].get<int>();
                ship = e["destroyed"].get<std::string>();
                return true;
            }
        }
        return false;
    });
    ASSERT_GE(scuba_seat, 0) << "no SCUBA kill with this seed: pick another";
    json obs = m.observation(scuba_seat);
    const auto hidden = hidden_for(m, scuba_seat);
    EXPECT_TRUE(scan(hidden, obs).empty()) << joined(scan(hidden, obs));
    // The destroyed ship's true cells, from the owner's own fleet, shown as a mishap would.
    json cells = json::array();
    const json owner = m.observation(1 - scuba_seat);
    for (const auto& s : owner["my_fleet"])
        if (s["name"] == ship) cells = s["cells"];
    ASSERT_FALSE(cells.empty());
    for (auto& s : obs["enemy_fleet"])
        if (s["name"] == ship) s["cells"] = cells;
    EXPECT_FALSE(scan(hidden, obs).empty())
        << "the SCUBA-killed " << ship << " at " << cells.dump();
}

TEST(LeakScanControl, ACardsCellsWithoutItsIdPlantedInAnotherSeatsViewAreFound) {
    for (const std::string mode : {"standard", "advanced"}) {
        auto m = std::move(Match::create("royale", {{"mode", mode}, {"players", 4}}, 3).value());
        json obs = m.observation(1);
        const auto hidden = hidden_for(m, 1);
        EXPECT_TRUE(scan(hidden, obs).empty()) << joined(scan(hidden, obs));
        // Seat 0's first card, by content only: its cells, in reverse order, no id, no ship.
        json cells = m.observation(0)["my_cards"][0]["cells"];
        std::reverse(cells.begin(), cells.end());
        obs["board"]["sonar"].push_back({{"cells", cells}});
        const auto found = scan(hidden, obs);
        ASSERT_EQ(found.size(), 1U) << mode << joined(found);
        EXPECT_NE(found[0].find("seat 0"), std::string::npos) << found[0];
        // The id alone is found too; the seat's own card is not a leak.
        EXPECT_FALSE(scan(hidden, m.observation(0)["my_cards"][0]["id"]).empty());
        EXPECT_TRUE(scan(hidden, m.observation(1)["my_cards"]).empty());
    }
}

TEST(LeakScanControl, AnotherPlayersFleetCellPlantedInAPhonesViewIsFound) {
    auto m = std::move(Match::create("party", {{"players", 3}}, 7).value());
    const party::RandomPlacer placer;
    Rng rng(7);
    for (int seat = 1; seat <= 3; ++seat) ASSERT_TRUE(m.act(seat, placer.place_action(rng)).ok());
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(m.act(0, {{"type", "fire"}}).ok());
    json obs = m.observation(1);
    const auto hidden = hidden_for(m, 1);
    EXPECT_TRUE(scan(hidden, obs).empty()) << joined(scan(hidden, obs));
    ASSERT_FALSE(hidden.cells.empty());
    const std::string secret = hidden.cells.begin()->first;
    obs["planted"] = secret;
    EXPECT_EQ(scan(hidden, obs).size(), 1U) << joined(scan(hidden, obs));
    // Seat 2's whole fleet as placements, as a redaction removed would show it.
    EXPECT_FALSE(scan(hidden, m.reveal_now()["fleets"][2]).empty());
    // The host sees no fleet at all.
    EXPECT_FALSE(scan(hidden_for(m, 0), m.reveal_now()["fleets"][1]).empty());
    EXPECT_TRUE(scan(hidden_for(m, 0), m.observation(0)).empty());
}

}  // namespace
}  // namespace broadside

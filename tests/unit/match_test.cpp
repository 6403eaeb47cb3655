// The match layer: registry, numbered events, per-seat redaction, records and replay.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "match/match.h"
#include "match/registry.h"

namespace broadside {
namespace {

const json kFleet0 = {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
const json kFleet1 = {"A6 right", "B7 right", "C8 right", "D8 right", "E9 right"};

json place(const json& ships) {
    return {{"type", "place"}, {"ships", ships}};
}
json fire(std::vector<std::string> cells) {
    return {{"type", "fire"}, {"cells", cells}};
}

Match new_match(const std::string& game = "classic", json options = {{"first", 0}},
                std::uint64_t seed = 7) {
    auto m = Match::create(game, options, seed);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    return std::move(m.value());
}

void act_ok(Match& m, int seat, const json& action) {
    auto r = m.act(seat, action);
    ASSERT_TRUE(r.ok()) << action.dump() << ": " << r.error().code << ": " << r.error().message;
}

// Plays to the end: each seat fires at the first legal cells, in board order.
void play_out(Match& m) {
    if (m.seats_to_act().size() == 2) {
        act_ok(m, 0, place(kFleet0));
        act_ok(m, 1, place(kFleet1));
    }
    for (int turn = 0; !m.is_over() && turn < 400; ++turn) {
        const int seat = m.seats_to_act().at(0);
        const json legal = m.legal_actions(seat);
        std::vector<std::string> cells;
        for (int i = 0; i < legal["count"].get<int>(); ++i) cells.push_back(legal["cells"][i]);
        act_ok(m, seat, fire(cells));
    }
    ASSERT_TRUE(m.is_over());
}

Match finished_match(const std::string& game = "classic") {
    Match m = new_match(game);
    play_out(m);
    return m;
}

TEST(Registry, KnowsClassicAndSalvo) {
    auto classic = find_game("classic");
    ASSERT_TRUE(classic.ok());
    EXPECT_EQ((*classic)->name, "classic");
    auto salvo = find_game("salvo");
    ASSERT_TRUE(salvo.ok());
    EXPECT_EQ((*salvo)->name, "salvo");
    EXPECT_GE(game_registry().size(), 2U);
}

TEST(Registry, UnknownGameIsAnErrorListingTheGames) {
    auto r = find_game("chess");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "unknown_game");
    EXPECT_NE(r.error().message.find("\"chess\""), std::string::npos) << r.error().message;
    for (const auto& g : game_registry()) {
        EXPECT_NE(r.error().message.find(g.name), std::string::npos) << r.error().message;
    }
    auto m = Match::create("chess", json::object(), 1);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, "unknown_game");
}

TEST(Match, CreateValidatesOptionsThroughTheGame) {
    auto m = Match::create("classic", {{"colour", "red"}}, 1);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, "unknown_option");
    auto ok = Match::create("salvo", {{"rows", 8}}, 1);
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(ok->options()["rows"], 8);
    EXPECT_EQ(ok->options()["cols"], 10);  // defaults filled in
    EXPECT_EQ(ok->game(), "salvo");
    EXPECT_EQ(ok->seed(), 1U);
    EXPECT_EQ(ok->seat_count(), 2);
    EXPECT_EQ(ok->last_event_number(), 0);
}

TEST(Match, EventsAreNumberedOneTwoThreeWithoutGapsForEverySeat) {
    Match m = finished_match();
    const std::int64_t total = m.last_event_number();
    ASSERT_GT(total, 10);
    for (int seat : {0, 1, -1}) {  // -1: a spectator
        const auto events = m.events_for(seat);
        ASSERT_EQ(static_cast<std::int64_t>(events.size()), total) << seat;
        for (std::size_t i = 0; i < events.size(); ++i) {
            ASSERT_EQ(events[i]["n"], static_cast<std::int64_t>(i + 1)) << seat;
        }
    }
}

TEST(Match, ActReturnsTheNewEventsNumberedAsTheActingSeatSeesThem) {
    Match m = new_match();
    auto first = m.act(0, place(kFleet0));
    ASSERT_TRUE(first.ok());
    ASSERT_EQ(first->size(), 1U);
    EXPECT_EQ((*first)[0]["n"], 1);
    EXPECT_EQ((*first)[0]["ships"], kFleet0);
    auto second = m.act(1, place(kFleet1));
    ASSERT_TRUE(second.ok());
    ASSERT_EQ(second->size(), 2U);
    EXPECT_EQ((*second)[0]["n"], 2);
    EXPECT_EQ((*second)[0]["ships"], kFleet1);
    EXPECT_EQ((*second)[1], (json{{"type", "firing_starts"}, {"first", 0}, {"n", 3}}));
    EXPECT_EQ(m.last_event_number(), 3);
}

TEST(Match, TheOtherSeatSeesFleetPlacedRedactedWithoutShips) {
    Match m = new_match();
    act_ok(m, 0, place(kFleet0));
    act_ok(m, 1, place(kFleet1));
    const json seen_by_1 = m.events_for(1)[0];
    EXPECT_EQ(seen_by_1,
              (json{{"type", "fleet_placed"}, {"seat", 0}, {"redacted", true}, {"n", 1}}));
    const json seen_by_0 = m.events_for(0)[1];
    EXPECT_EQ(seen_by_0,
              (json{{"type", "fleet_placed"}, {"seat", 1}, {"redacted", true}, {"n", 2}}));
    const json spectator = m.events_for(-1)[0];
    EXPECT_FALSE(spectator.contains("ships"));
    EXPECT_TRUE(spectator["redacted"].get<bool>());
    // The owner sees its own ships, unredacted.
    const json own = m.events_for(0)[0];
    EXPECT_EQ(own["ships"], kFleet0);
    EXPECT_FALSE(own.contains("redacted"));
    // Public events are the same for everyone.
    EXPECT_EQ(m.events_for(0)[2], m.events_for(1)[2]);
    EXPECT_EQ(m.events_for(0)[2], m.events_for(-1)[2]);
}

TEST(Match, EventsForAfterNReturnsOnlyLaterEvents) {
    Match m = finished_match();
    const auto all = m.events_for(0);
    const std::int64_t total = m.last_event_number();
    for (std::int64_t after :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{2}, total / 2, total - 1}) {
        const auto later = m.events_for(0, after);
        ASSERT_EQ(static_cast<std::int64_t>(later.size()), total - after) << after;
        EXPECT_EQ(later.front()["n"], after + 1);
        EXPECT_EQ(later.front(), all[static_cast<std::size_t>(after)]);
        EXPECT_EQ(later.back()["n"], total);
    }
    EXPECT_TRUE(m.events_for(0, total).empty());
    EXPECT_TRUE(m.events_for(1, total + 100).empty());
    EXPECT_EQ(m.events_for(1, -5).size(), all.size());
}

TEST(Match, ARejectedActionChangesNothing) {
    Match m = new_match();
    act_ok(m, 0, place(kFleet0));
    act_ok(m, 1, place(kFleet1));
    act_ok(m, 0, fire({"J1"}));
    act_ok(m, 1, fire({"J1"}));
    const json record = m.record_unchecked();
    const auto events0 = m.events_for(0), events1 = m.events_for(1);
    const json obs0 = m.observation(0), obs1 = m.observation(1);
    const json legal0 = m.legal_actions(0);
    struct Attempt {
        int seat;
        json action;
        const char* code;
    };
    for (const Attempt& a :
         {Attempt{0, fire({"J1"}), "cell_already_fired"}, Attempt{1, fire({"J2"}), "not_your_turn"},
          Attempt{0, fire({"J2", "J3"}), "wrong_shot_count"}, Attempt{0, fire({"Z1"}), "off_board"},
          Attempt{0, place(kFleet0), "already_placed"}, Attempt{0, json("fire"), "bad_action"},
          Attempt{0, json{{"type", "surrender"}}, "unknown_action"},
          Attempt{2, fire({"J2"}), "bad_seat"}}) {
        auto r = m.act(a.seat, a.action);
        ASSERT_FALSE(r.ok()) << a.seat << " " << a.action.dump();
        EXPECT_EQ(r.error().code, a.code) << a.action.dump();
        EXPECT_FALSE(r.error().message.empty());
        EXPECT_EQ(m.record_unchecked(), record) << a.action.dump();
        EXPECT_EQ(m.events_for(0), events0);
        EXPECT_EQ(m.events_for(1), events1);
        EXPECT_EQ(m.observation(0), obs0);
        EXPECT_EQ(m.observation(1), obs1);
        EXPECT_EQ(m.legal_actions(0), legal0);
        EXPECT_EQ(m.seats_to_act(), std::vector<int>{0});
    }
}

TEST(Match, RejectedActionsLogNoEventAndRecordNoAction) {
    Match m = new_match();
    act_ok(m, 0, place(kFleet0));
    act_ok(m, 1, place(kFleet1));
    const json record = m.record_unchecked();
    const std::int64_t events = m.last_event_number();
    for (const json& action :
         {fire({"J1", "J2"}), fire({"K1"}), fire({}), json(nullptr), json("fire J1"),
          json{{"type", "fire"}, {"cells", {1, 2}}}, json{{"type", "dance"}}, place(kFleet1)}) {
        for (int seat : {0, 1, 5, -3}) {
            EXPECT_FALSE(m.act(seat, action).ok()) << seat << " " << action.dump();
        }
    }
    EXPECT_EQ(m.last_event_number(), events);
    EXPECT_EQ(m.record_unchecked()["actions"].size(), record["actions"].size());
    EXPECT_EQ(m.record_unchecked(), record);
}

TEST(Match, NoActionIsAcceptedOnceTheMatchIsOver) {
    Match m = finished_match();
    const json record = m.record_unchecked();
    auto r = m.act(0, fire({"J10"}));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "game_over");
    EXPECT_EQ(m.record_unchecked(), record);
}

TEST(Match, RecordIsRefusedBeforeTheEnd) {
    Match m = new_match();
    auto before_any = m.record();
    ASSERT_FALSE(before_any.ok());
    EXPECT_EQ(before_any.error().code, "match_not_over");
    act_ok(m, 0, place(kFleet0));
    act_ok(m, 1, place(kFleet1));
    auto midway = m.record();
    ASSERT_FALSE(midway.ok());
    EXPECT_EQ(midway.error().code, "match_not_over");
}

TEST(Match, RecordIsCompleteAfterTheEnd) {
    Match m = finished_match();
    auto r = m.record();
    ASSERT_TRUE(r.ok());
    const json& rec = *r;
    EXPECT_EQ(rec["format"], "broadside-record");
    EXPECT_EQ(rec["version"], 1);
    EXPECT_EQ(rec["game"], "classic");
    EXPECT_EQ(rec["options"], m.options());
    EXPECT_EQ(rec["seed"], 7);
    EXPECT_TRUE(rec["over"].get<bool>());
    EXPECT_EQ(rec["result"], m.result());
    EXPECT_EQ(rec["reveal"]["fleets"], (json{kFleet0, kFleet1}));
    EXPECT_EQ(rec["actions"][0], (json{{"seat", 0}, {"action", place(kFleet0)}}));
    EXPECT_EQ(static_cast<std::int64_t>(rec["events"].size()), m.last_event_number());
    // The record is unredacted: both fleets' placements are in it.
    EXPECT_EQ(rec["events"][0]["ships"], kFleet0);
    EXPECT_EQ(rec["events"][1]["ships"], kFleet1);
    EXPECT_FALSE(rec["events"][1].contains("redacted"));
    EXPECT_EQ(rec["events"].back()["type"], "game_over");
}

TEST(Replay, ReproducesARecordExactly) {
    for (const char* game : {"classic", "salvo"}) {
        Match m = finished_match(game);
        const json rec = m.record().value();
        auto again = replay(rec);
        ASSERT_TRUE(again.ok()) << again.error().message;
        EXPECT_EQ(again->record().value(), rec);
        EXPECT_EQ(again->events_for(0), m.events_for(0));
        EXPECT_EQ(again->events_for(1), m.events_for(1));
    }
}

TEST(Replay, ReproducesARandomFirstSeatFromTheSeed) {
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
        Match m = new_match("classic", json::object(), seed);  // first: random
        play_out(m);
        const json rec = m.record().value();
        auto again = replay(rec);
        ASSERT_TRUE(again.ok()) << again.error().message;
        EXPECT_EQ(again->record().value(), rec);
    }
}

TEST(Replay, ATamperedEventFailsWithReplayMismatch) {
    const json rec = finished_match().record().value();
    // Turn the first miss into a hit.
    json tampered = rec;
    bool changed = false;
    for (auto& e : tampered["events"]) {
        if (e["type"] == "shots" && e["shots"][0]["result"] == "miss") {
            e["shots"][0]["result"] = "hit";
            changed = true;
            break;
        }
    }
    ASSERT_TRUE(changed);
    auto r = replay(tampered);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "replay_mismatch");
    EXPECT_NE(r.error().message.find("differs"), std::string::npos) << r.error().message;
}

TEST(Replay, AnyChangedMissingOrExtraEventIsCaught) {
    const json rec = finished_match().record().value();
    json winner = rec;
    winner["events"].back()["winner"] = 1 - rec["events"].back()["winner"].get<int>();
    json dropped = rec;
    dropped["events"].erase(dropped["events"].size() - 1);
    json extra = rec;
    extra["events"].push_back({{"type", "game_over"}, {"winner", 0}});
    json ships = rec;
    ships["events"][1]["ships"][0] = "F1 right";
    for (const json& t : {winner, dropped, extra, ships}) {
        auto r = replay(t);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, "replay_mismatch");
    }
}

TEST(Replay, ATamperedResultOrRevealFailsWithReplayMismatch) {
    const json rec = finished_match().record().value();
    json result = rec;
    result["result"]["winner"] = 1 - rec["result"]["winner"].get<int>();
    json reveal = rec;
    reveal["reveal"]["fleets"][0][0] = "J1 right";
    for (const json& t : {result, reveal}) {
        auto r = replay(t);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, "replay_mismatch");
    }
}

TEST(Replay, ASeedHeldAsASignedJsonIntegerReplaysAndANegativeOneIsABadRecord) {
    const json rec = finished_match().record().value();
    json signed_seed = rec;
    signed_seed["seed"] = static_cast<std::int64_t>(rec["seed"].get<std::uint64_t>());
    EXPECT_TRUE(replay(signed_seed).ok());
    json negative = rec;
    negative["seed"] = std::int64_t{-1};
    auto r = replay(negative);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "bad_record");
}

TEST(Replay, ASeatThatWouldWrapToAnExistingSeatIsABadRecord) {
    json rec = finished_match().record().value();
    rec["actions"][0]["seat"] = 4294967296LL;  // 2^32: get<int>() would make it seat 0
    auto r = replay(rec);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "bad_record");
}

TEST(Replay, ATamperedActionOrSeedFailsWithReplayMismatch) {
    const json rec = finished_match().record().value();
    json action = rec;
    action["actions"][2]["action"]["cells"][0] = "J10";  // a different first shot
    auto r = replay(action);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "replay_mismatch");
    json repeat = rec;
    repeat["actions"][3] = repeat["actions"][2];  // out of turn
    auto r2 = replay(repeat);
    ASSERT_FALSE(r2.ok());
    EXPECT_EQ(r2.error().code, "replay_mismatch");
    EXPECT_NE(r2.error().message.find("Action 4"), std::string::npos) << r2.error().message;
}

TEST(Replay, SomethingThatIsNotARecordIsABadRecord) {
    for (const json& bad : {json(nullptr), json::array(), json{{"format", "pgn"}},
                            json{{"format", "broadside-record"}},
                            json{{"format", "broadside-record"},
                                 {"game", "classic"},
                                 {"seed", -1},
                                 {"actions", json::array()}},
                            json{{"format", "broadside-record"},
                                 {"game", "classic"},
                                 {"seed", 1U},
                                 {"actions", {{{"seat", "zero"}}}}},
                            // Fields of another type: reading them used to throw.
                            json{{"format", 1}},
                            json{{"format", "broadside-record"},
                                 {"game", "classic"},
                                 {"seed", 1U},
                                 {"actions", json::array()},
                                 {"events", 5}},
                            json{{"format", "broadside-record"},
                                 {"game", "classic"},
                                 {"seed", 1U},
                                 {"actions", json::array()},
                                 {"events", "none"}},
                            json{{"format", "broadside-record"},
                                 {"game", "classic"},
                                 {"seed", 1U},
                                 {"actions", json::array()},
                                 {"options", 5}}}) {
        auto r = replay(bad);
        ASSERT_FALSE(r.ok()) << bad.dump();
        EXPECT_EQ(r.error().code, "bad_record") << bad.dump();
    }
    auto unknown = replay({{"format", "broadside-record"},
                           {"game", "chess"},
                           {"seed", 1U},
                           {"actions", json::array()}});
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, "unknown_game");
}

// docs/protocol.md, Royale: `legal` is {"actions": [...], "cells": [every unshot coordinate]}
// whichever actions it offers: the discard at the start, the roll (Advanced, before it), the shots.
TEST(Match, RoyaleLegalListsTheUnshotCellsWhateverActionsItOffers) {
    for (const std::string mode : {"standard", "advanced"}) {
        SCOPED_TRACE(mode);
        auto match = Match::create("royale", {{"players", 2}, {"mode", mode}}, 7);
        ASSERT_TRUE(match.ok());
        for (int seat = 0; seat < 2; ++seat) {
            const json legal = match->legal_actions(seat);
            ASSERT_TRUE(legal.is_object()) << legal.dump();
            EXPECT_EQ(legal["actions"][0]["type"], "discard");
            EXPECT_EQ(legal["cells"].size(), 100u) << legal.dump();
            const json& cards = legal["actions"][0]["cards"];
            ASSERT_TRUE(
                match->act(seat, {{"type", "discard"}, {"cards", {cards[0], cards[1]}}}).ok());
        }
        // Play on until each kind of answer has been seen with its cells.
        std::set<std::string> offered;
        for (int step = 0; step < 40 && !match->is_over(); ++step) {
            const int seat = match->seats_to_act().at(0);
            const json legal = match->legal_actions(seat);
            ASSERT_TRUE(legal.is_object()) << legal.dump();
            ASSERT_TRUE(legal.contains("cells")) << legal.dump();
            for (const json& a : legal["actions"]) offered.insert(a["type"].get<std::string>());
            // Any action but a sonar (which needs a line): the roll, a shot, a bonus, the end.
            json action = legal["actions"][0];
            for (const json& a : legal["actions"]) {
                if (a["type"] != "sonar") {
                    action = a;
                    break;
                }
            }
            const json& cells = legal["cells"];
            json next{{"type", action["type"]}};
            if (action["type"] == "fire" || action["type"] == "bonus") {
                json chosen = json::array();
                for (int i = 0; i < action.value("count", 1); ++i) chosen.push_back(cells[i]);
                if (action["type"] == "bonus") {
                    next["card"] = action["cards"][0]["card"];
                    chosen = json::array();
                    for (int i = 0; i < action["cards"][0]["count"].get<int>(); ++i) {
                        chosen.push_back(cells[i]);
                    }
                }
                next["cells"] = chosen;
            }
            ASSERT_TRUE(match->act(seat, next).ok()) << next.dump() << legal.dump();
        }
        EXPECT_TRUE(offered.count("fire")) << mode;
        if (mode == "advanced") {
            EXPECT_TRUE(offered.count("roll") || offered.count("sonar"));
        }
    }
}

}  // namespace
}  // namespace broadside

// The room's pure half (src/server/room_state.h): a room's log folded over a fresh state
// rebuilds it, each entry says what the live room must do next and does none of it, and an
// entry that does not apply changes nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "match/match.h"
#include "server/room_state.h"

namespace broadside::server {
namespace {

using nlohmann::json;
using Phase = RoomState::Phase;

const json kOptions = {{"first", 0}};
const json kFleet0 = {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
const json kFleet1 = {"A6 right", "B7 right", "C8 right", "D8 right", "E9 right"};

RoomState fresh() {
    return RoomState("classic", kOptions, 2);
}

Applied applied_ok(RoomState& state, RoomEntry entry, std::int64_t at = 1000) {
    stamp(entry, at);
    auto applied = server::apply(state, entry);
    EXPECT_TRUE(applied.ok()) << to_json(entry).dump() << ": "
                              << (applied.ok() ? "" : applied.error().message);
    return applied.ok() ? *applied : Applied{};
}

// The log of a classic game between Ann and Bob, both people, played to the end by firing at
// the first legal cells; and the same game played on a bare match beside it.
struct PlayedLog {
    std::vector<RoomEntry> entries;
    Match reference;
};

PlayedLog classic_log() {
    auto reference = Match::create("classic", kOptions, 42);
    EXPECT_TRUE(reference.ok());
    PlayedLog log{{}, std::move(reference.value())};
    log.entries.push_back(entries::join(0, "Ann", 0, "hash-ann", "nonce-a", true));
    log.entries.push_back(entries::join(1, "Bob", 1, "hash-bob", "nonce-b", false));
    log.entries.push_back(entries::start(42, {"nonce-a", "nonce-b"}));
    auto act = [&](int seat, json action, json id) {
        ASSERT_TRUE(log.reference.act(seat, action).ok());
        log.entries.push_back(entries::act(seat, std::move(action), std::move(id)));
    };
    act(0, {{"type", "place"}, {"ships", kFleet0}}, "p0");
    act(1, {{"type", "place"}, {"ships", kFleet1}}, 7);
    for (int turn = 0; !log.reference.is_over() && turn < 400; ++turn) {
        const int seat = log.reference.seats_to_act().at(0);
        const json legal = log.reference.legal_actions(seat);
        act(seat, {{"type", "fire"}, {"cells", {legal["cells"][0]}}}, "s" + std::to_string(turn));
    }
    EXPECT_TRUE(log.reference.is_over());
    return log;
}

TEST(RoomState, FoldingALogRebuildsTheRoomAndItsMatch) {
    const PlayedLog log = classic_log();
    RoomState state = fresh();
    int started = 0;
    int ended = 0;
    int acted = 0;
    for (const auto& entry : log.entries) {
        const Applied a = applied_ok(state, entry);
        started += a.started;
        ended += a.ended;
        acted += a.acted.has_value();
    }
    EXPECT_EQ(started, 1);
    EXPECT_EQ(ended, 1);  // the last shot, and only it
    EXPECT_EQ(acted, static_cast<int>(log.entries.size()) - 3);
    EXPECT_EQ(state.phase, Phase::kOver);
    EXPECT_EQ(state.ended["by"], "game");
    EXPECT_EQ(state.ended["result"], log.reference.result());
    ASSERT_TRUE(state.match);
    EXPECT_EQ(state.seed, 42U);
    EXPECT_EQ(state.match->last_event_number(), log.reference.last_event_number());
    for (int seat : {-1, 0, 1}) {
        EXPECT_EQ(json(state.match->events_for(seat)), json(log.reference.events_for(seat)));
    }
    ASSERT_EQ(state.members.size(), 2U);
    EXPECT_EQ(state.members[1].name, "Bob");
    EXPECT_EQ(state.seats[1].kind, "human");
    EXPECT_EQ(state.seats_acted, (std::set<int>{0, 1}));
    // Every action id is remembered with what its answer said.
    EXPECT_EQ(state.acks.size(), log.entries.size() - 3);
    const auto& placed = state.acks.at({1, "7"});
    EXPECT_EQ(placed.before, 1);  // seat 0's placement was event 1
    EXPECT_FALSE(placed.over);
}

TEST(RoomState, AnEntryThatDoesNotApplyChangesNothing) {
    RoomState state = fresh();
    applied_ok(state, entries::join(0, "Ann", 0, "h", "n", true));
    applied_ok(state, entries::join(1, "Bob", 1, "h2", "n2", false));
    // Before the start there is no match to act in.
    auto early =
        server::apply(state, entries::act(0, {{"type", "place"}, {"ships", kFleet0}}, "x"));
    EXPECT_FALSE(early.ok());
    applied_ok(state, entries::start(5, {"n", "n2"}));
    const auto events = state.match->last_event_number();
    // An illegal fleet (one ship): refused, and the match, acks and clocks are as before.
    const auto clocks = state.turn_started_ms;
    auto refused =
        server::apply(state, entries::act(0, {{"type", "place"}, {"ships", {"A1 right"}}}, "y"));
    EXPECT_FALSE(refused.ok());
    EXPECT_EQ(state.match->last_event_number(), events);
    EXPECT_TRUE(state.acks.empty());
    EXPECT_TRUE(state.seats_acted.empty());
    EXPECT_EQ(state.turn_started_ms, clocks);
    EXPECT_EQ(state.phase, Phase::kPlaying);
}

TEST(RoomState, EachEntrySaysWhatTheLiveRoomMustDoAndDoesNoneOfIt) {
    RoomState state = fresh();
    applied_ok(state, entries::join(0, "Ann", 0, "h", "n", true));
    const Applied bot = applied_ok(state, entries::bot(1, "easy"));
    EXPECT_FALSE(bot.started || bot.ended || bot.aborted || bot.acted || bot.taken_over);
    EXPECT_EQ(state.seats[1].kind, "bot");
    const Applied start = applied_ok(state, entries::start(9, {"n", ""}), 5000);
    EXPECT_TRUE(start.started);
    EXPECT_EQ(state.turn_started_ms.at(0), 5000);  // the clocks start from the entry's time
    // A person's seat taken over by a bot: the seat changes hands, the room makes the bot.
    const Applied takeover = applied_ok(state, entries::takeover(0, "hard"));
    ASSERT_TRUE(takeover.taken_over);
    EXPECT_EQ(*takeover.taken_over, 0);
    EXPECT_EQ(state.seats[0].kind, "bot");
    EXPECT_EQ(state.members[0].seat, -1);
    const Applied resign = applied_ok(state, entries::resign(1));
    EXPECT_TRUE(resign.ended);
    EXPECT_EQ(state.ended["winner"], 0);
    EXPECT_EQ(state.phase, Phase::kOver);

    RoomState waiting = fresh();
    applied_ok(waiting, entries::join(0, "Host", 0, "h", "n", true));
    const Applied abort = applied_ok(waiting, entries::abort(0));
    EXPECT_TRUE(abort.aborted);
    EXPECT_EQ(waiting.phase, Phase::kAborted);
    EXPECT_FALSE(waiting.match);
}

TEST(RoomState, AWaitingPartyRoomGrowsASeatAndCountsItsPlayers) {
    RoomState party("party", json{{"players", 1}}, 2);
    const Applied grown = applied_ok(party, entries::seat_player());
    EXPECT_FALSE(grown.acted);  // no match yet: the options count the players
    EXPECT_EQ(party.seat_count, 3);
    EXPECT_EQ(party.seats.size(), 3U);
    EXPECT_EQ(party.options["players"], 2);
}

}  // namespace
}  // namespace broadside::server

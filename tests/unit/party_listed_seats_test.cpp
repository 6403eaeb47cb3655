// The one rule for lists of seats in the party game (docs/protocol.md, "Party actions"): a list
// of seats is given when it holds at most 64 seats and is null when longer, with its count always
// beside it; the per-seat table `afloat` only at tables of up to 64 players. Checked at 300
// players, with a short tie (random fleets) and with everyone tied (identical fleets).
#include <gtest/gtest.h>

#include "games/party/events.h"
#include "match/match.h"

namespace broadside::party {
namespace {

using nlohmann::json;

const json kSameFleet = {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"};

// Fires until the match is over; every event as `seat` sees it.
std::vector<json> fire_to_the_end(Match& m, int seat) {
    for (int i = 0; i < 36 && !m.is_over(); ++i) {
        EXPECT_TRUE(m.act(0, {{"type", "fire"}}).ok());
    }
    EXPECT_TRUE(m.is_over());
    return m.events_for(seat, 0);
}

// The rule for one list `key` beside its count `count_key` in `holder`.
void expect_listed(const json& holder, const std::string& key, const std::string& count_key,
                   const std::string& where) {
    ASSERT_TRUE(holder.contains(key)) << where << ": " << holder.dump();
    ASSERT_TRUE(holder.contains(count_key)) << where;
    const auto count = holder[count_key].get<std::size_t>();
    if (count <= 64) {
        ASSERT_TRUE(holder[key].is_array()) << where << ": " << holder.dump();
        EXPECT_EQ(holder[key].size(), count) << where;
    } else {
        EXPECT_TRUE(holder[key].is_null()) << where << ": " << holder[key].dump();
    }
}

void expect_rule_in(const std::vector<json>& events, const json& observation,
                    const std::string& who) {
    int checked = 0;
    for (const auto& e : events) {
        const std::string type = e.value("type", "");
        const std::string where = who + " " + type + " " + std::to_string(e.value("n", 0));
        if (type == "count") {
            expect_listed(e, "tied", "tied_count", where);
            ++checked;
        } else if (type == "tiebreak_starts") {
            expect_listed(e, "players", "tied_count", where);
        } else if (type == "super_torpedo") {
            expect_listed(e, "eliminated", "eliminated_count", where);
        } else if (type == "game_over") {
            expect_listed(e, "winners", "winners_count", where);
            ++checked;
        }
    }
    EXPECT_EQ(checked, 2) << who;
    const auto& board = observation["scoreboard"];
    expect_listed(board, "tied", "tied_count", who + " observation");
    expect_listed(board, "remaining", "remaining_count", who + " observation");
    expect_listed(observation, "winners", "winners_count", who + " observation");
    EXPECT_FALSE(board.contains("afloat")) << "300 players: no per-seat table";
}

TEST(PartyListedSeats, AtThreeHundredPlayersAShortTieIsListedInEventsAndObservations) {
    auto m = Match::create("party", {{"players", 0}, {"seating", "open"}}, 20261126);
    ASSERT_TRUE(m.ok());
    ASSERT_TRUE(m->act(0, {{"type", "seat_players"}, {"count", 300}}).ok());
    const auto player = fire_to_the_end(*m, 7);
    const auto host = fire_to_the_end(*m, 0);
    expect_rule_in(player, m->observation(7), "player");
    expect_rule_in(host, m->observation(0), "host");
    expect_rule_in(m->events_for(-1, 0), m->observation(-1), "spectator");
    // At 300 players the seats tied for the most are a handful: a list, not null.
    int counts = 0;
    for (const auto& e : host) {
        if (e.value("type", "") != "count") continue;
        ++counts;
        EXPECT_LE(e["tied_count"].get<int>(), 64);
        EXPECT_TRUE(e["tied"].is_array()) << e.dump();
    }
    EXPECT_EQ(counts, 1);
}

TEST(PartyListedSeats, AtThreeHundredPlayersEveryoneTiedIsACountAndTheRecordListsThemAll) {
    auto m = Match::create("party", {{"players", 300}}, 5);
    ASSERT_TRUE(m.ok());
    for (int seat = 1; seat <= 300; ++seat) {
        ASSERT_TRUE(m->act(seat, {{"type", "place"}, {"ships", kSameFleet}}).ok());
    }
    const auto player = fire_to_the_end(*m, 1);
    expect_rule_in(player, m->observation(1), "player");
    bool tied_everyone = false;
    for (const auto& e : player) {
        if (e.value("type", "") == "count") {
            EXPECT_EQ(e["tied_count"], 300);
            EXPECT_TRUE(e["tied"].is_null());
            EXPECT_EQ(e["you_tied"], true);
            tied_everyone = true;
        }
    }
    EXPECT_TRUE(tied_everyone);
    // The record keeps every seat of every list.
    const auto record = m->record();
    ASSERT_TRUE(record.ok());
    for (const auto& e : (*record)["events"]) {
        if (e.value("type", "") == "count") {
            EXPECT_EQ(e["tied"].size(), 300u);
        }
    }
}

TEST(PartyListedSeats, SixtyFourSeatsAreAListAndSixtyFiveAreNull) {
    std::vector<int> players(64);
    for (int i = 0; i < 64; ++i) players[static_cast<std::size_t>(i)] = i;
    EXPECT_EQ(listed_seats(players).size(), 64u);
    players.push_back(64);
    EXPECT_TRUE(listed_seats(players).is_null());
}

}  // namespace
}  // namespace broadside::party

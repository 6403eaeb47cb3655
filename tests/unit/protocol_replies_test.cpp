// The replies the engine and a room share (src/protocol/replies.h): their fields as
// docs/protocol.md gives them, the public view without legal actions, the result only at the end.
#include <gtest/gtest.h>

#include "match/match.h"
#include "protocol/replies.h"

namespace broadside {
namespace {

using nlohmann::json;

Match classic() {
    auto m = Match::create("classic", {{"first", 0}}, 7);
    EXPECT_TRUE(m.ok());
    return std::move(m.value());
}

std::vector<std::string> keys(const json& j) {
    std::vector<std::string> out;
    for (const auto& [k, v] : j.items()) out.push_back(k);
    return out;
}

TEST(ProtocolReplies, AnObservationHasTheSeatsViewItsLegalActionsAndWhereTheGameIs) {
    const Match m = classic();
    const json to_act = m.seats_to_act();
    const json mine = protocol::observation_reply(m, 0, m.legal_actions(0), to_act);
    EXPECT_EQ(keys(mine), (std::vector<std::string>{"last_event", "legal", "observation", "over",
                                                    "seat", "to_act", "type"}));
    EXPECT_EQ(mine["type"], "observation");
    EXPECT_EQ(mine["seat"], 0);
    EXPECT_EQ(mine["observation"], m.observation(0));
    EXPECT_EQ(mine["legal"], m.legal_actions(0));
    EXPECT_EQ(mine["to_act"], to_act);
    EXPECT_EQ(mine["over"], false);
    EXPECT_EQ(mine["last_event"], m.last_event_number());
    // The public view (seat -1) never carries legal actions, whatever the caller passed.
    const json watcher = protocol::observation_reply(m, -1, m.legal_actions(0), to_act);
    EXPECT_TRUE(watcher["legal"].is_null());
    EXPECT_EQ(watcher["observation"], m.observation(-1));
}

TEST(ProtocolReplies, LegalEventsAndActedCarryWhatTheProtocolSays) {
    Match m = classic();
    const json legal = protocol::legal_reply(1, m.legal_actions(1), m.seats_to_act());
    EXPECT_EQ(keys(legal), (std::vector<std::string>{"legal", "seat", "to_act", "type"}));
    EXPECT_EQ(legal["type"], "legal");

    auto placed =
        m.act(0, {{"type", "place"},
                  {"ships", {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"}}});
    ASSERT_TRUE(placed.ok());
    const json acted = protocol::acted_reply(m, 0, *placed, m.seats_to_act(), m.is_over());
    EXPECT_EQ(keys(acted), (std::vector<std::string>{"events", "over", "seat", "to_act", "type"}));
    EXPECT_FALSE(acted.contains("result"));  // only once the game is over
    EXPECT_EQ(acted["events"], json(*placed));

    const json events = protocol::events_reply(m, 1, 0);
    EXPECT_EQ(keys(events), (std::vector<std::string>{"events", "last_event", "type"}));
    EXPECT_EQ(events["events"], json(m.events_for(1, 0)));
    EXPECT_EQ(events["last_event"], m.last_event_number());
    // Seat 1 is not told where seat 0 put its ships.
    EXPECT_EQ(events.dump().find("A1 right"), std::string::npos) << events.dump();

    const json over = protocol::acted_reply(m, 0, {}, json::array(), true);
    EXPECT_EQ(over["result"], m.result());
}

}  // namespace
}  // namespace broadside

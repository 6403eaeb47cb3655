// docs/protocol.md, "Skipped runs": other players' placements reach a party phone as one
// `skipped` entry, and its numbers stay without gaps. A phone is sent that run when it can next
// see an event; its own placement is such a moment, so the run comes before its `acted`.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "client/ws_client.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const json kFleet = {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"};

// Every event number the phone was sent unasked or with its own action, in arrival order (a
// skipped run counts as each of its numbers).
std::vector<std::int64_t> numbers_sent(SeatClient& phone) {
    std::vector<std::int64_t> seen;
    for (const auto& frame : phone.frames(300)) {
        const json message = json::parse(frame, nullptr, false);
        if (!message.is_object() || !message.contains("events")) continue;
        if (message.value("type", "") != "events" && message.value("type", "") != "acted") continue;
        for (const auto& e : message["events"]) {
            const std::int64_t n = e["n"];
            const std::int64_t from = e.value("type", "") == "skipped" ? e.value("from", n) : n;
            for (std::int64_t k = from; k <= n; ++k) seen.push_back(k);
        }
    }
    return seen;
}

TEST(ServerPartySkipped, APhonesOwnPlacementFollowsTheOthersPlacementsWithoutAGap) {
    ServerProcess server(temp_dir());
    auto created =
        create_room(server.port(), {{"game", "party"}, {"seat", 0}, {"options", {{"players", 3}}}});
    const std::string room = created["room"];
    SeatClient host(server.port(), room, created["token"]);
    std::vector<std::unique_ptr<SeatClient>> phones;
    for (int seat = 1; seat <= 3; ++seat) {
        phones.push_back(std::make_unique<SeatClient>(server.port(), room));
        const auto joined = phones.back()->request(
            {{"cmd", "join"}, {"name", "P" + std::to_string(seat)}, {"seat", seat}});
        ASSERT_EQ(joined["type"], "joined") << joined.dump();
    }
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");
    const std::int64_t started = host.request({{"cmd", "room"}})["last_event"];
    // Two players place; the third, who can see neither, places last.
    for (int i = 0; i < 3; ++i) {
        const auto acted = phones[i]->request({{"cmd", "act"},
                                               {"action_id", "fleet"},
                                               {"action", {{"type", "place"}, {"ships", kFleet}}}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
    }
    const auto seen = numbers_sent(*phones[2]);
    ASSERT_FALSE(seen.empty());
    const std::int64_t last = *std::max_element(seen.begin(), seen.end());
    std::vector<std::int64_t> expected;
    for (std::int64_t k = seen.front(); k <= last; ++k) expected.push_back(k);
    EXPECT_EQ(seen, expected) << "the third phone's numbers have a gap or a repeat";
    EXPECT_LE(seen.front(), started + 1);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

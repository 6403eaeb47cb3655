// The typed room log: every kind round-trips through its stored JSON, the JSON today's server
// writes (captured from a real `broadside serve` run, below) parses back to the same JSON, and a
// malformed entry is refused with a message that says what is wrong.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "server/room_log.h"

namespace broadside::server {
namespace {

using nlohmann::json;

// One of each kind (and of each optional field), as stored by a server before the typed log.
const std::vector<std::string> kStored = {
    R"({"kind":"join","member":0,"name":"Ha","nonce":"","owner":true,"seat":0,"token_sha256":"35006dcc7218f2a36c90848b7dda366daad5ca1c1e2492d8446425db36f4c677"})",
    R"({"at":1795714266187,"device_sha256":"aba4c53b97d1fdaf1cc07d3fd6c94bd2346670e31b724be886d8c1e8109257c5","kind":"join","member":1,"name":"Ivy","nonce":"","owner":false,"seat":1,"token_sha256":"0f21cc4e3bead8e357700082a252dd45ccbef801365214031022410a71079cc9"})",
    R"({"bot":"royale-eager","kind":"bot","seat":1})",
    R"({"at":1795714260177,"bot":"hunt","kind":"bot","seat":1})",
    R"({"at":1795714265862,"kind":"start","nonces":["","",""],"seed":"12097933820194910369"})",
    R"({"action":{"cards":["S26","S13"],"type":"discard"},"action_id":null,"at":1795714265863,"kind":"act","seat":1})",
    R"({"action":{"ships":["A1 right","C1 right","E1 right","G1 right","I1 right"],"type":"place"},"action_id":"ann-1","at":1795714260187,"kind":"act","seat":0})",
    R"({"action":{"ships":["A1 right","C1 right","E1 right","G1 right","I1 right"],"type":"place"},"action_id":1,"at":1795714260187,"kind":"act","seat":1})",
    R"({"action":{"ships":["A1 right","G2 right","J6 right","E2 right","E9 down"],"type":"place"},"action_id":null,"at":1795714261517,"kind":"act","seat":0,"stand_in":"clock"})",
    R"({"action":{"seat":1,"type":"remove"},"action_id":null,"at":1795714295505,"kind":"act","seat":0})",
    R"({"at":1795714266163,"bot":"royale-eager","kind":"takeover","seat":0})",
    R"({"at":1795714288273,"bot":"random","kind":"takeover","seat":0,"why":"timeout"})",
    R"({"at":1795714266187,"kind":"seat_player"})",
    R"({"at":1795714266189,"kind":"lock","locked":true})",
    R"({"at":1795714266189,"kind":"open","seat":1})",
    R"({"at":1795714260175,"kind":"nonce","member":1,"nonce":"c3d4"})",
    R"({"at":1795714260175,"kind":"leave","member":1})",
    R"({"at":1795714260176,"kind":"sit","member":1,"nonce":"e5f6","seat":1})",
    R"({"at":1795714260188,"kind":"resign","seat":1})",
    R"({"at":1795714260189,"kind":"rematch","room":"HCBSQ"})",
    R"({"at":1795714265857,"kind":"claim","seat":0})",
    R"({"at":1795714264118,"kind":"timeout","seat":0})",
    R"({"at":1795714260514,"kind":"abort","member":0})",
    R"({"at":1795714295505,"kind":"bar","member":1})",
};

TEST(RoomLog, TodaysStoredEntriesParseAndAreWrittenBackTheSame) {
    std::set<std::string> kinds;
    for (const auto& text : kStored) {
        const json stored = json::parse(text);
        auto entry = parse_entry(stored);
        ASSERT_TRUE(entry) << text << ": " << entry.error().message;
        EXPECT_EQ(to_json(*entry), stored) << text;
        EXPECT_EQ(kind_of(*entry), stored["kind"].get<std::string>());
        kinds.insert(kind_of(*entry));
    }
    EXPECT_EQ(kinds.size(), std::variant_size_v<RoomEntry>) << "a kind has no stored example";
}

TEST(RoomLog, EveryConstructedKindRoundTrips) {
    std::vector<RoomEntry> all = {
        entries::join(2, "Ann", -1, "ab", "1f", true),
        entries::join(3, "Bob", 1, "cd", "", false, std::string("ef")),
        entries::sit(1, 0, "aa"),
        entries::nonce(1, "bb"),
        entries::bot(1, "hunt"),
        entries::open(1),
        entries::leave(1),
        entries::start(18446744073709551615ULL, {"", "a1"}),
        entries::act(0, {{"type", "fire"}, {"cells", {"A1"}}}, "id-1"),
        entries::act(1, {{"type", "fire"}}, 42),
        entries::act(1, {{"type", "fire"}}, nullptr, std::string("absent")),
        entries::resign(0),
        entries::timeout(1),
        entries::claim(0),
        entries::takeover(2, "random"),
        entries::takeover(2, "random", "timeout"),
        entries::abort(0),
        entries::rematch("HCBSQ"),
        entries::seat_player(),
        entries::lock(false),
        entries::bar(4),
    };
    std::set<std::size_t> kinds;
    for (auto& entry : all) {
        for (bool stamped : {false, true}) {
            if (stamped) stamp(entry, 1795714260175);
            const json stored = to_json(entry);
            auto back = parse_entry(json::parse(stored.dump()));
            ASSERT_TRUE(back) << stored << ": " << back.error().message;
            EXPECT_EQ(to_json(*back), stored);
            EXPECT_EQ(back->index(), entry.index());
            EXPECT_EQ(time_of(*back),
                      stamped ? std::optional<std::int64_t>(1795714260175) : std::nullopt);
            EXPECT_FALSE(stored.contains("v")) << "version 1 is written without a version field";
        }
        kinds.insert(entry.index());
    }
    EXPECT_EQ(kinds.size(), std::variant_size_v<RoomEntry>);
}

TEST(RoomLog, StampingKeepsATimeAlreadyThere) {
    auto entry = entries::resign(0);
    stamp(entry, 5);
    stamp(entry, 9);
    EXPECT_EQ(time_of(entry), 5);
}

TEST(RoomLog, MalformedEntriesAreRefusedWithAMessage) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"([1,2])", "must be an object"},
        {R"({"seat":1})", "needs a \"kind\""},
        {R"({"kind":7})", "needs a \"kind\""},
        {R"({"kind":"teleport","seat":1})", "unknown log entry \"teleport\""},
        {R"({"kind":"resign","seat":0,"v":2})", "version 2"},
        {R"({"kind":"resign","seat":0,"v":"1"})", "version \"1\""},
        {R"({"kind":"resign"})", "\"resign\" entry: \"seat\" is missing"},
        {R"({"kind":"resign","seat":"0"})", "\"seat\" must be a whole number"},
        {R"({"kind":"resign","seat":4294967296})", "\"seat\" must be a whole number"},
        {R"({"kind":"bot","seat":1,"bot":3})", "\"bot\" must be text"},
        {R"({"kind":"lock","locked":1})", "\"locked\" must be true or false"},
        {R"({"kind":"start","seed":"12x"})", "\"seed\" must be a 64-bit number"},
        {R"({"kind":"start","seed":"99999999999999999999"})", "\"seed\" must be a 64-bit"},
        {R"({"kind":"start","seed":12})", "\"seed\" must be text"},
        {R"({"kind":"start","seed":"1","nonces":[1]})", "\"nonces\" must be a list of text"},
        {R"({"kind":"act","seat":0,"action":"fire","action_id":null})", "\"action\" must be"},
        {R"({"kind":"act","seat":0,"action":{}})", "\"action_id\" must be present"},
        {R"({"kind":"act","seat":0,"action":{},"action_id":[1]})", "\"action_id\" must be text"},
        {R"({"kind":"join","name":"A","seat":0})", "\"token_sha256\" is missing"},
        {R"({"kind":"resign","seat":0,"at":"noon"})", "\"at\" must be a whole number"},
    };
    for (const auto& [text, says] : cases) {
        auto entry = parse_entry(json::parse(text));
        ASSERT_FALSE(entry) << text;
        EXPECT_EQ(entry.error().code, "corrupt_room") << text;
        EXPECT_NE(entry.error().message.find(says), std::string::npos)
            << text << " said: " << entry.error().message;
    }
}

TEST(RoomLog, AnEntryOfVersionOneMaySayIt) {
    auto entry = parse_entry(json::parse(R"({"kind":"resign","seat":0,"v":1})"));
    ASSERT_TRUE(entry) << entry.error().message;
    EXPECT_EQ(to_json(*entry), json::parse(R"({"kind":"resign","seat":0})"));
}

}  // namespace
}  // namespace broadside::server

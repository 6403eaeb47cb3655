// Party night through a real server (docs/server.md, "Party night"): people join an open party
// room after the start until the first torpedo, names are made unique, the host locks the
// doors and removes a player (barred by token and device, and in the record), late joiners
// watch, unplaced fleets are drawn at random, every phone hears its own result and nobody
// else's, and all of it survives a restart.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFleet{"A1 right", "A2 right", "A3 right",
                                      "A4 right", "A5 right", "A6 right"};

json join(SeatClient& phone, const std::string& name, const std::string& device) {
    return phone.request({{"cmd", "join"}, {"name", name}, {"device", device}});
}

TEST(ServerParty, PhonesJoinAnOpenRoomUntilTheFirstTorpedoAndHearOnlyTheirOwnResult) {
    ServerProcess server(temp_dir(), {"--messages-per-second", "1000", "--message-burst", "1000"});
    auto created = create_open_party(server.port());
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    const std::string room = created["room"];
    SeatClient host(server.port(), room, created["token"]);
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");

    // Six phones join after the start; names are cleaned and made unique.
    std::vector<std::unique_ptr<SeatClient>> phones;
    std::vector<std::string> names;
    std::vector<std::string> tokens;
    for (int i = 0; i < 6; ++i) {
        phones.push_back(std::make_unique<SeatClient>(server.port(), room));
        const std::string asked = i < 3 ? "Ann\u200b" : "Phone " + std::to_string(i);
        auto joined = join(*phones.back(), asked, "device-" + std::to_string(i));
        ASSERT_EQ(joined["type"], "joined") << joined.dump();
        EXPECT_EQ(joined["seat"], i + 1);
        names.push_back(joined["name"]);
        tokens.push_back(joined["token"]);
    }
    EXPECT_EQ(names[0], "Ann");
    EXPECT_EQ(names[1], "Ann 2");
    EXPECT_EQ(names[2], "Ann 3");
    // Bad requests of party night get a structured error and change nothing.
    EXPECT_EQ(host.request({{"cmd", "lock"}, {"locked", "yes"}})["error"]["code"], "bad_request");
    EXPECT_EQ(host.request({{"cmd", "names"}, {"seats", 3}})["error"]["code"], "bad_request");
    SeatClient odd(server.port(), room);
    EXPECT_EQ(
        odd.request(
            {{"cmd", "join"}, {"name", "Odd"}, {"device", std::string(65, 'x')}})["error"]["code"],
        "bad_request");
    EXPECT_EQ(phones[0]->request({{"cmd", "lock"}})["error"]["code"], "not_owner");
    auto summary = host.request({{"cmd", "room"}});
    EXPECT_EQ(summary["players_count"], 6);
    EXPECT_EQ(summary["locked"], false);
    auto looked_up = host.request({{"cmd", "names"}, {"seats", {2, 5, 99}}});
    EXPECT_EQ(looked_up["names"], json({{"2", "Ann 2"}, {"5", "Phone 4"}}));

    // Idempotent: the same placement sent again (same action id) is answered from the log; a
    // second placement is refused; a second join from a seated phone changes nothing.
    auto twice = phones[0]->request(
        {{"cmd", "act"}, {"action_id", "p"}, {"action", {{"type", "place"}, {"ships", kFleet}}}});
    ASSERT_EQ(twice["type"], "acted") << twice.dump();
    EXPECT_EQ(phones[0]->request({{"cmd", "act"},
                                  {"action_id", "p"},
                                  {"action", {{"type", "place"}, {"ships", kFleet}}}})["repeat"],
              true);
    EXPECT_EQ(
        phones[0]->request({{"cmd", "act"},
                            {"action_id", "p2"},
                            {"action", {{"type", "place"}, {"ships", kFleet}}}})["error"]["reason"],
        "already_placed");
    EXPECT_EQ(join(*phones[0], "Ann", "device-0")["error"]["code"], "already_seated");
    EXPECT_EQ(host.request({{"cmd", "room"}})["players_count"], 6);

    // Four place; the host removes seat 6 (barred by token and by device) and locks the room.
    for (int i = 1; i < 4; ++i) {
        auto acted = phones[static_cast<std::size_t>(i)]->request(
            {{"cmd", "act"},
             {"action_id", "p"},
             {"action", {{"type", "place"}, {"ships", kFleet}}}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
    }
    EXPECT_EQ(phones[0]->request({{"cmd", "remove"}, {"seat", 6}})["error"]["code"], "not_owner");
    auto removed = host.request({{"cmd", "remove"}, {"seat", 6}});
    ASSERT_EQ(removed["type"], "removed") << removed.dump();
    EXPECT_EQ(phones[5]->wait_for("seat_lost")["seat"], 6);
    SeatClient again(server.port(), room);
    EXPECT_EQ(join(again, "Sneaky", "device-5")["error"]["code"], "removed");
    ASSERT_EQ(host.request({{"cmd", "lock"}, {"locked", true}})["locked"], true);
    SeatClient late(server.port(), room);
    EXPECT_EQ(join(late, "Late", "device-9")["error"]["code"], "room_locked");
    ASSERT_EQ(host.request({{"cmd", "lock"}, {"locked", false}})["locked"], false);

    // The first torpedo: seat 5 never placed and gets a random fleet; nobody joins after it.
    auto first = host.request({{"cmd", "act"}, {"action_id", 1}, {"action", {{"type", "fire"}}}});
    ASSERT_EQ(first["type"], "acted") << first.dump();
    EXPECT_EQ(first["events"][0]["type"], "firing_starts");
    EXPECT_EQ(first["events"][0]["random_fleets"], 1);
    EXPECT_EQ(first["events"][0]["players"], 5);
    EXPECT_EQ(join(late, "Late", "device-9")["error"]["code"], "game_started");

    // Each phone's torpedo event: the counts and its own result, never anyone else's.
    int torpedoes = 1;
    while (true) {
        auto shot = host.request(
            {{"cmd", "act"}, {"action_id", ++torpedoes}, {"action", {{"type", "fire"}}}});
        ASSERT_EQ(shot["type"], "acted") << shot.dump();
        if (shot["over"].get<bool>()) break;
        ASSERT_LT(torpedoes, 40);
    }
    for (int i = 0; i < 5; ++i) {
        auto seen = phones[static_cast<std::size_t>(i)]->request({{"cmd", "events"}, {"after", 0}});
        int mine = 0;
        for (const auto& e : seen["events"]) {
            EXPECT_FALSE(e.contains("results")) << e.dump();
            if (e["type"] == "torpedo") {
                EXPECT_TRUE(e.contains("you")) << e.dump();
                ++mine;
            }
        }
        EXPECT_EQ(mine, 30);
    }
    // The record has every result, the removal and the random fleet; it replays.
    auto record = host.request({{"cmd", "record"}})["record"];
    bool removal = false;
    for (const auto& a : record["actions"]) removal = removal || a["action"]["type"] == "remove";
    EXPECT_TRUE(removal);
    int with_results = 0;
    for (const auto& e : record["events"]) with_results += e.contains("results");
    EXPECT_EQ(with_results, 30);
    {
        const std::string path = temp_dir() + "/party-record.json";
        std::ofstream(path) << record.dump();
        const auto replayed = testing::run_broadside({"replay", path});
        EXPECT_EQ(replayed.exit_code, 0) << replayed.out << replayed.err;
    }

    // Play again: everyone but the removed player is in the new room, in the same seat.
    auto again_offer = host.request({{"cmd", "rematch"}});
    ASSERT_EQ(again_offer["type"], "rematch") << again_offer.dump();
    const std::string next = again_offer["room"];
    SeatClient ann_next(server.port(), next, tokens[0]);
    EXPECT_EQ(ann_next.welcome["you"]["seat"], 1);
    EXPECT_EQ(ann_next.welcome["room"]["players_count"], 6);
    client::WsClient removed_next("127.0.0.1", server.port(), "/ws/" + next);
    EXPECT_EQ(removed_next.request(
                  {{"cmd", "hello"}, {"protocol", 2}, {"token", tokens[5]}})["error"]["code"],
              "bad_token");

    // After a restart the room is the same: the barred device is still barred.
    server.kill9();
    server.restart();
    SeatClient after(server.port(), room);
    EXPECT_EQ(after.welcome["room"]["players_count"], 6);
    EXPECT_EQ(join(after, "Sneaky", "device-5")["error"]["code"], "removed");
    client::WsClient barred("127.0.0.1", server.port(), "/ws/" + room);
    EXPECT_EQ(
        barred.request({{"cmd", "hello"}, {"protocol", 2}, {"token", tokens[5]}})["error"]["code"],
        "removed");
}

// Phones joining an open party after the start are seated by the room, not by a move of the
// host's: until a person moves, the party may still be aborted (docs/server.md, "Resign, abort,
// leave"). Its record lists the one nonce the seed came from, the host's at the start, so
// `replay --verify` passes although seats were added since (docs/server.md, "Records").
TEST(ServerParty, APartyThatPhonesJoinedMayBeAbortedAndItsRecordVerifies) {
    ServerProcess server(temp_dir(), {"--messages-per-second", "1000", "--message-burst", "1000"});
    auto created = create_open_party(server.port(), {{"nonce", "beef"}});
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    const std::string room = created["room"];
    SeatClient host(server.port(), room, created["token"]);
    ASSERT_EQ(host.request({{"cmd", "start"}})["type"], "started");
    std::vector<std::unique_ptr<SeatClient>> phones;
    for (int i = 0; i < 2; ++i) {
        phones.push_back(std::make_unique<SeatClient>(server.port(), room));
        ASSERT_EQ(join(*phones.back(), "Phone", "device-" + std::to_string(i))["type"], "joined");
    }
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    const json mine = lobby.request(
        {{"cmd", "my_rooms"}, {"tokens", {{{"room", room}, {"token", created["token"]}}}}});
    ASSERT_EQ(mine["rooms"].size(), 1u) << mine.dump();
    EXPECT_EQ(mine["rooms"][0]["abortable"], true) << mine.dump();
    const json aborted = host.request({{"cmd", "abort"}});
    ASSERT_EQ(aborted["type"], "aborted") << aborted.dump();
    const json record = host.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record") << record.dump();
    EXPECT_EQ(record["record"]["fairness"]["nonces"], json({"beef"}))
        << record["record"]["fairness"].dump();
    const std::string file = temp_dir() + "/party-record.json";
    std::ofstream(file) << record["record"].dump();
    auto verified = run_broadside({"replay", "--verify", file, "--commitment",
                                   record["record"]["fairness"]["commitment"].get<std::string>()});
    EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerParty, APartyRoomRefusesProtocolOneAndOtherRoomsStillServeIt) {
    ServerProcess server(temp_dir());
    auto party = create_room(server.port(), {{"game", "party"}, {"seat", 0}});
    auto classic = create_room(server.port(), {{"game", "classic"}});
    client::WsClient old_party("127.0.0.1", server.port(),
                               "/ws/" + party["room"].get<std::string>());
    EXPECT_EQ(old_party.request({{"cmd", "hello"}, {"protocol", 1}})["error"]["code"],
              "unsupported_protocol");
    client::WsClient old_classic("127.0.0.1", server.port(),
                                 "/ws/" + classic["room"].get<std::string>());
    EXPECT_EQ(old_classic.request({{"cmd", "hello"}, {"protocol", 1}})["type"], "welcome");
}

}  // namespace
}  // namespace broadside::testing

namespace broadside::testing {
namespace {

TEST(ServerParty, LanListensEverywherePrintsTheLinkWithAQrCodeAndLoopbackStillWorks) {
    ServerProcess server(temp_dir(), {"--lan"});
    // The link and its QR code are printed after the line the start waits for, and before the
    // last line ("Open ... in a browser to play", or how terminals can play without one).
    std::string out = server.output();
    for (int i = 0; i < 200 && out.find("in a browser to play") == std::string::npos &&
                    out.find("terminals can play") == std::string::npos;
         ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
        out = server.output();
    }
    const auto at = out.find("Join from a phone on this network: http://");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string link = out.substr(at + 35, out.find('\n', at) - at - 35);
    EXPECT_EQ(link.find("127.0.0.1"), std::string::npos) << link;  // the LAN address
    EXPECT_NE(out.find("\u2588\u2588\u2588\u2588\u2588\u2588\u2588"), std::string::npos);
    EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);  // tests stay on loopback
    // The link's origin is accepted from browsers (the join links carry it).
    auto created = create_room(server.port(), {{"game", "party"}, {"seat", 0}});
    EXPECT_EQ(created["url"].get<std::string>().rfind(link.substr(0, link.size() - 1), 0), 0u)
        << created.dump() << " vs " << link;
}

}  // namespace
}  // namespace broadside::testing

// The lobby's `my_rooms` (docs/server.md, "Your unfinished rooms") against a real server on a
// real socket: a player's tokens list the rooms they hold that are not over, and how each can
// end; someone else's token lists nothing of theirs and cannot abort it; a bad list is a
// structured error that changes nothing; and the per-address cap says how to get out of it.
#include <gtest/gtest.h>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

// The lobby's answer to `my_rooms` with these (room, token) pairs.
json my_rooms(client::WsClient& lobby, const json& tokens) {
    return lobby.request({{"cmd", "my_rooms"}, {"tokens", tokens}});
}

json held(const json& created) {
    return {{"room", created["room"]}, {"token", created["token"]}};
}

std::vector<std::string> codes(const json& answer) {
    std::vector<std::string> out;
    for (const auto& r : answer["rooms"]) out.push_back(r["room"].get<std::string>());
    return out;
}

TEST(ServerMyRooms, ATokenListsTheUnfinishedRoomsItHoldsAndNothingOfAnyoneElse) {
    ServerProcess server(temp_dir(), kFast);
    const auto port = server.port();
    // Ann: a room waiting for a friend, a game against a bot in which she has placed, a room
    // she aborted, and a game against a bot that is over.
    auto waiting = create_room(port, {{"game", "classic"}, {"name", "Ann"}});
    auto moved = create_room(
        port, {{"game", "classic"}, {"name", "Ann"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    auto aborted = create_room(port, {{"game", "salvo"}, {"name", "Ann"}});
    auto finished = create_room(port, {{"game", "classic"},
                                       {"name", "Ann"},
                                       {"options", {{"rows", 5}, {"cols", 5}}},
                                       {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    {
        SeatClient ann(port, moved["room"], moved["token"]);
        ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
        auto legal = ann.request({{"cmd", "legal"}});
        Rng rng(7);
        auto acted = ann.request({{"cmd", "act"},
                                  {"action_id", 1},
                                  {"action", random_action(legal["legal"], 0, rng, "classic")}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
    }
    {
        SeatClient ann(port, aborted["room"], aborted["token"]);
        ASSERT_EQ(ann.request({{"cmd", "abort"}})["type"], "aborted");
    }
    {
        SeatClient ann(port, finished["room"], finished["token"]);
        ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
        ASSERT_EQ(ann.request({{"cmd", "resign"}})["type"], "resigned");
    }
    // Bob takes the open seat of Ann's waiting room.
    SeatClient bob_seat(port, waiting["room"]);
    auto bob = bob_seat.request({{"cmd", "join"}, {"name", "Bob"}});
    ASSERT_EQ(bob["type"], "joined");

    client::WsClient lobby("127.0.0.1", port, "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");

    const json anns = {held(waiting), held(moved), held(aborted), held(finished)};
    auto mine = lobby.request({{"cmd", "my_rooms"}, {"tokens", anns}, {"id", "m1"}});
    ASSERT_EQ(mine["type"], "my_rooms") << mine.dump();
    EXPECT_EQ(mine["id"], "m1");
    EXPECT_EQ(codes(mine), (std::vector<std::string>{waiting["room"], moved["room"]}));
    const auto& first = mine["rooms"][0];
    EXPECT_EQ(first["game"], "classic");
    EXPECT_EQ(first["phase"], "waiting");
    EXPECT_EQ(first["seat"], 0);
    EXPECT_EQ(first["owner"], true);
    EXPECT_EQ(first["name"], "Ann");
    EXPECT_EQ(first["abortable"], true);
    EXPECT_EQ(first["url"], server.url() + "/r/" + waiting["room"].get<std::string>());
    EXPECT_EQ(mine["rooms"][1]["phase"], "playing");
    EXPECT_EQ(mine["rooms"][1]["abortable"], false);  // she placed: resign, not abort
    // Nothing in the answer is a token.
    EXPECT_EQ(mine.dump().find(waiting["token"].get<std::string>()), std::string::npos);

    // Bob's token lists the same room as his seat, not Ann's.
    auto bobs = my_rooms(lobby, {{{"room", waiting["room"]}, {"token", bob["token"]}}});
    ASSERT_EQ(codes(bobs), std::vector<std::string>{waiting["room"]});
    EXPECT_EQ(bobs["rooms"][0]["seat"], 1);
    EXPECT_EQ(bobs["rooms"][0]["owner"], false);

    // Mallory holds a room of her own. Her token named with Ann's codes, a made-up token, and a
    // code no room has all answer the same: nothing, and nothing about whether a room exists.
    auto mallorys = create_room(port, {{"game", "classic"}, {"name", "Mallory"}});
    const json strangers = {{{"room", waiting["room"]}, {"token", mallorys["token"]}},
                            {{"room", moved["room"]}, {"token", "0123456789abcdef"}},
                            {{"room", "ZZZZZ"}, {"token", mallorys["token"]}}};
    auto none = my_rooms(lobby, strangers);
    EXPECT_EQ(none, (json{{"type", "my_rooms"}, {"rooms", json::array()}, {"id", none["id"]}}))
        << none.dump();
    // ... and cannot abort Ann's room: her token is refused there, and without one she watches.
    client::WsClient refused("127.0.0.1", port, "/ws/" + waiting["room"].get<std::string>());
    auto hello = refused.request({{"cmd", "hello"}, {"protocol", 2}, {"token", mallorys["token"]}});
    EXPECT_EQ(hello["error"]["code"], "bad_token");
    SeatClient watching(port, waiting["room"]);
    EXPECT_EQ(watching.request({{"cmd", "abort"}})["error"]["code"], "not_allowed");
    EXPECT_EQ(codes(my_rooms(lobby, anns)),
              (std::vector<std::string>{waiting["room"], moved["room"]}));

    // Ann aborts the waiting room: it leaves her list (and Bob's).
    {
        SeatClient ann(port, waiting["room"], waiting["token"]);
        ASSERT_EQ(ann.request({{"cmd", "abort"}})["type"], "aborted");
    }
    EXPECT_EQ(codes(my_rooms(lobby, anns)), std::vector<std::string>{moved["room"]});
    EXPECT_TRUE(
        codes(my_rooms(lobby, {{{"room", waiting["room"]}, {"token", bob["token"]}}})).empty());
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerMyRooms, ABadListIsAStructuredErrorAndChangesNothing) {
    ServerProcess server(temp_dir(), kFast);
    auto ann = create_room(server.port(), {{"game", "classic"}, {"name", "Ann"}});
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    json too_many = json::array();
    for (int i = 0; i < 201; ++i) too_many.push_back(held(ann));
    const std::vector<json> bad{
        {{"cmd", "my_rooms"}},
        {{"cmd", "my_rooms"}, {"tokens", "ABCDE"}},
        {{"cmd", "my_rooms"}, {"tokens", {1, 2}}},
        {{"cmd", "my_rooms"}, {"tokens", {{{"room", "ABCDE"}}}}},
        {{"cmd", "my_rooms"}, {"tokens", {{{"room", 5}, {"token", "x"}}}}},
        {{"cmd", "my_rooms"}, {"tokens", {{{"room", "ABCDE"}, {"token", 7}}}}},
        {{"cmd", "my_rooms"}, {"tokens", too_many}},
        {{"cmd", "my_rooms"}, {"tokens", {held(ann), {{"room", "ab1"}, {"token", "x"}}}}},
    };
    for (const auto& request : bad) {
        auto answer = lobby.request(request);
        EXPECT_EQ(answer["type"], "error") << request.dump();
        EXPECT_EQ(answer["error"]["code"], "bad_request") << request.dump();
        EXPECT_NE(answer["error"]["message"].get<std::string>().find("tokens"), std::string::npos)
            << answer.dump();
    }
    // The room is as it was, and the list of 200 is the most one request takes.
    json two_hundred = json::array();
    for (int i = 0; i < 200; ++i) two_hundred.push_back(held(ann));
    auto listed = my_rooms(lobby, two_hundred);
    ASSERT_EQ(codes(listed), std::vector<std::string>{ann["room"]}) << listed.dump();
    EXPECT_EQ(listed["rooms"][0]["phase"], "waiting");
    EXPECT_TRUE(codes(my_rooms(lobby, json::array())).empty());
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerMyRooms, TheCapOnRoomsPerAddressSaysHowToListAndAbortThem) {
    auto flags = kFast;
    flags.insert(flags.end(), {"--max-rooms-per-address", "2"});
    ServerProcess server(temp_dir(), flags);
    auto one = create_room(server.port(), {{"game", "classic"}});
    auto two = create_room(server.port(), {{"game", "salvo"}});
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    auto refused = lobby.request({{"cmd", "create"}, {"game", "classic"}});
    ASSERT_EQ(refused["error"]["code"], "too_many_rooms") << refused.dump();
    const std::string message = refused["error"]["message"];
    EXPECT_NE(message.find("broadside join --list"), std::string::npos) << message;
    EXPECT_NE(message.find("broadside join --abort"), std::string::npos) << message;
    EXPECT_NE(message.find("Your unfinished games"), std::string::npos) << message;
    EXPECT_EQ(codes(my_rooms(lobby, {held(one), held(two)})).size(), 2U);
    {
        SeatClient owner(server.port(), one["room"], one["token"]);
        ASSERT_EQ(owner.request({{"cmd", "abort"}})["type"], "aborted");
    }
    EXPECT_EQ(lobby.request({{"cmd", "create"}, {"game", "classic"}})["type"], "room_created");
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

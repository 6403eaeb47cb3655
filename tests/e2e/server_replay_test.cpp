// POST /api/replay (docs/server.md, "HTTP"; docs/protocol.md, "Errors from the server"): a real
// server turns a finished game's record into every step as one seat saw it, for the browser's
// replay page, and refuses what is not a record, a seat the game lacks and a body over 2 MiB.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "match/match.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

TEST(ServerReplay, ARecordComesBackStepByStepAsEachSeatSawIt) {
    ServerProcess server(temp_dir());
    auto created = create_room(
        server.port(),
        {{"game", "classic"}, {"seat", 0}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    SeatClient me(server.port(), room, created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    const json fleet = {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"};
    ASSERT_EQ(me.request({{"cmd", "act"},
                          {"action_id", "p"},
                          {"action", {{"type", "place"}, {"ships", fleet}}}})["type"],
              "acted");
    // One shot (once the bot has placed and it is our turn), then a resignation ends the game.
    for (int i = 0; i < 200; ++i) {
        auto obs = me.request({{"cmd", "observe"}});
        if (!obs["legal"].is_null() && obs["legal"].value("type", "") == "fire") break;
        me.wait_for("events");
    }
    ASSERT_EQ(me.request({{"cmd", "act"},
                          {"action_id", "f"},
                          {"action", {{"type", "fire"}, {"cells", {"J10"}}}}})["type"],
              "acted");
    ASSERT_EQ(me.request({{"cmd", "resign"}})["type"], "resigned");
    const auto download = http_get(server.port(), "/rooms/" + room + "/record");
    ASSERT_EQ(download.status, 200) << download.body;
    const json record = json::parse(download.body);
    const auto actions = record["actions"].size();
    ASSERT_GE(actions, 3u);

    const auto mine = http_post(server.port(), "/api/replay?seat=0", download.body);
    ASSERT_EQ(mine.status, 200) << mine.body;
    const json view = json::parse(mine.body);
    EXPECT_EQ(view["game"], "classic");
    EXPECT_EQ(view["seat"], 0);
    EXPECT_EQ(view["seats"], 2);
    EXPECT_FALSE(view["over"].get<bool>());  // a resignation ends the room, not the match
    ASSERT_EQ(view["steps"].size(), actions);
    for (std::size_t i = 0; i < actions; ++i) {
        EXPECT_EQ(view["steps"][i]["seat"], record["actions"][i]["seat"]) << i;
    }
    // Our own fleet is ours to see from our placement on; the bot's placement reaches us without
    // its ships, and the public view names neither fleet.
    const auto bot_placement = record["actions"][0]["seat"] == 1 ? record["actions"][0]["action"]
                                                                 : record["actions"][1]["action"];
    // The bot places at random, so a ship of its may sit where one of ours does ("E1 right" on
    // both fleets): only its ships that ours lack can show a leak.
    std::vector<std::string> bot_only;
    for (const auto& ship : bot_placement["ships"]) {
        if (std::find(fleet.begin(), fleet.end(), ship) == fleet.end()) bot_only.push_back(ship);
    }
    ASSERT_FALSE(bot_only.empty()) << bot_placement.dump();
    EXPECT_NE(view["steps"].dump().find("A1 right"), std::string::npos);
    for (const auto& ship : bot_only) {
        EXPECT_EQ(view["steps"].dump().find(ship), std::string::npos) << ship;
    }
    const auto pub = http_post(server.port(), "/api/replay", download.body);
    ASSERT_EQ(pub.status, 200);
    EXPECT_EQ(json::parse(pub.body)["seat"], -1);
    EXPECT_EQ(pub.body.find("A1 right"), std::string::npos);
    for (const auto& ship : bot_only) {
        EXPECT_EQ(pub.body.find(ship), std::string::npos) << ship;
    }
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerReplay, NotARecordASeatTheGameLacksAndTooLargeABodyAreRefused) {
    ServerProcess server(temp_dir());
    auto code = [](const HttpReply& r) { return json::parse(r.body)["error"]["code"]; };
    const auto not_json = http_post(server.port(), "/api/replay?seat=0", "{not json");
    EXPECT_EQ(not_json.status, 400);
    EXPECT_EQ(code(not_json), "bad_record");
    const auto not_record = http_post(server.port(), "/api/replay", R"({"game":"classic"})");
    EXPECT_EQ(not_record.status, 400);
    EXPECT_EQ(code(not_record), "bad_record");
    // Fields of another type are refused the same way; each used to stop the server.
    for (const std::string body :
         {R"({"format":1})",
          R"({"format":"broadside-record","game":"classic","seed":1,"actions":[],"events":5})",
          R"({"format":"broadside-record","game":"classic","seed":1,"actions":[],"options":[]})"}) {
        const auto typed = http_post(server.port(), "/api/replay", body);
        EXPECT_EQ(typed.status, 400) << body;
        EXPECT_EQ(code(typed), "bad_record") << body;
    }
    // The engine's own refusals of a record's game or options pass through.
    const auto chess = http_post(server.port(), "/api/replay",
                                 R"({"format":"broadside-record","game":"chess","seed":1,)"
                                 R"("actions":[]})");
    EXPECT_EQ(chess.status, 400);
    EXPECT_EQ(code(chess), "unknown_game");
    const auto option = http_post(server.port(), "/api/replay",
                                  R"({"format":"broadside-record","game":"classic","seed":1,)"
                                  R"("actions":[],"options":{"colour":"red"}})");
    EXPECT_EQ(option.status, 400);
    EXPECT_EQ(code(option), "unknown_option");
    // A record of a real game, made here: its actions replayed by the server.
    auto match = Match::create(
        "classic",
        {{"rows", 5}, {"cols", 5}, {"fleet", {{{"name", "Patrol"}, {"length", 1}}}}, {"first", 0}},
        3);
    ASSERT_TRUE(match.ok());
    ASSERT_TRUE(match->act(0, {{"type", "place"}, {"ships", {"A1 right"}}}).ok());
    ASSERT_TRUE(match->act(1, {{"type", "place"}, {"ships", {"E5 right"}}}).ok());
    ASSERT_TRUE(match->act(0, {{"type", "fire"}, {"cells", {"E5"}}}).ok());
    const json record = match->record().value();
    EXPECT_EQ(http_post(server.port(), "/api/replay?seat=1", record.dump()).status, 200);
    const auto bad_seat = http_post(server.port(), "/api/replay?seat=2", record.dump());
    EXPECT_EQ(bad_seat.status, 400);
    EXPECT_EQ(code(bad_seat), "bad_seat");
    // A whole number beyond any seat, even beyond 32 bits, is a seat the game lacks too.
    for (const std::string seat : {"99999999999", "-99999999999", "-2"}) {
        const auto beyond = http_post(server.port(), "/api/replay?seat=" + seat, record.dump());
        EXPECT_EQ(beyond.status, 400) << seat;
        EXPECT_EQ(code(beyond), "bad_seat") << seat;
    }
    const auto bad_number = http_post(server.port(), "/api/replay?seat=one", record.dump());
    EXPECT_EQ(bad_number.status, 400);
    EXPECT_EQ(code(bad_number), "bad_request");
    json tampered = record;
    tampered["actions"][2]["action"]["cells"][0] = "A2";
    const auto mismatch = http_post(server.port(), "/api/replay?seat=0", tampered.dump());
    EXPECT_EQ(mismatch.status, 400);
    EXPECT_EQ(code(mismatch), "replay_mismatch");
    // Over 2 MiB is refused from its stated length, before any of it is read.
    const auto big = http_request(server.port(), "POST", "/api/replay", "",
                                  {{"Content-Length", std::to_string(3 * 1024 * 1024)}});
    EXPECT_EQ(big.status, 413);
    EXPECT_EQ(code(big), "too_large");
    // Other requests keep their small limit, and only POST /api/replay takes a POST.
    EXPECT_EQ(http_post(server.port(), "/api/rooms", "{}").status, 405);
    EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
    EXPECT_EQ(server.terminate(), 0);
}

// The code of an error answer, or what the body is when it is none.
std::string error_code(const HttpReply& reply) {
    const json body = json::parse(reply.body, nullptr, false);
    if (body.is_object() && body.contains("error")) return body["error"].value("code", "");
    return "no error: " + std::to_string(reply.status) + " " + reply.body.substr(0, 80);
}

// docs/server.md, "HTTP": a body is at most 2 MiB for POST /api/replay (that path exactly) and
// 16 KiB for every other request, whatever its method or path; one byte more is 413 `too_large`
// and the connection closes. Sent on a raw socket, with the length stated or chunked.
TEST(ServerBodyLimit, EveryRequestButAReplayTakesABodyOfAtMost16KiB) {
    ServerProcess server(temp_dir());
    const auto port = server.port();
    const std::string at_limit(16 * 1024, 'x');
    const std::string over(16 * 1024 + 1, 'x');
    auto sent = [&](const std::string& method, const std::string& target, const std::string& body) {
        return http_request(port, method, target, body,
                            {{"Content-Length", std::to_string(body.size())}});
    };
    // At the limit, answered as before.
    EXPECT_EQ(sent("GET", "/healthz", at_limit).status, 200);
    EXPECT_EQ(sent("POST", "/healthz", at_limit).status, 405);
    // One byte over, on any path but the endpoint's, with any method: refused.
    for (const auto& [method, target] :
         std::vector<std::pair<std::string, std::string>>{{"POST", "/healthz"},
                                                          {"GET", "/healthz"},
                                                          {"POST", "/api/rooms"},
                                                          {"POST", "/api/replayX"},
                                                          {"POST", "/api/replay/x"}}) {
        const auto refused = sent(method, target, over);
        EXPECT_EQ(refused.status, 413) << method << " " << target << ": " << refused.body;
        EXPECT_EQ(error_code(refused), "too_large") << method << " " << target;
        EXPECT_NE(refused.headers.find("Connection: close"), std::string::npos) << refused.headers;
    }
    // A megabyte stated and never sent is refused from its length alone.
    const auto stated = http_request(port, "GET", "/healthz", "",
                                     {{"Content-Length", std::to_string(1024 * 1024)}});
    EXPECT_EQ(stated.status, 413);
    EXPECT_EQ(error_code(stated), "too_large");
    // A chunked body over the limit too (0x4001 bytes in one chunk).
    const auto chunked = http_request(port, "GET", "/healthz", "4001\r\n" + over + "\r\n0\r\n\r\n",
                                      {{"Transfer-Encoding", "chunked"}});
    EXPECT_EQ(chunked.status, 413) << chunked.body;
    EXPECT_EQ(error_code(chunked), "too_large");
    // A path that only starts like the endpoint's is not it.
    EXPECT_EQ(http_post(port, "/api/replayX", "{}").status, 405);
    // The endpoint still reads up to 2 MiB (and then finds this is no record).
    const std::string two_mib(2 * 1024 * 1024, ' ');
    for (const std::string target : {"/api/replay", "/api/replay?seat=0"}) {
        const auto read = sent("POST", target, two_mib);
        EXPECT_EQ(read.status, 400) << target;
        EXPECT_EQ(error_code(read), "bad_record") << target;
    }
    EXPECT_EQ(http_get(port, "/healthz").status, 200);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

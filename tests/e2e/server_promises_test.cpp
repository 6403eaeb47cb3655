// Promises of docs/server.md and docs/protocol.md checked from outside, against a real server on
// a real socket: the order of the messages that end a game, a reveal of every fleet and hand
// however a game ends, `timeout` when a bot takes a seat over, `ping` in the lobby, the codes of
// JSON that is not an object, and field types checked before anything else in every phase.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>

#include "seats/bot_registry.h"
#include "server/secrets.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kFast{"--messages-per-second", "100000", "--message-burst",
                                     "100000"};

const json kTiny = {
    {"rows", 5}, {"cols", 5}, {"fleet", {{{"name", "Destroyer"}, {"length", 2}}}}, {"first", 0}};

// The position in `frames` of the first message for which `is` holds (after `from`), or -1.
int position(const std::vector<std::string>& frames, const std::function<bool(const json&)>& is,
             int from = -1) {
    for (int i = from + 1; i < static_cast<int>(frames.size()); ++i) {
        const auto m = json::parse(frames[static_cast<std::size_t>(i)], nullptr, false);
        if (m.is_object() && is(m)) return i;
    }
    return -1;
}

bool holds_game_over(const json& m) {
    if (!m.contains("events") || !m["events"].is_array()) return false;
    for (const auto& e : m["events"]) {
        if (e.value("type", "") == "game_over") return true;
    }
    return false;
}

auto of_type(const std::string& type) {
    return [type](const json& m) { return m.value("type", "") == type; };
}

// Two people in a classic room (Ann created it, Bob joined), started.
struct TwoPeople {
    explicit TwoPeople(ServerProcess& server, json options = kTiny, json clock = nullptr) {
        json create = {{"game", "classic"}, {"options", options}, {"name", "Ann"}};
        if (!clock.is_null()) create["clock"] = clock;
        auto created = create_room(server.port(), create);
        room = created["room"];
        ann = std::make_unique<SeatClient>(server.port(), room, created["token"]);
        bob = std::make_unique<SeatClient>(server.port(), room);
        auto joined = bob->request({{"cmd", "join"}, {"name", "Bob"}});
        bob_token = joined["token"];
        auto started = ann->request({{"cmd", "start"}});
        if (started.value("type", "") != "started") throw std::runtime_error(started.dump());
    }
    json act(SeatClient& who, const std::string& id, json action) {
        return who.request({{"cmd", "act"}, {"action_id", id}, {"action", action}});
    }
    std::string room;
    std::string bob_token;
    std::unique_ptr<SeatClient> ann;
    std::unique_ptr<SeatClient> bob;
};

// A record as `broadside replay` checks it: written to a file and replayed.
void expect_replays(const json& record) {
    const std::string file = temp_dir() + "/record.json";
    std::ofstream(file) << record.dump();
    auto replayed = run_broadside({"replay", file});
    EXPECT_EQ(replayed.exit_code, 0) << replayed.out << replayed.err;
    auto verified = run_broadside({"replay", "--verify", file, "--commitment",
                                   record["fairness"]["commitment"].get<std::string>()});
    EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
}

TEST(ServerPromises, TheLastMovesEventsComeBeforeEndedAndEndedBeforeTheSummary) {
    ServerProcess server(temp_dir(), kFast);
    TwoPeople game(server);
    ASSERT_EQ(game.act(*game.ann, "p", {{"type", "place"}, {"ships", {"A1 right"}}})["type"],
              "acted");
    ASSERT_EQ(game.act(*game.bob, "p", {{"type", "place"}, {"ships", {"C3 down"}}})["type"],
              "acted");
    ASSERT_EQ(game.act(*game.ann, "1", {{"type", "fire"}, {"cell", "C3"}})["type"], "acted");
    ASSERT_EQ(game.act(*game.bob, "1", {{"type", "fire"}, {"cell", "E5"}})["type"], "acted");
    auto last = game.act(*game.ann, "2", {{"type", "fire"}, {"cell", "D3"}});
    ASSERT_TRUE(last["over"].get<bool>()) << last.dump();
    game.ann->wait_for("ended");
    game.bob->wait_for("ended");
    // Bob, who did not move: the events holding the last shot and game_over, then `ended`, then
    // the summary whose phase is over.
    const auto& bob = game.bob->frames(300);
    const int events = position(bob, holds_game_over);
    const int ended = position(bob, of_type("ended"));
    const int summary =
        position(bob, [](const json& m) { return of_type("room")(m) && m["phase"] == "over"; });
    ASSERT_GE(events, 0);
    EXPECT_LT(events, ended);
    EXPECT_LT(ended, summary);
    EXPECT_EQ(position(bob, of_type("ended"), ended), -1) << "ended is sent once";
    // Ann, who moved: the answer to her shot, then `ended`.
    const auto& ann = game.ann->frames(300);
    const int acted = position(ann, [](const json& m) { return of_type("acted")(m) && m["over"]; });
    ASSERT_GE(acted, 0);
    EXPECT_LT(acted, position(ann, of_type("ended")));
    EXPECT_EQ(server.terminate(), 0);
}

void a_resignation_reveals_both_fleets(ServerProcess& server) {
    TwoPeople game(server, {{"first", 0}});
    const json ann_ships = {"A1 right", "C1 right", "E1 right", "G1 right", "I1 right"};
    const json bob_ships = {"A10 down", "A9 down", "A8 down", "A7 down", "A6 down"};
    game.act(*game.ann, "p", {{"type", "place"}, {"ships", ann_ships}});
    game.act(*game.bob, "p", {{"type", "place"}, {"ships", bob_ships}});
    game.act(*game.ann, "f", {{"type", "fire"}, {"cell", "A10"}});
    ASSERT_EQ(game.bob->request({{"cmd", "resign"}})["type"], "resigned");
    game.bob->wait_for("ended");
    const auto& frames = game.bob->frames(300);
    const int resigned = position(frames, of_type("resigned"));
    const int ended = position(frames, of_type("ended"));
    EXPECT_LT(resigned, ended);
    EXPECT_LT(ended, position(frames, [](const json& m) {
                  return of_type("room")(m) && m["phase"] == "over";
              }));
    auto record = game.ann->request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record");
    EXPECT_EQ(record["record"]["ended"]["by"], "resign");
    EXPECT_EQ(record["record"]["reveal"]["fleets"], json({ann_ships, bob_ships}))
        << record["record"]["reveal"].dump();
    expect_replays(record["record"]);
}

void a_claim_reveals_the_fleet_of_the_player_who_left(ServerProcess& server) {
    TwoPeople game(server, {{"first", 0}}, {{"grace_seconds", 0}});
    const json ann_ships = {"A1 right", "C1 right", "E1 right", "G1 right", "I1 right"};
    const json bob_ships = {"A10 down", "A9 down", "A8 down", "A7 down", "A6 down"};
    game.act(*game.ann, "p", {{"type", "place"}, {"ships", ann_ships}});
    game.act(*game.bob, "p", {{"type", "place"}, {"ships", bob_ships}});
    game.bob.reset();  // Bob leaves; with no grace period the win may be claimed at once
    json claimed;
    for (int i = 0; i < 100; ++i) {
        claimed = game.ann->request({{"cmd", "claim"}});
        if (claimed["type"] == "claimed") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(claimed["type"], "claimed") << claimed.dump();
    auto record = game.ann->request({{"cmd", "record"}});
    EXPECT_EQ(record["record"]["ended"]["by"], "claim");
    EXPECT_EQ(record["record"]["reveal"]["fleets"], json({ann_ships, bob_ships}));
    expect_replays(record["record"]);
}

void an_abort_after_the_bots_placed_reveals_their_fleet(ServerProcess& server) {
    auto created = create_room(server.port(),
                               {{"game", "classic"}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    const std::string room = created["room"];
    SeatClient me(server.port(), room, created["token"]);
    EXPECT_EQ(me.request({{"cmd", "record"}})["error"]["code"], "match_not_over");
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    // The bot places at once; nobody has moved yet, so the game may still be called off.
    for (int i = 0; i < 200; ++i) {
        if (me.request({{"cmd", "observe"}})["to_act"] == json({0})) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_EQ(me.request({{"cmd", "abort"}})["type"], "aborted");
    EXPECT_EQ(me.wait_for("ended")["ended"]["by"], "abort");
    auto record = me.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record") << record.dump();
    EXPECT_EQ(record["record"]["ended"]["by"], "abort");
    const auto& fleets = record["record"]["reveal"]["fleets"];
    EXPECT_TRUE(fleets[0].empty()) << fleets.dump();
    EXPECT_EQ(fleets[1].size(), 5u) << fleets.dump();
    auto download = http_get(server.port(), "/rooms/" + room + "/record");
    EXPECT_EQ(download.status, 200);
    expect_replays(json::parse(download.body));
    // A room aborted before its start has no game and no record.
    auto waiting = create_room(server.port(), {{"game", "classic"}});
    SeatClient creator(server.port(), waiting["room"], waiting["token"]);
    ASSERT_EQ(creator.request({{"cmd", "abort"}})["type"], "aborted");
    EXPECT_EQ(creator.request({{"cmd", "record"}})["error"]["code"], "match_not_over");
    EXPECT_EQ(
        http_get(server.port(), "/rooms/" + waiting["room"].get<std::string>() + "/record").status,
        404);
}

void a_resigned_royale_game_reveals_every_hand(ServerProcess& server) {
    auto created = create_room(server.port(), {{"game", "royale"},
                                               {"options", {{"players", 2}}},
                                               {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    ASSERT_EQ(me.request({{"cmd", "resign"}})["type"], "resigned");
    auto record = me.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record");
    const auto& hands = record["record"]["reveal"]["hands"];
    ASSERT_EQ(hands.size(), 2u) << record["record"]["reveal"].dump();
    EXPECT_EQ(hands[0]["dealt"].size(), 5u);
    EXPECT_EQ(hands[1]["dealt"].size(), 5u);
    expect_replays(record["record"]);
}

// However a game ends, its record reveals every fleet and hand (docs/server.md, "Records"):
// each kind of end in a room of its own, on one server.
TEST(ServerPromises, EveryKindOfEndRevealsEveryFleetAndHandInTheRecord) {
    ServerProcess server(temp_dir(), kFast);
    {
        SCOPED_TRACE("resign");
        a_resignation_reveals_both_fleets(server);
    }
    {
        SCOPED_TRACE("claim");
        a_claim_reveals_the_fleet_of_the_player_who_left(server);
    }
    {
        SCOPED_TRACE("abort");
        an_abort_after_the_bots_placed_reveals_their_fleet(server);
    }
    {
        SCOPED_TRACE("royale");
        a_resigned_royale_game_reveals_every_hand(server);
    }
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Records": the fairness proof lists the nonces the seed was derived from. Seats
// change after the start (a bot takes over the seat of a person who resigns a game of three), and
// the record still lists each seat's nonce as it was at the start, so `replay --verify` passes.
TEST(ServerPromises, TheRecordListsTheNoncesTheSeedCameFromAfterASeatChangedHands) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(
        server.port(),
        {{"game", "royale"}, {"options", {{"players", 3}}}, {"name", "Ann"}, {"nonce", "a1"}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    SeatClient bob(server.port(), room);
    SeatClient cy(server.port(), room);
    ASSERT_EQ(bob.request({{"cmd", "join"}, {"name", "Bob"}, {"nonce", "b2"}})["type"], "joined");
    ASSERT_EQ(cy.request({{"cmd", "join"}, {"name", "Cy"}, {"nonce", "c3"}})["type"], "joined");
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    ASSERT_EQ(cy.request({{"cmd", "resign"}})["type"], "resigned");
    const json summary = ann.request({{"cmd", "room"}});
    ASSERT_EQ(summary["seats"][2]["kind"], "bot") << summary.dump();
    ASSERT_EQ(ann.request({{"cmd", "abort"}})["type"], "aborted");
    const json record = ann.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record") << record.dump();
    const auto& fairness = record["record"]["fairness"];
    EXPECT_EQ(fairness["nonces"], json({"a1", "b2", "c3"})) << fairness.dump();
    EXPECT_EQ(fairness["seed"],
              std::to_string(server::derive_seed(fairness["server_seed"], {"a1", "b2", "c3"})));
    expect_replays(record["record"]);
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Resign, abort, leave": `leave` before the start frees the seat (someone else
// may take it); after the start it resigns (a two-seat game is won by the other seat).
TEST(ServerPromises, LeaveFreesTheSeatBeforeTheStartAndResignsAfterIt) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(), {{"game", "classic"}, {"name", "Ann"}});
    const std::string room = created["room"];
    SeatClient ann(server.port(), room, created["token"]);
    SeatClient bob(server.port(), room);
    ASSERT_EQ(bob.request({{"cmd", "join"}, {"name", "Bob"}})["seat"], 1);
    const json left = bob.request({{"cmd", "leave"}});
    EXPECT_EQ(left["type"], "left") << left.dump();
    EXPECT_EQ(left["seat"], 1);
    EXPECT_EQ(ann.request({{"cmd", "room"}})["seats"][1]["kind"], "open");
    SeatClient cy(server.port(), room);
    ASSERT_EQ(cy.request({{"cmd", "join"}, {"name", "Cy"}})["seat"], 1);
    ASSERT_EQ(ann.request({{"cmd", "start"}})["type"], "started");
    const json resigned = cy.request({{"cmd", "leave"}});
    EXPECT_EQ(resigned["type"], "resigned") << resigned.dump();
    const json ended = ann.wait_for("ended");
    EXPECT_EQ(ended["ended"]["by"], "resign") << ended.dump();
    EXPECT_EQ(ended["ended"]["winner"], 0) << ended.dump();
    EXPECT_EQ(server.terminate(), 0);
}

// The flags no other test sets, in one server: it serves a game with them (docs/server.md's
// flag table: `--bind`, `--durability full`, `--bot-threads`, `--threads`), and `GET /api/rooms`
// lists its open public rooms.
TEST(ServerPromises, AServerWithEveryOtherFlagSetServesAGame) {
    ServerProcess server(temp_dir(), {"--bind", "127.0.0.1", "--durability", "full",
                                      "--bot-threads", "2", "--threads", "3"});
    auto created = create_room(
        server.port(),
        {{"game", "classic"}, {"public", true}, {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    const auto listed = http_get(server.port(), "/api/rooms");
    EXPECT_EQ(listed.status, 200);
    EXPECT_NE(listed.body.find(created["room"].get<std::string>()), std::string::npos)
        << listed.body;
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    const json placed =
        me.request({{"cmd", "act"},
                    {"action_id", "p"},
                    {"action",
                     {{"type", "place"},
                      {"ships", {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"}}}}});
    EXPECT_EQ(placed["type"], "acted") << placed.dump();
    EXPECT_EQ(server.terminate(), 0);
}

TEST(ServerPromises, ABotTakingASeatOverOnTimeIsAnnouncedAsATimeout) {
    ServerProcess server(temp_dir(), kFast);
    const json clock{{"turn_seconds", 1}, {"on_timeout", "forfeit"}};
    auto created = create_room(
        server.port(),
        {{"game", "crew"},
         {"options", {{"players", 3}, {"rounds", 1}}},
         {"clock", clock},
         {"bots", {{{"seat", 1}, {"level", "easy"}}, {{"seat", 2}, {"level", "easy"}}}}});
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    // Seat 0 never moves: when its turn runs out a bot takes it for good, and the game ends.
    me.wait_for("ended");
    const auto& frames = me.frames(200);
    const int timeout = position(frames, of_type("timeout"));
    ASSERT_GE(timeout, 0) << "no timeout message";
    const auto message = json::parse(frames[static_cast<std::size_t>(timeout)]);
    EXPECT_EQ(message["seat"], 0);
    EXPECT_EQ(message["why"], "clock");
    EXPECT_EQ(message["takeover"], true);
    EXPECT_TRUE(message["played_by"].is_string());
    auto summary = me.request({{"cmd", "room"}});
    EXPECT_EQ(summary["seats"][0]["kind"], "bot");
    EXPECT_EQ(server.terminate(), 0);
}

void the_lobby_answers_ping_as_a_room_does(ServerProcess& server) {
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    auto pong = lobby.request({{"cmd", "ping"}, {"id", "p1"}});
    EXPECT_EQ(pong["type"], "pong") << pong.dump();
    EXPECT_EQ(pong["id"], "p1");
    auto created = create_room(server.port(), {{"game", "classic"}});
    SeatClient room(server.port(), created["room"]);
    EXPECT_EQ(room.request({{"cmd", "ping"}})["type"], "pong");
}

// The refusals over HTTP that docs/protocol.md names: an unknown room (404), the connection cap
// (429), a path that is no WebSocket of the server (404), a missing record (404, no_record).
TEST(ServerPromises, UnknownRoomsAndTheConnectionCapAreRefusedWithTheirStatus) {
    std::vector<std::string> flags = kFast;
    flags.insert(flags.end(), {"--max-connections-per-address", "2"});
    ServerProcess server(temp_dir(), flags);
    auto refusal = [&](const std::string& target) -> std::string {
        try {
            client::WsClient ws("127.0.0.1", server.port(), target);
            return "accepted";
        } catch (const std::runtime_error& e) {
            return e.what();
        }
    };
    auto refused_with = [](const std::string& what, const std::string& status) {
        return what.find(status) != std::string::npos &&
               what.find("\"refused\"") != std::string::npos;
    };
    EXPECT_TRUE(refused_with(refusal("/ws/ZZZZZ"), "404")) << refusal("/ws/ZZZZZ");
    EXPECT_TRUE(refused_with(refusal("/elsewhere"), "404")) << refusal("/elsewhere");
    auto first = std::make_unique<client::WsClient>("127.0.0.1", server.port(), "/ws");
    client::WsClient second("127.0.0.1", server.port(), "/ws");
    const std::string third = refusal("/ws");
    EXPECT_TRUE(refused_with(third, "429")) << third;
    // A connection that closes frees its place.
    first.reset();
    std::string again;
    for (int i = 0; i < 100 && again != "accepted"; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        again = refusal("/ws");
    }
    EXPECT_EQ(again, "accepted");
    auto record = http_get(server.port(), "/rooms/ZZZZZ/record");
    EXPECT_EQ(record.status, 404);
    EXPECT_EQ(json::parse(record.body)["error"]["code"], "no_record");
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Clocks": each setting's range, its ends included.
TEST(ServerPromises, ClockSettingsAreAcceptedExactlyWithinTheirDocumentedRanges) {
    ServerProcess server(temp_dir(), kFast);
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    const std::vector<std::pair<json, bool>> cases{
        {{{"grace_seconds", 0}}, true},          {{{"grace_seconds", 3600}}, true},
        {{{"grace_seconds", -1}}, false},        {{{"grace_seconds", 3601}}, false},
        {{{"turn_seconds", 1}}, true},           {{{"turn_seconds", 86400}}, true},
        {{{"turn_seconds", 86401}}, false},      {{{"placement_seconds", 86400}}, true},
        {{{"placement_seconds", 86401}}, false}, {{{"placement_seconds", -5}}, false},
    };
    for (const auto& [clock, ok] : cases) {
        auto answer = lobby.request({{"cmd", "create"}, {"game", "classic"}, {"clock", clock}});
        EXPECT_EQ(answer["type"], ok ? "room_created" : "error") << clock.dump() << answer.dump();
        if (!ok) {
            EXPECT_EQ(answer["error"]["code"], "bad_clock") << clock.dump();
        }
    }
    EXPECT_EQ(server.terminate(), 0);
}

// The code of each frame `texts` sent on a connection that may not have said hello yet.
std::vector<std::string> codes_of(client::WsClient& ws, const std::vector<std::string>& texts) {
    std::vector<std::string> codes;
    for (const auto& text : texts) {
        ws.send(text);
        json answer;
        do {  // room summaries arrive unasked: not answers
            answer = json::parse(ws.receive(std::chrono::seconds(10)).value_or("{}"));
        } while (answer.value("type", "") == "room");
        codes.push_back(answer.contains("error") ? answer["error"].value("code", "")
                                                 : answer.value("type", ""));
    }
    return codes;
}

std::string nested(std::size_t depth) {
    return "{\"cmd\":\"ping\",\"x\":" + std::string(depth - 1, '[') + std::string(depth - 1, ']') +
           "}";
}

TEST(ServerPromises, PingInTheLobbyAndJsonThatIsNotAnObjectIsABadRequest) {
    ServerProcess server(temp_dir(), kFast);
    const std::vector<std::string> frames{"[1,2,3]",   "\"hello\"", "7",       "null",
                                          "{not json", nested(65),  nested(64)};
    const std::vector<std::string> before_hello{"bad_request", "bad_request",    "bad_request",
                                                "bad_request", "malformed_json", "bad_request",
                                                "hello_first"};
    const std::vector<std::string> after_hello{"bad_request", "bad_request",    "bad_request",
                                               "bad_request", "malformed_json", "bad_request",
                                               "pong"};
    the_lobby_answers_ping_as_a_room_does(server);
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    EXPECT_EQ(codes_of(lobby, frames), before_hello);
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    EXPECT_EQ(codes_of(lobby, frames), after_hello);
    auto created = create_room(server.port(), {{"game", "classic"}});
    client::WsClient room("127.0.0.1", server.port(), "/ws/" + created["room"].get<std::string>());
    room.request({{"cmd", "hello"}, {"protocol", 2}});
    EXPECT_EQ(codes_of(room, frames), after_hello);
    EXPECT_EQ(server.terminate(), 0);
    // `broadside engine` answers the same lines with the same codes.
    std::string input;
    for (const auto& f : frames) input += f + "\n";
    auto engine = run_broadside({"engine"}, input);
    std::vector<std::string> codes;
    std::istringstream lines(engine.out);
    for (std::string line; std::getline(lines, line);) {
        const auto answer = json::parse(line);
        codes.push_back(answer.contains("error") ? answer["error"].value("code", "")
                                                 : answer.value("type", ""));
    }
    EXPECT_EQ(codes,
              std::vector<std::string>({"bad_request", "bad_request", "bad_request", "bad_request",
                                        "malformed_json", "bad_request", "unknown_command"}));
}

// Requests with a field of the wrong JSON type (or a required one missing): `bad_request`
// whoever sends them and whatever the phase, before any other check could answer otherwise
// (`game_started`, `not_owner`, `not_seated`, `not_started`, `game_over` ...).
const std::vector<json>& mistyped_room_requests() {
    static const std::vector<json> requests{
        {{"cmd", "hello"}, {"protocol", 2}, {"token", 5}},
        {{"cmd", "join"}, {"name", 3}},
        {{"cmd", "join"}, {"seat", "1"}},
        {{"cmd", "join"}, {"seat", 1.5}},
        {{"cmd", "join"}, {"nonce", "xyz"}},
        {{"cmd", "join"}, {"nonce", 5}},
        {{"cmd", "join"}, {"device", ""}},
        {{"cmd", "join"}, {"device", {{"id", 1}}}},
        {{"cmd", "nonce"}},
        {{"cmd", "nonce"}, {"nonce", 12}},
        {{"cmd", "add_bot"}, {"seat", "1"}},
        {{"cmd", "add_bot"}, {"level", 3}},
        {{"cmd", "add_bot"}, {"bot", json::array()}},
        {{"cmd", "remove"}},
        {{"cmd", "remove"}, {"seat", "1"}},
        {{"cmd", "start"}, {"fill", 1}},
        {{"cmd", "act"}, {"action", {{"type", "fire"}}}},
        {{"cmd", "act"}, {"action_id", ""}, {"action", {{"type", "fire"}}}},
        {{"cmd", "act"}, {"action_id", 1.5}, {"action", {{"type", "fire"}}}},
        {{"cmd", "act"}, {"action_id", "x"}},
        {{"cmd", "act"}, {"action_id", "x"}, {"action", 3}},
        {{"cmd", "events"}, {"after", "x"}},
        {{"cmd", "events"}, {"after", 1.5}},
        {{"cmd", "lock"}, {"locked", "yes"}},
        {{"cmd", "names"}},
        {{"cmd", "names"}, {"seats", 3}},
    };
    return requests;
}

TEST(ServerPromises, FieldTypesAreCheckedBeforeAnythingElseInEveryPhase) {
    ServerProcess server(temp_dir(), kFast);
    auto created = create_room(server.port(), {{"game", "classic"}, {"options", kTiny}});
    const std::string room = created["room"];
    SeatClient owner(server.port(), room, created["token"]);
    SeatClient player(server.port(), room);
    ASSERT_EQ(player.request({{"cmd", "join"}, {"name", "Bob"}})["type"], "joined");
    SeatClient stranger(server.port(), room);
    auto check_all = [&](const std::string& phase) {
        for (SeatClient* who : {&owner, &player, &stranger}) {
            for (const auto& request : mistyped_room_requests()) {
                auto answer = who->request(request);
                EXPECT_EQ(answer["error"]["code"], "bad_request")
                    << phase << ": " << request.dump() << " -> " << answer.dump();
            }
        }
        auto summary = owner.request({{"cmd", "room"}});
        EXPECT_EQ(summary["phase"], phase);
        EXPECT_EQ(summary["seats"][0]["kind"], "human");
        EXPECT_EQ(summary["seats"][1]["kind"], "human");
        EXPECT_EQ(summary["locked"], false);
    };
    check_all("waiting");
    ASSERT_EQ(owner.request({{"cmd", "start"}})["type"], "started");
    check_all("playing");
    ASSERT_EQ(player.request({{"cmd", "resign"}})["type"], "resigned");
    check_all("over");
    // The lobby too, command by command.
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    for (const json& request :
         {json{{"cmd", "create"}}, json{{"cmd", "create"}, {"game", 5}},
          json{{"cmd", "create"}, {"game", "classic"}, {"options", json::array({1})}},
          json{{"cmd", "create"}, {"game", "classic"}, {"name", 3}},
          json{{"cmd", "create"}, {"game", "classic"}, {"nonce", "zz"}},
          json{{"cmd", "create"}, {"game", "classic"}, {"seat", "0"}},
          json{{"cmd", "create"}, {"game", "classic"}, {"bots", json::object()}},
          json{{"cmd", "create"}, {"game", "chess"}, {"bots", {{{"seat", "1"}}}}},
          json{{"cmd", "create"}, {"game", "classic"}, {"bots", {{{"seat", 1}, {"level", 5}}}}},
          json{{"cmd", "create"}, {"game", "classic"}, {"bots", {{{"seat", 1}, {"bot", true}}}}},
          json{{"cmd", "create"}, {"game", "classic"}, {"public", "yes"}},
          json{{"cmd", "create"}, {"game", "chess"}, {"public", 1}}, json{{"cmd", "quick"}},
          json{{"cmd", "quick"}, {"game", 5}},
          json{{"cmd", "quick"}, {"game", "classic"}, {"name", 1}},
          json{{"cmd", "quick"}, {"game", "classic"}, {"nonce", 7}}, json{{"cmd", 5}}}) {
        auto answer = lobby.request(request);
        EXPECT_EQ(answer["error"]["code"], "bad_request") << request.dump() << answer.dump();
    }
    // Fields a command does not use are ignored.
    EXPECT_EQ(lobby.request({{"cmd", "games"}, {"seat", "x"}})["type"], "games");
    EXPECT_EQ(owner.request({{"cmd", "room"}, {"seat", "x"}})["type"], "room");
    EXPECT_EQ(server.terminate(), 0);
}

// "A field sent as null counts as left out" (docs/server.md, "Field types"): a client that
// serialises its unset fields as null is served as if it had left them out.
TEST(ServerPromises, FieldsSentAsNullCountAsLeftOut) {
    ServerProcess server(temp_dir(), kFast);
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    const json made = lobby.request({{"cmd", "create"},
                                     {"game", "classic"},
                                     {"options", nullptr},
                                     {"public", nullptr},
                                     {"name", nullptr},
                                     {"bots", nullptr},
                                     {"nonce", nullptr},
                                     {"clock", nullptr}});
    ASSERT_EQ(made["type"], "room_created") << made.dump();
    SeatClient owner(server.port(), made["room"].get<std::string>(), made["token"]);
    const json summary = owner.request({{"cmd", "room"}});
    EXPECT_EQ(summary["public"], false) << summary.dump();
    EXPECT_EQ(summary["seats"][0]["kind"], "human");
    EXPECT_EQ(summary["seats"][1]["kind"], "open");
    // Inside `create`'s bots too: a level sent as null is the normal level.
    const json with_bot = lobby.request(
        {{"cmd", "create"},
         {"game", "classic"},
         {"bots", json::array({{{"seat", 1}, {"level", nullptr}, {"bot", nullptr}}})}});
    ASSERT_EQ(with_bot["type"], "room_created") << with_bot.dump();
    SeatClient with_bot_owner(server.port(), with_bot["room"].get<std::string>(),
                              with_bot["token"]);
    const json bot_summary = with_bot_owner.request({{"cmd", "room"}});
    EXPECT_EQ(bot_summary["seats"][1]["kind"], "bot") << bot_summary.dump();
    EXPECT_EQ(bot_summary["seats"][1]["bot"], seats::bot_for_level("classic", "normal").value());
    const json quick = lobby.request(
        {{"cmd", "quick"}, {"game", "classic"}, {"name", nullptr}, {"nonce", nullptr}});
    EXPECT_EQ(quick["type"], "waiting") << quick.dump();
    // In a room too, command by command: each null is a field left out, never a `bad_request`.
    const std::string code = made["room"].get<std::string>();
    const json bot = owner.request(
        {{"cmd", "add_bot"}, {"seat", nullptr}, {"level", nullptr}, {"bot", nullptr}});
    ASSERT_EQ(bot["type"], "bot_added") << bot.dump();
    ASSERT_EQ(owner.request({{"cmd", "remove"}, {"seat", 1}})["type"], "removed");
    client::WsClient guest("127.0.0.1", server.port(), "/ws/" + code);
    const json welcome = guest.request({{"cmd", "hello"},
                                        {"protocol", 2},
                                        {"token", nullptr},
                                        {"after", nullptr},
                                        {"quiet", nullptr}});
    ASSERT_EQ(welcome["type"], "welcome") << welcome.dump();
    const json joined = guest.request({{"cmd", "join"},
                                       {"name", nullptr},
                                       {"seat", nullptr},
                                       {"nonce", nullptr},
                                       {"device", nullptr}});
    ASSERT_EQ(joined["type"], "joined") << joined.dump();
    EXPECT_EQ(joined["seat"], 1);
    const json started = owner.request({{"cmd", "start"}, {"fill", nullptr}});
    ASSERT_EQ(started["type"], "started") << started.dump();
    const json events = guest.request({{"cmd", "events"}, {"after", nullptr}});
    EXPECT_EQ(events["type"], "events") << events.dump();
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Field types": in `hello`, "protocol" is a required whole number. A hello
// without one, or with text, is `bad_request` naming the field, and the connection stays open
// for a right one; only a whole number the server does not speak closes it
// (`unsupported_protocol`).
TEST(ServerPromises, AHelloWithoutAWholeNumberProtocolIsABadRequest) {
    ServerProcess server(temp_dir(), kFast);
    for (const json& hello : {json{{"cmd", "hello"}}, json{{"cmd", "hello"}, {"protocol", "2"}},
                              json{{"cmd", "hello"}, {"protocol", nullptr}},
                              json{{"cmd", "hello"}, {"protocol", 2.5}}}) {
        client::WsClient lobby("127.0.0.1", server.port(), "/ws");
        const json refused = lobby.request(hello);
        EXPECT_EQ(refused["error"]["code"], "bad_request") << hello.dump() << refused.dump();
        EXPECT_NE(refused["error"]["message"].get<std::string>().find("\"protocol\""),
                  std::string::npos)
            << refused.dump();
        EXPECT_FALSE(lobby.closed());
        EXPECT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    }
    EXPECT_EQ(server.terminate(), 0);
}

// A lobby's answer to `quick` that is not `waiting`: `matched`, or an error (null: none came).
json quick_answer(client::WsClient& lobby) {
    while (auto text = lobby.receive(std::chrono::seconds(10))) {
        auto message = json::parse(*text);
        if (message.value("type", "") != "waiting") return message;
    }
    return nullptr;
}

// Two lobby connections that both ask for a quick match under `names`; their answers.
std::pair<json, json> quick_pair(unsigned short port, const std::string& first,
                                 const std::string& second) {
    client::WsClient a("127.0.0.1", port, "/ws");
    client::WsClient b("127.0.0.1", port, "/ws");
    EXPECT_EQ(a.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    EXPECT_EQ(b.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    EXPECT_EQ(a.request({{"cmd", "quick"}, {"game", "classic"}, {"name", first}})["type"],
              "waiting");
    b.send_json({{"cmd", "quick"}, {"game", "classic"}, {"name", second}, {"id", 1}});
    json answer_b = quick_answer(b);
    return {quick_answer(a), std::move(answer_b)};
}

// The database refuses every new room (a trigger raising SQLite's "disk is full"), or no longer.
void refuse_new_rooms(const std::string& data, bool refuse) {
    SQLite::Database db(data + "/broadside.db", SQLite::OPEN_READWRITE);
    db.setBusyTimeout(5000);
    db.exec(refuse ? "CREATE TRIGGER refuse_rooms BEFORE INSERT ON rooms BEGIN "
                     "SELECT RAISE(ABORT, 'database or disk is full'); END"
                   : "DROP TRIGGER refuse_rooms");
}

// docs/server.md, "What survives what": a failed commit that held nothing but new rooms answers
// each `create`, and both players of a quick match, with `storage_failed`, and the server runs
// on; the rooms are gone: not listed, and not counted against --max-rooms or
// --max-rooms-per-address (both small here, so that rooms left behind would refuse the next).
TEST(ServerPromises, NewRoomsWhoseCommitFailsAreRefusedAndLeaveNoTrace) {
    const std::string data = temp_dir();
    std::vector<std::string> flags = kFast;
    // Two rooms in all, and two for this address (a quick match counts against it too).
    flags.insert(flags.end(), {"--max-rooms", "2", "--max-rooms-per-address", "2"});
    ServerProcess server(data, flags);
    refuse_new_rooms(data, true);
    client::WsClient lobby("127.0.0.1", server.port(), "/ws");
    ASSERT_EQ(lobby.request({{"cmd", "hello"}, {"protocol", 2}})["type"], "welcome");
    for (int i = 0; i < 3; ++i) {
        const auto refused =
            lobby.request({{"cmd", "create"}, {"game", "classic"}, {"public", true}});
        EXPECT_EQ(refused["error"]["code"], "storage_failed") << refused;
    }
    const auto [first, second] = quick_pair(server.port(), "Ann", "Bob");
    EXPECT_EQ(first["error"]["code"], "storage_failed") << first;
    EXPECT_EQ(second["error"]["code"], "storage_failed") << second;
    EXPECT_EQ(json::parse(http_get(server.port(), "/api/rooms").body)["rooms"], json::array());
    // The database takes rooms again: a room and a quick match fit the two rooms allowed.
    refuse_new_rooms(data, false);
    const auto created = lobby.request({{"cmd", "create"}, {"game", "classic"}});
    EXPECT_EQ(created["type"], "room_created") << created;
    const auto [ann, bob] = quick_pair(server.port(), "Ann", "Bob");
    EXPECT_EQ(ann["type"], "matched") << ann;
    EXPECT_EQ(bob["type"], "matched") << bob;
    EXPECT_EQ(server.terminate(), 0);
}

// docs/server.md, "Party night": names are made unique, "the second "Ann" is "Ann 2"", in a
// quick match as at `join`.
TEST(ServerPromises, AQuickMatchOfTwoAnnsSeatsAnnAndAnn2) {
    ServerProcess server(temp_dir(), kFast);
    const auto [first, second] = quick_pair(server.port(), "Ann", "Ann");
    ASSERT_EQ(first["type"], "matched") << first;
    ASSERT_EQ(second["type"], "matched") << second;
    SeatClient ann(server.port(), first["room"], first["token"]);
    const auto summary = ann.request({{"cmd", "room"}});
    EXPECT_EQ(summary["seats"][0]["name"], "Ann") << summary;
    EXPECT_EQ(summary["seats"][1]["name"], "Ann 2") << summary;
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

// The engine's line handler (what `broadside engine` runs for each line): ids echoed as written,
// NUL bytes refused, and every field of every command type-checked with the documented code.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "protocol/engine.h"

namespace broadside::protocol {
namespace {

using nlohmann::json;

Engine fresh_engine() {
    return Engine([] { return 1; });
}

// The response line starts with the id exactly as `raw` reads, and is JSON as a whole.
void expect_echoed(const std::string& response, const std::string& raw) {
    const std::string prefix = "{\"id\":" + raw + ",";
    EXPECT_EQ(response.substr(0, prefix.size()), prefix) << response;
    EXPECT_FALSE(json::parse(response, nullptr, false).is_discarded()) << response;
}

const std::vector<std::string> kIds{
    "null",
    "\"text\"",
    "\"\"",
    "\"caf\\u00e9 \\\"quoted\\\" \\\\ ,}]\"",
    "{\"client\":\"web\",\"n\":[7,{\"deep\":null}]}",
    "{ \"spaced\" : [ 1 , 2 ] }",
    "[]",
    "[1,\"two\",{}]",
    "true",
    "false",
    "0",
    "-0",
    "42",
    "-7",
    "1.0",
    "2.50",
    "1e3",
    "-1.5E-7",
    "18446744073709551615",
    "18446744073709551616",
    "123456789012345678901234567890",
    "-123456789012345678901234567890",
    "1234567890123456789012345678901234567890.000000000000000000001",
};

TEST(EngineRequest, AnIdComesBackExactlyAsItWasWrittenOnEveryKindOfResponse) {
    for (const auto& id : kIds) {
        SCOPED_TRACE("id " + id);
        Engine engine = fresh_engine();
        // A success, an error before any lookup, an error after one, and an illegal action.
        const std::string create =
            engine.handle_line(R"({"cmd":"create","game":"classic","seed":1,"id":)" + id + "}");
        expect_echoed(create, id);
        EXPECT_EQ(json::parse(create)["type"], "created");
        expect_echoed(engine.handle_line(R"({"id":)" + id + R"(,"cmd":"fly"})"), id);
        expect_echoed(
            engine.handle_line(R"({"cmd":"observe","match":"m9","seat":0,"id":)" + id + "}"), id);
        const std::string illegal = engine.handle_line(
            R"({"cmd":"act","match":"m1","seat":0,"action":{"type":"dance"},"id":)" + id + "}");
        expect_echoed(illegal, id);
        EXPECT_EQ(json::parse(illegal)["error"]["code"], "illegal_action");
        // handle() on parsed JSON returns the parsed id, null included.
        const json parsed = json::parse(R"({"cmd":"fly","id":)" + id + "}");
        EXPECT_EQ(engine.handle(parsed)["id"], parsed["id"]);
    }
}

TEST(EngineRequest, AnIntegerBeyondSixtyFourBitsIsNotTurnedIntoAFloat) {
    Engine engine = fresh_engine();
    const std::string response =
        engine.handle_line(R"({"cmd":"hello","id":123456789012345678901234567890})");
    EXPECT_EQ(response.rfind(R"({"id":123456789012345678901234567890,)", 0), 0U) << response;
    EXPECT_EQ(response.find("e+29"), std::string::npos);
}

TEST(EngineRequest, WithoutAnIdTheResponseHasNone) {
    Engine engine = fresh_engine();
    EXPECT_FALSE(json::parse(engine.handle_line(R"({"cmd":"fly"})")).contains("id"));
    EXPECT_FALSE(json::parse(engine.handle_line(R"([{"id":1}])")).contains("id"));
    EXPECT_FALSE(json::parse(engine.handle_line(R"({"cmd":"fly","x":{"id":1}})")).contains("id"));
    EXPECT_FALSE(json::parse(engine.handle_line(R"({"cmd":"fly","id)")).contains("id"));
}

TEST(EngineRequest, TheIdTheParserKeepsIsTheOneEchoed) {
    Engine engine = fresh_engine();
    // Duplicates: the last wins, as in the parser.
    expect_echoed(engine.handle_line(R"({"id":1,"cmd":"fly","id":"second"})"), "\"second\"");
    // A key spelled with an escape is still "id".
    expect_echoed(engine.handle_line(R"({"cmd":"fly","\u0069d":[1, 2]})"), "[1,2]");
    // "id" inside another member is not the request's id.
    expect_echoed(engine.handle_line(R"({"x":{"id":1},"cmd":"fly","id":2})"), "2");
}

TEST(EngineRequest, ACarriageReturnInsideAnIdIsLeftOut) {
    Engine engine = fresh_engine();
    const std::string response = engine.handle_line("{\"cmd\":\"fly\",\"id\":[1,\r2]}");
    EXPECT_EQ(response.find('\r'), std::string::npos);
    expect_echoed(response, "[1,2]");
}

TEST(EngineRequest, ANulByteAnywhereInTheLineIsAnErrorAndNothingIsDone) {
    const std::string requests[] = {
        R"({"cmd":"create","game":"classic","seed":1})",
        R"({"cmd":"quit"})",
    };
    for (const auto& request : requests) {
        for (const std::string& tail : {std::string(), std::string("{\"cmd\":\"hello\"}"),
                                        std::string(" "), std::string("garbage")}) {
            Engine engine = fresh_engine();
            const std::string line = request + std::string(1, '\0') + tail;
            const json response = json::parse(engine.handle_line(line));
            EXPECT_EQ(response["type"], "error");
            EXPECT_EQ(response["error"]["code"], "malformed_json") << response.dump();
            EXPECT_NE(response["error"]["message"].get<std::string>().find("NUL"),
                      std::string::npos);
            EXPECT_FALSE(engine.quit_requested()) << "the request after the NUL byte was run";
            // No match was created: the next one is m1.
            EXPECT_EQ(json::parse(engine.handle_line(requests[0]))["match"], "m1");
        }
    }
    Engine engine = fresh_engine();
    for (const std::string& line :
         {std::string(1, '\0'), std::string("\0{\"cmd\":\"hello\"}", 16),
          std::string("{\"cmd\":\"hel\0lo\"}", 16), std::string("{\"cmd\":\0\"hello\"}", 16)}) {
        EXPECT_EQ(json::parse(engine.handle_line(line))["error"]["code"], "malformed_json");
    }
}

// A request with one field replaced by `value`.
json with(json request, const std::string& field, const json& value) {
    request[field] = value;
    return request;
}

struct FieldCase {
    json request;           // a valid request
    std::string field;      // the field given a wrong type
    std::vector<json> bad;  // values of the wrong JSON type
};

std::vector<FieldCase> field_cases() {
    const json text_wrong = json::array({5, 1.5, true, json::array(), json::object()});
    const json seat_wrong =
        json::array({"0", "zero", 0.5, 1.0, true, json::array(), json::object()});
    const json object_wrong = json::array({3, "fire", 1.5, true, json::array({1})});
    const json act{{"cmd", "act"},
                   {"match", "m1"},
                   {"seat", 0},
                   {"action",
                    {{"type", "place"},
                     {"ships", {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"}}}}};
    const json create{{"cmd", "create"}, {"game", "classic"}, {"seed", 1}};
    const json observe{{"cmd", "observe"}, {"match", "m1"}, {"seat", 0}};
    const json legal{{"cmd", "legal"}, {"match", "m1"}, {"seat", 0}};
    const json events{{"cmd", "events"}, {"match", "m1"}, {"seat", 0}, {"after", 0}};
    const json record{{"cmd", "record"}, {"match", "m1"}};
    const json close{{"cmd", "close"}, {"match", "m1"}};
    std::vector<FieldCase> cases{
        {{{"cmd", "hello"}}, "cmd", text_wrong},
        {create, "game", text_wrong},
        {create, "options", json::array({json::array(), 5, "rows", true})},
        {create, "seed",
         json::array({1.5, -1, true, json::array(), json::object(), "-1", " 1", "", "1e3", "0x10",
                      "18446744073709551616"})},
        {observe, "match", text_wrong},
        {observe, "seat", seat_wrong},
        {legal, "match", text_wrong},
        {legal, "seat", seat_wrong},
        {act, "match", text_wrong},
        {act, "seat", seat_wrong},
        {act, "action", object_wrong},
        {events, "match", text_wrong},
        {events, "seat", seat_wrong},
        {events, "after", json::array({"x", "3", 1.5, -1, true, json::array(), json::object()})},
        {record, "match", text_wrong},
        {close, "match", text_wrong},
    };
    // A required field sent as null is as good as missing.
    for (const auto& [request, field] :
         std::vector<std::pair<json, std::string>>{{{{"cmd", "hello"}}, "cmd"},
                                                   {create, "game"},
                                                   {observe, "match"},
                                                   {observe, "seat"},
                                                   {legal, "seat"},
                                                   {act, "action"},
                                                   {events, "seat"},
                                                   {record, "match"},
                                                   {close, "match"}}) {
        cases.push_back({request, field, json::array({nullptr})});
    }
    return cases;
}

TEST(EngineRequest, EveryFieldOfEveryCommandWithTheWrongTypeIsABadRequestNamingIt) {
    for (const auto& c : field_cases()) {
        for (const auto& value : c.bad) {
            const json request = with(c.request, c.field, value);
            SCOPED_TRACE(request.dump());
            for (const bool match_exists : {true, false}) {
                Engine engine = fresh_engine();
                if (match_exists) {
                    ASSERT_EQ(engine.handle(
                                  {{"cmd", "create"}, {"game", "classic"}, {"seed", 2}})["type"],
                              "created");
                }
                const json response = json::parse(engine.handle_line(request.dump()));
                EXPECT_EQ(response["type"], "error");
                EXPECT_EQ(response["error"]["code"], "bad_request") << response.dump();
                EXPECT_NE(
                    response["error"]["message"].get<std::string>().find("\"" + c.field + "\""),
                    std::string::npos)
                    << response.dump();
                // Nothing happened: m1 (if any) is untouched and no match was added.
                if (match_exists) {
                    EXPECT_TRUE(
                        engine.handle({{"cmd", "events"}, {"match", "m1"}, {"seat", 0}})["events"]
                            .empty());
                }
                const json next = engine.handle({{"cmd", "create"}, {"game", "salvo"}});
                EXPECT_EQ(next["match"], match_exists ? "m2" : "m1");
            }
        }
    }
}

TEST(EngineRequest, TheRequestsTheTypeCasesStartFromAreWellFormed) {
    // So the bad_request above comes from the one field that was changed. (`record` is refused
    // for another reason: the match is not over.)
    for (const auto& c : field_cases()) {
        Engine engine = fresh_engine();
        engine.handle({{"cmd", "create"}, {"game", "classic"}, {"seed", 2}});
        const json response = engine.handle(c.request);
        if (c.request["cmd"] == "record") {
            EXPECT_EQ(response["error"]["code"], "match_not_over") << response.dump();
        } else {
            EXPECT_NE(response["type"], "error") << c.request.dump() << " " << response.dump();
        }
    }
}

TEST(EngineRequest, AnOptionalFieldSentAsNullCountsAsLeftOut) {
    Engine engine = fresh_engine();
    const json created = json::parse(
        engine.handle_line(R"({"cmd":"create","game":"classic","seed":null,"options":null})"));
    EXPECT_EQ(created["type"], "created") << created.dump();
    EXPECT_EQ(created["seed"], 1) << "the fresh seed";
    const json events =
        json::parse(engine.handle_line(R"({"cmd":"events","match":"m1","seat":0,"after":null})"));
    EXPECT_EQ(events["type"], "events") << events.dump();
}

TEST(EngineRequest, AWholeNumberSeatOutOfRangeIsABadSeat) {
    Engine engine = fresh_engine();
    engine.handle({{"cmd", "create"}, {"game", "classic"}, {"seed", 2}});
    const std::string place = R"("action":{"type":"place","ships":[]})";
    for (const std::string& line :
         {std::string(R"({"cmd":"observe","match":"m1","seat":2})"),
          std::string(R"({"cmd":"observe","match":"m1","seat":-2})"),
          std::string(R"({"cmd":"observe","match":"m1","seat":18446744073709551615})"),
          std::string(R"({"cmd":"events","match":"m1","seat":-9223372036854775808})"),
          std::string(R"({"cmd":"legal","match":"m1","seat":-1})"),
          std::string(R"({"cmd":"act","match":"m1","seat":-1,)") + place + "}",
          std::string(R"({"cmd":"act","match":"m1","seat":4294967296,)") + place + "}"}) {
        EXPECT_EQ(json::parse(engine.handle_line(line))["error"]["code"], "bad_seat") << line;
    }
    for (const std::string& line : {std::string(R"({"cmd":"observe","match":"m1","seat":-1})"),
                                    std::string(R"({"cmd":"events","match":"m1","seat":-1})")}) {
        const json response = json::parse(engine.handle_line(line));
        EXPECT_NE(response["type"], "error") << line << " " << response.dump();
    }
}

TEST(EngineRequest, AnEventNumberBeyondTheSignedRangeMeansNothingAfterIt) {
    Engine engine = fresh_engine();
    engine.handle({{"cmd", "create"}, {"game", "royale"}, {"seed", 2}});
    const json response = json::parse(engine.handle_line(
        R"({"cmd":"events","match":"m1","seat":0,"after":18446744073709551615})"));
    EXPECT_EQ(response["type"], "events") << response.dump();
    EXPECT_TRUE(response["events"].empty());
}

}  // namespace
}  // namespace broadside::protocol

namespace {

// Found by fuzzing: a line nested 200,000 deep overflowed the stack in recursive copies.
TEST(EngineRequest, ALineNestedDeeperThanTheLimitIsRefusedBeforeItIsParsed) {
    broadside::protocol::Engine engine([] { return 1; });
    const std::string deep =
        "{\"cmd\":\"hello\",\"id\":" + std::string(200'000, '[') + std::string(200'000, ']') + "}";
    const auto answer = nlohmann::json::parse(engine.handle_line(deep));
    EXPECT_EQ(answer["error"]["code"], "bad_request");
    const std::string fine =
        "{\"cmd\":\"hello\",\"id\":" + std::string(60, '[') + std::string(60, ']') + "}";
    EXPECT_EQ(nlohmann::json::parse(engine.handle_line(fine))["type"], "hello");
}

}  // namespace

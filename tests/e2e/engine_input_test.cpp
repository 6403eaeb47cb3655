// `broadside engine` against hostile input: every bad line gets a structured error, the engine
// keeps running, and the match is unchanged.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "support/test_support.h"

namespace {

using nlohmann::json;

std::vector<json> answers(const std::string& input) {
    const auto run = broadside::testing::run_broadside({"engine"}, input);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::vector<json> out;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
        auto j = json::parse(line, nullptr, false);
        EXPECT_FALSE(j.is_discarded()) << "the engine printed a line that is not JSON: " << line;
        out.push_back(j);
    }
    return out;
}

const std::string kHello = R"({"cmd":"hello"})";

TEST(EngineInput, MalformedJsonIsAnErrorAndTheEngineKeepsRunning) {
    const auto out = answers("{\"cmd\": \n" + kHello + "\n");
    ASSERT_EQ(out.size(), 2U);
    EXPECT_EQ(out[0]["error"]["code"], "malformed_json");
    EXPECT_EQ(out[1]["type"], "hello");
}

TEST(EngineInput, BinaryGarbageIsAnError) {
    std::string garbage = "\x01\x02\xff\xfe\x00\x7f{{{";
    garbage[4] = '\0';
    const auto out = answers(garbage + "\n" + kHello + "\n");
    ASSERT_EQ(out.size(), 2U);
    EXPECT_EQ(out[0]["error"]["code"], "malformed_json");
    EXPECT_EQ(out[1]["type"], "hello");
}

TEST(EngineInput, InvalidUtf8InsideAStringIsAnError) {
    const auto out = answers("{\"cmd\":\"hel\xc3\x28lo\"}\n" + kHello + "\n");
    ASSERT_EQ(out.size(), 2U);
    EXPECT_EQ(out[0]["error"]["code"], "malformed_json");
}

TEST(EngineInput, AnEnormousLineIsRejectedWithoutStoppingTheEngine) {
    const std::string huge = "{\"cmd\":\"hello\",\"pad\":\"" + std::string(3 << 20, 'x') + "\"}";
    const auto out = answers(huge + "\n" + kHello + "\n");
    ASSERT_EQ(out.size(), 2U);
    EXPECT_EQ(out[0]["error"]["code"], "line_too_long");
    EXPECT_EQ(out[1]["type"], "hello");
}

TEST(EngineInput, NonObjectsAndMissingFieldsAreBadRequests) {
    const auto out = answers("[1,2,3]\n42\n{\"nocmd\":1}\n{\"cmd\":\"observe\"}\n{\"cmd\":7}\n");
    ASSERT_EQ(out.size(), 5U);
    for (const auto& o : out) EXPECT_EQ(o["error"]["code"], "bad_request") << o.dump();
}

TEST(EngineInput, BlankLinesAreIgnoredAndAFinalLineWithoutNewlineIsAnswered) {
    const auto out = answers("\n   \n" + kHello);
    ASSERT_EQ(out.size(), 1U);
    EXPECT_EQ(out[0]["type"], "hello");
}

TEST(EngineInput, ARejectedActionChangesNothing) {
    const std::string create =
        R"({"cmd":"create","game":"classic","seed":3,"options":{"first":0}})";
    const std::string observe = R"({"cmd":"observe","match":"m1","seat":0})";
    const std::string bad_actions[] = {
        R"({"cmd":"act","match":"m1","seat":0,"action":{"type":"fire","cell":"A1"}})",
        R"({"cmd":"act","match":"m1","seat":0,"action":{"type":"place","ships":["Z1 right"]}})",
        R"({"cmd":"act","match":"m1","seat":0,"action":"fire"})",
        R"({"cmd":"act","match":"m1","seat":0})",
        R"({"cmd":"act","match":"m1","seat":"zero","action":{}})",
        R"({"cmd":"act","match":"m1","seat":0,"action":{"type":"dance"}})",
    };
    std::string input = create + "\n" + observe + "\n";
    for (const auto& b : bad_actions) input += b + "\n";
    input += observe + "\n" + R"({"cmd":"events","match":"m1","seat":0})" + "\n";
    const auto out = answers(input);
    ASSERT_EQ(out.size(), 2 + std::size(bad_actions) + 2);
    for (std::size_t i = 0; i < std::size(bad_actions); ++i) {
        EXPECT_EQ(out[2 + i]["type"], "error") << bad_actions[i];
        EXPECT_TRUE(out[2 + i]["error"]["message"].is_string());
    }
    EXPECT_EQ(out[1], out[2 + std::size(bad_actions)]) << "the observation changed";
    EXPECT_TRUE(out.back()["events"].empty());
}

TEST(EngineInput, ASeedGivenAsTextWorksAndAMissingSeedIsReported) {
    const auto out = answers(R"({"cmd":"create","game":"salvo","seed":"18446744073709551615"})"
                             "\n"
                             R"({"cmd":"create","game":"salvo"})"
                             "\n"
                             R"({"cmd":"create","game":"salvo","seed":"12abc"})"
                             "\n"
                             R"({"cmd":"create","game":"salvo","seed":-4})"
                             "\n");
    ASSERT_EQ(out.size(), 4U);
    EXPECT_EQ(out[0]["seed"].get<std::uint64_t>(), 18446744073709551615ULL);
    EXPECT_TRUE(out[1]["seed"].is_number_unsigned());
    EXPECT_EQ(out[2]["error"]["code"], "bad_request");
    EXPECT_EQ(out[3]["error"]["code"], "bad_request");
}

TEST(EngineInput, AnIdComesBackAsTheVeryTextThatWasSent) {
    const std::string ids[] = {"123456789012345678901234567890", "null", "\"seven\"",
                               "{\"a\": [1, 2.50, null]}", "1.0"};
    std::string input;
    for (const auto& id : ids)
        input += R"({"cmd":"observe","match":"m1","seat":0,"id":)" + id + "}\n";
    input += R"({"cmd":"create","game":"classic","seed":1,"id":-98765432109876543210987654321})"
             "\n";
    const auto run = broadside::testing::run_broadside({"engine"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::istringstream lines(run.out);
    std::vector<std::string> out;
    for (std::string line; std::getline(lines, line);) out.push_back(line);
    ASSERT_EQ(out.size(), std::size(ids) + 1);
    for (std::size_t i = 0; i < std::size(ids); ++i) {
        EXPECT_EQ(out[i].rfind("{\"id\":" + ids[i] + ",", 0), 0U) << out[i];
        EXPECT_EQ(json::parse(out[i])["error"]["code"], "unknown_match");
    }
    EXPECT_EQ(out.back().rfind(R"({"id":-98765432109876543210987654321,)", 0), 0U) << out.back();
    EXPECT_EQ(json::parse(out.back())["type"], "created");
}

TEST(EngineInput, ANulByteMakesTheWholeLineAnErrorAndNothingAfterItRuns) {
    std::string line = R"({"cmd":"hello"}_{"cmd":"quit"})";
    line[15] = '\0';
    const auto out = answers(line + "\n" + kHello + "\n");
    ASSERT_EQ(out.size(), 2U) << "the quit after the NUL byte was run";
    EXPECT_EQ(out[0]["error"]["code"], "malformed_json");
    EXPECT_EQ(out[1]["type"], "hello");
}

TEST(EngineInput, AFieldOfTheWrongTypeIsABadRequest) {
    const auto out = answers(R"({"cmd":"create","game":"classic","seed":1})"
                             "\n"
                             R"({"cmd":"observe","match":"m1","seat":"0"})"
                             "\n"
                             R"({"cmd":"act","match":"m1","seat":0,"action":3})"
                             "\n"
                             R"({"cmd":"events","match":5,"seat":0})"
                             "\n"
                             R"({"cmd":"create","game":"classic","options":[]})"
                             "\n");
    ASSERT_EQ(out.size(), 5U);
    EXPECT_EQ(out[0]["type"], "created");
    for (std::size_t i = 1; i < out.size(); ++i) {
        EXPECT_EQ(out[i]["error"]["code"], "bad_request") << out[i].dump();
    }
}

TEST(EngineInput, QuitEndsTheEngine) {
    const auto out = answers(R"({"cmd":"quit"})"
                             "\n" +
                             kHello + "\n");
    ASSERT_EQ(out.size(), 1U);
    EXPECT_EQ(out[0]["type"], "bye");
}

TEST(EngineInput, AClosedMatchIsGone) {
    const auto out = answers(R"({"cmd":"create","game":"classic","seed":1})"
                             "\n"
                             R"({"cmd":"close","match":"m1"})"
                             "\n"
                             R"({"cmd":"observe","match":"m1","seat":0})"
                             "\n");
    ASSERT_EQ(out.size(), 3U);
    EXPECT_EQ(out[1]["type"], "closed");
    EXPECT_EQ(out[2]["error"]["code"], "unknown_match");
}

}  // namespace

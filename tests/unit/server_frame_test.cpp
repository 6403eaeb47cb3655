// decode_frame: what every WebSocket connection checks before a message reaches the lobby or a
// room (the end-to-end server tests go through it over the network; these pin each answer).
#include <gtest/gtest.h>

#include <string>

#include "server/frame.h"

namespace broadside::server {
namespace {

using nlohmann::json;

std::string nested(std::size_t depth) {
    return "{\"cmd\":\"ping\",\"id\":" + std::string(depth - 1, '[') + std::string(depth - 1, ']') +
           "}";
}

TEST(ServerFrame, BinaryFramesAreRefusedWithoutLookingInside) {
    const auto d = decode_frame(R"({"cmd":"hello","protocol":1})", true, false);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "bad_frame");
    EXPECT_FALSE(d.error->close);
}

TEST(ServerFrame, ANulByteAnywhereIsMalformedJson) {
    const std::string text("{\"cmd\":\"ping\"}\0", 15);
    const auto d = decode_frame(text, false, true);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "malformed_json");
}

TEST(ServerFrame, TextThatIsNotJsonIsMalformed) {
    for (const char* text : {"not json", "{\"cmd\":\"ping\"", "{} {}", "[1,2"}) {
        const auto d = decode_frame(text, false, true);
        ASSERT_TRUE(d.error) << text;
        EXPECT_EQ(d.error->code, "malformed_json") << text;
        EXPECT_FALSE(d.error->raw_id) << text;
    }
}

// Valid JSON that is not an object is a request of the wrong shape: `bad_request`, as the
// engine says (docs/protocol.md, "Errors"), greeted or not.
TEST(ServerFrame, ValidJsonThatIsNotAnObjectIsABadRequest) {
    for (const bool greeted : {false, true}) {
        for (const char* text : {"[1,2,3]", "[1]", "\"hello\"", "7", "null", "true", "[]"}) {
            const auto d = decode_frame(text, false, greeted);
            ASSERT_TRUE(d.error) << text;
            EXPECT_EQ(d.error->code, "bad_request") << text;
            EXPECT_FALSE(d.error->close) << text;
        }
    }
}

TEST(ServerFrame, TheFirstMessageMustBeHelloAndItsIdComesBackAsWritten) {
    const auto d = decode_frame(R"({"cmd":"ping","id":1.0})", false, false);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "hello_first");
    EXPECT_EQ(d.error->raw_id, "1.0");
    EXPECT_FALSE(d.error->close);
    const json sent = json::parse(frame_error_text(*d.error));
    EXPECT_EQ(sent["type"], "error");
    EXPECT_EQ(sent["error"]["code"], "hello_first");
    EXPECT_EQ(frame_error_text(*d.error).rfind(R"({"id":1.0,)", 0), 0u);
}

TEST(ServerFrame, ProtocolOneAndTwoAreBothServed) {
    // Protocol 2 changed only the party game's events; party rooms refuse 1 (server tests).
    for (const char* text :
         {R"({"cmd":"hello","protocol":1})", R"({"cmd":"hello","protocol":2})"}) {
        EXPECT_FALSE(decode_frame(text, false, false).error) << text;
    }
}

TEST(ServerFrame, AHelloForAnotherProtocolIsRefusedAndClosesTheConnection) {
    for (const char* text : {R"({"cmd":"hello","protocol":3,"id":"a"})", R"({"cmd":"hello"})",
                             R"({"cmd":"hello","protocol":0,"id":"a"})",
                             R"({"cmd":"hello","protocol":"1","id":"a"})"}) {
        const auto d = decode_frame(text, false, false);
        ASSERT_TRUE(d.error) << text;
        EXPECT_EQ(d.error->code, "unsupported_protocol") << text;
        EXPECT_TRUE(d.error->close) << text;
        EXPECT_EQ(d.error->close_reason, "unsupported protocol") << text;
    }
}

TEST(ServerFrame, AnAcceptedHelloIsHandedOnWithItsRawId) {
    const auto d =
        decode_frame(R"({"cmd":"hello","protocol":1,"id":123456789012345678901})", false, false);
    ASSERT_FALSE(d.error);
    EXPECT_EQ(d.request["cmd"], "hello");
    EXPECT_EQ(d.raw_id, "123456789012345678901");
}

TEST(ServerFrame, OnceGreetedAnyObjectIsHandedOnAndNoIdIsEmpty) {
    const auto d = decode_frame(R"({"cmd":"anything"})", false, true);
    ASSERT_FALSE(d.error);
    EXPECT_EQ(d.request["cmd"], "anything");
    EXPECT_EQ(d.raw_id, "");
}

TEST(ServerFrame, NestingBeyondTheLimitIsRefusedBeforeParsing) {
    EXPECT_FALSE(decode_frame(nested(kMaxFrameDepth), false, true).error);
    const auto d = decode_frame(nested(kMaxFrameDepth + 1), false, true);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "bad_request");
    // Brackets inside strings do not count.
    const std::string quoted = "{\"cmd\":\"ping\",\"id\":\"" + std::string(1000, '[') + "\\\"\"}";
    EXPECT_FALSE(decode_frame(quoted, false, true).error);
}

}  // namespace
}  // namespace broadside::server

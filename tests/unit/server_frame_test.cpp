// decode_frame: the framing every WebSocket connection checks before a message reaches the lobby
// or a room (the end-to-end server tests go through it over the network; these pin each answer).
// The hello is checked elsewhere: protocol_hello_test.cpp, server_connection_test.cpp.
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
    const auto d = decode_frame(R"({"cmd":"hello","protocol":1})", true);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "bad_frame");
    EXPECT_FALSE(d.error->close);
}

TEST(ServerFrame, ANulByteAnywhereIsMalformedJson) {
    const std::string text("{\"cmd\":\"ping\"}\0", 15);
    const auto d = decode_frame(text, false);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "malformed_json");
}

TEST(ServerFrame, TextThatIsNotJsonIsMalformed) {
    for (const char* text : {"not json", "{\"cmd\":\"ping\"", "{} {}", "[1,2"}) {
        const auto d = decode_frame(text, false);
        ASSERT_TRUE(d.error) << text;
        EXPECT_EQ(d.error->code, "malformed_json") << text;
        EXPECT_FALSE(d.error->raw_id) << text;
    }
}

// Valid JSON that is not an object is a request of the wrong shape: `bad_request`, as the
// engine says (docs/protocol.md, "Errors").
TEST(ServerFrame, ValidJsonThatIsNotAnObjectIsABadRequest) {
    for (const char* text : {"[1,2,3]", "[1]", "\"hello\"", "7", "null", "true", "[]"}) {
        const auto d = decode_frame(text, false);
        ASSERT_TRUE(d.error) << text;
        EXPECT_EQ(d.error->code, "bad_request") << text;
        EXPECT_FALSE(d.error->close) << text;
    }
}

TEST(ServerFrame, ARequestIsHandedOnWithItsRawId) {
    const auto d =
        decode_frame(R"({"cmd":"hello","protocol":1,"id":123456789012345678901})", false);
    ASSERT_FALSE(d.error);
    EXPECT_EQ(d.request["cmd"], "hello");
    EXPECT_EQ(d.raw_id, "123456789012345678901");
}

TEST(ServerFrame, AnyObjectIsHandedOnAndNoIdIsEmpty) {
    const auto d = decode_frame(R"({"cmd":"anything"})", false);
    ASSERT_FALSE(d.error);
    EXPECT_EQ(d.request["cmd"], "anything");
    EXPECT_EQ(d.raw_id, "");
}

TEST(ServerFrame, NestingBeyondTheLimitIsRefusedBeforeParsing) {
    EXPECT_FALSE(decode_frame(nested(kMaxFrameDepth), false).error);
    const auto d = decode_frame(nested(kMaxFrameDepth + 1), false);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "bad_request");
    // Brackets inside strings do not count.
    const std::string quoted = "{\"cmd\":\"ping\",\"id\":\"" + std::string(1000, '[') + "\\\"\"}";
    EXPECT_FALSE(decode_frame(quoted, false).error);
}

}  // namespace
}  // namespace broadside::server

// protocol/hello.h: the one check of a hello (docs/protocol.md, "Errors from the server":
// `hello_first`, `unsupported_protocol`).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "protocol/hello.h"

namespace broadside::protocol {
namespace {

using nlohmann::json;

TEST(ProtocolHello, AnythingButAHelloIsHelloFirstAndKeepsTheConnection) {
    for (const json& request :
         {json{{"cmd", "ping"}}, json{{"cmd", "create"}}, json::object(), json{{"cmd", 7}}}) {
        const auto refusal = hello_refusal(request);
        ASSERT_TRUE(refusal) << request.dump();
        EXPECT_EQ(refusal->code, "hello_first");
        EXPECT_FALSE(refusal->close);
    }
}

TEST(ProtocolHello, ProtocolOneAndTwoAreBothServed) {
    // Protocol 2 changed only the party game's events; its rooms ask for 2 (oldest = 2).
    EXPECT_FALSE(hello_refusal({{"cmd", "hello"}, {"protocol", 1}}));
    EXPECT_FALSE(hello_refusal({{"cmd", "hello"}, {"protocol", 2}}));
    EXPECT_FALSE(hello_refusal({{"cmd", "hello"}, {"protocol", 2}}, 2));
    const auto old = hello_refusal({{"cmd", "hello"}, {"protocol", 1}}, 2);
    ASSERT_TRUE(old);
    EXPECT_EQ(old->code, "unsupported_protocol");
}

TEST(ProtocolHello, AHelloForAnotherProtocolIsRefusedAndClosesTheConnection) {
    for (const json& request :
         {json{{"cmd", "hello"}, {"protocol", 3}}, json{{"cmd", "hello"}, {"protocol", -1}},
          json{{"cmd", "hello"}, {"protocol", 0}}}) {
        const auto refusal = hello_refusal(request);
        ASSERT_TRUE(refusal) << request.dump();
        EXPECT_EQ(refusal->code, "unsupported_protocol") << request.dump();
        EXPECT_TRUE(refusal->close);
        EXPECT_NE(refusal->message.find("\"protocol\": 2"), std::string::npos) << refusal->message;
    }
}

// docs/server.md, "Field types": in `hello`, "protocol" is a required whole number, so a hello
// without one, or with another JSON type, is `bad_request` naming the field, like any mistyped
// command; the connection stays open for a hello that is right.
TEST(ProtocolHello, AHelloWithoutAWholeNumberProtocolIsABadRequestAndKeepsTheConnection) {
    for (const json& request :
         {json{{"cmd", "hello"}}, json{{"cmd", "hello"}, {"protocol", nullptr}},
          json{{"cmd", "hello"}, {"protocol", "2"}}, json{{"cmd", "hello"}, {"protocol", 1.5}},
          json{{"cmd", "hello"}, {"protocol", json::array({2})}}}) {
        const auto refusal = hello_refusal(request);
        ASSERT_TRUE(refusal) << request.dump();
        EXPECT_EQ(refusal->code, "bad_request") << request.dump();
        EXPECT_FALSE(refusal->close) << request.dump();
        EXPECT_NE(refusal->message.find("\"protocol\""), std::string::npos) << refusal->message;
    }
}

}  // namespace
}  // namespace broadside::protocol

// The one table of field types (protocol/fields.h), read by `broadside engine` and by the
// server's lobby and rooms: the same mistake gets the same words on every path.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "protocol/engine.h"
#include "protocol/fields.h"

namespace broadside::protocol {
namespace {

using nlohmann::json;

TEST(ProtocolFields, AMistypedSeatIsNamedAlikeByTheEngineAndTheServer) {
    const auto engine =
        field_problem(Endpoint::kEngine,
                      {{"cmd", "act"}, {"match", "m1"}, {"seat", "0"}, {"action", json::object()}});
    const auto room = field_problem(Endpoint::kRoom, {{"cmd", "remove"}, {"seat", "0"}});
    ASSERT_TRUE(engine && room);
    EXPECT_EQ(*engine, *room);
    EXPECT_NE(engine->find("\"seat\""), std::string::npos) << *engine;
}

TEST(ProtocolFields, SeedsAreWholeNumbersOrTheirDigitsAsText) {
    auto seed = [](json value) {
        return field_problem(Endpoint::kEngine,
                             {{"cmd", "create"}, {"game", "classic"}, {"seed", std::move(value)}});
    };
    EXPECT_FALSE(seed(7));
    EXPECT_FALSE(seed(json(18446744073709551615ULL)));
    EXPECT_FALSE(seed("18446744073709551615"));
    EXPECT_FALSE(seed(nullptr));  // null counts as left out
    for (const json& bad : {json(-1), json(1.5), json(" 12"), json("+12"), json("12x"),
                            json("18446744073709551616"), json(""), json::array()}) {
        const auto problem = seed(bad);
        ASSERT_TRUE(problem) << bad.dump();
        EXPECT_NE(problem->find("\"seed\""), std::string::npos) << *problem;
    }
    EXPECT_EQ(seed_value(json("18446744073709551615")), 18446744073709551615ULL);
    EXPECT_EQ(seed_value(json(42)), 42U);
}

TEST(ProtocolFields, TheEngineChecksTypesBeforeLookingAnythingUp) {
    Engine engine([] { return std::uint64_t{1}; });
    // No match m9 exists: the mistyped "after" is still what is reported.
    const json reply =
        engine.handle({{"cmd", "events"}, {"match", "m9"}, {"seat", 0}, {"after", -1}});
    EXPECT_EQ(reply["error"]["code"], "bad_request");
    EXPECT_NE(reply["error"]["message"].get<std::string>().find("\"after\""), std::string::npos);
    const json missing = engine.handle({{"cmd", "observe"}, {"seat", 0}});
    EXPECT_EQ(missing["error"]["code"], "bad_request");
    EXPECT_NE(missing["error"]["message"].get<std::string>().find("\"match\""), std::string::npos);
    const json big = engine.handle(
        {{"cmd", "observe"}, {"match", "m9"}, {"seat", json(18446744073709551615ULL)}});
    EXPECT_EQ(big["error"]["code"], "unknown_match");  // a whole number: its type is right
}

}  // namespace
}  // namespace broadside::protocol

// The protocol engine in-process: limits that would be slow to reach through a pipe.
#include <gtest/gtest.h>

#include "protocol/engine.h"

namespace broadside::protocol {
namespace {

using nlohmann::json;

TEST(ProtocolEngine, CreatingMoreMatchesThanTheLimitIsRefusedUntilOneIsClosed) {
    Engine engine([] { return 1; });
    json fleet = json::array();
    fleet.push_back({{"name", "Destroyer"}, {"length", 2}});
    const json create{{"cmd", "create"},
                      {"game", "classic"},
                      {"seed", 1},
                      {"options", {{"rows", 5}, {"cols", 5}, {"fleet", fleet}}}};
    for (std::size_t i = 0; i < kMaxMatches; ++i) {
        const json r = engine.handle(create);
        ASSERT_EQ(r["type"], "created") << i << " " << r.dump();
    }
    const json refused = engine.handle(create);
    EXPECT_EQ(refused["error"]["code"], "too_many_matches");
    EXPECT_EQ(engine.handle({{"cmd", "close"}, {"match", "m7"}})["type"], "closed");
    EXPECT_EQ(engine.handle(create)["type"], "created");
}

TEST(ProtocolEngine, ClosingAnUnknownMatchIsAnError) {
    Engine engine([] { return 1; });
    EXPECT_EQ(engine.handle({{"cmd", "close"}, {"match", "m1"}})["error"]["code"], "unknown_match");
    EXPECT_EQ(engine.handle({{"cmd", "close"}})["error"]["code"], "bad_request");
}

TEST(ProtocolEngine, ASeedIsAnyNonNegativeIntegerWhateverItsJsonType) {
    Engine engine([] { return 1; });
    const json signed_seed = std::int64_t{42};
    const json unsigned_seed = std::uint64_t{42};
    for (const json& seed : {signed_seed, unsigned_seed}) {
        const json r = engine.handle({{"cmd", "create"}, {"game", "classic"}, {"seed", seed}});
        EXPECT_EQ(r["type"], "created") << r.dump();
        EXPECT_EQ(r["seed"], 42);
    }
    const json negative =
        engine.handle({{"cmd", "create"}, {"game", "classic"}, {"seed", std::int64_t{-1}}});
    EXPECT_EQ(negative["error"]["code"], "bad_request");
}

}  // namespace
}  // namespace broadside::protocol

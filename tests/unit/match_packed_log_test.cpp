// The compact event log: what goes in comes out byte for byte, whatever the sizes (an event
// bigger than a chunk, many small ones across chunk boundaries), and audiences and personal parts
// stay with their own events.
#include <gtest/gtest.h>

#include <algorithm>

#include <rapidcheck/gtest.h>

#include "match/packed_log.h"
#include "support/property_cases.h"

namespace broadside {
namespace {

class Marker final : public PersonalPart {
public:
    explicit Marker(int t) : tag(t) {}
    void add_to(json& view, int) const override { view["tag"] = tag; }
    int tag;
};

BROADSIDE_PROP(MatchPackedLog, EveryEventComesBackAsItWentIn,
               ({"every audience and a personal part", "an empty event"})) {
    const auto events = *rc::gen::arbitrary<std::vector<std::pair<std::string, std::string>>>();
    test::reach("every audience and a personal part", events.size() >= 5);
    test::reach("an empty event", std::any_of(events.begin(), events.end(), [](const auto& e) {
                    return e.first.empty() || e.second.empty();
                }));
    PackedLog log;
    std::vector<std::optional<std::vector<int>>> audiences;
    for (std::size_t i = 0; i < events.size(); ++i) {
        // Audiences cycle through everyone, seat 0, seat 1 and a fresh one per event.
        std::optional<std::vector<int>> audience;
        if (i % 4 == 1) audience = std::vector<int>{0};
        if (i % 4 == 2) audience = std::vector<int>{1};
        if (i % 4 == 3) audience = std::vector<int>{static_cast<int>(i), 2};
        audiences.push_back(audience);
        std::shared_ptr<const PersonalPart> personal;
        if (i % 5 == 4) personal = std::make_shared<Marker>(static_cast<int>(i));
        log.push(events[i].first, events[i].second, audience, personal, i % 3 == 0);
    }
    RC_ASSERT(log.size() == events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        RC_ASSERT(std::string(log.content(i)) == events[i].first);
        RC_ASSERT(std::string(log.redacted(i)) == events[i].second);
        RC_ASSERT(log.collapsible(i) == (i % 3 == 0));
        RC_ASSERT(PackedLog::number(i) == static_cast<std::int64_t>(i) + 1);
        const auto* audience = log.audience(i);
        RC_ASSERT((audience == nullptr) == !audiences[i].has_value());
        if (audience) RC_ASSERT(*audience == *audiences[i]);
        const auto* personal = log.personal(i);
        RC_ASSERT((personal != nullptr) == (i % 5 == 4));
        if (personal) RC_ASSERT(dynamic_cast<const Marker*>(personal)->tag == static_cast<int>(i));
    }
}

TEST(MatchPackedLog, AnEventBiggerThanAChunkAndManyAcrossChunkBoundaries) {
    PackedLog log;
    const std::string big(100'000, 'x');
    log.push("a", "b", std::nullopt, nullptr, false);
    log.push(big, big, std::nullopt, nullptr, false);
    for (int i = 0; i < 5'000; ++i) {
        log.push(std::to_string(i), "r" + std::to_string(i), std::vector<int>{i % 2}, nullptr,
                 false);
    }
    EXPECT_EQ(log.content(0), "a");
    EXPECT_EQ(log.content(1), big);
    EXPECT_EQ(log.redacted(1), big);
    for (int i = 0; i < 5'000; ++i) {
        ASSERT_EQ(log.content(static_cast<std::size_t>(i) + 2), std::to_string(i));
        ASSERT_EQ(log.redacted(static_cast<std::size_t>(i) + 2), "r" + std::to_string(i));
        ASSERT_TRUE(log.sees(static_cast<std::size_t>(i) + 2, i % 2));
        ASSERT_FALSE(log.sees(static_cast<std::size_t>(i) + 2, 1 - i % 2));
    }
}

}  // namespace
}  // namespace broadside

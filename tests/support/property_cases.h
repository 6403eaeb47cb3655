// Named cases a RapidCheck property must reach. A property built with BROADSIDE_PROP tags each
// generated case with the cases it reached (RC_TAG, so the test's output prints how often each
// occurred) and counts them; after the run the test fails if a required case never occurred, so
// a generator that silently stops producing, say, draws is noticed instead of testing less.
// The counts live in this process only; the check runs in the same gtest case as the property
// (ctest runs every case in a process of its own).
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace broadside::test {

inline std::map<std::string, int>& reached_cases() {
    static std::map<std::string, int> counts;
    return counts;
}

// Call once per generated case for each named case: tags the case when `happened` and counts it.
inline void reach(const std::string& name, bool happened) {
    if (!happened) return;
    RC_TAG(name);
    ++reached_cases()[name];
}

// For cases noticed inside a loop: note them as they happen, then tag() once at the end of the
// generated case, so each name is tagged and counted at most once per case.
class CaseTags {
public:
    void note(const std::string& name) { seen_[name] = true; }
    void tag() const {
        for (const auto& [name, happened] : seen_) reach(name, happened);
    }

private:
    std::map<std::string, bool> seen_;
};

// After rc's run: every required case occurred in at least one generated case.
inline void expect_reached(const std::vector<std::string>& required) {
    for (const auto& name : required) {
        EXPECT_GT(reached_cases()[name], 0)
            << "the property never generated a case with " << name
            << " (counts: each name the number of generated cases that reached it)";
    }
}

}  // namespace broadside::test

// RC_GTEST_PROP that also checks, after the run, that every name in the braced list REQUIRED
// was reached (see broadside::test::reach) by at least one generated case.
#define BROADSIDE_PROP(TestCase, Name, REQUIRED)                              \
    void broadside_prop_##TestCase##_##Name();                                \
    TEST(TestCase, Name) {                                                    \
        ::broadside::test::reached_cases().clear();                           \
        ::rc::detail::checkGTest(&broadside_prop_##TestCase##_##Name);        \
        ::broadside::test::expect_reached(std::vector<std::string> REQUIRED); \
    }                                                                         \
    void broadside_prop_##TestCase##_##Name()

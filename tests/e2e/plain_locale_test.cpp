// In a locale that is not UTF-8 (LANG=C), every `play` screen is plain ASCII: the hot-seat
// pass screen's dash too. The child inherits this process's environment, set here for the call.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

testing::CommandResult run_in_locale(const char* locale, const std::vector<std::string>& args,
                                     const std::string& input) {
    const char* old = std::getenv("LC_ALL");
    const std::string saved = old == nullptr ? "" : old;
    setenv("LC_ALL", locale, 1);
    auto r = testing::run_broadside(args, input);
    if (old == nullptr) {
        unsetenv("LC_ALL");
    } else {
        setenv("LC_ALL", saved.c_str(), 1);
    }
    return r;
}

bool ascii(const std::string& text) {
    for (char ch : text) {
        if (static_cast<unsigned char>(ch) >= 0x80) return false;
    }
    return true;
}

TEST(PlainLocale, EveryGamesScreensAreAsciiUnderLangC) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> games{
        {{"play", "classic", "--humans", "2", "--seed", "3"}, "\nauto\nok\n\nauto\nok\n\nA1\n\n"},
        {{"play", "salvo", "--seed", "3"}, "auto\nok\nA1 A2 A3 A4 A5\nquit\nyes\n"},
        {{"play", "classic", "--weapons", "all", "--seed", "3"}, "auto\nok\nnuke E5\nquit\nyes\n"},
        {{"play", "royale", "--humans", "2", "--players", "3", "--seed", "3"}, "\nhelp\ncards\n"},
        {{"play", "crew", "--humans", "2", "--seed", "3"}, "\n\n\ns\n\n\n\ns\n"},
        {{"play", "party", "--seed", "3", "--pause-ms", "0"}, "auto\nok\n"},
    };
    for (const auto& [args, input] : games) {
        const auto r = run_in_locale("C", args, input);
        EXPECT_TRUE(ascii(r.out)) << args[1] << ":\n" << r.out;
        EXPECT_TRUE(ascii(r.err)) << args[1];
    }
    // The same pass screen in a UTF-8 locale has its em dash.
    const auto utf8 = run_in_locale("C.UTF-8", {"play", "classic", "--humans", "2"}, "");
    EXPECT_NE(utf8.out.find("Pass to Player 1 \u2014 press Enter"), std::string::npos) << utf8.out;
    const auto plain = run_in_locale("C", {"play", "classic", "--humans", "2"}, "");
    EXPECT_NE(plain.out.find("Pass to Player 1 - press Enter"), std::string::npos) << plain.out;
}

}  // namespace
}  // namespace broadside

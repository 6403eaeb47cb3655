// `cmake --install BUILD --prefix DIR` puts a working `broadside` in DIR/bin (the README's way of
// getting it onto PATH, e.g. with --prefix ~/.local), and the example decks beside it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/test_support.h"

namespace broadside {
namespace {

TEST(Install, CmakeInstallPutsARunnableBroadsideInPrefixBin) {
    const std::filesystem::path binary = BROADSIDE_BINARY;
    const std::string build_dir = binary.parent_path().string();
    const std::string prefix = testing::temp_dir() + "/prefix";
    const std::string command =
        "cmake --install '" + build_dir + "' --prefix '" + prefix + "' > '" + prefix + ".log' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::string installed = prefix + "/bin/broadside";
    ASSERT_TRUE(std::filesystem::exists(installed));
    EXPECT_TRUE(std::filesystem::exists(prefix + "/share/broadside/decks/royale-standard.json"));
    const std::string run = "'" + installed + "' --version > '" + prefix + ".version'";
    EXPECT_EQ(std::system(run.c_str()), 0);
}

}  // namespace
}  // namespace broadside

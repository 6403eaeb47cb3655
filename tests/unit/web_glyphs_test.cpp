// The browser client draws no glyph from the emoji planes (U+1F000 and above): a stock Debian
// Chromium has no font for them and draws empty boxes ("▯ discard"). Symbols come from the
// planes DejaVu covers (✕ • ■ ▶), or are words.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace broadside {
namespace {

// Offsets of UTF-8 sequences of four bytes whose code point is at least U+1F000.
std::vector<std::size_t> emoji_at(const std::string& text) {
    std::vector<std::size_t> found;
    for (std::size_t i = 0; i + 3 < text.size(); ++i) {
        const auto b0 = static_cast<unsigned char>(text[i]);
        if ((b0 & 0xF8) != 0xF0) continue;
        const unsigned code = ((b0 & 0x07u) << 18) |
                              ((static_cast<unsigned char>(text[i + 1]) & 0x3Fu) << 12) |
                              ((static_cast<unsigned char>(text[i + 2]) & 0x3Fu) << 6) |
                              (static_cast<unsigned char>(text[i + 3]) & 0x3Fu);
        if (code >= 0x1F000) found.push_back(i);
    }
    return found;
}

TEST(WebGlyphs, TheScannerFindsAPlantedEmoji) {
    EXPECT_EQ(emoji_at("keep \xF0\x9F\x97\x91 discard").size(), 1U);          // U+1F5D1
    EXPECT_TRUE(emoji_at("\xE2\x9C\x95 \xE2\x80\xA2 \xE2\x96\xA0").empty());  // ✕ • ■
}

TEST(WebGlyphs, NoSourceOfTheBrowserClientUsesAnEmojiPlaneGlyph) {
    const std::filesystem::path root = std::filesystem::path(BROADSIDE_SOURCE_DIR) / "web" / "src";
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        ++files;
        EXPECT_TRUE(emoji_at(text).empty()) << entry.path() << " at byte " << emoji_at(text)[0];
    }
    EXPECT_GT(files, 20);
}

}  // namespace
}  // namespace broadside

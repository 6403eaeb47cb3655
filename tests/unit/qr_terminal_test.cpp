// The terminal QR code reads back as exactly the modules libqrencode encoded, with a light
// quiet zone around them: what a phone's camera sees is the code.
#include <gtest/gtest.h>

#include <qrencode.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/serve/qr_terminal.h"

namespace broadside::cli {
namespace {

// The drawing back to modules: each character is two rows (top, bottom); light is drawn.
std::vector<std::vector<bool>> modules_of(const std::string& drawing) {
    std::vector<std::vector<bool>> rows;
    std::istringstream in(drawing);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<bool> top, bottom;
        for (std::size_t i = 0; i < line.size();) {
            const std::string glyph = line[i] == ' ' ? " " : line.substr(i, 3);
            i += glyph.size();
            const bool full = glyph == "\u2588", upper = glyph == "\u2580",
                       lower = glyph == "\u2584";
            top.push_back(!(full || upper));  // dark = not drawn
            bottom.push_back(!(full || lower));
        }
        rows.push_back(top);
        rows.push_back(bottom);
    }
    return rows;
}

TEST(QrTerminal, DrawsExactlyTheEncodedModulesInsideALightQuietZone) {
    const std::string url = "http://192.168.1.20:8080/";
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeString(url.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    ASSERT_TRUE(code);
    const auto rows = modules_of(qr_for_terminal(url));
    const int w = code->width, quiet = 2;
    ASSERT_GE(static_cast<int>(rows.size()), w + 2 * quiet);
    for (int y = -quiet; y < w + quiet; ++y) {
        const auto& row = rows[static_cast<std::size_t>(y + quiet)];
        ASSERT_EQ(static_cast<int>(row.size()), w + 2 * quiet);
        for (int x = -quiet; x < w + quiet; ++x) {
            const bool inside = x >= 0 && y >= 0 && x < w && y < w;
            const bool expected = inside && (code->data[y * w + x] & 1);
            EXPECT_EQ(row[static_cast<std::size_t>(x + quiet)], expected) << x << "," << y;
        }
    }
}

}  // namespace
}  // namespace broadside::cli

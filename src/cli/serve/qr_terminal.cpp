#include "cli/serve/qr_terminal.h"

#include <qrencode.h>

#include <memory>

namespace broadside::cli {

std::string qr_for_terminal(const std::string& text) {
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!code) return "";
    const int width = code->width;
    constexpr int kQuiet = 2;  // modules of light border (scanners cope with 2 on a screen)
    auto dark = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= width) return false;
        return (code->data[y * width + x] & 1) != 0;
    };
    // Light is drawn as a full block on the terminal's background, so the code reads as dark
    // modules on light whatever the terminal's colours: the inverse of the usual trick.
    std::string out;
    for (int y = -kQuiet; y < width + kQuiet; y += 2) {
        for (int x = -kQuiet; x < width + kQuiet; ++x) {
            const bool top = !dark(x, y);
            const bool bottom = !dark(x, y + 1);
            out += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
        }
        out += "\n";
    }
    return out;
}

}  // namespace broadside::cli

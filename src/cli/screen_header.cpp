#include "cli/screen_header.h"

namespace broadside::cli {

std::vector<std::string> screen_header(const std::vector<std::string>& parts, const Style& style,
                                       int columns) {
    if (parts.empty()) return {style.paint("BROADSIDE", Tone::kTitle)};
    std::vector<std::string> plain{"BROADSIDE  " + parts[0]};
    std::vector<std::string> painted{style.paint("BROADSIDE", Tone::kTitle) + "  " + parts[0]};
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (plain.back().size() + 5 + parts[i].size() <= static_cast<std::size_t>(columns)) {
            plain.back() += "  |  " + parts[i];
            painted.back() += "  " + style.paint("|", Tone::kDim) + "  " + parts[i];
        } else {
            plain.push_back(parts[i]);
            painted.push_back(parts[i]);
        }
    }
    return painted;
}

}  // namespace broadside::cli

#include "cli/histogram.h"

#include <algorithm>
#include <cmath>

namespace broadside::cli {

Histogram make_histogram(const std::vector<double>& values, int max_bins) {
    Histogram h;
    if (values.empty()) return h;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const int low = static_cast<int>(std::floor(*lo));
    const int high = static_cast<int>(std::floor(*hi));
    h.width = std::max(1, (high - low + max_bins) / max_bins);
    h.start = low - low % h.width;
    h.counts.assign(static_cast<std::size_t>((high - h.start) / h.width + 1), 0);
    for (double v : values)
        ++h.counts[static_cast<std::size_t>((static_cast<int>(v) - h.start) / h.width)];
    return h;
}

std::string render_histogram(const Histogram& h, int bar_width) {
    std::string out;
    const long peak = h.counts.empty() ? 0 : *std::max_element(h.counts.begin(), h.counts.end());
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        const int from = h.start + static_cast<int>(i) * h.width;
        char label[64];
        if (h.width == 1) {
            std::snprintf(label, sizeof label, "  %7d  ", from);
        } else {
            std::snprintf(label, sizeof label, "  %3d-%-3d  ", from, from + h.width - 1);
        }
        const int len = peak ? static_cast<int>(std::lround(static_cast<double>(h.counts[i]) *
                                                            bar_width / static_cast<double>(peak)))
                             : 0;
        out += label + std::string(static_cast<std::size_t>(len), '#') + " " +
               std::to_string(h.counts[i]) + "\n";
    }
    return out;
}

nlohmann::json to_json(const Histogram& h) {
    return {{"start", h.start}, {"bin_width", h.width}, {"counts", h.counts}};
}

}  // namespace broadside::cli

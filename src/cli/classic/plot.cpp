#include "cli/classic/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/stats.h"

namespace broadside::cli {

namespace {

std::string fmt(double v, int decimals = 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string escape(const std::string& s) {
    std::string out;
    for (const char c : s) {
        if (c == '<') {
            out += "&lt;";
        } else if (c == '>') {
            out += "&gt;";
        } else if (c == '&') {
            out += "&amp;";
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

std::string shots_svg(const std::vector<double>& shots, const std::string& title) {
    constexpr double kWidth = 800, kHeight = 420;
    // kTop leaves a band between the title and the tallest bar for the mean/median label.
    constexpr double kLeft = 60, kRight = 20, kTop = 62, kBottom = 50;
    std::map<long, long> counts;
    for (const double s : shots) ++counts[std::lround(s)];
    const long lo = counts.empty() ? 0 : counts.begin()->first;
    const long hi = counts.empty() ? 1 : counts.rbegin()->first;
    long peak = 1;
    for (const auto& [k, c] : counts) peak = std::max(peak, c);
    const double total = std::max<double>(1.0, static_cast<double>(shots.size()));
    const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
    const double bar_w = plot_w / static_cast<double>(hi - lo + 1);
    const double top_share = static_cast<double>(peak) / total;
    auto x_of = [&](double shot) { return kLeft + (shot - static_cast<double>(lo)) * bar_w; };
    auto y_of = [&](double share) { return kTop + plot_h * (1.0 - share / top_share); };

    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fmt(kWidth, 0) +
                      "\" height=\"" + fmt(kHeight, 0) + "\" font-family=\"sans-serif\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    svg += "<text x=\"" + fmt(kWidth / 2, 0) +
           "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">" + escape(title) + "</text>\n";
    for (const auto& [k, c] : counts) {
        const double share = static_cast<double>(c) / total;
        const double y = y_of(share);
        svg += "<rect x=\"" + fmt(x_of(static_cast<double>(k)) + 0.5) + "\" y=\"" + fmt(y) +
               "\" width=\"" + fmt(std::max(0.5, bar_w - 1.0)) + "\" height=\"" +
               fmt(kTop + plot_h - y) + "\" fill=\"#4a7ab5\"><title>" + std::to_string(k) +
               " shots: " + std::to_string(c) + " games</title></rect>\n";
    }
    // Axes, ticks every 5 (or 10) shots, and the share of games at the top of the y axis.
    const double base = kTop + plot_h;
    svg += "<line x1=\"" + fmt(kLeft) + "\" y1=\"" + fmt(base) + "\" x2=\"" + fmt(kWidth - kRight) +
           "\" y2=\"" + fmt(base) + "\" stroke=\"black\"/>\n";
    svg += "<line x1=\"" + fmt(kLeft) + "\" y1=\"" + fmt(kTop) + "\" x2=\"" + fmt(kLeft) +
           "\" y2=\"" + fmt(base) + "\" stroke=\"black\"/>\n";
    const long step = hi - lo > 60 ? 10 : 5;
    for (long t = (lo + step - 1) / step * step; t <= hi; t += step) {
        const double x = x_of(static_cast<double>(t) + 0.5);
        svg += "<line x1=\"" + fmt(x) + "\" y1=\"" + fmt(base) + "\" x2=\"" + fmt(x) + "\" y2=\"" +
               fmt(base + 5) + "\" stroke=\"black\"/><text x=\"" + fmt(x) + "\" y=\"" +
               fmt(base + 20) + "\" text-anchor=\"middle\" font-size=\"12\">" + std::to_string(t) +
               "</text>\n";
    }
    svg += "<text x=\"" + fmt(kLeft - 6) + "\" y=\"" + fmt(kTop + 4) +
           "\" text-anchor=\"end\" font-size=\"12\">" + fmt(100.0 * top_share) + "%</text>\n";
    svg += "<text x=\"" + fmt(kLeft - 6) + "\" y=\"" + fmt(base) +
           "\" text-anchor=\"end\" font-size=\"12\">0%</text>\n";
    svg += "<text x=\"" + fmt(kLeft + plot_w / 2) + "\" y=\"" + fmt(kHeight - 8) +
           "\" text-anchor=\"middle\" font-size=\"13\">shots to sink the whole fleet (" +
           std::to_string(shots.size()) + " games)</text>\n";
    if (!shots.empty()) {
        const auto s = summarize(shots);
        const double xm = x_of(s.mean + 0.5);
        svg += "<line x1=\"" + fmt(xm) + "\" y1=\"" + fmt(kTop - 10) + "\" x2=\"" + fmt(xm) +
               "\" y2=\"" + fmt(base) + "\" stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>\n";
        // Above the plot area, centred on the mean line (kept inside the chart): it can never
        // cover a bar, however tall (it once overlapped the tallest one).
        const double label_x = std::clamp(xm, kLeft + 90, kWidth - kRight - 90);
        svg += "<text x=\"" + fmt(label_x) + "\" y=\"" + fmt(kTop - 14) +
               "\" text-anchor=\"middle\" font-size=\"12\" fill=\"#c0392b\">mean " +
               fmt(s.mean, 2) + ", median " + fmt(s.median, 1) + "</text>\n";
    }
    svg += "</svg>\n";
    return svg;
}

}  // namespace broadside::cli

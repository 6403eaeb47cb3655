#include "cli/crew/render.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace broadside::cli {

namespace {

// Pip rows of each face on a 3x3 grid.
const std::array<std::array<const char*, 3>, 7> kPips{{
    {"     ", "     ", "     "},
    {"     ", "  o  ", "     "},
    {"o    ", "     ", "    o"},
    {"o    ", "  o  ", "    o"},
    {"o   o", "     ", "o   o"},
    {"o   o", "  o  ", "o   o"},
    {"o   o", "o   o", "o   o"},
}};

std::string cell(const std::string& s, std::size_t width) {
    if (s.size() >= width) return s;
    return std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::string render_dice(const std::vector<int>& faces, const std::vector<std::string>& labels) {
    if (faces.empty()) return "";
    std::ostringstream out;
    auto row = [&](auto&& part) {
        for (std::size_t i = 0; i < faces.size(); ++i) out << (i ? " " : "  ") << part(i);
        out << "\n";
    };
    row([](std::size_t) { return std::string("+-------+"); });
    for (std::size_t r = 0; r < 3; ++r) {
        row([&](std::size_t i) {
            return std::string("| ") + kPips[static_cast<std::size_t>(faces[i])][r] + " |";
        });
    }
    row([](std::size_t) { return std::string("+-------+"); });
    if (!labels.empty()) {
        row([&](std::size_t i) {
            std::string l = i < labels.size() ? labels[i] : "";
            const std::size_t left = l.size() < 9 ? (9 - l.size()) / 2 : 0;
            l = std::string(left, ' ') + l;
            return l + std::string(l.size() < 9 ? 9 - l.size() : 0, ' ');
        });
    }
    return out.str();
}

std::string render_tally(const crew::Observation& obs, const std::vector<std::string>& names) {
    const auto order = crew::seat_order(obs.first(), obs.players());
    // Columns narrow with many players so that the sheet fits 80 columns.
    const std::size_t width =
        std::min<std::size_t>(12, 66 / std::max<std::size_t>(order.size(), 1));
    std::ostringstream out;
    out << "  Tally sheet\n  " << cell("", 10);
    for (int seat : order) {
        out << cell(names[static_cast<std::size_t>(seat)].substr(0, width - 1), width);
    }
    out << "\n";
    for (const auto& r : obs.tally()) {
        // A round that has just begun has nothing to show yet.
        if (std::all_of(r.scores.begin(), r.scores.end(), [](int v) { return v < 0; })) continue;
        out << "  " << std::string(r.playoff ? "playoff " : "round   ")
            << cell(std::to_string(r.number), 2);
        for (int seat : order) {
            std::string v;
            for (std::size_t i = 0; i < r.seats.size(); ++i)
                if (r.seats[i] == seat && r.scores[i] >= 0) v = std::to_string(r.scores[i]);
            out << cell(v, width);
        }
        out << "\n";
    }
    out << "  " << cell("total", 10);
    for (int seat : order)
        out << cell(std::to_string(obs.totals()[static_cast<std::size_t>(seat)]), width);
    out << "\n";
    return out.str();
}

}  // namespace broadside::cli

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
    return render_tally(crew::to_json(obs), names);
}

std::string render_tally(const nlohmann::json& obs, const std::vector<std::string>& names) {
    const auto order = obs.value("order", std::vector<int>{});
    const auto totals = obs.value("totals", std::vector<int>{});
    // Columns narrow with many players so that the sheet fits 80 columns.
    const std::size_t width =
        std::min<std::size_t>(12, 66 / std::max<std::size_t>(order.size(), 1));
    std::ostringstream out;
    out << "  Tally sheet\n  " << cell("", 10);
    for (int seat : order) {
        out << cell(names[static_cast<std::size_t>(seat)].substr(0, width - 1), width);
    }
    out << "\n";
    for (const auto& r : obs.value("tally", nlohmann::json::array())) {
        const auto& scores = r["scores"];
        // A round that has just begun has nothing to show yet.
        if (std::all_of(scores.begin(), scores.end(),
                        [](const nlohmann::json& v) { return v.is_null(); })) {
            continue;
        }
        out << "  " << std::string(r.value("playoff", false) ? "playoff " : "round   ")
            << cell(std::to_string(r.value("round", 0)), 2);
        const auto& seats = r["seats"];
        for (int seat : order) {
            std::string v;
            for (std::size_t i = 0; i < seats.size(); ++i)
                if (seats[i].get<int>() == seat && !scores[i].is_null())
                    v = std::to_string(scores[i].get<int>());
            out << cell(v, width);
        }
        out << "\n";
    }
    out << "  " << cell("total", 10);
    for (int seat : order)
        out << cell(std::to_string(totals[static_cast<std::size_t>(seat)]), width);
    out << "\n";
    return out.str();
}

namespace {

std::string faces_text(const nlohmann::json& dice) {
    std::string text;
    for (const auto& d : dice) text += (text.empty() ? "" : " ") + std::to_string(d.get<int>());
    return text;
}

std::string points(int n) {
    return std::to_string(n) + (n == 1 ? " point" : " points");
}

}  // namespace

std::vector<std::string> crew_event_words(const nlohmann::json& e,
                                          const std::vector<std::string>& names, int you_seat,
                                          const std::vector<int>& totals) {
    const auto name = [&](int seat) { return names[static_cast<std::size_t>(seat)]; };
    const auto you = [&](int seat) { return seat == you_seat; };
    const std::string type = e.value("type", "");
    if (type == "throw") {
        const int seat = e["seat"].get<int>();
        std::string line = name(seat) + " threw " + faces_text(e["dice"]);
        if (e.contains("kept") && !e["kept"].empty()) {
            line += " (keeping the " + faces_text(e["kept"]) + ")";
        }
        if (!e["set_aside"].empty()) {
            std::string newly;
            for (const auto& h : e["set_aside"])
                newly += (newly.empty() ? "" : ", ") + h.get<std::string>();
            line += ": sets aside the " + newly;
        }
        if (!e["crew"].is_null()) {
            const int a = e["crew"][0].get<int>(), b = e["crew"][1].get<int>();
            line += "; crew " + std::to_string(a) + " + " + std::to_string(b) + " = " +
                    std::to_string(a + b);
        }
        return {line + "."};
    }
    if (type == "turn_over") {
        const int seat = e["seat"].get<int>();
        return {name(seat) + (you(seat) ? " score " : " scores ") + points(e["score"].get<int>()) +
                (e["qualified"].get<bool>() ? "" : " (no ship, captain and mate)") + "; total " +
                std::to_string(e["total"].get<int>()) + "."};
    }
    if (type == "round_over") {
        std::string line = "Round over. Totals:";
        for (std::size_t s = 0; s < totals.size(); ++s) {
            line += (s ? ", " : " ") + name(static_cast<int>(s)) + " " + std::to_string(totals[s]);
        }
        return {line + "."};
    }
    if (type == "playoff") {
        std::string who;
        for (const auto& s : e["seats"]) who += (who.empty() ? "" : ", ") + name(s.get<int>());
        return {"Tied for the lead: " + who + " play a one-round playoff."};
    }
    if (type == "game_over") {
        const int w = e["winner"].get<int>();
        std::string line = "Game over: " + name(w) + (you(w) ? " win" : " wins");
        if (e["pot"].get<int>() > 0) line += " the pot of " + std::to_string(e["pot"].get<int>());
        return {line + "."};
    }
    return {};
}

}  // namespace broadside::cli

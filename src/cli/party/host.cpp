#include "cli/party/host.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <thread>

#include "cli/classic/play_render.h"
#include "cli/play_input.h"
#include "games/party/options.h"

namespace broadside::cli {

namespace {

constexpr int kTorpedoes = 30;
constexpr int kSuper = 6;
// A stream of its own, so that the host's envelope never shares draws with anything else
// derived from the same seed.
constexpr std::uint64_t kEnvelopeStream = 0x4057;

// Five rows of five columns per character.
const std::map<char, std::array<const char*, 5>>& font() {
    static const std::map<char, std::array<const char*, 5>> glyphs{
        {'A', {" ### ", "#   #", "#####", "#   #", "#   #"}},
        {'B', {"#### ", "#   #", "#### ", "#   #", "#### "}},
        {'C', {" ####", "#    ", "#    ", "#    ", " ####"}},
        {'D', {"#### ", "#   #", "#   #", "#   #", "#### "}},
        {'E', {"#####", "#    ", "#### ", "#    ", "#####"}},
        {'F', {"#####", "#    ", "#### ", "#    ", "#    "}},
        {'0', {" ### ", "#   #", "#   #", "#   #", " ### "}},
        {'1', {"  #  ", " ##  ", "  #  ", "  #  ", " ### "}},
        {'2', {" ### ", "#   #", "  ## ", " #   ", "#####"}},
        {'3', {"#### ", "    #", " ### ", "    #", "#### "}},
        {'4', {"#   #", "#   #", "#####", "    #", "    #"}},
        {'5', {"#####", "#    ", "#### ", "    #", "#### "}},
        {'6', {" ### ", "#    ", "#### ", "#   #", " ### "}},
        {'7', {"#####", "    #", "   # ", "  #  ", "  #  "}},
        {'8', {" ### ", "#   #", " ### ", "#   #", " ### "}},
        {'9', {" ### ", "#   #", " ####", "    #", " ### "}},
        {' ', {"     ", "     ", "     ", "     ", "     "}},
    };
    return glyphs;
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

class PartyHost {
public:
    PartyHost(const PartyHostSettings& settings, Console& console)
        : settings_(settings),
          console_(console),
          out_(console.out()),
          style_(console.info().colour),
          draws_(party_host_draws(settings.seed)) {}

    int run() {
        console_.begin_screen();
        const auto edition =
            settings_.edition == "european" ? party::Edition::kEuropean : party::Edition::kRainbow;
        out_ << style_.paint("BROADSIDE PARTY HOST", Tone::kTitle) << "  "
             << party::edition_name(edition) << "  " << style_.paint("|", Tone::kDim) << "  seed "
             << settings_.seed << "\n\n";
        for (const auto& line :
             wrap("Every player needs a sheet (broadside sheet party > sheet.svg, printed) and "
                  "secretly marks their six ships on it: the " +
                      fleet_text(edition) +
                      ". Ships may touch. I call 30 torpedoes; after each, players call out "
                      "miss, hit or sunk, and cross the square off. After the 30th, the player "
                      "with the most ships afloat wins; a tie goes to the super torpedoes.",
                  76)) {
            out_ << "  " << line << "\n";
        }
        out_ << "\n";
        for (int k = 0; k < kTorpedoes; ++k) {
            if (!wait("Enter calls torpedo " + std::to_string(k + 1) + " of 30")) return leave();
            call("Torpedo " + std::to_string(k + 1) + " of 30", k);
            out_ << "  " << plural(kTorpedoes - k - 1, "torpedo", "torpedoes") << " left.\n";
        }
        return tiebreak();
    }

private:
    static std::string fleet_text(party::Edition edition) {
        std::string text;
        const auto& themes = party::ship_themes(edition);
        for (int i = 0; i < party::kShips; ++i) {
            const auto idx = static_cast<std::size_t>(i);
            text += (i == 0                   ? ""
                     : i + 1 == party::kShips ? " and "
                                              : ", ") +
                    themes[idx].name + " (" + std::to_string(party::kShipLengths[idx]) + ")";
        }
        return text;
    }

    // Waits for the host's Enter (or the pause). False when the host leaves.
    bool wait(const std::string& prompt) {
        if (settings_.pause_ms > 0) {
            out_ << std::flush;
            std::this_thread::sleep_for(std::chrono::milliseconds(settings_.pause_ms));
            return !console_.interrupted();
        }
        while (true) {
            auto line = console_.ask("  " + prompt + " (or quit): ");
            if (!line) return false;
            if (command_of(*line) != PlayCommand::kQuit) return true;
            auto sure = console_.ask("  Really stop hosting? (yes or no): ");
            if (!sure || parse_yes_no(*sure).value_or(false)) return false;
        }
    }

    void call(const std::string& what, int index) {
        const std::string& cell = draws_[static_cast<std::size_t>(index)];
        called_[cell] = index;
        console_.begin_screen();
        out_ << "  " << style_.paint(what + ": " + cell, Tone::kTitle) << "\n";
        if (console_.info().screen) {
            // Big enough to read from the back of the room.
            out_ << "\n";
            for (const auto& row : banner(cell, console_.info().utf8 ? "\u2588" : "#")) {
                out_ << "          " << style_.paint(row, Tone::kHit) << "\n";
            }
        }
        out_ << "\n" << board() << "\n";
    }

    // The 6x6 sea with each square called so far: its torpedo's number, or S1..S6.
    std::string board() const {
        std::string text = "  Called so far:\n       A   B   C   D   E   F\n";
        for (int row = 1; row <= 6; ++row) {
            text += "    " + std::to_string(row);
            for (char col = 'A'; col <= 'F'; ++col) {
                const std::string cell = std::string(1, col) + std::to_string(row);
                const auto it = called_.find(cell);
                std::string mark = ".";
                if (it != called_.end()) {
                    mark = it->second < kTorpedoes
                               ? std::to_string(it->second + 1)
                               : "S" + std::to_string(it->second - kTorpedoes + 1);
                }
                text += std::string(4 - mark.size(), ' ') + mark;
            }
            text += "\n";
        }
        return text;
    }

    // A whole number from `low` to `high`; nothing when the host leaves.
    std::optional<int> ask_count(const std::string& question, int low, int high) {
        while (true) {
            auto line = console_.ask("  " + question + " ");
            if (!line) return std::nullopt;
            const std::string text = trim(*line);
            if (command_of(text) == PlayCommand::kQuit) {
                // As everywhere else: a quit is asked about, never taken at one word.
                auto sure = console_.ask("  Really stop hosting? (yes or no): ");
                if (!sure || parse_yes_no(*sure).value_or(false)) return std::nullopt;
                continue;
            }
            const bool digits =
                !text.empty() && text.size() <= 6 &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
            const int n = digits ? std::stoi(text) : -1;
            if (digits && n >= low && n <= high) return n;
            out_ << "  "
                 << style_.paint("Please type a number from " + std::to_string(low) + " to " +
                                     std::to_string(high) + ".",
                                 Tone::kWarn)
                 << "\n";
        }
    }

    int tiebreak() {
        out_ << "\n  All 30 torpedoes are fired. Players: count your ships still afloat.\n";
        // The explanation on a line of its own: the question itself stays inside 80 columns.
        out_ << "  (1 if one player has the most ships afloat.)\n";
        auto tied = ask_count("How many players are tied for the most ships afloat?", 1, 1'000'000);
        if (!tied) return leave();
        if (*tied == 1) {
            out_ << "\n  "
                 << style_.paint("The player with the most ships afloat wins!", Tone::kGood)
                 << "\n";
            return 0;
        }
        int in = *tied;
        out_ << "\n";
        for (const auto& line :
             wrap("A tie between " + std::to_string(in) +
                      " players. The six squares not yet called are super torpedoes: a tied "
                      "player with a ship on one is out at once. The last one out wins.",
                  76)) {
            out_ << "  " << line << "\n";
        }
        for (int s = 0; s < kSuper; ++s) {
            if (!wait("Enter calls super torpedo " + std::to_string(s + 1) + " of 6")) {
                return leave();
            }
            call("Super torpedo " + std::to_string(s + 1) + " of 6", kTorpedoes + s);
            out_ << "  Tied players with a ship on "
                 << draws_[static_cast<std::size_t>(kTorpedoes + s)] << " are out.\n";
            auto still =
                ask_count("How many of the " + std::to_string(in) + " are still in?", 0, in);
            if (!still) return leave();
            if (*still == 1) {
                out_ << "\n  "
                     << style_.paint("One player is left: they win, the last to be eliminated!",
                                     Tone::kGood)
                     << "\n";
                return 0;
            }
            if (*still == 0) {
                out_ << "\n  "
                     << style_.paint("Everyone left was hit by the same super torpedo: the " +
                                         std::to_string(in) +
                                         " players it eliminated share the win.",
                                     Tone::kGood)
                     << "\n";
                return 0;
            }
            in = *still;
        }
        out_ << "\n  "
             << style_.paint("After all six super torpedoes, the " + std::to_string(in) +
                                 " players still in share the win.",
                             Tone::kGood)
             << "\n";
        return 0;
    }

    int leave() {
        out_ << "\n  " << (console_.interrupted() ? "Interrupted. " : "")
             << "Stopped hosting (seed " << settings_.seed
             << "; the same seed calls the same squares again).\n";
        return 0;
    }

    const PartyHostSettings& settings_;
    Console& console_;
    std::ostream& out_;
    Style style_;
    std::vector<std::string> draws_;
    std::map<std::string, int> called_;  // square -> index of its call
};

}  // namespace

std::vector<std::string> party_host_draws(std::uint64_t seed) {
    std::vector<std::string> cells;
    for (int row = 1; row <= 6; ++row) {
        for (char col = 'A'; col <= 'F'; ++col)
            cells.push_back(std::string(1, col) + std::to_string(row));
    }
    // Fisher-Yates with the seed's own generator: every order equally likely.
    Rng rng(seed, kEnvelopeStream);
    for (std::uint32_t i = static_cast<std::uint32_t>(cells.size()) - 1; i > 0; --i) {
        std::swap(cells[i], cells[rng.below(i + 1)]);
    }
    return cells;
}

std::vector<std::string> banner(const std::string& text, const std::string& ink) {
    std::vector<std::string> rows(5);
    for (char ch : text) {
        const auto it =
            font().find(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
        if (it == font().end()) continue;
        for (std::size_t r = 0; r < 5; ++r) {
            if (!rows[r].empty()) rows[r] += "  ";
            for (const char* p = it->second[r]; *p != '\0'; ++p) rows[r] += *p == '#' ? ink : " ";
        }
    }
    return rows;
}

int run_party_host(const PartyHostSettings& settings, Console& console) {
    return PartyHost(settings, console).run();
}

}  // namespace broadside::cli

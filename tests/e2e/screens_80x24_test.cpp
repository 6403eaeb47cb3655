// Every screen of every game in a real 80x24 terminal (tmux): whole games of classic, Salvo,
// the weapons, Royale (Standard and Advanced), crew and the party game, hot-seat variants, with
// --save, game 2 of a session, the leave question and the help of the moment. At every prompt
// the test checks what a player sees: no line wider than 80 columns (tmux joins a wrapped line
// back, so a wrapped line shows as a wider one) and nothing of the current screen scrolled away
// (its first line, or the line typed last, is still on the pane; with scroll-on-clear off, only
// scrolling grows tmux's history). The games run side by side, each in its own tmux server.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/cell.h"
#include "core/ship.h"
#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

std::string rtrim(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
    return s;
}

// Columns a line takes: UTF-8 code points (the screens draw no double-width characters).
std::size_t columns(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
    return n;
}

std::string run(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return out;
    std::array<char, 4096> buffer{};
    for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) {
        out.append(buffer.data(), n);
    }
    pclose(pipe);
    return out;
}

// What the pane shows when the program waits for input.
struct Pane {
    std::vector<std::string> lines;  // the 24 rows, wrapped lines joined
    int cursor_x = 0, cursor_y = 0;
    long history = 0;
    std::string prompt;  // the cursor's row up to the cursor
    std::string text() const {
        std::string t;
        for (const auto& l : lines) t += l + "\n";
        return t;
    }
    bool shows(const std::string& what) const { return text().find(what) != std::string::npos; }
};

// A game in a detached 80x24 tmux pane, driven to its end; `failures` collects every screen
// that does not fit.
class Game {
public:
    // Decides the next line to type from the pane (nullopt: nothing more; the game must end).
    using Driver = std::function<std::optional<std::string>(const Pane&)>;

    Game(std::string name, const std::string& args) : name_(std::move(name)) {
        dir_ = testing::temp_dir();
        tmux_ = "tmux -S '" + dir_ + "/tmux.sock' -f '" + dir_ + "/tmux.conf' ";
        std::system(("printf 'set -g status off\\nsetw -g scroll-on-clear off\\n' > '" + dir_ +
                     "/tmux.conf'")
                        .c_str());
        const std::string command = "env LANG=C.UTF-8 TERM=xterm '" +
                                    std::string(BROADSIDE_BINARY) + "' " + args + "; touch '" +
                                    dir_ + "/done'; sleep 120";
        started_ =
            std::system((tmux_ + "new-session -d -s t -x 80 -y 24 \"" + command + "\"").c_str()) ==
            0;
    }
    ~Game() { std::system((tmux_ + "kill-server 2> /dev/null").c_str()); }
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    const std::string& dir() const { return dir_; }

    // Plays until the program ends; returns every failure found.
    std::vector<std::string> play(const Driver& next, int max_prompts = 600) {
        if (!started_) return {name_ + ": tmux did not start"};
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
        for (int prompts = 0; prompts < max_prompts; ++prompts) {
            auto pane = wait_idle(deadline);
            if (!pane) {
                if (!done()) fail("no prompt came (stuck?)", snapshot());
                check(snapshot(), true);
                return failures_;
            }
            check(*pane, false);
            if (!failures_.empty() && failures_.size() > 5) return failures_;
            auto line = next(*pane);
            if (!line) {
                fail("the driver had nothing to type at: " + pane->prompt, *pane);
                return failures_;
            }
            last_prompt_ = pane->prompt;
            last_input_ = *line;
            last_row_ = pane->cursor_y;
            last_history_ = pane->history;
            send(*line);
        }
        fail("still going after " + std::to_string(max_prompts) + " prompts", snapshot());
        return failures_;
    }

private:
    bool done() const { return std::ifstream(dir_ + "/done").good(); }

    Pane snapshot(long history_from = 0) {
        const std::string out = run(tmux_ + "display -p -t t '#{cursor_x} #{cursor_y} " +
                                    "#{history_size}' \\; capture-pane -p -J -t t -S " +
                                    std::to_string(-history_from) + " 2> /dev/null");
        Pane pane;
        std::istringstream in(out);
        std::string first;
        std::getline(in, first);
        std::istringstream(first) >> pane.cursor_x >> pane.cursor_y >> pane.history;
        for (std::string line; std::getline(in, line);) pane.lines.push_back(line);
        // The visible rows are the last 24 (the joined wrapped lines count once each).
        const std::size_t visible = std::min<std::size_t>(pane.lines.size(), 24);
        const std::size_t row =
            pane.lines.size() - visible + static_cast<std::size_t>(pane.cursor_y);
        if (row < pane.lines.size()) {
            pane.prompt = pane.lines[row].substr(
                0, std::min<std::size_t>(pane.lines[row].size(), pane.cursor_x));
        }
        return pane;
    }

    // The pane once the program waits at a prompt: the cursor after some text, and the same
    // pane three times in a row (so that the line editor has taken the terminal before the
    // test types). Nothing when the program has ended.
    std::optional<Pane> wait_idle(std::chrono::steady_clock::time_point deadline) {
        std::string before;
        int same = 0;
        while (std::chrono::steady_clock::now() < deadline) {
            if (done()) return std::nullopt;
            Pane pane = snapshot();
            const std::string now =
                pane.text() + std::to_string(pane.cursor_x) + "," + std::to_string(pane.cursor_y);
            same = now == before ? same + 1 : 0;
            if (pane.cursor_x > 0 && same >= 2) {
                // Lines that scrolled away since the last prompt are checked too.
                const long scrolled = pane.history - last_history_;
                return scrolled > 0 ? snapshot(scrolled) : pane;
            }
            before = now;
            std::this_thread::sleep_for(std::chrono::milliseconds(25));
        }
        return std::nullopt;
    }

    void send(const std::string& line) {
        std::string quoted = "'";
        for (char c : line) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        quoted += "'";
        const std::string keys =
            line.empty() ? "Enter" : "-l " + quoted + " \\; send-keys -t t Enter";
        std::system((tmux_ + "send-keys -t t " + keys).c_str());
    }

    void check(const Pane& pane, bool at_exit) {
        for (const auto& line : pane.lines) {
            if (columns(rtrim(line)) > 80) fail("a line is wider than 80 columns: " + line, pane);
        }
        // The screen's start is still on the pane: the line typed last, or (after the screen
        // was cleared) nothing scrolled since, beyond the typed line's own new line.
        const std::string typed = rtrim(last_prompt_ + last_input_);
        const std::size_t visible = std::min<std::size_t>(pane.lines.size(), 24);
        bool typed_visible = false;
        for (std::size_t i = pane.lines.size() - visible; i < pane.lines.size(); ++i) {
            typed_visible = typed_visible || (!typed.empty() && rtrim(pane.lines[i]) == typed);
        }
        const long slack = last_row_ >= 23 ? 1 : 0;
        if (!typed_visible && pane.history - last_history_ > slack) {
            fail(std::string(at_exit ? "the last screen" : "a screen") +
                     " is taller than 24 rows (" +
                     std::to_string(pane.history - last_history_ - slack) +
                     " scrolled away) after typing \"" + last_input_ + "\"",
                 pane);
        }
    }

    void fail(const std::string& what, const Pane& pane) {
        failures_.push_back(name_ + ": " + what + "\n---- pane ----\n" + pane.text());
    }

    std::string name_, dir_, tmux_;
    bool started_ = false;
    std::vector<std::string> failures_;
    std::string last_prompt_, last_input_;
    int last_row_ = 0;
    long last_history_ = 0;
};

// ---- drivers ---------------------------------------------------------------------------------

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

std::string first_match(const std::string& text, const std::string& pattern, int group = 1) {
    std::smatch m;
    if (std::regex_search(text, m, std::regex(pattern))) return m[group];
    return "";
}

// The cells of a classic fleet from its placements ("A1 right", ...), default board.
std::vector<std::string> fleet_cells(const nlohmann::json& placements) {
    const BoardSize board{10, 10};
    const int lengths[] = {5, 4, 3, 3, 2};
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < placements.size() && i < 5; ++i) {
        auto p = parse_placement(placements[i].get<std::string>(), board);
        auto bits = ship_cells(*p, lengths[i], board);
        bits->for_each([&](int index) { cells.push_back(to_string(cell_at(index, board))); });
    }
    return cells;
}

// The bot's fleet at a seed: a game left at once and saved holds every event unredacted.
std::vector<std::string> bot_fleet(const std::string& game, const std::string& seed,
                                   const std::vector<std::string>& extra = {}) {
    const std::string file = testing::temp_dir() + "/peek.json";
    std::vector<std::string> args{"play", game, "--seed", seed, "--first", "me", "--save", file};
    args.insert(args.end(), extra.begin(), extra.end());
    run_broadside(args, "auto\nok\nquit\nyes\n");
    std::string last;
    std::istringstream lines(testing::read_file(file));
    for (std::string line; std::getline(lines, line);) last = line;
    const auto record = nlohmann::json::parse(last, nullptr, false);
    if (record.is_discarded()) return {};
    for (const auto& e : record["events"]) {
        if (e.value("type", "") == "fleet_placed" && e["seat"] == 1 && e.contains("ships")) {
            return fleet_cells(e["ships"]);
        }
    }
    return {};
}

// Classic and Salvo, one person or two: `targets[seat]` are the cells that seat fires at
// first; then the prompt's own example. Each seat also asks for help and the board once.
Game::Driver classic_driver(std::vector<std::vector<std::string>> targets, bool session) {
    struct State {
        std::vector<std::vector<std::string>> targets;
        std::vector<std::set<std::string>> fired{2};
        int games = 1;
        std::set<std::string> asked;
        int weapon = 0;
        int blast_row = 9;
    };
    auto st = std::make_shared<State>();
    st->targets = std::move(targets);
    return [st, session](const Pane& p) -> std::optional<std::string> {
        const std::string& q = p.prompt;
        const int seat = p.shows("Bob's screen") && !p.shows("Ann's screen") ? 1 : 0;
        const auto once = [&](const std::string& what) {
            return st->asked.insert(what + std::to_string(seat) + std::to_string(st->games)).second;
        };
        if (has(q, "Place your")) {
            if (session && st->games == 2) return "quit";
            if (once("help placing")) return "help";
            if (p.shows("Ann's screen") || p.shows("Bob's screen")) {
                static const char* const kShips[] = {"A1 right", "C1 right", "E1 right", "G1 right",
                                                     "I1 right"};
                const std::string ship = first_match(q, "Place your (\\w+)");
                const std::vector<std::string> names{"Carrier", "Battleship", "Cruiser",
                                                     "Submarine", "Destroyer"};
                for (std::size_t i = 0; i < names.size(); ++i) {
                    if (names[i] == ship) return std::string(kShips[i]);
                }
            }
            return "auto";
        }
        if (has(q, "Keep this fleet?")) return "ok";
        if (has(q, "Really leave")) return "yes";
        if (has(q, "Play again?")) {
            if (session && st->games == 1) {
                ++st->games;
                return "yes";
            }
            return "no";
        }
        if (has(q, "Your turn is over")) return "";
        if (q.find_first_not_of(' ') == std::string::npos) return "";  // a pass screen
        if (has(q, "Name your blast")) {
            const std::string n = first_match(q, "(\\d+) (touching )?cells?");
            const int count = n.empty() ? 1 : std::stoi(n);
            std::string cells;
            const char row = static_cast<char>('A' + st->blast_row--);
            for (int c = 0; c < count; ++c)
                cells += (c ? " " : "") + std::string(1, row) + std::to_string(c + 1);
            return cells;
        }
        if (has(q, "Your shot") || has(q, "Your salvo") || has(q, "Nothing left")) {
            if (once("help")) return "help";
            if (once("board")) return "board";
            if (has(q, "Nothing left")) return "scuba";
            if (p.shows("Your weapons left") && st->weapon < 5) {
                // Every weapon once, then shots.
                static const char* const kWeapons[] = {"nuke E5", "bomber B8", "torpedo J10",
                                                       "scuba", "experimental"};
                return std::string(kWeapons[st->weapon++]);
            }
            const std::string due = first_match(q, "Your salvo: (\\d+) shots");
            const int count = due.empty() ? 1 : std::stoi(due);
            std::vector<std::string> volley;
            auto& mine = st->targets[static_cast<std::size_t>(seat)];
            while (static_cast<int>(volley.size()) < count && !mine.empty()) {
                const std::string cell = mine.front();
                mine.erase(mine.begin());
                if (st->fired[seat].insert(cell).second) volley.push_back(cell);
            }
            // Then the cells the prompt offers (not yet fired at).
            std::istringstream example(first_match(q, "e\\.g\\. ([A-J0-9 ]+?)( \\(|:|\\.\\.\\.)"));
            for (std::string cell; static_cast<int>(volley.size()) < count && example >> cell;) {
                if (st->fired[seat].insert(cell).second) volley.push_back(cell);
            }
            for (int i = 0; static_cast<int>(volley.size()) < count && i < 100; ++i) {
                const std::string cell =
                    std::string(1, static_cast<char>('A' + i / 10)) + std::to_string(i % 10 + 1);
                if (st->fired[seat].insert(cell).second) volley.push_back(cell);
            }
            std::string text;
            for (const auto& c : volley) text += (text.empty() ? "" : " ") + c;
            return text;
        }
        return std::nullopt;
    };
}

// Royale: each person sinks their own ships (confirming each), so the bots finish the game.
Game::Driver royale_driver() {
    auto asked = std::make_shared<std::set<std::string>>();
    return [asked](const Pane& p) -> std::optional<std::string> {
        const std::string& q = p.prompt;
        const std::string who = first_match(p.text(), "(\\w+)'s screen");
        const auto once = [&](const std::string& what) { return asked->insert(what + who).second; };
        if (q.find_first_not_of(' ') == std::string::npos) return "";  // a pass screen
        if (has(q, "Your turn is over")) return "";
        if (has(q, "Fire anyway?") || has(q, "Really leave")) return "yes";
        if (has(q, "[discard")) {
            if (once("help discard")) return "help";
            const std::string pick = first_match(p.text(), "  (discard \\S+ \\S+) ");
            if (!pick.empty()) return pick;
            return "help";
        }
        if (q.empty() || q[0] != '[') return std::nullopt;
        if (once("help")) return "help";
        if (once("cards")) return "cards";
        if (has(q, "roll")) return "roll";
        if (has(q, "fire")) {
            // The person's own unsunk ship cells are drawn by letter on the grid.
            std::vector<std::string> own, open;
            for (const auto& line : p.lines) {
                if (line.size() < 38 || line[4] < 'A' || line[4] > 'J' || line[3] != ' ') continue;
                for (int c = 0; c < 10; ++c) {
                    const char mark = line[static_cast<std::size_t>(8 + 3 * c)];
                    const std::string cell = std::string(1, line[4]) + std::to_string(c + 1);
                    if (mark >= 'A' && mark <= 'Z' && mark != 'X') own.push_back(cell);
                    if (mark == '.') open.push_back(cell);
                }
            }
            const bool advanced = p.shows("royale advanced");
            const std::string left = first_match(p.text(), "(\\d+) die shots? left");
            std::size_t count = advanced && !left.empty() ? std::stoul(left) : 1;
            // The grid scrolled off under the help or the deck: draw the screen again.
            if (own.empty() && open.empty()) return "board";
            std::string cells;
            for (const auto& c : own) {
                if (count == 0) break;
                cells += (cells.empty() ? "" : " ") + c;
                --count;
            }
            for (const auto& c : open) {
                if (count == 0) break;
                cells += (cells.empty() ? "" : " ") + c;
                --count;
            }
            return cells;
        }
        if (has(q, "end")) return "end";
        return std::nullopt;
    };
}

Game::Driver crew_driver() {
    auto asked = std::make_shared<std::set<std::string>>();
    return [asked](const Pane& p) -> std::optional<std::string> {
        const std::string& q = p.prompt;
        if (q.find_first_not_of(' ') == std::string::npos) return "";  // a pass screen
        if (has(q, "Really leave")) return "yes";
        if (has(q, "Your turn is over")) return "";
        if (has(q, "Enter throws")) {
            if (asked->insert("help").second) return "help";
            if (asked->insert("tally").second) return "tally";
            return "";
        }
        if (has(q, "s stops")) return "s";
        return std::nullopt;
    };
}

Game::Driver party_driver() {
    auto asked = std::make_shared<std::set<std::string>>();
    return [asked](const Pane& p) -> std::optional<std::string> {
        const std::string& q = p.prompt;
        if (q.find_first_not_of(' ') == std::string::npos) return "";  // a pass screen
        if (has(q, "Enter hides it")) return "";
        if (has(q, "Keep this fleet?")) return "ok";
        if (has(q, "Carrier (5):")) {
            if (asked->insert("help" + p.text().substr(0, 40)).second) return "help";
            return "auto";
        }
        if (has(q, "[Enter] fires")) {
            if (has(q, "look") && asked->insert("look").second) return "look Ann";
            if (asked->insert("help").second) return "help";
            return "";
        }
        if (has(q, "Enter calls")) return "";
        if (has(q, "How many players are tied")) return "2";
        if (has(q, "are still in?")) return "1";
        return std::nullopt;
    };
}

struct Scenario {
    std::string name, args;
    Game::Driver driver;
};

TEST(Screens80x24, EveryScreenOfEveryGameFitsATerminalOf80By24) {
    if (std::system("command -v tmux > /dev/null 2>&1") != 0) GTEST_SKIP() << "no tmux";
    const std::string dir = testing::temp_dir();
    // Games against a bot are won by firing at the bot's fleet (looked up first), so that
    // they are short; two people fire at each other's fleet, placed the same known way.
    const std::vector<std::string> both{"A1", "A2", "A3", "A4", "A5", "C1", "C2", "C3", "C4",
                                        "E1", "E2", "E3", "G1", "G2", "G3", "I1", "I2"};
    std::vector<Scenario> scenarios{
        {"classic, --save, a session of two games, quit",
         "play classic --seed 4 --first me --save '" + dir + "/classic-session-saved-game.json'",
         classic_driver({bot_fleet("classic", "4")}, true)},
        {"salvo", "play salvo --seed 4 --first me",
         classic_driver({bot_fleet("salvo", "4")}, false)},
        {"weapons", "play classic --weapons all --seed 4 --first me --save '" + dir + "/w.json'",
         classic_driver({bot_fleet("classic", "4", {"--weapons", "all"})}, false)},
        {"classic hot-seat",
         "play classic --humans 2 --names Ann,Bob --seed 3 --first me --save '" + dir + "/h.json'",
         classic_driver({both, both}, false)},
        {"salvo hot-seat", "play salvo --humans 2 --names Ann,Bob --seed 3 --first me",
         classic_driver({both, both}, false)},
        {"royale standard, 6 players",
         "play royale --players 6 --seed 5 --save '" + dir + "/r.json'", royale_driver()},
        {"royale advanced, 4 players", "play royale --mode advanced --players 4 --seed 6",
         royale_driver()},
        {"royale hot-seat", "play royale --players 3 --humans 2 --names Ann,Bob --seed 7",
         royale_driver()},
        {"crew, 6 players", "play crew --players 6 --seed 3 --save '" + dir + "/c.json'",
         crew_driver()},
        {"crew hot-seat", "play crew --humans 2 --names Ann,Bob --players 4 --rounds 2 --seed 3",
         crew_driver()},
        {"party", "play party --players 6 --enter --seed 12 --save '" + dir + "/p.json'",
         party_driver()},
        {"party hot-seat", "play party --players 5 --humans 2 --names Ann,Bob --seed 12",
         party_driver()},
        {"party host", "play party --host --seed 12", party_driver()},
    };
    std::mutex lock;
    std::vector<std::string> failures;
    std::vector<std::thread> threads;
    for (const auto& s : scenarios) {
        threads.emplace_back([&, s] {
            Game game(s.name, s.args);
            auto found = game.play(s.driver);
            std::lock_guard<std::mutex> guard(lock);
            failures.insert(failures.end(), found.begin(), found.end());
        });
    }
    for (auto& t : threads) t.join();
    for (const auto& f : failures) ADD_FAILURE() << f;
}

}  // namespace
}  // namespace broadside

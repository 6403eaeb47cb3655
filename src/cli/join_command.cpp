// `broadside join CODE --server URL`: play a room of `broadside serve` from the terminal, with the
// screens of `play`, drawn from this seat's observation as the server sends it. The seat token is
// kept in ~/.local/state/broadside/tokens.json under the server, the room and the --name, so
// running the same command again takes the seat back (after a dropped connection, or tomorrow),
// and two people at one machine hold two seats. Moves typed ahead wait for your turn, and say so.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <string_view>
#include <thread>

#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "cli/join_front.h"
#include "cli/join_link.h"
#include "cli/news.h"
#include "cli/play_input.h"
#include "client/ws_client.h"
#include "match/fairness.h"
#include "protocol/room_code.h"
#include "protocol/version.h"

namespace broadside::cli {

namespace {

using nlohmann::json;

struct JoinArgs {
    std::string code;
    std::string server = "http://127.0.0.1:8080";
    std::string name;
    std::string token;
    bool watch = false;
    bool no_colour = false;
    std::string new_game;  // --new GAME: create the room first
    std::string options = "{}";
    bool is_public = false;
    bool list = false;        // --list: the unfinished rooms this machine holds tokens of
    std::string abort_code;   // --abort CODE
    std::string resign_code;  // --resign CODE
    bool created = false;     // the room was made by this run's --new
};

// Lines from standard input, read on their own thread so the server's messages keep arriving
// while nobody types. End of input is a line of its own (nullopt).
class LineQueue {
public:
    LineQueue() {
        std::thread([this] {
            for (std::string line; std::getline(std::cin, line);) push(line);
            push(std::nullopt);
        }).detach();
    }
    // The next line if one is waiting; `closed` once input has ended.
    std::optional<std::string> poll(bool& closed) {
        std::lock_guard lock(mutex_);
        if (lines_.empty()) return std::nullopt;
        auto line = lines_.front();
        lines_.pop_front();
        if (!line) closed = true;
        return line;
    }

private:
    void push(std::optional<std::string> line) {
        std::lock_guard lock(mutex_);
        lines_.push_back(std::move(line));
    }
    std::mutex mutex_;
    std::deque<std::optional<std::string>> lines_;
};

std::filesystem::path token_file() {
    const char* state = std::getenv("XDG_STATE_HOME");
    const char* home = std::getenv("HOME");
    std::filesystem::path dir = state && *state ? std::filesystem::path(state)
                                : home          ? std::filesystem::path(home) / ".local/state"
                                                : std::filesystem::temp_directory_path();
    return dir / "broadside" / "tokens.json";
}

json read_tokens() {
    std::ifstream in(token_file());
    auto j = json::parse(in, nullptr, false);
    return j.is_object() ? j : json::object();
}

// Tokens are secrets: the file is written with owner-only permissions.
void save_token(const std::string& key, const std::string& token) {
    json all = read_tokens();
    all[key] = token;
    const auto path = token_file();
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    const auto temp = path.string() + ".tmp";
    {
        std::ofstream out(temp);
        out << all.dump(2) << "\n";
    }
    std::filesystem::permissions(
        temp, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write, ec);
    std::filesystem::rename(temp, path, ec);
}

// Where a seat's token is kept: "SERVER/CODE" for a join without --name (and every token an
// older broadside kept), "SERVER/CODE/NAME" with one, so each person at this machine has their own.
std::string token_key(const std::string& server, const std::string& code, const std::string& name) {
    return server + "/" + code + (name.empty() ? "" : "/" + name);
}

// The tokens kept for `code` on `server`, by the name they were kept under ("" for none).
std::vector<std::pair<std::string, std::string>> kept_seats(const std::string& server,
                                                            const std::string& code) {
    std::vector<std::pair<std::string, std::string>> seats;
    const std::string prefix = server + "/" + code;
    const json kept = read_tokens();
    for (const auto& [key, token] : kept.items()) {
        if (!token.is_string() || key.rfind(prefix, 0) != 0) continue;
        if (key.size() == prefix.size()) {
            seats.emplace_back("", token.get<std::string>());
        } else if (key[prefix.size()] == '/') {
            seats.emplace_back(key.substr(prefix.size() + 1), token.get<std::string>());
        }
    }
    return seats;
}

// The token this machine keeps for `name` in the room. Without a name: the one kept without a
// name, else the only one kept; with several, the person must say whose (a UsageError).
std::string kept_token(const std::string& server, const std::string& code,
                       const std::string& name) {
    const auto seats = kept_seats(server, code);
    for (const auto& [who, token] : seats) {
        if (who == name) return token;
    }
    if (!name.empty() || seats.empty()) return "";
    if (seats.size() == 1) return seats.front().second;
    std::string names;
    for (const auto& [who, token] : seats) names += (names.empty() ? "" : ", ") + who;
    throw UsageError("This machine keeps several seats of room " + code + " (" + names +
                     "): say whose with --name.");
}

// A word as the shell reads it back: quoted when it holds anything but plain letters.
std::string shell_word(const std::string& word) {
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("-_.:/@+,=").find(c) != std::string_view::npos;
    });
    if (plain) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string fresh_nonce() {
    return match::random_hex(16);
}

class JoinSession {
public:
    JoinSession(const JoinArgs& args, JoinLink& link)
        : args_(args),
          link_(link),
          terminal_(detect_terminal(args.no_colour)),
          style_(terminal_.colour) {}

    int run(const json& welcome) {
        room_ = welcome["room"];
        game_ = room_.value("game", "");
        seat_ = welcome["you"].value("seat", -1);
        owner_ = welcome["you"].value("owner", false);
        front_ = make_join_front(game_);
        if (!front_) {
            std::cerr << "error: this broadside cannot draw a game of " << game_
                      << " (a newer server?)\n";
            return kExitFailure;
        }
        say("Room " + args_.code + ": " + game_ + ", " + room_.value("phase", "") + ".");
        if (seat_ >= 0 && args_.created) {
            say("You created room " + args_.code + " and took seat " + std::to_string(seat_) +
                " as " + name_of(seat_) + ".");
            say("Your seat is kept; come back with: " + comeback());
        } else if (seat_ >= 0) {
            say("You are back in seat " + std::to_string(seat_) + " as " + name_of(seat_) + ".");
        } else if (!args_.watch && room_.value("phase", "") == "waiting") {
            auto joined =
                link_.request({{"cmd", "join"}, {"name", args_.name}, {"nonce", fresh_nonce()}});
            if (joined.value("type", "") != "joined") return refused(joined);
            seat_ = joined["seat"].get<int>();
            save_token(token_key(args_.server, args_.code, args_.name),
                       joined["token"].get<std::string>());
            link_.set_token(joined["token"].get<std::string>());  // a reconnect takes it back
            room_ = link_.request({{"cmd", "room"}});             // the lobby with this seat taken
            say("You sit in seat " + std::to_string(seat_) + " as " +
                joined.value("name", std::string()) + ".");
            say("Your seat is kept; come back with: " + comeback());
        } else {
            say("You are watching.");
        }
        if (room_.value("phase", "") == "waiting") {
            show_room();
        } else {
            // Everything that happened before this connection, then the screen, before any
            // line typed is read.
            while (!caught_up_ && fatal_.empty()) step(std::chrono::milliseconds(50));
            settle();
        }
        return loop();
    }

private:
    // The command that comes back to this room, in this seat (or to watch it again).
    std::string comeback() const {
        std::string line = "broadside join " + args_.code + " --server " + shell_word(args_.server);
        if (!args_.name.empty()) line += " --name " + shell_word(args_.name);
        if (args_.watch || seat_ < 0) line += " --watch";
        return line;
    }

    void say(const std::string& text) { std::cout << text << "\n" << std::flush; }

    // A sentence about the game (a timeout, the start): in the news under the next screen
    // once the game is on, so that a terminal's redraw does not wipe it.
    void note(const std::string& text) {
        if (room_.value("phase", "") == "waiting") {
            say(text);
            return;
        }
        news_.push_back({text, false});
        dirty_ = true;
    }

    int refused(const json& answer) {
        std::cerr << "error: " << answer["error"].value("message", answer.dump()) << "\n";
        return kExitFailure;
    }

    // The lobby, drawn when who sits where changes (not at every connection or spectator the
    // server's room summary also counts).
    void show_room() {
        std::string text = "Seats:";
        for (const auto& s : room_["seats"]) {
            text += "\n  " + std::to_string(s["seat"].get<int>()) + ": ";
            const std::string kind = s.value("kind", "");
            text += kind == "open" ? "(open)" : s.value("name", kind);
            if (s["seat"] == seat_) text += " (you)";
        }
        if (text == lobby_shown_) return;
        lobby_shown_ = text;
        say(text);
        if (owner_) {
            say("You created this room: 'start' when everyone is in ('start fill' puts bots in "
                "the open seats), 'bot [easy|normal|hard]' adds a bot.");
        } else {
            say("Waiting for the game to start...");
        }
    }

    // One step of the connection: what arrived (through the session: events in order and
    // once, the answers that settle this seat's action, a reconnect's welcome), or nothing
    // after `wait`. True when something arrived. The screen is not drawn here: a burst (a
    // reconnect's welcome, its catch-up and the resent move's answer) marks it due once, and
    // settle() draws it when the burst is over.
    bool step(std::chrono::milliseconds wait) {
        auto [update, message] = link_.poll(wait);
        if (!update.fatal.empty()) {
            fatal_ = update.fatal;
            return false;
        }
        bool arrived = message.is_object();
        if (update.welcome) {  // back after a drop: the seat as the server now has it
            room_ = (*update.welcome)["room"];
            seat_ = (*update.welcome)["you"].value("seat", -1);
            arrived = true;
        }
        for (const auto& e : update.events) {
            const auto view = this->view();
            const bool own = e.value("seat", -2) == seat_ || e.value("by", -2) == seat_;
            for (const auto& line : front_->narrate(e, view)) news_.push_back({line, own});
        }
        if (update.caught_up) caught_up_ = true;
        for (const auto& answer : update.settled) settled(answer);
        if ((!update.events.empty() || update.caught_up) && room_.value("phase", "") != "waiting") {
            dirty_ = true;
        }
        if (update.for_host && message.is_object()) on_message(message);
        return arrived || !update.events.empty() || !update.settled.empty();
    }

    // Takes what is still arriving, then draws the screen once if it is due.
    void settle() {
        while (fatal_.empty() && !stop_ && step(std::chrono::milliseconds(30))) {
        }
        if (dirty_ && fatal_.empty() && !stop_) redraw();
    }

    // A seat's name at the table ("Ann", "Bot 1"), whoever reads it.
    std::string name_of(int seat) const {
        const auto all = names().names;
        return seat >= 0 && seat < static_cast<int>(all.size())
                   ? all[static_cast<std::size_t>(seat)]
                   : "seat " + std::to_string(seat);
    }

    SeatNames names() const {
        SeatNames n;
        n.me = seat_;
        for (const auto& s : room_.value("seats", json::array())) {
            n.names.push_back(s.value("name", "seat " + std::to_string(s["seat"].get<int>())));
        }
        return n;
    }

    // What the front end draws from: this seat's observation and moves as last sent.
    JoinView view() {
        names_ = names();
        return JoinView{room_, observation_, my_move_ ? legal_ : null_, seat_, names_, style_};
    }

    // Asks for the observation of the moment, then draws it.
    void redraw() {
        auto obs = link_.request({{"cmd", "observe"}});
        if (obs.value("type", "") != "observation") return;
        observation_ = obs["observation"];
        legal_ = obs["legal"];
        const auto& to_act = obs["to_act"];
        my_move_ = seat_ >= 0 && !legal_.is_null() &&
                   std::find(to_act.begin(), to_act.end(), seat_) != to_act.end();
        draw();
    }

    // play's screen: the header, the game's screen, the news since the last one, what play
    // draws under it, and the question when it is this seat's move. A terminal is cleared
    // first; a pipe gets a blank line between screens and keeps every line of news.
    void draw() {
        dirty_ = false;
        const auto v = view();
        std::string text = terminal_.screen ? "\x1b[H\x1b[2J" : "\n";
        auto parts = front_->header(v);
        parts.push_back("room " + args_.code);
        parts.push_back(seat_ >= 0 ? "you are " + name_of(seat_) : std::string("watching"));
        const auto header = screen_header(parts, style_);
        for (const auto& line : header) text += line + "\n";
        if (header.size() == 1) text += "\n";
        text += front_->body(v);
        const std::string below = front_->below(v);
        const std::string question =
            my_move_ ? "  " + style_.paint(front_->prompt(v), Tone::kPrompt) : "";
        if (!news_.empty()) {
            const auto lines_of = [](const std::string& s) {
                return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
            };
            const int used = lines_of(text) + lines_of(below) + 2;
            const int rows = terminal_.screen ? std::max(1, terminal_rows() - used) : 1'000'000;
            const FittedNews fitted = fit_news(news_, rows, 76);
            for (std::size_t i = 0; i < fitted.lines.size(); ++i) {
                text +=
                    "  " +
                    (static_cast<int>(i) == fitted.note ? style_.paint(fitted.lines[i], Tone::kDim)
                                                        : fitted.lines[i]) +
                    "\n";
            }
            news_.clear();
        }
        text += below;
        std::cout << text;
        if (!question.empty()) std::cout << question << "\n";
        std::cout << std::flush;
    }

    static int terminal_rows() {
        winsize size{};
        if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
        return 24;
    }

    void ask_again() {
        const auto v = view();
        say("  " + style_.paint(front_->prompt(v), Tone::kPrompt));
    }

    // Sends the action (the session keeps it, with its id, until it is settled, and resends it
    // after a reconnect) and waits for its answer, as a line typed now is read after it.
    void act(const json& action) {
        const std::string id = "join-" + std::to_string(++acts_) + "-" + match::random_hex(4);
        sent_ = action;
        awaiting_ = true;
        link_.act(action, id);
        while (awaiting_ && !stop_ && fatal_.empty()) step(std::chrono::milliseconds(50));
    }

    // The answer that settled this seat's action: `acted` (a repeat after a reconnect too: the
    // server had applied it) or a refusal.
    void settled(const json& ack) {
        awaiting_ = false;
        if (ack.value("type", "") == "acted") {
            dirty_ = true;
            return;
        }
        my_move_ = true;  // still ours: the refused action changed nothing
        // The front end may answer a refusal itself (another random fleet for one it drew).
        if (auto again = front_->retry(sent_, view(), rng_)) {
            my_move_ = false;
            act(*again);
            return;
        }
        say("  Not allowed: " + ack.value("error", json::object()).value("message", ack.dump()));
        ask_again();
    }

    // A line typed at any time: a room command, or the move when it is ours.
    bool typed(const std::string& line) {
        const std::string word = lower(trim(line));
        if (word == "quit" || word == "exit") {
            say(seat_ >= 0 ? "Left the room; your seat is kept. Come back with: " + comeback()
                           : "Left the room. Watch again with: " + comeback());
            return false;
        }
        if (word == "help") {
            if (my_move_) std::cout << front_->help(view());
            say("Commands: quit (your seat is kept), resign, claim (your opponent left), "
                "start, bot [level], board; and your moves ('auto' plays one at random).");
            if (my_move_) ask_again();
            return true;
        }
        if (word == "board") {
            if (room_.value("phase", "") == "waiting") {
                lobby_shown_.clear();
                show_room();
            } else {
                redraw();
            }
            return true;
        }
        if (room_.value("phase", "") != "waiting") {
            if (const std::string shown = front_->look(word, view()); !shown.empty()) {
                std::cout << shown << std::flush;
                return true;
            }
        }
        if (word == "resign" || word == "claim" || word == "abort") {
            auto answer = link_.request({{"cmd", word}});
            if (answer.value("type", "") == "error") say(answer["error"].value("message", ""));
            return true;
        }
        if (word == "start" || word == "start fill") {
            auto answer = link_.request({{"cmd", "start"}, {"fill", word == "start fill"}});
            if (answer.value("type", "") == "error") say(answer["error"].value("message", ""));
            return true;
        }
        if (word.rfind("bot", 0) == 0) {
            const std::string level = trim(word.substr(3));
            auto answer =
                link_.request({{"cmd", "add_bot"}, {"level", level.empty() ? "normal" : level}});
            if (answer.value("type", "") == "error") say(answer["error"].value("message", ""));
            return true;
        }
        if (seat_ < 0) {
            say("You are watching: moves are for the players ('quit' leaves).");
            return true;
        }
        if (!my_move_) {
            // Typed ahead: it waits for the turn, and the player is told so now, not surprised
            // by a shot fired later without a word.
            pending_.push_back(line);
            say("Not your turn yet: '" + trim(line) +
                "' is kept and played when your turn "
                "comes ('quit' leaves).");
            return true;
        }
        const JoinInput input = front_->read(line, view(), rng_);
        if (input.action) {
            my_move_ = false;
            act(*input.action);
            return true;
        }
        if (input.redraw) {
            draw();  // the screen with the change (a ship placed), and the question again
            if (!input.say.empty()) say("  " + style_.paint(input.say, Tone::kWarn));
            return true;
        }
        if (!input.say.empty()) say("  " + style_.paint(input.say, Tone::kWarn));
        ask_again();
        return true;
    }

    void on_message(const json& m) {
        const std::string type = m.value("type", "");
        if (type == "room") {
            const bool started =
                room_.value("phase", "") == "waiting" && m.value("phase", "") == "playing";
            room_ = m;
            if (m.value("phase", "") == "waiting") show_room();
            if (started) {
                say("The game starts.");
                dirty_ = true;  // a game may start with no event at all (the first move is ours)
            }
        } else if (type == "timeout") {
            const int seat = m["seat"].get<int>();
            const std::string whose = seat == seat_ ? "your" : names().who(seat) + "'s";
            if (m.value("takeover", false)) {
                note("Out of time: a bot plays " + whose + " seat from now on.");
            } else {
                note("Out of time: " + whose + " move was played by a bot.");
            }
        } else if (type == "ended") {
            ended_ = m["ended"];
        } else if (type == "shutdown") {
            say("The server is stopping: " + m.value("message", "") +
                " Come back when it is up again with: " + comeback());
            stop_ = true;
        } else if (type == "storage") {
            note(m.value("status", "") == "reconnecting"
                     ? "The server is reconnecting to its database: moves wait, nothing is lost."
                     : "The server's database is back.");
        } else if (type == "moved") {
            // A cluster moved the room to another node: the connection closes next, and join
            // reconnects as after any drop (docs/scaling.md).
            note("The room moved to another server; reconnecting.");
        } else if (type == "seat_lost") {
            say(m.value("message", "You lost your seat."));
            seat_ = -1;
        } else if (type == "rematch") {
            say("A rematch was offered: broadside join " + m.value("room", "") + " --server " +
                args_.server);
        }
    }

    void finish() {
        // The last screen first: the final moves' news under the boards as they ended.
        settle();
        if (dirty_ || !news_.empty()) redraw();
        std::string how;
        const std::string by = ended_.value("by", "");
        const json& result = ended_.value("result", json::object());
        int winner = ended_.value("winner", -1);
        if (result.contains("winner") && result["winner"].is_number_integer()) {
            winner = result["winner"].get<int>();
        }
        std::vector<int> winners;
        if (result.contains("winners")) winners = result["winners"].get<std::vector<int>>();
        if (winner >= 0 && std::find(winners.begin(), winners.end(), winner) == winners.end()) {
            winners.push_back(winner);
        }
        const bool won = std::find(winners.begin(), winners.end(), seat_) != winners.end();
        if (by == "abort") {
            say("The game was aborted.");
        } else if (seat_ < 0) {
            std::string who;
            for (int w : winners) who += (who.empty() ? "" : " and ") + name_of(w);
            say(who.empty() ? std::string("The game is over.")
                            : "The game is over: " + who + " won.");
        } else {
            say(won ? "You won!" : "You lost.");
        }
        if (by == "resign" || by == "timeout" || by == "claim") say("(ended by " + by + ")");
        show_reveal();
        say("The record: " + args_.server + "/rooms/" + args_.code +
            "/record (check it with "
            "'broadside replay --verify FILE --commitment " +
            room_.value("commitment", std::string()) + "')");
    }

    // However the game ended (a sinking, a resignation, the clock, a claim, an abort), the
    // record shows every secret: the fleets or hands nobody had seen are drawn here.
    void show_reveal() {
        const auto answer = link_.request({{"cmd", "record"}});
        if (answer.value("type", "") != "record") return;
        auto obs = link_.request({{"cmd", "observe"}});
        if (obs.value("type", "") == "observation") observation_ = obs["observation"];
        my_move_ = false;
        std::cout << front_->reveal(answer["record"], view()) << std::flush;
    }

    int loop() {
        bool input_closed = false;
        for (;;) {
            if (stop_) return kExitOk;
            if (!ended_.is_null()) {
                finish();
                return kExitOk;
            }
            if (my_move_ && !dirty_ && !pending_.empty()) {
                const std::string line = pending_.front();
                pending_.pop_front();
                if (!typed(line)) return kExitOk;
                continue;
            }
            if (!input_closed && !dirty_) {
                if (auto line = lines_.poll(input_closed)) {
                    if (!typed(*line)) return kExitOk;
                    continue;
                }
            }
            // Checked on every pass: input may end while lines typed ahead still wait for
            // this seat's turn, and once they are played there is nothing more to do.
            if (input_closed && pending_.empty() && !dirty_) {
                say("End of input: left the room; your seat is kept. Come back with: " +
                    comeback());
                return kExitOk;
            }
            if (!step(std::chrono::milliseconds(dirty_ ? 30 : 50)) && dirty_) settle();
            if (!fatal_.empty()) {
                std::cerr << "error: the connection to the server was lost and could not be made "
                             "again ("
                          << fatal_ << "); come back with: " << comeback() << "\n";
                return kExitFailure;
            }
        }
    }

    const JoinArgs& args_;
    JoinLink& link_;
    TerminalInfo terminal_;
    Style style_;
    LineQueue lines_;
    std::deque<std::string> pending_;
    std::unique_ptr<JoinFront> front_;
    std::vector<NewsItem> news_;  // what happened since the last screen, in words
    SeatNames names_;             // the names the last view lent the front end
    json room_;
    std::string game_;
    int seat_ = -1;
    bool owner_ = false;
    json observation_ = json::object();
    json legal_;
    const json null_;
    json ended_;
    bool my_move_ = false;
    bool dirty_ = false;  // the screen is out of date: draw it once what is arriving has come
    bool stop_ = false;
    std::string lobby_shown_;  // the seats as last printed
    bool caught_up_ = false;   // the events before this connection were told
    bool awaiting_ = false;    // an action of this seat's is not settled yet
    json sent_;                // that action
    std::string fatal_;        // the connection is lost for good, and why
    int acts_ = 0;
    Rng rng_{std::random_device{}()};
};

// `--new GAME`: creates the room from the lobby (this player in seat 0, its creator), prints
// what to share, and keeps the token so the join that follows takes the seat.
std::string create_room(const JoinArgs& args) {
    const auto [host, port] = client::parse_server_url(args.server);
    auto options = json::parse(args.options, nullptr, false);
    if (!options.is_object()) throw UsageError("--options must be a JSON object.");
    client::WsClient lobby(host, port, "/ws");
    auto welcome = lobby.request({{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}});
    if (welcome.value("type", "") != "welcome") {
        throw std::runtime_error(welcome["error"].value("message", welcome.dump()));
    }
    auto created = lobby.request({{"cmd", "create"},
                                  {"game", args.new_game},
                                  {"options", options},
                                  {"name", args.name},
                                  {"nonce", fresh_nonce()},
                                  {"public", args.is_public}});
    if (created.value("type", "") != "room_created") {
        throw UsageError(created["error"].value("message", created.dump()));
    }
    const std::string code = created["room"];
    save_token(token_key(args.server, code, args.name), created["token"].get<std::string>());
    std::cout << "Room " << code << " is ready. Friends join with:\n  broadside join " << code
              << " --server " << args.server
              << "\n  or in a browser: " << created.value("url", std::string()) << "\n";
    return code;
}

// ---- your unfinished rooms: --list, --abort, --resign (docs/play.md) -----------------------

std::string pad_right(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

// The tokens kept for `server`, as the lobby's `my_rooms` takes them.
json held_tokens(const std::string& server) {
    json held = json::array();
    const std::string prefix = server + "/";
    const json kept = read_tokens();
    for (const auto& [key, token] : kept.items()) {
        if (key.rfind(prefix, 0) != 0 || !token.is_string()) continue;
        // "CODE", or "CODE/NAME" for a seat kept under a name (several people at one machine).
        const std::string rest = key.substr(prefix.size());
        const std::string code = rest.substr(0, rest.find('/'));
        if (protocol::is_room_code(code)) held.push_back({{"room", code}, {"token", token}});
    }
    return held;
}

int list_rooms(const JoinArgs& args) {
    const auto [host, port] = client::parse_server_url(args.server);
    const json held = held_tokens(args.server);
    json rooms = json::array();
    try {
        client::WsClient lobby(host, port, "/ws");
        auto welcome = lobby.request({{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}});
        if (welcome.value("type", "") != "welcome") {
            throw std::runtime_error(welcome["error"].value("message", welcome.dump()));
        }
        // The lobby takes 200 tokens a request.
        for (std::size_t at = 0; at < held.size(); at += 200) {
            json some(held.begin() + static_cast<std::ptrdiff_t>(at),
                      held.begin() + static_cast<std::ptrdiff_t>(std::min(at + 200, held.size())));
            auto answer = lobby.request({{"cmd", "my_rooms"}, {"tokens", some}});
            if (answer.value("type", "") != "my_rooms") {
                throw std::runtime_error(answer["error"].value("message", answer.dump()));
            }
            for (const auto& r : answer["rooms"]) rooms.push_back(r);
        }
    } catch (const std::runtime_error& e) {
        std::cerr << "error: cannot list your rooms on " << args.server << ": " << e.what() << "\n";
        return kExitFailure;
    }
    if (rooms.empty()) {
        std::cout << "You have no unfinished rooms on " << args.server
                  << " (of the seats kept on this machine, in " << token_file().string() << ").\n";
        return kExitOk;
    }
    // One line a room (80 columns): the code, the game, the phase, your seat, and how it ends.
    std::cout << "Your unfinished rooms on " << args.server << ":\n";
    for (const auto& r : rooms) {
        const int seat = r.value("seat", -1);
        std::string who = seat >= 0 ? "seat " + std::to_string(seat) : std::string("watching");
        if (r.value("owner", false)) who += ", yours";
        const std::string how = r.value("abortable", false) ? "--abort"
                                : seat >= 0                 ? "--resign (a move was made)"
                                                            : "(in play: its players end it)";
        std::cout << "  " << pad_right(r.value("room", ""), 7) << pad_right(r.value("game", ""), 9)
                  << pad_right(r.value("phase", ""), 9) << pad_right(who, 16) << how << "\n";
    }
    std::cout << "Back to your seat: broadside join CODE --server " << args.server
              << " (with the --name you joined with)\n"
              << "End one: broadside join --abort CODE --server " << args.server
              << "\n  (or --resign CODE once a move was made)\n";
    return kExitOk;
}

// `--abort CODE` or `--resign CODE`: `command` sent in the room, with the kept token.
int end_room(const JoinArgs& args, const std::string& given, const std::string& command) {
    const std::string code = protocol::normalise_code(given);
    if (!protocol::is_room_code(code)) {
        throw UsageError("\"" + given + "\" is not a room code (five letters, e.g. KXQRT).");
    }
    std::string token = args.token;
    if (token.empty()) token = kept_token(args.server, code, args.name);
    if (token.empty()) {
        std::cerr << "error: no seat of room " << code << " on " << args.server
                  << " is kept on this machine (in " << token_file().string()
                  << "); give its token with --token\n";
        return kExitFailure;
    }
    const auto [host, port] = client::parse_server_url(args.server);
    try {
        client::WsClient ws(host, port, "/ws/" + code);
        auto welcome = ws.request(
            {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}, {"token", token}});
        if (welcome.value("type", "") != "welcome") {
            std::cerr << "error: " << welcome["error"].value("message", welcome.dump()) << "\n";
            return kExitFailure;
        }
        const std::string phase = welcome["room"].value("phase", "");
        if (phase == "over" || phase == "aborted") {
            std::cout << "Room " << code << " is already " << phase << ".\n";
            return kExitOk;
        }
        auto answer = ws.request({{"cmd", command}});
        const std::string type = answer.value("type", "");
        if (type == "aborted") {
            std::cout << "Room " << code << " is aborted.\n";
            return kExitOk;
        }
        if (type == "resigned") {
            std::cout << "You resigned in room " << code << ".\n";
            return kExitOk;
        }
        std::cerr << "error: " << answer["error"].value("message", answer.dump());
        if (command == "abort" && answer["error"].value("code", "") == "not_allowed") {
            std::cerr << " (broadside join --resign " << code << " --server " << args.server << ")";
        }
        std::cerr << "\n";
        return kExitFailure;
    } catch (const std::exception& e) {
        std::cerr << "error: cannot reach room " << code << " on " << args.server << ": "
                  << e.what() << "\n";
        return kExitFailure;
    }
}

int run_join(JoinArgs args) {
    const int modes = (args.list ? 1 : 0) + (args.abort_code.empty() ? 0 : 1) +
                      (args.resign_code.empty() ? 0 : 1) + (args.new_game.empty() ? 0 : 1);
    if (modes > 1) throw UsageError("Give one of --new, --list, --abort and --resign.");
    if (modes == 1 && args.new_game.empty() && !args.code.empty()) {
        throw UsageError("--list, --abort and --resign take no room code of their own.");
    }
    if (args.list) return list_rooms(args);
    if (!args.abort_code.empty()) return end_room(args, args.abort_code, "abort");
    if (!args.resign_code.empty()) return end_room(args, args.resign_code, "resign");
    if (!args.new_game.empty()) {
        if (!args.code.empty()) throw UsageError("Give a room code or --new GAME, not both.");
        try {
            args.code = create_room(args);
            args.created = true;
        } catch (const UsageError&) {
            throw;
        } catch (const std::runtime_error& e) {
            std::cerr << "error: cannot create a room on " << args.server << ": " << e.what()
                      << "\n";
            return kExitFailure;
        }
    }
    if (args.code.empty()) throw UsageError("Give a room code, or --new GAME to create a room.");
    args.code = protocol::normalise_code(args.code);
    if (!protocol::is_room_code(args.code)) {
        throw UsageError("\"" + args.code + "\" is not a room code (five letters, e.g. KXQRT).");
    }
    const auto [host, port] = client::parse_server_url(args.server);
    if (args.token.empty() && !args.watch)
        args.token = kept_token(args.server, args.code, args.name);
    JoinLink link(host, port, "/ws/" + args.code, args.watch ? std::string() : args.token,
                  [](const std::string& text) { std::cout << text << std::flush; });
    json welcome;
    try {
        welcome = link.connect();
    } catch (const std::exception& e) {
        std::cerr << "error: cannot join " << args.code << " on " << args.server << ": " << e.what()
                  << "\n";
        return kExitFailure;
    }
    if (welcome.value("type", "") != "welcome") {
        std::cerr << "error: " << welcome["error"].value("message", welcome.dump()) << "\n";
        return kExitFailure;
    }
    JoinSession session(args, link);
    int code = kExitFailure;
    try {
        code = session.run(welcome);
    } catch (const std::runtime_error& e) {
        // The connection was lost for good in the middle of a request.
        std::cerr << "error: the connection to the server was lost and could not be made again ("
                  << e.what() << "); come back with: broadside join " << args.code << " --server "
                  << shell_word(args.server) << "\n";
    }
    std::cout.flush();
    std::_Exit(code);  // the input thread may be blocked in a read: leave without joining it
}

}  // namespace

void add_join_command(CLI::App& app, Runner& run) {
    auto args = std::make_shared<JoinArgs>();
    auto* cmd = app.add_subcommand(
        "join", "Play a room of a 'broadside serve' server from this terminal (or watch it)");
    cmd->add_option("code", args->code, "The room's code (five letters)");
    cmd->add_option("--new", args->new_game,
                    "Create a room of this game first (classic, salvo, royale, crew, party) and "
                    "take its first seat; you start it with 'start' (or 'start fill' for bots)");
    cmd->add_option("--options", args->options,
                    "With --new: the game's options as JSON, as for 'broadside engine'")
        ->capture_default_str();
    cmd->add_flag("--public", args->is_public, "With --new: list the room among the open rooms");
    cmd->add_option("--server", args->server, "The server, e.g. http://192.168.1.20:8080")
        ->capture_default_str();
    cmd->add_option("--name", args->name, "Your name at the table");
    cmd->add_option("--token", args->token,
                    "Your seat token (default: the one kept from joining this room before)");
    cmd->add_flag("--watch", args->watch, "Watch without taking a seat");
    cmd->add_flag("--list", args->list,
                  "List your unfinished rooms on the server (those whose seat tokens this "
                  "machine keeps), with how to end each");
    cmd->add_option("--abort", args->abort_code,
                    "Abort this room of yours (before anyone's first move), so it no longer "
                    "counts against your address's rooms");
    cmd->add_option("--resign", args->resign_code,
                    "Resign in this room of yours (a game in play) without opening it");
    cmd->add_flag("--no-color", args->no_colour, "No colour");
    cmd->callback([&run, args] { run = [args] { return run_join(*args); }; });
}

}  // namespace broadside::cli

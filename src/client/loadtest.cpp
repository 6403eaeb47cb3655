// `broadside loadtest` (docs/performance.md): simulated players, each one WebSocket connection
// driven by completion handlers on its own strand, so ten thousand of them fit on one thread.
// A table's first player creates the room from the lobby and starts the game once the others
// have joined; everyone then plays random legal moves, "thinking" a fixed time once it is their
// turn, and times each act until its acknowledgement. Finished games are rematched. One of the
// three Beast translation units (with server_net.cpp and ws_client.cpp): Beast compiles slowly.
#include "client/loadtest.h"
#include "protocol/version.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "client/loadtest_rooms.h"
#include "client/random_action.h"
#include "client/room_session.h"
#include "client/ws_client.h"
#include "core/rng.h"
#include "net/loop_lag.h"

namespace broadside::client {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
    std::mutex mutex;
    std::vector<double> ack_ms;
    // The second of the run (since the first connect) each answer came in, beside `ack_ms`: the
    // report's timeline shows whether slow answers come in bursts or all along.
    std::vector<std::int32_t> ack_second;
    // How late the generator's own loop ran a due timer (net/loop_lag.h), by second: when an
    // answer is slow and this is too, the generator, not the server, kept it waiting.
    std::vector<double> lag_ms;
    std::vector<std::int32_t> lag_second;
    std::map<std::string, std::int64_t> error_codes;
    std::atomic<std::int64_t> actions{0};
    std::atomic<std::int64_t> connected{0};
    std::atomic<std::int64_t> peak{0};
    std::atomic<std::int64_t> connect_failures{0};
    std::atomic<std::int64_t> disconnects{0};
    std::atomic<std::int64_t> games_finished{0};
    std::atomic<std::int64_t> messages_in{0};

    void error(const std::string& code) {
        std::lock_guard lock(mutex);
        ++error_codes[code];
    }
    void opened() {
        const auto now = ++connected;
        auto seen = peak.load();
        while (now > seen && !peak.compare_exchange_weak(seen, now)) {
        }
    }
};

struct Run {
    const LoadtestConfig& config;
    tcp::resolver::results_type endpoints;
    std::string host;
    Stats stats;
    std::atomic<bool> stopping{false};
    Clock::time_point began;
    Clock::time_point ends;
    LoadtestRooms rooms;
    std::atomic<int> asking{0};  // creates and rematches sent whose answer has not come

    bool interrupted() const { return config.interrupt != nullptr && config.interrupt->load(); }
    // Sleeps until `until`; false, at once, when the run is interrupted (Ctrl-C, SIGTERM).
    bool nap_until(Clock::time_point until) const {
        while (Clock::now() < until) {
            if (interrupted()) return false;
            std::this_thread::sleep_for(
                std::min<Clock::duration>(std::chrono::milliseconds(20), until - Clock::now()));
        }
        return !interrupted();
    }
    // Waits until `done()` or `until`, whichever first (or an interruption); returns done().
    template <class Done>
    bool wait_until(Done done, Clock::time_point until, bool interruptible = true) const {
        while (!done() && Clock::now() < until && !(interruptible && interrupted())) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return done();
    }
};

class Player;

struct Table {
    std::string game;
    json options;
    int seats = 2;
    std::string room;
    std::vector<std::shared_ptr<Player>> players;
};

// One simulated client's WebSocket: connects, reads and writes on its own strand, and hands
// every message to on_message. Everything a pending operation touches (the stream, the read
// buffer, the message being written and the ones queued behind it) belongs to one Connection,
// which every handler of that connection holds: a new open() or close_socket() lets go of the
// old connection without freeing anything its operations still use, and handlers of an old
// connection see that it is no longer current and do nothing.
class WsPeer : public std::enable_shared_from_this<WsPeer> {
public:
    WsPeer(net::io_context& io, Run& run) : strand_(net::make_strand(io)), run_(run) {}
    virtual ~WsPeer() = default;

    void stop() {
        net::post(strand_, [self = shared_from_this()] {
            self->stopped_ = true;
            self->stopped();
            self->close_socket();
        });
    }

    // The end of the run: the room this client holds is aborted, or resigned from once a
    // person has moved in it, so that nothing the run made stays open on the server. From here
    // on, messages go to ending_message, not on_message.
    void wind_down() {
        net::post(strand_, [self = shared_from_this()] {
            self->ending_ = true;
            self->stopped();
            self->end_held_room();
        });
    }

protected:
    virtual void on_message(const json& m) = 0;
    virtual void stopped() {}
    // The room this client holds a seat token of, and the token ({} when none).
    virtual std::pair<std::string, std::string> held_room() const { return {}; }
    // While ending: messages ending_message leaves (a room created, a rematch offered).
    virtual void on_message_while_ending(const json&) {}

    using Stream = websocket::stream<beast::tcp_stream>;

    struct Connection {
        explicit Connection(const net::strand<net::io_context::executor_type>& strand)
            : ws(strand) {}
        Stream ws;
        beast::flat_buffer in;
        std::deque<std::string> out;  // out.front() is being written while `writing`
        bool writing = false;
        bool counted = false;  // in stats.connected
    };
    using ConnectionPtr = std::shared_ptr<Connection>;

    bool current(const ConnectionPtr& c) const { return c && c == conn_; }

    void open(const std::string& target, json hello) {
        close_socket();
        if (stopped_) return;  // a start or a rematch that arrived after stop()
        auto c = std::make_shared<Connection>(strand_);
        conn_ = c;
        welcomed_in_.clear();
        beast::get_lowest_layer(c->ws).expires_after(std::chrono::seconds(30));
        beast::get_lowest_layer(c->ws).async_connect(run_.endpoints, [self = shared_from_this(), c,
                                                                      target,
                                                                      hello](beast::error_code ec,
                                                                             const tcp::endpoint&) {
            if (!self->current(c)) return;
            if (ec) return self->failed_to_connect(ec);
            beast::get_lowest_layer(c->ws).expires_never();
            // Each message goes out at once, as the server's do: with Nagle's algorithm a message
            // sent while an earlier one is unacknowledged waits for that ACK (up to the peer's
            // delayed-ACK timer, 40 ms here), which the report would count as the server's time.
            beast::error_code no_delay;
            beast::get_lowest_layer(c->ws).socket().set_option(tcp::no_delay(true), no_delay);
            c->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
            c->ws.async_handshake(self->run_.host, target, [self, c, hello](beast::error_code ec2) {
                if (!self->current(c)) return;
                if (ec2) return self->failed_to_connect(ec2);
                c->counted = true;
                self->run_.stats.opened();
                self->read(c);
                self->send(hello);
            });
        });
    }

    void failed_to_connect(const beast::error_code& ec) {
        if (run_.stopping) return;
        ++run_.stats.connect_failures;
        run_.stats.error("connect: " + ec.message());
    }

    void uncount(Connection& c) {
        if (!c.counted) return;
        c.counted = false;
        --run_.stats.connected;
    }

    // Lets go of the current connection: its pending operations complete (aborted) on buffers
    // the Connection still owns, and their handlers find it is no longer current.
    void close_socket() {
        forget_asks();
        auto c = std::move(conn_);
        conn_.reset();
        if (!c) return;
        uncount(*c);
        beast::error_code ignored;
        beast::get_lowest_layer(c->ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(c->ws).close();
    }

    void read(const ConnectionPtr& c) {
        c->ws.async_read(c->in, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
            if (!self->current(c)) return;
            if (ec) {
                if (!self->run_.stopping) {
                    ++self->run_.stats.disconnects;
                    self->run_.stats.error("disconnected: " + ec.message());
                }
                self->uncount(*c);
                self->conn_.reset();
                self->forget_asks();
                return;
            }
            ++self->run_.stats.messages_in;
            auto message = json::parse(beast::buffers_to_string(c->in.data()), nullptr, false);
            c->in.consume(c->in.size());
            if (message.is_object()) {
                self->note(message);
                if (self->ending_) {
                    self->ending_message(message);
                } else {
                    self->on_message(message);
                }
            } else {
                self->run_.stats.error("unreadable message from the server");
            }
            if (self->current(c)) self->read(c);
        });
    }

    void send(json message) {
        if (!conn_) return;
        conn_->out.push_back(message.dump());
        if (!conn_->writing) write_next(conn_);
    }

    void write_next(const ConnectionPtr& c) {
        if (c->out.empty()) {
            c->writing = false;
            return;
        }
        c->writing = true;
        c->ws.text(true);
        // The buffer is c->out.front(): nothing pops or clears it until this handler runs.
        c->ws.async_write(net::buffer(c->out.front()),
                          [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
                              c->out.pop_front();
                              if (ec || !self->current(c)) {
                                  c->writing = false;
                                  return;
                              }
                              self->write_next(c);
                          });
    }

    std::int64_t request(json message) {
        const auto id = next_id_++;
        const std::string cmd = message.value("cmd", "");
        message["id"] = id;
        if (conn_ && (cmd == "create" || cmd == "rematch")) {
            asks_.insert(id);  // a room may come of it: the run waits for the answer at its end
            ++run_.asking;
        }
        send(std::move(message));
        return id;
    }

    // Ends the held room: abort, and when that is refused (a person has moved), resign. A
    // connection already in that room is used; otherwise one is opened with the token.
    void end_held_room() {
        const auto [room, token] = held_room();
        if (room.empty() || token.empty() || run_.rooms.is_over(room)) return;
        ending_room_ = room;
        if (conn_ && welcomed_in_ == room) {
            ask_to_end();
        } else {
            open("/ws/" + room,
                 {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}, {"token", token}});
        }
    }

    net::strand<net::io_context::executor_type> strand_;
    Run& run_;
    ConnectionPtr conn_;
    bool stopped_ = false;
    bool ending_ = false;
    std::int64_t next_id_ = 1;

private:
    // Every message, in either mode: which room this connection is in, the rooms the run made
    // and how each ended, and the answers to creates and rematches.
    void note(const json& m) {
        const std::string type = m.value("type", "");
        if (m.contains("id") && m["id"].is_number_integer() &&
            asks_.erase(m["id"].get<std::int64_t>()) > 0) {
            --run_.asking;
        }
        const json& room = m.contains("room") && m["room"].is_object() ? m["room"] : json();
        if (type == "welcome" && room.is_object()) welcomed_in_ = room.value("room", "");
        if ((type == "room_created" || type == "rematch") && m.contains("room") &&
            m["room"].is_string()) {
            run_.rooms.made(m["room"].get<std::string>());
        }
        if (type == "ended" && m.contains("ended") && m["ended"].is_object()) {
            run_.rooms.ended(welcomed_in_, m["ended"].value("by", ""));
        }
        const std::string phase = type == "room"                          ? m.value("phase", "")
                                  : type == "welcome" && room.is_object() ? room.value("phase", "")
                                                                          : "";
        if (phase == "over" || phase == "aborted") {
            run_.rooms.ended(welcomed_in_, phase == "aborted" ? "abort" : "game");
        }
    }

    void ending_message(const json& m) {
        const std::string type = m.value("type", "");
        if (type == "welcome" && !ending_room_.empty() && welcomed_in_ == ending_room_) {
            if (!run_.rooms.is_over(ending_room_)) ask_to_end();
            return;
        }
        if (end_id_ != 0 && m.contains("id") && m["id"] == end_id_) {
            end_id_ = 0;
            if (type == "aborted") {
                run_.rooms.ended(ending_room_, "abort");
            } else if (type == "error" && !resigning_) {
                resigning_ = true;  // a person has moved: a resignation ends a game of two
                end_id_ = request({{"cmd", "resign"}});
            }
            return;
        }
        on_message_while_ending(m);
    }

    void ask_to_end() {
        resigning_ = false;
        end_id_ = request({{"cmd", "abort"}});
    }

    // A lost connection answers nothing more.
    void forget_asks() {
        run_.asking -= static_cast<int>(asks_.size());
        asks_.clear();
    }

    std::string welcomed_in_;  // the room whose welcome this connection had ("" in the lobby)
    std::string ending_room_;
    std::int64_t end_id_ = 0;
    bool resigning_ = false;
    std::set<std::int64_t> asks_;
};

class Player : public WsPeer {
public:
    Player(net::io_context& io, Run& run, std::shared_ptr<Table> table, int index,
           std::uint64_t seed)
        : WsPeer(io, run), table_(std::move(table)), index_(index), think_(strand_), rng_(seed) {}

    // The table's first player creates the room; the others are started once it exists.
    void start() {
        net::post(strand_, [self = self()] {
            if (self->index_ == 0) {
                self->open("/ws", {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}});
            } else {
                self->open_room(self->table_->room);
            }
        });
    }

private:
    std::shared_ptr<Player> self() { return std::static_pointer_cast<Player>(shared_from_this()); }
    void stopped() override {
        ++thought_;
        thinking_ = false;
        think_.cancel();
    }
    // The table's latest room (a rematch's, or the first); a player who never sat holds none
    // (and the table's room, still being written by its creator, is not read).
    std::pair<std::string, std::string> held_room() const override {
        if (token_.empty()) return {};
        return {current_room_.empty() ? table_->room : current_room_, token_};
    }
    void on_message_while_ending(const json& m) override {
        const std::string type = m.value("type", "");
        if (type == "room_created") {  // asked before the end: the room is ended, not played
            token_ = m["token"].get<std::string>();
            table_->room = m["room"].get<std::string>();
            end_held_room();
        } else if (type == "rematch" && index_ == 0 && m.value("room", "") != current_room_) {
            current_room_ = m["room"].get<std::string>();  // the creator asked for it: ends it
            end_held_room();
        }
    }

    // In a room, every message goes through the session (client/room_session.h): the hello and
    // its welcome, events in order and once, and this player's action kept until settled; the
    // lobby's few messages come straight here.
    void on_message(const json& m) override {
        if (!in_room_) return on_host_message(m);
        auto update = session_.receive(m);
        for (auto& message : update.send) send(std::move(message));
        if (update.welcome) on_host_message(*update.welcome);
        if (!update.events.empty()) ask_legal();
        for (const auto& answer : update.settled) settled(answer);
        if (update.for_host) on_host_message(m);
    }

    // The answer to this player's act: timed, counted, then the next move is looked for.
    void settled(const json& m) {
        act_id_ = 0;
        if (m.value("type", "") != "acted") {
            run_.stats.error(m.value("error", json::object()).value("code", "?"));
            ask_legal();
            return;
        }
        const auto now = Clock::now();
        const double ms = std::chrono::duration<double, std::milli>(now - act_sent_).count();
        {
            std::lock_guard lock(run_.stats.mutex);
            run_.stats.ack_ms.push_back(ms);
            run_.stats.ack_second.push_back(static_cast<std::int32_t>(
                std::chrono::duration_cast<std::chrono::seconds>(now - run_.began).count()));
        }
        ++run_.stats.actions;
        if (!m.value("over", false)) ask_legal();
    }

    // Opens the room's connection: the session says hello with the seat's token.
    void open_room(const std::string& room) {
        in_room_ = true;
        open("/ws/" + room, session_.opened());
    }

    void on_host_message(const json& m) {
        const std::string type = m.value("type", "");
        const bool is_reply = m.contains("id") && m["id"].is_number_integer();
        const std::int64_t id = is_reply ? m["id"].get<std::int64_t>() : 0;
        if (type == "error") {
            run_.stats.error(m["error"].value("code", "?"));
            if (id != 0 && id == legal_id_) legal_id_ = 0;
            return;
        }
        if (type == "welcome") {
            if (table_->room.empty()) {  // the lobby: create the table's room
                json create{{"cmd", "create"},
                            {"game", table_->game},
                            {"options", table_->options},
                            {"seat", 0},
                            {"name", "load " + std::to_string(index_)}};
                json bots = json::array();
                const int people = static_cast<int>(table_->players.size());
                for (int s = people; s < table_->seats; ++s) {
                    bots.push_back({{"seat", s}, {"level", "easy"}});
                }
                if (!bots.empty()) create["bots"] = bots;
                request(create);
                return;
            }
            seat_ = m["you"].value("seat", -1);
            if (seat_ < 0 && index_ != 0) {
                request({{"cmd", "join"}, {"name", "load " + std::to_string(index_)}});
                return;
            }
            if (index_ == 0) maybe_start(m["room"]);
            // Back in a game that is on (a rematch started before this player arrived): the
            // events before the hello are not pushed, so ask what to do.
            if (m["room"].value("phase", "") == "playing") ask_legal();
            return;
        }
        if (type == "room_created") {
            token_ = m["token"].get<std::string>();
            table_->room = m["room"].get<std::string>();
            session_.reset(token_);
            open_room(table_->room);
            for (std::size_t i = 1; i < table_->players.size(); ++i) table_->players[i]->start();
            return;
        }
        if (type == "joined") {
            seat_ = m["seat"].get<int>();
            if (m["token"].is_string()) token_ = m["token"].get<std::string>();
            session_.set_token(token_);
            return;
        }
        if (type == "room") {
            if (index_ == 0) maybe_start(m);
            return;
        }
        if (type == "started") {
            ask_legal();
            return;
        }
        if (type == "legal" && id == legal_id_) {
            legal_id_ = 0;
            const json& legal = m["legal"];
            const auto& to_act = m["to_act"];
            const bool mine =
                !legal.is_null() && std::find(to_act.begin(), to_act.end(), seat_) != to_act.end();
            if (mine) {
                think(legal);
            } else if (recheck_) {
                recheck_ = false;
                ask_legal();
            }
            return;
        }
        if (type == "ended") {
            if (index_ == 0) {
                ++run_.stats.games_finished;
                if (!run_.stopping) request({{"cmd", "rematch"}});
            }
            return;
        }
        if (type == "rematch") {
            const std::string next = m["room"].get<std::string>();
            if (next == current_room_) return;
            current_room_ = next;
            started_ = false;
            ++thought_;
            thinking_ = false;
            think_.cancel();
            act_id_ = legal_id_ = 0;
            recheck_ = false;
            session_.reset(token_);
            open_room(next);
            return;
        }
    }

    void maybe_start(const json& room) {
        if (started_ || room.value("phase", "") != "waiting") return;
        for (const auto& seat : room["seats"]) {
            if (seat.value("kind", "") == "open") return;
        }
        started_ = true;
        request({{"cmd", "start"}});
    }

    void ask_legal() {
        if (run_.stopping || seat_ < 0 || thinking_ || act_id_ != 0) return;
        if (legal_id_ != 0) {
            recheck_ = true;
            return;
        }
        legal_id_ = request({{"cmd", "legal"}});
    }

    // A wait that had already expired when it was cancelled (a rematch, stop) still runs its
    // handler without an error: the thought counter tells it that it is stale.
    void think(const json& legal) {
        thinking_ = true;
        const auto thought = ++thought_;
        think_.expires_after(std::chrono::milliseconds(run_.config.think_ms));
        think_.async_wait([self = self(), legal, thought](beast::error_code ec) {
            if (thought != self->thought_) return;
            self->thinking_ = false;
            if (ec || self->run_.stopping || !self->conn_) return;
            json action;
            try {
                action = random_action(legal, self->seat_, self->rng_, self->table_->game);
            } catch (const std::exception& e) {
                self->run_.stats.error(std::string("no action: ") + e.what());
                return;
            }
            self->act_sent_ = Clock::now();
            self->act_id_ = 1;  // in flight until the session says it is settled
            if (auto message = self->session_.act(action, "a" + std::to_string(self->acts_++))) {
                self->send(std::move(*message));
            }
        });
    }

    std::shared_ptr<Table> table_;
    const int index_;
    net::steady_timer think_;
    Rng rng_;
    RoomSession session_{"", rng_};  // never reconnects here: its Rng draws nothing
    bool in_room_ = false;           // the connection is a room's (not the lobby's)
    std::string token_;
    std::string current_room_;
    int seat_ = -1;
    bool started_ = false;
    bool thinking_ = false;
    std::uint64_t thought_ = 0;
    bool recheck_ = false;
    std::int64_t legal_id_ = 0;
    std::int64_t act_id_ = 0;
    std::int64_t acts_ = 0;
    Clock::time_point act_sent_;
};

// The server's own figures, read from /metrics (0 when it cannot be read).
struct ServerFigures {
    std::int64_t resident = 0;
    std::int64_t connections = 0;
};

ServerFigures read_metrics(const std::string& host, const std::string& port) {
    ServerFigures f;
    try {
        net::io_context io;
        tcp::resolver resolver(io);
        beast::tcp_stream stream(io);
        stream.expires_after(std::chrono::seconds(10));
        stream.connect(resolver.resolve(host, port));
        http::request<http::empty_body> req{http::verb::get, "/metrics", 11};
        req.set(http::field::host, host);
        http::write(stream, req);
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        http::read(stream, buffer, res);
        for (const auto& [name, field] :
             {std::pair<std::string, std::int64_t*>{"process_resident_memory_bytes ", &f.resident},
              {"broadside_connections ", &f.connections}}) {
            const auto at = res.body().find("\n" + name);
            if (at != std::string::npos)
                *field = std::stoll(res.body().substr(at + 1 + name.size()));
        }
    } catch (const std::exception&) {
    }
    return f;
}

double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(i, sorted.size() - 1)];
}

// One row per second of the run: [second, answers, p50, p99, max] of the answers that came
// in that second (ms), so a burst of slow answers shows when it happened.
json by_second_timeline(const std::vector<double>& ms, const std::vector<std::int32_t>& seconds) {
    std::map<std::int32_t, std::vector<double>> by_second;
    for (std::size_t i = 0; i < ms.size() && i < seconds.size(); ++i) {
        by_second[seconds[i]].push_back(ms[i]);
    }
    json rows = json::array();
    for (auto& [second, values] : by_second) {
        std::sort(values.begin(), values.end());
        rows.push_back({second, values.size(), percentile(values, 0.50), percentile(values, 0.99),
                        values.back()});
    }
    return rows;
}

// ---- party night: one open party room, a host and thousands of phones ------------------

struct PartyRun {
    std::mutex mutex;
    std::string room;
    std::array<Clock::time_point, 37> fired_at{};    // by torpedo: 1-30, super torpedoes 31-36
    std::vector<double> delivery_ms;                 // host's fire to a phone's receipt
    std::array<std::vector<double>, 37> by_torpedo;  // the same, per torpedo
    std::vector<double> host_ack_ms;                 // the host's fire to its answer
    std::atomic<int> joined{0};
    std::atomic<int> placed{0};
    std::atomic<int> fired{0};
    std::atomic<bool> over{false};
    std::atomic<int> storm_served{0};
    Clock::time_point storm_began;
    Clock::time_point last_joined;
    Clock::time_point last_served;
};

// A torpedo's index in fired_at: regular 1-30, super 31-36.
int torpedo_index(const json& e) {
    const std::string type = e.value("type", "");
    if (type == "torpedo") return e.value("number", 0);
    if (type == "super_torpedo") return 30 + e.value("number", 0);
    return 0;
}

class PartyPhone : public WsPeer {
public:
    PartyPhone(net::io_context& io, Run& run, PartyRun& party, int index, std::uint64_t seed)
        : WsPeer(io, run), party_(party), index_(index), rng_(seed) {}

    void start() {
        net::post(strand_, [self = me()] {
            self->open("/ws/" + self->party_.room,
                       {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}});
        });
    }
    // The reconnect storm: drop the connection and come back with the token.
    void reconnect() {
        net::post(strand_, [self = me()] {
            self->storm_ = true;
            self->open("/ws/" + self->party_.room, {{"cmd", "hello"},
                                                    {"protocol", protocol::kProtocolVersion},
                                                    {"token", self->token_}});
        });
    }

private:
    std::shared_ptr<PartyPhone> me() {
        return std::static_pointer_cast<PartyPhone>(shared_from_this());
    }

    void on_message(const json& m) override {
        const std::string type = m.value("type", "");
        if (type == "error") {
            run_.stats.error(m["error"].value("code", "?"));
            return;
        }
        if (type == "welcome") {
            if (token_.empty()) {
                request({{"cmd", "join"},
                         {"name", "phone " + std::to_string(index_)},
                         {"device", "load-" + std::to_string(index_)}});
            } else {
                events_id_ = request({{"cmd", "events"}, {"after", last_n_}});
            }
            return;
        }
        if (type == "joined") {
            token_ = m["token"].get<std::string>();
            seat_ = m["seat"].get<int>();
            ++party_.joined;
            {
                std::lock_guard lock(party_.mutex);
                party_.last_joined = Clock::now();
            }
            legal_id_ = request({{"cmd", "legal"}});
            return;
        }
        if (type == "legal" && m.value("id", std::int64_t{0}) == legal_id_) {
            if (!m["legal"].is_object()) return;
            request({{"cmd", "act"},
                     {"action_id", "place"},
                     {"action", random_action(m["legal"], seat_, rng_, "party")}});
            return;
        }
        if (type == "acted") {
            ++party_.placed;
            ++run_.stats.actions;
            return;
        }
        if (type == "events") {
            const auto now = Clock::now();
            for (const auto& e : m["events"]) {
                // A pushed event and the answer to "events after" may overlap after a
                // reconnect: each event counts once, as a client that numbers them would.
                const auto n = e.value("n", std::int64_t{0});
                if (n <= last_n_) continue;
                last_n_ = n;
                const int k = torpedo_index(e);
                if (k <= 0) continue;
                std::lock_guard lock(party_.mutex);
                const double ms =
                    std::chrono::duration<double, std::milli>(now - party_.fired_at[k]).count();
                party_.delivery_ms.push_back(ms);
                party_.by_torpedo[static_cast<std::size_t>(k)].push_back(ms);
            }
            if (storm_ && m.value("id", std::int64_t{-1}) == events_id_) {
                storm_ = false;
                ++party_.storm_served;
                std::lock_guard lock(party_.mutex);
                party_.last_served = now;
            }
        }
    }

    PartyRun& party_;
    const int index_;
    Rng rng_;
    std::string token_;
    int seat_ = -1;
    std::int64_t last_n_ = 0;
    std::int64_t legal_id_ = 0;
    std::int64_t events_id_ = -1;
    bool storm_ = false;
};

class PartyHost : public WsPeer {
public:
    PartyHost(net::io_context& io, Run& run, PartyRun& party)
        : WsPeer(io, run), party_(party), pace_(strand_) {}

    void start() {
        net::post(strand_, [self = me()] {
            self->open("/ws", {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}});
        });
    }
    // Fires the torpedoes, `pause` apart, until the game is over; holds after `hold_after`
    // torpedoes until resume() (the reconnect storm is measured apart from the deliveries).
    void fire_all(std::chrono::milliseconds pause, int hold_after) {
        net::post(strand_, [self = me(), pause, hold_after] {
            self->pause_ = pause;
            self->hold_after_ = hold_after;
            self->fire();
        });
    }
    void resume() {
        net::post(strand_, [self = me()] {
            self->held_ = false;
            self->fire();
        });
    }
    bool held() const { return held_; }
    bool ready() const { return ready_; }

private:
    std::shared_ptr<PartyHost> me() {
        return std::static_pointer_cast<PartyHost>(shared_from_this());
    }
    void stopped() override { pace_.cancel(); }
    // The party room: the phones' tokens hold seats in it too, but the host ends it for all.
    std::pair<std::string, std::string> held_room() const override { return {party_.room, token_}; }
    void on_message_while_ending(const json& m) override {
        if (m.value("type", "") == "room_created") {
            token_ = m["token"].get<std::string>();
            party_.room = m["room"].get<std::string>();
            end_held_room();
        }
    }

    void fire() {
        if (run_.stopping || party_.over) return;
        const int next = party_.fired + 1;
        {
            std::lock_guard lock(party_.mutex);
            if (next < static_cast<int>(party_.fired_at.size())) {
                party_.fired_at[static_cast<std::size_t>(next)] = Clock::now();
            }
        }
        request({{"cmd", "act"},
                 {"action_id", "fire-" + std::to_string(next)},
                 {"action", {{"type", "fire"}}}});
    }

    void on_message(const json& m) override {
        const std::string type = m.value("type", "");
        if (type == "error") {
            run_.stats.error("host: " + m["error"].value("code", "?"));
            return;
        }
        if (type == "welcome" && token_.empty()) {
            request({{"cmd", "create"},
                     {"game", "party"},
                     {"options", {{"seating", "open"}, {"players", 0}}},
                     {"seat", 0},
                     {"name", "load host"}});
            return;
        }
        if (type == "room_created") {
            token_ = m["token"].get<std::string>();
            party_.room = m["room"].get<std::string>();
            open("/ws/" + party_.room,
                 {{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}, {"token", token_}});
            return;
        }
        if (type == "welcome") {
            request({{"cmd", "start"}});
            return;
        }
        if (type == "started") {
            ready_ = true;
            return;
        }
        if (type == "acted") {
            {
                std::lock_guard lock(party_.mutex);
                party_.host_ack_ms.push_back(
                    std::chrono::duration<double, std::milli>(
                        Clock::now() -
                        party_.fired_at[static_cast<std::size_t>(std::min(party_.fired + 1, 36))])
                        .count());
            }
            ++party_.fired;
            ++run_.stats.actions;
            // A super torpedo's index follows the 30 regular ones; the next fire waits `pause`.
            if (m.value("over", false)) {
                party_.over = true;
                return;
            }
            if (party_.fired == hold_after_) {
                held_ = true;
                return;
            }
            pace_.expires_after(pause_);
            pace_.async_wait([self = me()](beast::error_code ec) {
                if (!ec) self->fire();
            });
        }
    }

    PartyRun& party_;
    net::steady_timer pace_;
    std::chrono::milliseconds pause_{1000};
    int hold_after_ = 0;
    std::atomic<bool> held_{false};
    std::string token_;
    std::atomic<bool> ready_{false};
};

// The rooms the run made and how each ended; one it could not end is an error of the run.
void report_rooms(Run& run, json& report) {
    report["rooms"] = run.rooms.report();
    const int left = run.rooms.unfinished();
    if (left > 0) {
        std::lock_guard lock(run.stats.mutex);
        run.stats.error_codes["room_left_unfinished"] += left;
    }
}

// The clients of a run and the threads they run on. finish() is the end of every run, whatever
// ended it (its time, an interruption, an error: the destructor calls it): each client ends the
// room it holds, the run waits (at most 15 s) until every room it made is over and no create or
// rematch is unanswered, then the clients close and the threads finish.
class Clients {
public:
    Clients(Run& run, net::io_context& io, int threads)
        : run_(run), work_(net::make_work_guard(io)) {
        for (int t = 0; t < std::max(1, threads); ++t) threads_.emplace_back([&io] { io.run(); });
    }
    ~Clients() { finish(); }
    Clients(const Clients&) = delete;
    Clients& operator=(const Clients&) = delete;

    void add(std::shared_ptr<WsPeer> peer) { peers_.push_back(std::move(peer)); }

    void finish() {
        if (finished_) return;
        finished_ = true;
        run_.stopping = true;
        for (auto& p : peers_) p->wind_down();
        run_.wait_until([&] { return run_.asking == 0 && run_.rooms.unfinished() == 0; },
                        Clock::now() + std::chrono::seconds(15), false);
        for (auto& p : peers_) p->stop();
        work_.reset();
        for (auto& t : threads_) t.join();
        peers_.clear();
    }

private:
    Run& run_;
    net::executor_work_guard<net::io_context::executor_type> work_;
    std::vector<std::thread> threads_;
    std::vector<std::shared_ptr<WsPeer>> peers_;
    bool finished_ = false;
};

json run_party_loadtest(const LoadtestConfig& config, Run& run, net::io_context& io,
                        const std::string& host, const std::string& port) {
    PartyRun party;
    auto host_peer = std::make_shared<PartyHost>(io, run, party);
    std::vector<std::shared_ptr<PartyPhone>> phones;
    Clients clients(run, io, config.threads);
    clients.add(host_peer);
    for (int i = 0; i < config.clients; ++i) {
        phones.push_back(std::make_shared<PartyPhone>(
            io, run, party, i, config.seed * 1'000'003ULL + static_cast<unsigned>(i)));
        clients.add(phones.back());
    }
    const auto deadline = [&](double seconds) {
        return Clock::now() + std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    };
    const auto wait_until = [&](auto done, Clock::time_point until) {
        return run.wait_until(done, until);
    };
    const auto before = read_metrics(host, port);
    host_peer->start();
    json report{{"server", config.server}, {"game", "party"}, {"phones", config.clients}};
    if (!wait_until([&] { return host_peer->ready(); }, deadline(10)) && !run.interrupted()) {
        clients.finish();  // a room it made but could not start is ended all the same
        throw std::runtime_error("the host could not open a party room");
    }
    // Phones join at the connection rate, then place a random fleet each.
    const auto began = Clock::now();
    const double per_phone_us = 1e6 / std::max(1, config.connects_per_second);
    for (int i = 0; i < config.clients && !run.interrupted(); ++i) {
        phones[static_cast<std::size_t>(i)]->start();
        run.nap_until(began +
                      std::chrono::microseconds(static_cast<std::int64_t>(per_phone_us * (i + 1))));
    }
    const double window = std::min(config.duration_seconds, 120.0);
    wait_until([&] { return party.placed >= config.clients; },
               began + std::chrono::milliseconds(static_cast<std::int64_t>(window * 1000)));
    const auto placed_at = Clock::now();
    const auto loaded = read_metrics(host, port);
    report["joined"] = party.joined.load();
    report["placed"] = party.placed.load();
    {
        std::lock_guard lock(party.mutex);
        report["all_joined_s"] =
            party.joined >= config.clients
                ? std::chrono::duration<double>(party.last_joined - began).count()
                : -1.0;
    }
    report["all_placed_s"] = party.placed >= config.clients
                                 ? std::chrono::duration<double>(placed_at - began).count()
                                 : -1.0;
    // Ten torpedoes, the reconnect storm, then the rest of the game.
    const auto pause = std::chrono::milliseconds(std::max(200, config.think_ms));
    if (!run.interrupted()) host_peer->fire_all(pause, 10);
    wait_until([&] { return host_peer->held() || party.over; }, deadline(120));
    run.nap_until(Clock::now() + pause);  // the tenth torpedo's deliveries
    {
        std::lock_guard lock(party.mutex);
        party.storm_began = Clock::now();
    }
    if (!run.interrupted()) {
        for (auto& p : phones) p->reconnect();
    }
    const bool served =
        wait_until([&] { return party.storm_served >= config.clients; }, deadline(60));
    {
        std::lock_guard lock(party.mutex);
        report["reconnect_storm"] = json{
            {"phones", config.clients},
            {"served", party.storm_served.load()},
            {"all_served_s",
             served ? std::chrono::duration<double>(party.last_served - party.storm_began).count()
                    : -1.0}};
    }
    if (!run.interrupted()) host_peer->resume();
    wait_until([&] { return party.over.load(); },
               deadline(36.0 * static_cast<double>(pause.count()) / 1000 + 60));
    run.nap_until(Clock::now() + std::chrono::seconds(2));  // the last deliveries
    clients.finish();
    report_rooms(run, report);

    std::vector<double> ms;
    std::map<std::string, std::int64_t> codes;
    {
        std::lock_guard lock(party.mutex);
        ms = party.delivery_ms;
    }
    {
        std::lock_guard lock(run.stats.mutex);
        codes = run.stats.error_codes;
    }
    std::sort(ms.begin(), ms.end());
    std::int64_t errors = 0;
    for (const auto& [code, n] : codes) errors += n;
    report["torpedoes"] = party.fired.load();
    report["over"] = party.over.load();
    report["deliveries"] =
        json{{"expected", static_cast<std::int64_t>(party.fired) * config.clients},
             {"received", ms.size()},
             {"p50_ms", percentile(ms, 0.50)},
             {"p99_ms", percentile(ms, 0.99)},
             {"max_ms", ms.empty() ? 0 : ms.back()}};
    json per_torpedo = json::array();
    {
        std::lock_guard lock(party.mutex);
        for (std::size_t k = 1; k < party.by_torpedo.size(); ++k) {
            auto& v = party.by_torpedo[k];
            if (v.empty()) continue;
            std::sort(v.begin(), v.end());
            per_torpedo.push_back({{"torpedo", k},
                                   {"received", v.size()},
                                   {"p99_ms", percentile(v, 0.99)},
                                   {"max_ms", v.back()}});
        }
    }
    report["by_torpedo"] = per_torpedo;
    {
        std::lock_guard lock(party.mutex);
        report["host_ack_ms"] = party.host_ack_ms;
    }
    report["pause_ms"] = pause.count();
    report["interrupted"] = run.interrupted();
    report["errors"] = errors;
    report["error_codes"] = codes;
    report["server_memory"] = json{{"resident_before_bytes", before.resident},
                                   {"resident_placed_bytes", loaded.resident},
                                   {"server_connections_placed", loaded.connections}};
    return report;
}

std::shared_ptr<Table> new_table(const std::string& game) {
    auto t = std::make_shared<Table>();
    t->game = game;
    t->options = json::object();
    if (game == "royale" || game == "crew") {
        t->seats = 3;
        t->options = {{"players", 3}};
    }
    return t;
}

void raise_open_file_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

}  // namespace

json run_loadtest(const LoadtestConfig& config) {
    if (config.clients < 1 || config.clients > kLoadtestMaxClients) {
        throw std::runtime_error("--clients must be 1 to " + std::to_string(kLoadtestMaxClients));
    }
    if (!(config.duration_seconds > 0) || config.duration_seconds > kLoadtestMaxSeconds) {
        throw std::runtime_error("--duration must be more than 0 and at most 3600 seconds");
    }
    static const std::vector<std::string> kGames{"classic", "salvo", "royale", "crew"};
    if (config.game != "mix" && config.game != "party" &&
        std::find(kGames.begin(), kGames.end(), config.game) == kGames.end()) {
        throw std::runtime_error("--game is classic, salvo, royale, crew, mix or party");
    }
    raise_open_file_limit();
    const auto [host, port_number] = parse_server_url(config.server);
    const std::string port = std::to_string(port_number);

    net::io_context io;
    Run run{config, {}, host, {}, {}, {}, {}, {}};
    tcp::resolver resolver(io);
    beast::error_code resolved;
    run.endpoints = resolver.resolve(host, port, resolved);
    if (resolved) {
        // A name that does not resolve is no address of this machine: say so plainly.
        throw std::runtime_error(
            "cannot find " + host + " (" + resolved.message() + ")" +
            (config.allow_remote ? std::string()
                                 : "; a load test targets this machine (127.0.0.1 or localhost) "
                                   "unless --allow-remote is given"));
    }
    if (!config.allow_remote) {
        for (const auto& entry : run.endpoints) {
            if (!entry.endpoint().address().is_loopback()) {
                throw std::runtime_error(
                    host +
                    " is not a loopback address: a load test targets this machine only "
                    "unless --allow-remote is given (and only a server you run)");
            }
        }
    }

    if (config.game == "party") return run_party_loadtest(config, run, io, host, port);

    // Tables of real seats; a last table with too few players gets easy bots in the rest.
    std::vector<std::shared_ptr<Table>> tables;
    std::vector<std::shared_ptr<Player>> players;
    std::size_t game_index = 0;
    for (int i = 0; i < config.clients;) {
        const std::string game =
            config.game == "mix" ? kGames[game_index++ % kGames.size()] : config.game;
        auto table = new_table(game);
        for (int s = 0; s < table->seats && i < config.clients; ++s, ++i) {
            auto p = std::make_shared<Player>(
                io, run, table, s, config.seed * 1'000'003ULL + static_cast<unsigned>(i));
            table->players.push_back(p);
            players.push_back(p);
        }
        tables.push_back(table);
    }

    const auto before = read_metrics(host, port);
    Clients clients(run, io, config.threads);
    for (auto& p : players) clients.add(p);

    const auto began = Clock::now();
    run.began = began;
    auto lag_probe = std::make_shared<eventloop::LoopLagProbe>(
        io.get_executor(), std::chrono::milliseconds(10), [&run](Clock::duration late) {
            const auto now = Clock::now();
            std::lock_guard lock(run.stats.mutex);
            run.stats.lag_ms.push_back(std::chrono::duration<double, std::milli>(late).count());
            run.stats.lag_second.push_back(static_cast<std::int32_t>(
                std::chrono::duration_cast<std::chrono::seconds>(now - run.began).count()));
        });
    lag_probe->start();
    run.ends = began +
               std::chrono::milliseconds(static_cast<std::int64_t>(config.duration_seconds * 1000));
    // Ramp up: tables start at the given connection rate (each player opens about one).
    const double per_table_ms = 1000.0 / std::max(1, config.connects_per_second);
    for (std::size_t t = 0; t < tables.size() && Clock::now() < run.ends && !run.interrupted();
         ++t) {
        tables[t]->players[0]->start();
        run.nap_until(began + std::chrono::microseconds(static_cast<std::int64_t>(
                                  per_table_ms * 1000 *
                                  static_cast<double>((t + 1) * tables[t]->players.size()))));
    }
    const auto ramped = Clock::now();
    // Halfway through the steady part, the server's memory with everyone connected.
    run.nap_until(ramped + (run.ends - ramped) / 2);
    const auto loaded = read_metrics(host, port);
    const auto actions_at_half = run.stats.actions.load();
    const auto half_time = Clock::now();
    run.nap_until(run.ends);
    const auto actions_at_end = run.stats.actions.load();
    const auto end_time = Clock::now();
    const auto connected_at_end = run.stats.connected.load();

    lag_probe->stop();
    clients.finish();
    // A table and its players point at each other: let go of them explicitly.
    for (auto& t : tables) t->players.clear();
    players.clear();
    json rooms_report;
    report_rooms(run, rooms_report);

    std::vector<double> ms;
    std::vector<std::int32_t> seconds;
    std::vector<double> lag;
    std::vector<std::int32_t> lag_seconds;
    std::map<std::string, std::int64_t> codes;
    {
        std::lock_guard lock(run.stats.mutex);
        ms = run.stats.ack_ms;
        seconds = run.stats.ack_second;
        lag = run.stats.lag_ms;
        lag_seconds = run.stats.lag_second;
        codes = run.stats.error_codes;
    }
    const json timeline = by_second_timeline(ms, seconds);
    const json lag_timeline = by_second_timeline(lag, lag_seconds);
    std::sort(ms.begin(), ms.end());
    std::sort(lag.begin(), lag.end());
    std::int64_t errors = 0;
    for (const auto& [code, n] : codes) errors += n;
    const double elapsed = std::chrono::duration<double>(end_time - began).count();
    const double steady = std::chrono::duration<double>(end_time - half_time).count();
    json report{
        {"server", config.server},
        {"game", config.game},
        {"clients", config.clients},
        {"tables", tables.size()},
        {"threads", config.threads},
        {"think_ms", config.think_ms},
        {"duration_s", elapsed},
        {"ramp_s", std::chrono::duration<double>(ramped - began).count()},
        {"connected_peak", run.stats.peak.load()},
        {"connected_at_end", connected_at_end},
        {"connect_failures", run.stats.connect_failures.load()},
        {"disconnects", run.stats.disconnects.load()},
        {"actions", run.stats.actions.load()},
        {"actions_per_second", elapsed > 0 ? static_cast<double>(run.stats.actions) / elapsed : 0},
        {"steady_actions_per_second",
         steady > 0 ? static_cast<double>(actions_at_end - actions_at_half) / steady : 0},
        {"ack_ms",
         {{"samples", ms.size()},
          {"p50", percentile(ms, 0.50)},
          {"p90", percentile(ms, 0.90)},
          {"p99", percentile(ms, 0.99)},
          {"max", ms.empty() ? 0 : ms.back()}}},
        {"ack_ms_by_second", timeline},
        {"loop_lag_ms",
         {{"samples", lag.size()},
          {"p50", percentile(lag, 0.50)},
          {"p99", percentile(lag, 0.99)},
          {"max", lag.empty() ? 0 : lag.back()}}},
        {"loop_lag_ms_by_second", lag_timeline},
        {"games_finished", run.stats.games_finished.load()},
        {"rooms", rooms_report["rooms"]},
        {"interrupted", run.interrupted()},
        {"errors", errors},
        {"error_codes", codes},
    };
    json memory{{"resident_before_bytes", before.resident},
                {"resident_loaded_bytes", loaded.resident},
                {"server_connections_loaded", loaded.connections}};
    if (loaded.resident > 0 && loaded.connections > before.connections) {
        memory["bytes_per_connection"] =
            (loaded.resident - before.resident) / (loaded.connections - before.connections);
    }
    report["server_memory"] = memory;
    return report;
}

}  // namespace broadside::client

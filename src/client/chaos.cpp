// `broadside loadtest --chaos` (chaos.h). Blocking POSIX sockets, one scenario at a time per
// worker thread: a hostile client needs to send exactly the bytes it chooses (half a frame, an
// unmasked frame, a reserved opcode, a 64-bit length) and to stop reading at will, which a
// WebSocket library is built to prevent. Each scenario states what the server must answer; a
// departure is a finding, and any finding makes the run fail.
#include "client/chaos.h"
#include "protocol/version.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "client/random_action.h"
#include "client/ws_client.h"
#include "core/rng.h"

namespace broadside::client {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

// How long a well-formed request may wait for its answer before it counts as unanswered. The
// server may be a sanitizer build on two shared cores, busy with hundreds of hostile sockets.
constexpr milliseconds kReplyTimeout = seconds(30);

// ---- what the run found ------------------------------------------------------------------

struct Tally {
    std::atomic<std::int64_t> connections{0};
    std::atomic<std::int64_t> live{0};
    std::atomic<std::int64_t> peak{0};
    std::atomic<std::int64_t> frames_sent{0};
    std::atomic<std::int64_t> bad_frames_sent{0};
    std::atomic<std::int64_t> messages_received{0};
    std::atomic<std::int64_t> games_finished{0};
    std::atomic<std::int64_t> actions_acknowledged{0};
    std::atomic<std::int64_t> actions_checked_in_records{0};
    std::atomic<std::int64_t> repeats_confirmed{0};
    std::atomic<std::int64_t> lost_acks_resent{0};
    std::atomic<std::int64_t> reconnects{0};
    std::atomic<std::int64_t> resets{0};
    std::atomic<std::int64_t> slow_readers{0};
    std::atomic<std::int64_t> slow_readers_cut_off{0};
    std::atomic<std::int64_t> half_open{0};
    std::atomic<std::int64_t> storm_hellos{0};
    std::atomic<std::int64_t> refusals_checked{0};
    std::atomic<std::int64_t> rate_limited{0};
    std::atomic<bool> server_gone{false};

    std::mutex mutex;
    std::map<std::string, std::int64_t> findings;
    std::map<std::string, std::int64_t> scenarios;
    std::vector<std::string> examples;

    void find(const std::string& kind, const std::string& what) {
        std::lock_guard lock(mutex);
        ++findings[kind];
        if (examples.size() < 40) examples.push_back(kind + ": " + what.substr(0, 600));
    }
    void scenario(const std::string& name) {
        std::lock_guard lock(mutex);
        ++scenarios[name];
    }
    void opened() {
        ++connections;
        const auto now = ++live;
        auto seen = peak.load();
        while (now > seen && !peak.compare_exchange_weak(seen, now)) {
        }
    }
};

// A valid client's connection that ended or went silent: the scenario stops there (the finding
// has been noted where it happened).
struct Abandon : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string clip(const std::string& s) {
    return s.size() > 300 ? s.substr(0, 300) + "..." : s;
}

// ---- a WebSocket client that sends whatever it is told -----------------------------------

class RawWs {
public:
    RawWs(const sockaddr_in& server, Tally& tally, Rng& rng, int receive_buffer = 0)
        : tally_(tally), rng_(rng) {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
        if (receive_buffer > 0) {
            ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
        }
        const int one = 1;
        ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        // A send blocks at most this long: a slow reader's own sends stop once the server's
        // receive window and ours are full.
        timeval limit{2, 0};
        ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
        if (::connect(fd_, reinterpret_cast<const sockaddr*>(&server), sizeof server) != 0) {
            const int e = errno;
            ::close(fd_);
            fd_ = -1;
            if (e == ECONNREFUSED) tally_.server_gone = true;
            throw std::runtime_error(std::string("connect: ") + std::strerror(e));
        }
        tally_.opened();
    }
    ~RawWs() { close_fd(); }
    RawWs(const RawWs&) = delete;
    RawWs& operator=(const RawWs&) = delete;

    // Sends the upgrade request for `path` and reads the response head: its status (101 for a
    // WebSocket), or -1 when the server closed or said nothing within `timeout`.
    int handshake(const std::string& path, milliseconds timeout = seconds(20)) {
        if (!write_all(upgrade_request(path))) return -1;
        const auto until = Clock::now() + timeout;
        std::size_t end;
        while ((end = rx_.find("\r\n\r\n")) == std::string::npos) {
            if (!fill(until)) return -1;
        }
        const std::string head = rx_.substr(0, end);
        rx_.erase(0, end + 4);
        const auto space = head.find(' ');
        if (space == std::string::npos || head.size() < space + 4) return -1;
        const int status = std::atoi(head.substr(space + 1, 3).c_str());
        if (status != 101) closed_ = true;  // a refusal: the body follows, then nothing
        return status;
    }

    static std::string upgrade_request(const std::string& path) {
        return "GET " + path +
               " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    }

    // One frame as a client sends it: FIN, opcode, masked payload (RFC 6455 section 5.2).
    std::string frame(int opcode, std::string_view payload, bool fin = true, bool masked = true,
                      std::optional<std::uint64_t> claimed_length = std::nullopt) {
        std::string f;
        f.push_back(static_cast<char>((fin ? 0x80 : 0) | opcode));
        const std::uint64_t n = claimed_length.value_or(payload.size());
        const int mask_bit = masked ? 0x80 : 0;
        if (n < 126) {
            f.push_back(static_cast<char>(mask_bit | static_cast<int>(n)));
        } else if (n < 65536) {
            f.push_back(static_cast<char>(mask_bit | 126));
            f.push_back(static_cast<char>((n >> 8) & 0xff));
            f.push_back(static_cast<char>(n & 0xff));
        } else {
            f.push_back(static_cast<char>(mask_bit | 127));
            for (int i = 7; i >= 0; --i) f.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
        }
        std::uint8_t key[4];
        const std::uint32_t k = rng_.next_u32();
        std::memcpy(key, &k, 4);
        if (masked) f.append(reinterpret_cast<const char*>(key), 4);
        for (std::size_t i = 0; i < payload.size(); ++i) {
            f.push_back(masked
                            ? static_cast<char>(static_cast<std::uint8_t>(payload[i]) ^ key[i % 4])
                            : payload[i]);
        }
        return f;
    }

    bool send_frame(int opcode, std::string_view payload, bool fin = true, bool masked = true) {
        ++tally_.frames_sent;
        return write_all(frame(opcode, payload, fin, masked));
    }
    bool send_text(std::string_view text) { return send_frame(0x1, text); }

    bool write_all(std::string_view bytes) {
        if (fd_ < 0) return false;
        while (!bytes.empty()) {
            const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

    // The next text message (pings answered, pongs dropped), or nullopt once the connection has
    // closed or after `timeout`.
    std::optional<std::string> next(milliseconds timeout) {
        const auto until = Clock::now() + timeout;
        for (;;) {
            while (auto f = take_frame()) {
                const int opcode = f->first;
                if (opcode == 0x9) {
                    send_frame(0xA, f->second);
                } else if (opcode == 0x8) {
                    if (f->second.size() >= 2) {
                        close_code_ = (static_cast<std::uint8_t>(f->second[0]) << 8) |
                                      static_cast<std::uint8_t>(f->second[1]);
                    }
                    closed_ = true;
                    return std::nullopt;
                } else if (opcode == 0x1 || opcode == 0x2 || opcode == 0x0) {
                    ++tally_.messages_received;
                    return std::move(f->second);
                }
            }
            if (closed_ || !fill(until)) return std::nullopt;
        }
    }

    // Reads at most `n` bytes, waiting up to `timeout`: false once the connection is gone.
    bool read_bytes(std::size_t n, milliseconds timeout) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return true;
        char buffer[4096];
        const ssize_t got = ::recv(fd_, buffer, std::min(n, sizeof buffer), 0);
        if (got <= 0) closed_ = true;
        return got > 0;
    }

    // Whether the server has closed this connection, waiting up to `timeout` for it (and
    // discarding whatever arrives meanwhile).
    bool closed_by_server(milliseconds timeout) {
        const auto until = Clock::now() + timeout;
        while (!closed_) {
            rx_.clear();
            if (!fill(until) && !closed_) return false;
        }
        return true;
    }

    // An abrupt end: SO_LINGER 0 makes close() send a TCP reset, whatever is in flight.
    void reset() {
        if (fd_ < 0) return;
        linger hard{1, 0};
        ::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
        ++tally_.resets;
        close_fd();
    }
    void close_politely() {
        if (fd_ >= 0 && !closed_) send_frame(0x8, std::string("\x03\xe8", 2));
        close_fd();
    }
    bool closed() const { return closed_ || fd_ < 0; }
    int close_code() const { return close_code_; }

private:
    bool fill(Clock::time_point until) {
        for (;;) {
            const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
            if (left.count() <= 0 || fd_ < 0) return false;
            pollfd p{fd_, POLLIN, 0};
            const int ready =
                ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 1000)));
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) continue;
            char buffer[16384];
            const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                closed_ = true;
                return false;
            }
            rx_.append(buffer, static_cast<std::size_t>(n));
            return true;
        }
    }

    // A whole message from the buffer (continuation frames joined), or nullopt for more bytes.
    std::optional<std::pair<int, std::string>> take_frame() {
        std::size_t at = 0;
        std::string joined;
        int first_opcode = -1;
        for (;;) {
            if (rx_.size() < at + 2) return std::nullopt;
            const auto b0 = static_cast<std::uint8_t>(rx_[at]);
            const auto b1 = static_cast<std::uint8_t>(rx_[at + 1]);
            const bool fin = (b0 & 0x80) != 0;
            const int opcode = b0 & 0x0f;
            std::uint64_t n = b1 & 0x7f;
            std::size_t header = 2;
            if (n == 126) {
                if (rx_.size() < at + 4) return std::nullopt;
                n = (static_cast<std::uint8_t>(rx_[at + 2]) << 8) |
                    static_cast<std::uint8_t>(rx_[at + 3]);
                header = 4;
            } else if (n == 127) {
                if (rx_.size() < at + 10) return std::nullopt;
                n = 0;
                for (int i = 0; i < 8; ++i)
                    n = (n << 8) | static_cast<std::uint8_t>(rx_[at + 2 + i]);
                header = 10;
            }
            if ((b1 & 0x80) != 0) header += 4;  // a server must not mask; tolerate it here
            if (rx_.size() < at + header + n) return std::nullopt;
            std::string payload = rx_.substr(at + header, static_cast<std::size_t>(n));
            at += header + static_cast<std::size_t>(n);
            if (opcode >= 0x8) {  // control frames may arrive between fragments
                if (first_opcode < 0) {
                    rx_.erase(0, at);
                    return std::make_pair(opcode, std::move(payload));
                }
                continue;
            }
            if (first_opcode < 0) first_opcode = opcode;
            joined += payload;
            if (fin) {
                rx_.erase(0, at);
                return std::make_pair(first_opcode, std::move(joined));
            }
        }
    }

    void close_fd() {
        if (fd_ < 0) return;
        ::close(fd_);
        fd_ = -1;
        --tally_.live;
    }

    Tally& tally_;
    Rng& rng_;
    int fd_ = -1;
    std::string rx_;
    bool closed_ = false;
    int close_code_ = 0;
};

// ---- shared state between workers ----------------------------------------------------------

// A seat of a finished game: its token, and what it did (for reconnects with old tokens and
// resends of old action ids).
struct OldSeat {
    std::string room;
    std::string token;
    int seat = 0;
    std::int64_t last_event = 0;
    std::vector<std::pair<std::string, json>> acked;  // action id, action
    std::size_t record_actions = 0;                   // place and fire actions in its record
};

struct Run {
    const ChaosConfig& config;
    sockaddr_in server{};
    Clock::time_point ends;
    Tally tally;
    std::mutex mutex;
    // Seats of finished games and rooms of this run that scenarios come back to. Both are
    // bounded, and a random entry makes way for a new one, so that in a long run old rooms stop
    // being touched and leave the server's memory (--room-ttl): the memory stays flat.
    std::vector<OldSeat> finished;
    std::vector<std::string> rooms;
    static constexpr std::size_t kMaxFinished = 200;
    static constexpr std::size_t kMaxRooms = 200;
};

// ---- plain HTTP ----------------------------------------------------------------------------

struct HttpAnswer {
    int status = 0;
    std::string body;
};

HttpAnswer http_get(const sockaddr_in& server, const std::string& target) {
    HttpAnswer answer;
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return answer;
    timeval limit{20, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&server), sizeof server) != 0) {
        ::close(fd);
        return answer;
    }
    const std::string request =
        "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) !=
        static_cast<ssize_t>(request.size())) {
        ::close(fd);
        return answer;
    }
    std::string response;
    char buffer[16384];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) {
        response.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    const auto space = response.find(' ');
    const auto split = response.find("\r\n\r\n");
    if (space == std::string::npos || split == std::string::npos) return answer;
    answer.status = std::atoi(response.substr(space + 1, 3).c_str());
    answer.body = response.substr(split + 4);
    return answer;
}

std::int64_t metric(const std::string& text, const std::string& name) {
    const auto at = text.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::atoll(text.c_str() + at + 2 + name.size());
}

// ---- one worker ----------------------------------------------------------------------------

class Worker {
public:
    Worker(Run& run, std::uint64_t seed) : run_(run), t_(run.tally), rng_(seed) {}

    void loop() {
        while (Clock::now() < run_.ends && !t_.server_gone) {
            const auto pick = rng_.below(100);
            try {
                if (pick < 30) {
                    play_game();
                } else if (pick < 55) {
                    bad_frames();
                } else if (pick < 63) {
                    slow_reader();
                } else if (pick < 75) {
                    resets();
                } else if (pick < 83) {
                    half_open();
                } else if (pick < 93) {
                    storm();
                } else {
                    refusals();
                }
            } catch (const Abandon&) {
            } catch (const std::exception& e) {
                // A connection refused is the server gone; anything else is this tool's own
                // trouble (out of descriptors, say), reported as such.
                if (t_.server_gone) {
                    t_.find("server_gone", e.what());
                } else {
                    t_.find("client_trouble", e.what());
                }
            }
        }
    }

private:
    // ---- helpers for well-formed clients -------------------------------------------------

    // `may_be_gone`: a room of this run that may have left memory since (--room-ttl), which is
    // a documented 404; nullptr then.
    std::unique_ptr<RawWs> open(const std::string& path, int receive_buffer = 0,
                                bool may_be_gone = false) {
        auto ws = std::make_unique<RawWs>(run_.server, t_, rng_, receive_buffer);
        const int status = ws->handshake(path);
        if (status == 404 && may_be_gone) return nullptr;
        if (status != 101) {
            t_.find("wrong_reply", "upgrade to " + path + " answered " + std::to_string(status));
            throw Abandon("no upgrade");
        }
        return ws;
    }

    // Sends a well-formed request and returns its answer (matched by id); messages the server
    // pushes meanwhile are passed over. An error answer is returned for the caller to judge.
    json request(RawWs& ws, json message, const std::string& what) {
        const std::int64_t id = ++next_id_;
        message["id"] = id;
        if (!ws.send_text(message.dump())) {
            t_.find("dropped", what + ": the server closed a well-behaved connection (send)");
            throw Abandon(what);
        }
        const auto until = Clock::now() + kReplyTimeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
            auto text = left.count() > 0 ? ws.next(left) : std::nullopt;
            if (!text) {
                if (ws.closed()) {
                    t_.find("dropped", what +
                                           ": the server closed a well-behaved connection (code " +
                                           std::to_string(ws.close_code()) + ")");
                } else {
                    t_.find("no_reply", what + ": no answer within " +
                                            std::to_string(kReplyTimeout.count()) + " ms");
                }
                throw Abandon(what);
            }
            json m = json::parse(*text, nullptr, false);
            if (!m.is_object()) {
                t_.find("wrong_reply", what + ": not a JSON object: " + clip(*text));
                throw Abandon(what);
            }
            if (m.contains("id") && m["id"] == id) return m;
            if (m.value("type", "") == "error") {
                t_.find("wrong_reply", what + ": an error nobody asked for: " + clip(*text));
                throw Abandon(what);
            }
        }
    }

    // The answer must be of `type`; otherwise a finding, and the scenario stops.
    json expect(RawWs& ws, json message, const std::string& type, const std::string& what) {
        json reply = request(ws, std::move(message), what);
        if (reply.value("type", "") != type) {
            t_.find("wrong_reply", what + ": expected " + type + ", got " + clip(reply.dump()));
            throw Abandon(what);
        }
        return reply;
    }

    json hello(RawWs& ws, const std::string& token = "") {
        json h{{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}};
        if (!token.empty()) h["token"] = token;
        return expect(ws, h, "welcome", "hello");
    }

    std::string hex(int digits) {
        static const char* kDigits = "0123456789abcdef";
        std::string s;
        for (int i = 0; i < digits; ++i) s.push_back(kDigits[rng_.below(16)]);
        return s;
    }

    void remember_room(const std::string& code) {
        std::lock_guard lock(run_.mutex);
        if (run_.rooms.size() < Run::kMaxRooms) {
            run_.rooms.push_back(code);
        } else {
            run_.rooms[rng_.below(static_cast<std::uint32_t>(run_.rooms.size()))] = code;
        }
    }
    std::optional<std::string> some_room() {
        std::lock_guard lock(run_.mutex);
        if (run_.rooms.empty()) return std::nullopt;
        return run_.rooms[rng_.below(static_cast<std::uint32_t>(run_.rooms.size()))];
    }

    // Event numbers from `after` + 1 to `last` with no gap and no repeat (a skipped run counts
    // for every number it stands for).
    bool contiguous(const json& events, std::int64_t after, std::int64_t last, std::string& why) {
        std::int64_t expected = after + 1;
        for (const auto& e : events) {
            const std::int64_t from = e.value("type", "") == "skipped"
                                          ? e.value("from", std::int64_t{-1})
                                          : e.value("n", std::int64_t{-1});
            if (from != expected) {
                why = "expected event " + std::to_string(expected) + ", got " + clip(e.dump());
                return false;
            }
            expected = e.value("n", std::int64_t{-1}) + 1;
        }
        if (expected != last + 1) {
            why = "events end at " + std::to_string(expected - 1) + ", last_event is " +
                  std::to_string(last);
            return false;
        }
        return true;
    }

    // ---- valid play ------------------------------------------------------------------------

    struct Seat {
        std::unique_ptr<RawWs> ws;
        std::string token;
        std::vector<std::pair<std::string, json>> acked;
    };

    void reconnect(Seat& s, int seat, const std::string& room, std::int64_t last_event) {
        s.ws->reset();
        ++t_.reconnects;
        s.ws = open("/ws/" + room);
        const json welcome = hello(*s.ws, s.token);
        if (welcome["you"].value("seat", -2) != seat) {
            t_.find("wrong_reply", "hello with seat " + std::to_string(seat) +
                                       "'s token: " + clip(welcome.dump()));
            throw Abandon("reconnect");
        }
        const auto after =
            static_cast<std::int64_t>(rng_.below(static_cast<std::uint32_t>(last_event + 1)));
        const json got =
            expect(*s.ws, {{"cmd", "events"}, {"after", after}}, "events", "events after");
        std::string why;
        if (got.value("last_event", std::int64_t{-1}) < last_event ||
            !contiguous(got["events"], after, got.value("last_event", std::int64_t{-1}), why)) {
            t_.find("wrong_reply", "events after " + std::to_string(after) +
                                       " on a reconnect: " + why + " " + clip(got.dump()));
        }
    }

    void play_game() {
        t_.scenario("game");
        const std::string game = rng_.below(4) == 0 ? "salvo" : "classic";
        std::string room;
        std::array<Seat, 2> seats;
        {
            auto lobby = open("/ws");
            hello(*lobby);
            const json created = expect(*lobby,
                                        {{"cmd", "create"},
                                         {"game", game},
                                         {"options", json::object()},
                                         {"seat", 0},
                                         {"name", "chaos"},
                                         {"nonce", hex(16)}},
                                        "room_created", "create");
            room = created.value("room", "");
            seats[0].token = created.value("token", "");
            if (room.empty() || seats[0].token.empty() || created.value("seat", -1) != 0) {
                t_.find("wrong_reply", "create: " + clip(created.dump()));
                return;
            }
            if (rng_.coin()) lobby->close_politely();
        }
        seats[0].ws = open("/ws/" + room);
        const json welcome = hello(*seats[0].ws, seats[0].token);
        if (welcome["you"].value("seat", -2) != 0 || !welcome["you"].value("owner", false)) {
            t_.find("wrong_reply", "the creator's hello: " + clip(welcome.dump()));
            return;
        }
        seats[1].ws = open("/ws/" + room);
        hello(*seats[1].ws);
        const json joined =
            expect(*seats[1].ws, {{"cmd", "join"}, {"name", "chaos"}, {"nonce", hex(8)}}, "joined",
                   "join");
        seats[1].token = joined.value("token", "");
        if (joined.value("seat", -1) != 1 || seats[1].token.empty()) {
            t_.find("wrong_reply", "join: " + clip(joined.dump()));
            return;
        }
        remember_room(room);
        if (rng_.below(3) == 0) {  // a spectator may not act, and sees no legal actions
            auto watcher = open("/ws/" + room);
            hello(*watcher);
            const json refused = request(*watcher,
                                         {{"cmd", "act"},
                                          {"action_id", "w"},
                                          {"action", {{"type", "fire"}, {"cell", "A1"}}}},
                                         "a spectator's act");
            const std::string code = refused.value("type", "") == "error"
                                         ? refused["error"].value("code", "")
                                         : std::string();
            if (code != "not_started") {
                t_.find("wrong_reply",
                        "a spectator's act before the start: " + clip(refused.dump()));
            }
            watcher->close_politely();
        }
        expect(*seats[0].ws, {{"cmd", "start"}}, "started", "start");

        std::vector<int> to_act{0, 1};
        bool over = false;
        std::int64_t last_event = 0;
        int acts = 0;
        while (!over) {
            if (Clock::now() > run_.ends) {  // time is up: resign, which ends the game too
                const int quitter = static_cast<int>(rng_.below(2));
                expect(*seats[static_cast<std::size_t>(quitter)].ws, {{"cmd", "resign"}},
                       "resigned", "resign");
                over = true;
                break;
            }
            if (to_act.empty()) {
                t_.find("wrong_reply",
                        "nobody is to act in a game that is not over (room " + room + ")");
                return;
            }
            const int s = to_act[rng_.below(static_cast<std::uint32_t>(to_act.size()))];
            Seat& seat = seats[static_cast<std::size_t>(s)];
            const auto roll = rng_.below(100);
            if (roll < 3) reconnect(seat, s, room, last_event);
            if (roll >= 3 && roll < 8 && !seat.acked.empty()) {  // an old action id again
                const auto& [old_id, old_action] =
                    seat.acked[rng_.below(static_cast<std::uint32_t>(seat.acked.size()))];
                const json again = request(
                    *seat.ws, {{"cmd", "act"}, {"action_id", old_id}, {"action", old_action}},
                    "a resent action id");
                if (again.value("type", "") != "acted" || !again.value("repeat", false)) {
                    t_.find("repeat_applied", "resent action id " + old_id + " in room " + room +
                                                  ": " + clip(again.dump()));
                    return;
                }
                ++t_.repeats_confirmed;
            }
            const json legal = expect(*seat.ws, {{"cmd", "legal"}}, "legal", "legal");
            if (!legal["legal"].is_object()) {
                t_.find("wrong_reply",
                        "seat " + std::to_string(s) +
                            " is to act but has no legal actions: " + clip(legal.dump()));
                return;
            }
            to_act = legal["to_act"].get<std::vector<int>>();
            if (std::find(to_act.begin(), to_act.end(), s) == to_act.end()) continue;
            const json action = random_action(legal["legal"], s, rng_, game);
            const std::string id = "c" + std::to_string(acts++);
            const json act{{"cmd", "act"}, {"action_id", id}, {"action", action}};
            json acted;
            if (roll >= 8 && roll < 10) {
                // The acknowledgement is lost: send, reset at once, come back and resend.
                json first = act;
                first["id"] = ++next_id_;
                seat.ws->send_text(first.dump());
                reconnect(seat, s, room, last_event);
                acted = request(*seat.ws, act, "an action resent after a lost acknowledgement");
                ++t_.lost_acks_resent;
                if (acted.value("repeat", false)) ++t_.repeats_confirmed;
            } else {
                acted = request(*seat.ws, act, "act");
                if (acted.value("repeat", false)) {
                    t_.find("wrong_reply",
                            "a fresh action id came back as a repeat: " + clip(acted.dump()));
                }
            }
            if (acted.value("type", "") != "acted" || acted.value("seat", -1) != s) {
                t_.find("wrong_reply", "act " + action.dump() + ": " + clip(acted.dump()));
                return;
            }
            seat.acked.emplace_back(id, action);
            ++t_.actions_acknowledged;
            over = acted.value("over", false);
            last_event = std::max(last_event, acted.value("last_event", std::int64_t{0}));
            if (acted.value("repeat", false)) {
                to_act = expect(*seat.ws, {{"cmd", "legal"}}, "legal", "legal")["to_act"]
                             .get<std::vector<int>>();
            } else {
                to_act = acted["to_act"].get<std::vector<int>>();
            }
        }
        const std::size_t in_record = check_record(room, seats);
        ++t_.games_finished;
        // The record over the WebSocket too, once over.
        expect(*seats[rng_.below(2)].ws, {{"cmd", "record"}}, "record", "record");
        const json events =
            expect(*seats[0].ws, {{"cmd", "events"}, {"after", 0}}, "events", "events");
        std::lock_guard lock(run_.mutex);
        for (int s = 0; s < 2; ++s) {
            OldSeat old{room,
                        seats[static_cast<std::size_t>(s)].token,
                        s,
                        events.value("last_event", std::int64_t{0}),
                        seats[static_cast<std::size_t>(s)].acked,
                        in_record};
            if (run_.finished.size() < Run::kMaxFinished) {
                run_.finished.push_back(std::move(old));
            } else {
                run_.finished[rng_.below(static_cast<std::uint32_t>(Run::kMaxFinished))] =
                    std::move(old);
            }
        }
    }

    // The record of a finished game, as downloaded: every acknowledged action exactly once, in
    // order, per seat. Returns how many place and fire actions it holds.
    template <class Seats>
    std::size_t check_record(const std::string& room, const Seats& seats) {
        HttpAnswer answer;
        const auto until = Clock::now() + seconds(20);
        do {  // the record is stored just after the last answers go out
            answer = http_get(run_.server, "/rooms/" + room + "/record");
            if (answer.status == 200) break;
            std::this_thread::sleep_for(milliseconds(50));
        } while (Clock::now() < until);
        if (answer.status != 200) {
            t_.find("lost_acks", "no record of finished room " + room + " (HTTP " +
                                     std::to_string(answer.status) + ")");
            return 0;
        }
        const json record = json::parse(answer.body, nullptr, false);
        if (!record.is_object() || !record["actions"].is_array()) {
            t_.find("wrong_reply", "record of " + room + ": " + clip(answer.body));
            return 0;
        }
        std::array<std::vector<json>, 2> by_seat;
        std::size_t total = 0;
        for (const auto& a : record["actions"]) {
            const std::string type = a["action"].value("type", "");
            if (type != "place" && type != "fire") continue;  // resign and the like
            const int s = a.value("seat", -1);
            if (s < 0 || s > 1) continue;
            by_seat[static_cast<std::size_t>(s)].push_back(a["action"]);
            ++total;
        }
        for (std::size_t s = 0; s < 2; ++s) {
            const auto& acked = seats[s].acked;
            const auto& recorded = by_seat[s];
            t_.actions_checked_in_records += static_cast<std::int64_t>(acked.size());
            if (recorded.size() > acked.size()) {
                t_.find("duplicate_actions", "room " + room + " seat " + std::to_string(s) + ": " +
                                                 std::to_string(acked.size()) + " acknowledged, " +
                                                 std::to_string(recorded.size()) +
                                                 " in the record");
            } else if (recorded.size() < acked.size()) {
                t_.find("lost_acks", "room " + room + " seat " + std::to_string(s) + ": " +
                                         std::to_string(acked.size()) + " acknowledged, " +
                                         std::to_string(recorded.size()) + " in the record");
            } else {
                for (std::size_t i = 0; i < acked.size(); ++i) {
                    if (acked[i].second != recorded[i]) {
                        t_.find("lost_acks", "room " + room + " seat " + std::to_string(s) +
                                                 " action " + std::to_string(i) +
                                                 ": acknowledged " + acked[i].second.dump() +
                                                 ", recorded " + recorded[i].dump());
                        break;
                    }
                }
            }
        }
        return total;
    }

    // ---- bad frames ------------------------------------------------------------------------

    // Reads the answer to a bad frame: an error of one of `codes`, echoing `id` when one was
    // sent. False when the connection is gone (it should not be).
    bool expect_error(RawWs& ws, const std::set<std::string>& codes, const std::string& what,
                      const json& id = json()) {
        const auto until = Clock::now() + kReplyTimeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
            auto text = left.count() > 0 ? ws.next(left) : std::nullopt;
            if (!text) {
                t_.find(ws.closed() ? "dropped" : "no_reply",
                        what + ": no error answer (closed with code " +
                            std::to_string(ws.close_code()) + ")");
                return false;
            }
            const json m = json::parse(*text, nullptr, false);
            if (!m.is_object()) {
                t_.find("wrong_reply", what + ": not a JSON object: " + clip(*text));
                return false;
            }
            if (m.value("type", "") != "error" && !m.contains("id")) continue;  // pushed
            const std::string code =
                m.value("type", "") == "error" ? m["error"].value("code", "") : "";
            if (code == "rate_limited") {
                ++t_.rate_limited;
                return true;
            }
            if (!codes.count(code)) {
                t_.find("wrong_reply", what + ": " + clip(m.dump()));
                return true;
            }
            if (!id.is_null() && m.value("id", json()) != id) {
                t_.find("wrong_reply", what + ": the id was not echoed: " + clip(m.dump()));
            }
            return true;
        }
    }

    void bad_frames() {
        t_.scenario("bad_frames");
        const auto code = rng_.coin() ? some_room() : std::nullopt;
        const bool in_room = code.has_value();
        auto ws = open(in_room ? "/ws/" + *code : "/ws", 0, true);
        if (!ws) return;
        if (rng_.below(4) == 0) {
            ws->send_text(R"({"cmd": "games", "id": "early"})");
            ++t_.bad_frames_sent;
            if (!expect_error(*ws, {"hello_first"}, "a request before hello", "early")) return;
        }
        hello(*ws);
        const int count = 3 + static_cast<int>(rng_.below(28));  // under the 50 strikes
        for (int i = 0; i < count; ++i) {
            const std::string n = std::to_string(i);
            bool sent = true;
            bool answered = true;
            ++t_.bad_frames_sent;
            switch (rng_.below(12)) {
                case 0:
                    sent = ws->send_text(R"({"cmd": "games", "id": 5)");
                    answered = sent && expect_error(*ws, {"malformed_json"}, "broken JSON");
                    break;
                case 1: {
                    static const char* kNotObjects[] = {"[1,2,3]", "\"hello\"", "42", "null",
                                                        "true"};
                    // Valid JSON, but not an object: bad_request (docs/server.md, "Field types").
                    sent = ws->send_text(kNotObjects[rng_.below(5)]);
                    answered = sent && expect_error(*ws, {"bad_request"}, "not an object");
                    break;
                }
                case 2: {
                    std::string text = R"({"cmd": "games", "id": 3})";
                    text.insert(rng_.below(static_cast<std::uint32_t>(text.size() + 1)), 1, '\0');
                    sent = ws->send_text(text);
                    answered = sent && expect_error(*ws, {"malformed_json"}, "a NUL byte");
                    break;
                }
                case 3: {
                    const auto depth = 65 + rng_.below(2000);
                    const std::string text = R"({"cmd": "games", "id": "deep", "x": )" +
                                             std::string(depth, '[') + std::string(depth, ']') +
                                             "}";
                    sent = ws->send_text(text);
                    answered = sent && expect_error(*ws, {"bad_request"}, "deep nesting");
                    break;
                }
                case 4:
                    sent = ws->send_frame(0x2, R"({"cmd": "games"})");
                    answered = sent && expect_error(*ws, {"bad_frame"}, "a binary frame");
                    break;
                case 5:
                    sent = ws->send_text(R"({"cmd": "fly", "id": "u)" + n + "\"}");
                    answered = sent && expect_error(*ws, {"unknown_command"}, "an unknown command",
                                                    "u" + n);
                    break;
                case 6:
                    if (in_room) {
                        sent = ws->send_text(R"({"cmd": "events", "after": "x", "id": )" + n + "}");
                    } else {
                        sent = ws->send_text(R"({"cmd": "create", "game": 7, "id": )" + n + "}");
                    }
                    answered = sent && expect_error(*ws, {"bad_request"},
                                                    "a field of the wrong type", std::stoi(n));
                    break;
                case 7:
                    sent = ws->send_text(R"({"cmd": 5})");
                    answered = sent && expect_error(*ws, {"bad_request"}, "cmd not text");
                    break;
                case 8:
                    if (in_room) {  // a spectator acting for a seat: never
                        sent = ws->send_text(
                            R"({"cmd": "act", "seat": 0, "action_id": "x", "action": {"type": "fire", "cell": "A1"}})");
                        answered = sent && expect_error(*ws, {"not_seated", "not_started"},
                                                        "a spectator's act");
                    } else {
                        sent = ws->send_text(R"({"cmd": "create", "game": "classic", "seat": 7})");
                        answered = sent && expect_error(*ws, {"bad_seat"},
                                                        "create with a seat that does not exist");
                    }
                    break;
                case 9: {  // a well-formed request in fragments: answered as usual
                    --t_.bad_frames_sent;
                    const std::string text = in_room ? R"({"cmd": "room", "id": "frag"})"
                                                     : R"({"cmd": "games", "id": "frag"})";
                    const std::size_t cut =
                        1 + rng_.below(static_cast<std::uint32_t>(text.size() - 1));
                    sent = ws->send_frame(0x1, text.substr(0, cut), false) &&
                           (rng_.coin() || ws->send_frame(0x9, "ping")) &&
                           ws->send_frame(0x0, text.substr(cut), true);
                    if (sent) {
                        const json reply = wait_id(*ws, "frag", "a fragmented request");
                        if (!reply.is_null() &&
                            reply.value("type", "") != (in_room ? "room" : "games")) {
                            t_.find("wrong_reply", "a fragmented request: " + clip(reply.dump()));
                        }
                    }
                    break;
                }
                case 10:
                    sent = ws->send_text(R"({"cmd": "hello", "protocol": 2, "id": "again"})");
                    if (in_room) {
                        answered = sent && expect_error(*ws, {"already_greeted"}, "a second hello",
                                                        "again");
                    } else {
                        --t_.bad_frames_sent;  // the lobby answers every hello
                        if (sent) wait_id(*ws, "again", "a second hello in the lobby");
                    }
                    break;
                default: {  // a well-formed request between bad ones: answered as documented
                    --t_.bad_frames_sent;
                    if (rng_.coin()) {  // ping is for anyone, in the lobby too
                        expect(*ws, {{"cmd", "ping"}}, "pong", "ping");
                    } else if (in_room) {
                        expect(*ws, {{"cmd", "room"}}, "room", "room");
                    } else {
                        expect(*ws, {{"cmd", "games"}}, "games", "games");
                    }
                    break;
                }
            }
            if (!sent) {
                t_.find("dropped",
                        "the server closed a connection after fewer than 50 bad messages");
                return;
            }
            if (!answered) return;
        }
        end_badly(*ws);
    }

    json wait_id(RawWs& ws, const std::string& id, const std::string& what) {
        const auto until = Clock::now() + kReplyTimeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
            auto text = left.count() > 0 ? ws.next(left) : std::nullopt;
            if (!text) {
                t_.find(ws.closed() ? "dropped" : "no_reply", what);
                return json();
            }
            json m = json::parse(*text, nullptr, false);
            if (m.is_object() && m.value("id", json()) == id) return m;
        }
    }

    // How a hostile connection ends: politely, abruptly, or with something the server must
    // close it for (a frame over --max-frame-bytes, invalid UTF-8, an unmasked frame, a
    // reserved opcode).
    void end_badly(RawWs& ws) {
        const auto how = rng_.below(7);
        std::string what;
        ++t_.bad_frames_sent;
        switch (how) {
            case 0: {
                std::string big =
                    R"({"cmd": "games", "pad": ")" +
                    std::string(run_.config.max_frame_bytes + rng_.below(50000), 'x') + "\"}";
                ws.send_text(big);
                what = "a frame over --max-frame-bytes";
                break;
            }
            case 1:
                ws.send_text("{\"cmd\": \"games\", \"x\": \"\xc3\x28\"}");
                what = "a text frame that is not UTF-8";
                break;
            case 2:
                ++t_.frames_sent;
                ws.write_all(ws.frame(0x1, R"({"cmd": "games"})", true, false));
                what = "an unmasked frame";
                break;
            case 3:
                ws.send_frame(0x3, "x");
                what = "a reserved opcode";
                break;
            case 4:
                --t_.bad_frames_sent;
                ws.reset();
                return;
            default:
                --t_.bad_frames_sent;
                ws.close_politely();
                return;
        }
        if (!ws.closed_by_server(seconds(20))) {
            t_.find("wrong_reply", what + ": the connection stayed open");
        }
    }

    // ---- slow readers ----------------------------------------------------------------------

    void slow_reader() {
        t_.scenario("slow_reader");
        ++t_.slow_readers;
        const bool trickle = rng_.coin();  // one byte a second, or nothing at all
        auto ws = open("/ws", 4096);
        hello(*ws);
        const auto until = std::min(run_.ends, Clock::now() + seconds(2 + rng_.below(6)));
        auto next_byte = Clock::now() + seconds(1);
        for (int i = 0; Clock::now() < until; ++i) {
            // Our sends fail once the server has closed us, or block while its receive window
            // is full (the 2 s send timeout): either ends the flood.
            if (!ws->send_text(R"({"cmd": "games", "id": )" + std::to_string(i) + "}")) break;
            if (trickle && Clock::now() >= next_byte) {
                if (!ws->read_bytes(1, milliseconds(0))) break;
                next_byte += seconds(1);
            }
        }
        // Whether the server cut it off: reading now, it reaches the end within a moment.
        if (ws->closed_by_server(seconds(10))) ++t_.slow_readers_cut_off;
        ws->reset();
    }

    // ---- resets mid-frame ------------------------------------------------------------------

    void resets() {
        t_.scenario("reset");
        RawWs ws(run_.server, t_, rng_);
        const auto how = rng_.below(5);
        if (how == 0) {  // half of the upgrade request
            const std::string up = RawWs::upgrade_request("/ws");
            ws.write_all(up.substr(0, 1 + rng_.below(static_cast<std::uint32_t>(up.size() - 1))));
            ws.reset();
            return;
        }
        const auto code = some_room();
        const bool in_room = code && rng_.coin();
        const int status = ws.handshake(in_room ? "/ws/" + *code : "/ws");
        if (status == 404 && in_room) return;  // the room expired (--room-ttl)
        if (status != 101) {
            t_.find("wrong_reply",
                    "the upgrade before a reset was answered " + std::to_string(status));
            return;
        }
        if (how >= 2) ws.send_text(R"({"cmd": "hello", "protocol": 2})");
        if (how == 3) {  // replies in flight when the reset comes
            for (int i = 0; i < 50; ++i) ws.send_text(R"({"cmd": "room"})");
        }
        // Half a frame: its header says more than follows.
        const std::string body =
            R"({"cmd": "games", "pad": ")" + std::string(rng_.below(3000), 'y') + "\"}";
        std::string f = ws.frame(0x1, body);
        if (how == 4) f = ws.frame(0x1, "", true, true, std::uint64_t{1} << 40);  // claims 1 TB
        ++t_.frames_sent;
        ws.write_all(f.substr(0, std::max<std::size_t>(2, f.size() / 2)));
        std::this_thread::sleep_for(milliseconds(rng_.below(50)));
        ws.reset();
    }

    // ---- half-open connections -------------------------------------------------------------

    void half_open() {
        t_.scenario("half_open");
        std::vector<std::unique_ptr<RawWs>> quiet_tcp;
        std::vector<std::unique_ptr<RawWs>> quiet_ws;
        const int n = 1 + static_cast<int>(rng_.below(8));
        for (int i = 0; i < n; ++i) {
            ++t_.half_open;
            if (rng_.coin()) {
                quiet_tcp.push_back(std::make_unique<RawWs>(run_.server, t_, rng_));
            } else {
                quiet_ws.push_back(open("/ws"));
            }
        }
        std::this_thread::sleep_until(
            std::min(run_.ends, Clock::now() + seconds(1 + rng_.below(8))));
        // Still usable after the silence (well under the server's timeouts).
        for (auto& ws : quiet_ws) hello(*ws);
        for (auto& ws : quiet_tcp) {
            if (ws->handshake("/ws") != 101) {
                t_.find("wrong_reply", "an upgrade after a quiet TCP connection was refused");
                continue;
            }
            hello(*ws);
        }
    }

    // ---- reconnect storms with old tokens --------------------------------------------------

    void storm() {
        std::vector<OldSeat> seats;
        {
            std::lock_guard lock(run_.mutex);
            if (run_.finished.empty()) return;
            const auto n = std::min<std::size_t>(run_.finished.size(), 4 + rng_.below(20));
            for (std::size_t i = 0; i < n; ++i) {
                seats.push_back(
                    run_.finished[rng_.below(static_cast<std::uint32_t>(run_.finished.size()))]);
            }
        }
        t_.scenario("storm");
        std::vector<std::unique_ptr<RawWs>> conns;
        std::vector<OldSeat> live;
        for (auto& s : seats) {  // a room that expired (--room-ttl) keeps only its record
            auto ws = open("/ws/" + s.room, 0, true);
            if (!ws) continue;
            conns.push_back(std::move(ws));
            live.push_back(std::move(s));
        }
        seats.swap(live);
        // Every hello at once, then every answer.
        std::vector<std::int64_t> ids;
        for (std::size_t i = 0; i < seats.size(); ++i) {
            ids.push_back(++next_id_);
            conns[i]->send_text(json{
                {"cmd", "hello"},
                {"protocol", protocol::kProtocolVersion},
                {"token", seats[i].token},
                {"id", ids[i]}}.dump());
            ++t_.storm_hellos;
        }
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const json w = await_id(*conns[i], ids[i], "a hello in a reconnect storm");
            if (w.value("type", "") != "welcome" || w["you"].value("seat", -2) != seats[i].seat) {
                t_.find("wrong_reply", "a hello with an old token: " + clip(w.dump()));
                return;
            }
        }
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const auto& s = seats[i];
            const json got =
                expect(*conns[i], {{"cmd", "events"}, {"after", 0}}, "events", "events after 0");
            std::string why;
            if (got.value("last_event", std::int64_t{-1}) != s.last_event ||
                !contiguous(got["events"], 0, s.last_event, why)) {
                t_.find("wrong_reply", "events of finished room " + s.room + ": " + why);
            }
            if (!s.acked.empty()) {
                const auto& [id, action] =
                    s.acked[rng_.below(static_cast<std::uint32_t>(s.acked.size()))];
                const json again =
                    request(*conns[i], {{"cmd", "act"}, {"action_id", id}, {"action", action}},
                            "an old action id after the end");
                if (again.value("type", "") != "acted" || !again.value("repeat", false)) {
                    t_.find("repeat_applied", "old action id " + id + " in finished room " +
                                                  s.room + ": " + clip(again.dump()));
                } else {
                    ++t_.repeats_confirmed;
                }
            }
        }
        // A token is for its own room only.
        if (seats.size() >= 2 && seats[0].room != seats[1].room) {
            auto other = open("/ws/" + seats[1].room, 0, true);
            if (!other) return;
            const json refused = request(*other,
                                         {{"cmd", "hello"},
                                          {"protocol", protocol::kProtocolVersion},
                                          {"token", seats[0].token}},
                                         "a hello with another room's token");
            if (refused.value("type", "") != "error" ||
                refused["error"].value("code", "") != "bad_token") {
                t_.find("wrong_reply",
                        "a hello with another room's token: " + clip(refused.dump()));
            }
        }
        for (auto& c : conns) {
            if (rng_.coin()) {
                c->reset();
            } else {
                c->close_politely();
            }
        }
        // Nothing resent was applied: the records hold what they held.
        for (const auto& s : seats) {
            const auto answer = http_get(run_.server, "/rooms/" + s.room + "/record");
            const json record = json::parse(answer.body, nullptr, false);
            if (answer.status != 200 || !record.is_object()) {
                t_.find("lost_acks", "the record of finished room " + s.room + " is gone (HTTP " +
                                         std::to_string(answer.status) + ")");
                continue;
            }
            std::size_t total = 0;
            for (const auto& a : record["actions"]) {
                const std::string type = a["action"].value("type", "");
                if (type == "place" || type == "fire") ++total;
            }
            if (total != s.record_actions) {
                t_.find("duplicate_actions", "room " + s.room + " had " +
                                                 std::to_string(s.record_actions) +
                                                 " actions, now " + std::to_string(total));
            }
        }
    }

    json await_id(RawWs& ws, std::int64_t id, const std::string& what) {
        const auto until = Clock::now() + kReplyTimeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
            auto text = left.count() > 0 ? ws.next(left) : std::nullopt;
            if (!text) {
                t_.find(ws.closed() ? "dropped" : "no_reply", what);
                throw Abandon(what);
            }
            json m = json::parse(*text, nullptr, false);
            if (m.is_object() && m.value("id", json()) == id) return m;
        }
    }

    // ---- refusals ---------------------------------------------------------------------------

    void refusals() {
        t_.scenario("refusal");
        static const char* kPaths[] = {"/ws/ZZZZZ", "/ws/abc", "/ws/", "/nowhere", "/ws/ZZZZZ/x"};
        const std::string path = kPaths[rng_.below(5)];
        RawWs ws(run_.server, t_, rng_);
        const int status = ws.handshake(path);
        ++t_.refusals_checked;
        // 404 for what does not exist; 429 once an address tried too many unknown codes.
        if (status != 404 && status != 429) {
            t_.find("wrong_reply", "upgrade to " + path + " answered " + std::to_string(status));
        }
    }

    Run& run_;
    Tally& t_;
    Rng rng_;
    std::int64_t next_id_ = 0;
};

}  // namespace

json run_chaos(const ChaosConfig& config) {
    if (config.workers < 1 || config.workers > kChaosMaxWorkers) {
        throw std::runtime_error("--clients must be 1 to " + std::to_string(kChaosMaxWorkers) +
                                 " with --chaos");
    }
    if (!(config.duration_seconds > 0) || config.duration_seconds > kChaosMaxSeconds) {
        throw std::runtime_error("--duration must be more than 0 and at most a day with --chaos");
    }
    const auto [host, port] = parse_server_url(config.server);
    Run run{config, {}, {}, {}, {}, {}, {}};
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found) {
        throw std::runtime_error("cannot resolve " + host + " (the chaos client speaks IPv4)");
    }
    std::memcpy(&run.server, found->ai_addr, sizeof run.server);
    ::freeaddrinfo(found);
    if ((ntohl(run.server.sin_addr.s_addr) >> 24) != 127) {
        throw std::runtime_error(host +
                                 " is not a loopback address: the chaos client only ever targets "
                                 "this machine");
    }

    struct Memory {
        std::int64_t resident = -1;
        std::int64_t drops = -1;
    };
    const auto read_memory = [&] {
        Memory m;
        const auto answer = http_get(run.server, "/metrics");
        if (answer.status != 200) return m;
        m.resident = metric(answer.body, "process_resident_memory_bytes");
        m.drops = metric(answer.body, "broadside_send_queue_drops_total");
        return m;
    };
    const Memory before = read_memory();
    if (before.resident < 0) {
        throw std::runtime_error("no server answers GET /metrics at " + config.server);
    }
    const auto began = Clock::now();
    run.ends = began + milliseconds(static_cast<std::int64_t>(config.duration_seconds * 1000));
    std::vector<std::thread> threads;
    for (int i = 0; i < config.workers; ++i) {
        threads.emplace_back([&run, &config, i] {
            Worker(run, config.seed * 1'000'003ULL + static_cast<unsigned>(i)).loop();
        });
    }
    // The server's memory every few seconds: after the first quarter of the run (rooms, caches
    // and the allocator warmed up) it must not keep growing.
    std::int64_t warm = -1;
    std::int64_t peak = before.resident;
    std::vector<std::int64_t> by_minute;  // at the end of each whole minute of the run
    int unanswered = 0;
    while (Clock::now() < run.ends) {
        std::this_thread::sleep_for(std::min<Clock::duration>(seconds(5), run.ends - Clock::now()));
        const Memory now = read_memory();
        if (now.resident < 0) {
            if (++unanswered >= 3) run.tally.server_gone = true;
            continue;
        }
        unanswered = 0;
        peak = std::max(peak, now.resident);
        if (Clock::now() - began >= seconds(60) * static_cast<int>(by_minute.size() + 1)) {
            by_minute.push_back(now.resident);
        }
        if (warm < 0 && Clock::now() - began >= (run.ends - began) / 4) warm = now.resident;
    }
    for (auto& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - began).count();
    const auto health = http_get(run.server, "/healthz");
    if (health.status != 200) {
        run.tally.server_gone = true;
        run.tally.find("server_gone",
                       "GET /healthz after the run: HTTP " + std::to_string(health.status));
    }
    const Memory after = read_memory();
    if (run.tally.server_gone) {
        std::lock_guard lock(run.tally.mutex);
        if (!run.tally.findings.count("server_gone")) run.tally.findings["server_gone"] = 1;
    }
    auto& t = run.tally;
    std::lock_guard lock(t.mutex);
    std::int64_t total = 0;
    for (const auto& [kind, n] : t.findings) total += n;
    json findings = json::object();
    for (const char* kind : {"lost_acks", "duplicate_actions", "repeat_applied", "wrong_replies",
                             "no_reply", "dropped", "server_gone", "client_trouble"}) {
        findings[kind] = 0;
    }
    for (const auto& [kind, n] : t.findings)
        findings[kind == "wrong_reply" ? "wrong_replies" : kind] = n;
    return json{
        {"server", config.server},
        {"chaos", true},
        {"workers", config.workers},
        {"duration_s", elapsed},
        {"seed", config.seed},
        {"connections", t.connections.load()},
        {"peak_connections", t.peak.load()},
        {"frames_sent", t.frames_sent.load()},
        {"bad_frames_sent", t.bad_frames_sent.load()},
        {"messages_received", t.messages_received.load()},
        {"scenarios", t.scenarios},
        {"games_finished", t.games_finished.load()},
        {"actions_acknowledged", t.actions_acknowledged.load()},
        {"actions_checked_in_records", t.actions_checked_in_records.load()},
        {"repeats_confirmed", t.repeats_confirmed.load()},
        {"acks_lost_on_purpose_and_resent", t.lost_acks_resent.load()},
        {"reconnects", t.reconnects.load()},
        {"resets", t.resets.load()},
        {"slow_readers",
         {{"run", t.slow_readers.load()}, {"cut_off", t.slow_readers_cut_off.load()}}},
        {"half_open", t.half_open.load()},
        {"storm_hellos", t.storm_hellos.load()},
        {"refusals_checked", t.refusals_checked.load()},
        {"rate_limited", t.rate_limited.load()},
        {"findings", findings},
        {"errors", total},
        {"examples", t.examples},
        {"server_memory",
         {{"resident_before_bytes", before.resident},
          {"resident_warm_bytes", warm},
          {"resident_peak_bytes", peak},
          {"resident_after_bytes", after.resident},
          {"resident_by_minute_bytes", by_minute},
          {"send_queue_drops",
           after.drops >= 0 && before.drops >= 0 ? after.drops - before.drops : -1}}},
    };
}

}  // namespace broadside::client

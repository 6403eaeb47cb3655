// The network edge of `broadside serve`, in one translation unit because Beast compiles slowly:
// the listener, plain HTTP (health, metrics, record downloads, a landing page), and one
// WebSocket session per connection with its own strand and a bounded write queue. Everything
// about rooms lives in room.cpp and hub.cpp, which never see a socket.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "net/loop_lag.h"
#include "protocol/errors.h"
#include "protocol/raw_id.h"
#include "server/connection.h"
#include "server/frame.h"
#include "server/group_writer.h"
#include "server/hub.h"
#include "server/lan.h"
#include "server/metrics.h"
#include "server/party_stream.h"
#include "server/peer.h"
#include "server/postgres_storage.h"
#include "server/relay.h"
#include "server/replay_http.h"
#include "server/secrets.h"
#include "server/server.h"
#include "server/shared_lobby.h"
#include "server/static_files.h"
#include "server/storage_open.h"

namespace broadside::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using nlohmann::json;
using protocol::error_response;

namespace {

class Server;

// Connections per client address, for the cap.
class AddressCounts {
public:
    bool acquire(const std::string& address, int limit) {
        std::lock_guard lock(mutex_);
        int& n = counts_[address];
        if (n >= limit) return false;
        ++n;
        return true;
    }
    void release(const std::string& address) {
        std::lock_guard lock(mutex_);
        if (--counts_[address] <= 0) counts_.erase(address);
    }

private:
    std::mutex mutex_;
    std::map<std::string, int> counts_;
};

// Connections to room codes that do not exist, per client address and minute: past the cap an
// address is refused until its minute is over, so codes cannot be found by trying.
class FailedJoins {
public:
    bool blocked(const std::string& address, int limit) {
        std::lock_guard lock(mutex_);
        auto it = window_.find(address);
        if (it == window_.end()) return false;
        if (std::chrono::steady_clock::now() - it->second.first > std::chrono::minutes(1)) {
            window_.erase(it);
            return false;
        }
        return it->second.second >= limit;
    }
    void failed(const std::string& address) {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        auto [it, fresh] = window_.try_emplace(address, now, 0);
        if (now - it->second.first > std::chrono::minutes(1)) it->second = {now, 0};
        ++it->second.second;
        if (window_.size() > 100'000) window_.clear();  // bounded, whatever happens
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::pair<std::chrono::steady_clock::time_point, int>> window_;
};

class Session;

// Every WebSocket that has not started closing, so that the drain reaches those no room tells
// (the lobby's, and a room's that has not said hello yet: docs/server.md, SIGTERM tells every
// client) and waits until each has taken what was queued for it.
class OpenSessions {
public:
    void add(const std::shared_ptr<Session>& session) {
        std::lock_guard lock(mutex_);
        all_[session.get()] = session;
    }
    void remove(const Session* session) {
        std::lock_guard lock(mutex_);
        all_.erase(session);
    }
    // How many still have something to send (a session leaves the set once its close frame is
    // under way, its queue written, or its connection has finished).
    std::size_t count() const {
        std::lock_guard lock(mutex_);
        return all_.size();
    }
    std::vector<std::shared_ptr<Session>> live() const {
        std::vector<std::shared_ptr<Session>> out;
        std::lock_guard lock(mutex_);
        for (const auto& [key, weak] : all_) {
            if (auto session = weak.lock()) out.push_back(std::move(session));
        }
        return out;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_map<const Session*, std::weak_ptr<Session>> all_;
};

struct Shared {
    const ServerConfig& config;
    Hub& hub;
    Metrics& metrics;
    AddressCounts addresses;
    std::atomic<bool> draining{false};
    FailedJoins failed_joins;
    const StaticFiles& web;
    OpenSessions sessions{};
};

// The address a limit applies to: the peer's, or X-Forwarded-For's last hop when the peer is a
// trusted proxy (anyone else could write any address there).
std::string client_address(const Shared& shared, const tcp::socket& socket,
                           const http::request<http::string_body>& req) {
    beast::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    std::string peer = ec ? "unknown" : endpoint.address().to_string();
    const auto& trusted = shared.config.trusted_proxies;
    if (std::find(trusted.begin(), trusted.end(), peer) == trusted.end()) return peer;
    auto it = req.find("X-Forwarded-For");
    if (it == req.end()) return peer;
    std::string value(it->value());
    auto comma = value.rfind(',');
    std::string last = comma == std::string::npos ? value : value.substr(comma + 1);
    while (!last.empty() && last.front() == ' ') last.erase(0, 1);
    return last.empty() ? peer : last;
}

// A URL's origin as browsers write it: scheme and host in lower case, the port only when it is
// not the scheme's default, no path and no trailing slash ("HTTPS://Play.example.org:443/x/"
// is "https://play.example.org"). So a `--public-url` written either way matches.
std::string origin_of(std::string url) {
    std::transform(url.begin(), url.end(), url.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto scheme_end = url.find("://");
    if (scheme_end == std::string::npos) return url;
    const auto path = url.find('/', scheme_end + 3);
    if (path != std::string::npos) url.erase(path);
    const std::string scheme = url.substr(0, scheme_end);
    for (const auto& [name, port] : {std::pair{"http", ":80"}, std::pair{"https", ":443"}}) {
        const std::string suffix(port);
        if (scheme == name && url.size() > suffix.size() &&
            url.compare(url.size() - suffix.size(), suffix.size(), suffix) == 0) {
            url.erase(url.size() - suffix.size());
        }
    }
    return url;
}

// Browsers send Origin; a page from another site must not drive a player's seat. Allowed: the
// public URL's origin, the origin of the Host the browser itself asked for, and loopback.
bool origin_allowed(const Shared& shared, const http::request<http::string_body>& req) {
    auto it = req.find(http::field::origin);
    if (it == req.end()) return true;  // not a browser (bots, `broadside join`, tests)
    const std::string origin = origin_of(std::string(it->value()));
    if (!shared.config.public_url.empty() && origin == origin_of(shared.config.public_url)) {
        return true;
    }
    auto host = req.find(http::field::host);
    if (host != req.end() && (origin == origin_of("http://" + std::string(host->value())) ||
                              origin == origin_of("https://" + std::string(host->value())))) {
        return true;
    }
    for (const char* scheme : {"http://", "https://"}) {
        for (const char* local : {"127.0.0.1", "localhost", "[::1]"}) {
            const std::string prefix = std::string(scheme) + local;
            if (origin == prefix || origin.rfind(prefix + ":", 0) == 0) return true;
        }
    }
    return false;
}

// The kernel's send buffer of every accepted socket, in bytes (it reserves twice this).
constexpr int kSocketSendBuffer = 128 * 1024;

// How long a connection that is closing may take to receive what is queued and the close frame.
constexpr std::chrono::seconds kCloseGrace{10};

// One WebSocket connection. Its state (send queue, write in flight, rate limit, closing) is a
// Connection (connection.h), which decides every step; this class only carries the steps out on
// the socket, on the connection's strand. Every handler holds the session, so every buffer a
// pending operation uses (the message in flight, the read buffer) outlives the operation.
class Session final : public Peer, public std::enable_shared_from_this<Session> {
public:
    Session(tcp::socket&& socket, Shared& shared, std::string address, std::shared_ptr<Room> room)
        : ws_(std::move(socket)),
          shared_(shared),
          address_(std::move(address)),
          room_(std::move(room)),
          connection_(limits(shared.config), Connection::Clock::now()),
          close_timer_(ws_.get_executor()) {}

    ~Session() override {
        shared_.sessions.remove(this);
        shared_.addresses.release(address_);
        shared_.metrics.connections.fetch_sub(1);
    }

    void start(http::request<http::string_body> req) {
        shared_.sessions.add(shared_from_this());
        shared_.metrics.connections.fetch_add(1);
        shared_.metrics.connections_total.fetch_add(1);
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = std::chrono::seconds(shared_.config.idle_timeout_seconds);
        ws_.set_option(timeouts);
        ws_.read_message_max(shared_.config.max_frame_bytes);
        // permessage-deflate stays off: it costs hundreds of KB per connection.
        ws_.set_option(websocket::permessage_deflate{});
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "broadside"); }));
        ws_.async_accept(req, beast::bind_front_handler(&Session::on_accept, shared_from_this()));
    }

    void send(std::string text) override {
        net::post(ws_.get_executor(),
                  [self = shared_from_this(), text = std::move(text)]() mutable {
                      self->enqueue(std::move(text));
                  });
    }

    void close(const std::string& reason) override {
        net::post(ws_.get_executor(), [self = shared_from_this(), reason] {
            self->apply(self->connection_.close(reason));
        });
    }

    const std::string& address() const override { return address_; }

    // The drain, for a connection no room tells: the lobby's, or a room's before its hello
    // (a room tells the connections it holds itself: Room::shut_down). A room's greeted
    // connection may hold no place in it (its hello was refused): the room, on its strand,
    // tells the ones it does not hold.
    void shut_down_unless_a_room_does(const std::string& reason) {
        net::post(ws_.get_executor(), [self = shared_from_this(), reason] {
            if (self->connection_.closing() || self->connection_.is_finished()) return;
            if (self->room_ && self->connection_.greeted()) {
                self->room_->shut_down_unless_attached(self, reason);
                return;
            }
            self->enqueue(json{{"type", "shutdown"}, {"message", reason}}.dump());
            self->apply(self->connection_.close(reason));
        });
    }

private:
    static ConnectionLimits limits(const ServerConfig& config) {
        ConnectionLimits limits;
        limits.max_queued_bytes = config.max_queued_bytes;
        limits.messages_per_second = config.messages_per_second;
        limits.message_burst = config.message_burst;
        return limits;
    }

    void on_accept(beast::error_code ec) {
        if (ec) {
            finish();
            return;
        }
        apply(connection_.opened());  // what was queued during the handshake goes out now
        if (!connection_.is_finished()) read();
    }

    void read() {
        ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        // The frame is whole and off the socket: the clock of frame_to_ack starts here, before
        // the copy, the checks, the parse and the room's queue.
        const auto read_at = std::chrono::steady_clock::now();
        if (ec) {
            if (ec == websocket::error::message_too_big) {
                spdlog::info("closed a connection that sent a message over {} bytes",
                             shared_.config.max_frame_bytes);
            }
            finish();
            return;
        }
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        // An idle connection holds no read buffer: the next message allocates its own (the
        // frame's header is read into the stream's fixed buffer first). Ten thousand idle
        // players would otherwise keep 1.5 KB each.
        buffer_.shrink_to_fit();
        ReadOutcome outcome = connection_.read(text, !ws_.got_text(), Connection::Clock::now());
        if (!outcome.refused.empty()) {
            // Refused before any room saw it: an error reply is queued.
            shared_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
            if (outcome.refused == "rate_limited") {
                shared_.metrics.rate_limited.fetch_add(1, std::memory_order_relaxed);
            }
        }
        apply(outcome.step);
        if (outcome.request) {
            handle(std::move(*outcome.request), std::move(outcome.raw_id), read_at);
        }
        if (outcome.keep_reading && !connection_.is_finished()) read();
    }

    void handle(json request, std::string raw_id, std::chrono::steady_clock::time_point read_at) {
        if (room_) {
            room_->message(shared_from_this(), std::move(request), std::move(raw_id), read_at);
            return;
        }
        shared_.hub.lobby(shared_from_this(), request,
                          [self = shared_from_this(), raw_id](json response) {
                              std::optional<std::string_view> id;
                              if (!raw_id.empty()) id = raw_id;
                              self->send(protocol::dump_with_id(response, id));
                          });
    }

    void enqueue(std::string text) { apply(connection_.send(std::move(text))); }

    // Carries out what the connection decided. The write's buffer is the connection's message
    // in flight, which it keeps untouched until on_write.
    void apply(const ConnectionStep& step) {
        if (step.abort) {
            if (connection_.overflows() > 0) {
                // A client that does not read never grows the server's memory.
                shared_.metrics.send_queue_drops.fetch_add(1, std::memory_order_relaxed);
                spdlog::info(
                    "closed a connection from {} that did not read its replies (over "
                    "{} bytes waiting)",
                    address_, shared_.config.max_queued_bytes);
            }
            beast::error_code ignored;
            ws_.next_layer().close(ignored);
            finish();
            return;
        }
        if (step.start_write) {
            ws_.text(true);
            ws_.async_write(net::buffer(connection_.in_flight()),
                            beast::bind_front_handler(&Session::on_write, shared_from_this()));
        }
        if (step.start_close) {
            // Everything queued is written: the drain need not wait for the close handshake
            // (the kernel sends what it holds after the process exits).
            shared_.sessions.remove(this);
            ws_.async_close(
                websocket::close_reason(websocket::close_code::normal, connection_.close_reason()),
                [self = shared_from_this()](beast::error_code) { self->finish(); });
        }
        if (connection_.closing() && !close_timer_armed_ && !connection_.is_finished()) {
            // A client that does not read what is queued (so the close frame never goes out),
            // or never answers the close frame, is dropped after the grace, whatever it does.
            close_timer_armed_ = true;
            close_timer_.expires_after(kCloseGrace);
            close_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
                if (!ec) self->apply(self->connection_.close_timed_out());
            });
        }
    }

    void on_write(beast::error_code ec, std::size_t) { apply(connection_.write_done(!ec)); }

    void finish() {
        if (!connection_.finished()) return;
        // Nothing more to send: the drain at shutdown does not wait for it.
        shared_.sessions.remove(this);
        close_timer_.cancel();
        if (room_) {
            room_->detach(shared_from_this());
        } else {
            shared_.hub.forget(this);
        }
    }

    // Over the bare socket, not a tcp_stream: the WebSocket stream's own timeouts (handshake,
    // idle) are the ones used, and a tcp_stream's timers would cost 500 bytes a connection.
    websocket::stream<tcp::socket> ws_;
    beast::flat_buffer buffer_;
    Shared& shared_;
    std::string address_;
    std::shared_ptr<Room> room_;
    Connection connection_;
    net::steady_timer close_timer_;
    bool close_timer_armed_ = false;
};

const char* kLandingPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Broadside</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Broadside</h1>
<p>This is a Broadside server. The browser client was not found (build it: <code>cd web &amp;&amp; npm ci &amp;&amp;
npm run build</code>, or pass <code>--web DIR</code>); meanwhile play from a terminal with <code>broadside join CODE --server URL</code>, or connect a bot to the WebSocket
protocol described in docs/server.md.</p></body></html>
)";

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, Shared& shared)
        : stream_(std::move(socket)), shared_(shared) {}

    void run() {
        net::dispatch(stream_.get_executor(),
                      beast::bind_front_handler(&HttpSession::read, shared_from_this()));
    }

private:
    void read() {
        parser_.emplace();
        // The largest body any request may have, so that the header of a record posted for a
        // replay passes; on_header narrows it for every other request.
        parser_->body_limit(kReplayBodyLimit);
        parser_->header_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read_header(
            stream_, buffer_, *parser_,
            beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
    }

    // The header decides how large a body may be: only a record posted for a replay may be
    // larger than 16 KiB. Beast compares a stated Content-Length with the limit only as it
    // finishes the header, so the lowered limit binds chunked bodies alone: a stated length is
    // checked here. Either way nothing of a refused body is read.
    void on_header(beast::error_code ec, std::size_t) {
        if (read_failed(ec)) return;  // a stated length over even the replay's limit
        const auto& header = parser_->get();
        const auto target = header.target();
        if (header.method() != http::verb::post ||
            !is_replay_target(std::string_view(target.data(), target.size()))) {
            const auto length = parser_->content_length();
            if (length && *length > kRequestBodyLimit) {
                too_large();
                return;
            }
            parser_->body_limit(kRequestBodyLimit);
        }
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (read_failed(ec)) return;
        auto req = parser_->release();
        if (websocket::is_upgrade(req)) {
            upgrade(std::move(req));
            return;
        }
        respond(std::move(req));
    }

    // After a read of the header or the body: true when it failed, and then a body over its
    // limit (whatever the method) is answered 413 and anything else is closed.
    bool read_failed(beast::error_code ec) {
        if (!ec) return false;
        if (ec == http::error::body_limit) {
            too_large();
        } else {
            beast::error_code ignored;
            stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        }
        return true;
    }

    // 413 for a body over its limit, and the connection closes (the rest is never read).
    void too_large() {
        http::request<http::string_body> req;  // what a reply needs of it: its version
        req.version(parser_->get().version());
        reply(req, http::status::payload_too_large, "application/json",
              error_response("too_large",
                             "The request body is too large: a record for a replay may be "
                             "at most 2 MiB, any other body 16 KiB.")
                  .dump(),
              false);
    }

    void upgrade(http::request<http::string_body> req) {
        const std::string target(req.target());
        const std::string address = client_address(shared_, stream_.socket(), req);
        auto refuse = [&](http::status status, const std::string& why) {
            reply(req, status, "application/json", error_response("refused", why).dump(), false);
        };
        if (!origin_allowed(shared_, req)) {
            refuse(http::status::forbidden, "This origin may not connect to this server.");
            return;
        }
        Located where;
        if (target.rfind("/ws/", 0) == 0) {
            const std::string code = target.substr(4);
            if (shared_.failed_joins.blocked(address, shared_.config.max_failed_joins_per_minute)) {
                refuse(http::status::too_many_requests,
                       "Too many tries at room codes that do not exist from your address; wait "
                       "a minute (--max-failed-joins-per-minute).");
                return;
            }
            if (is_room_code(code)) where = shared_.hub.locate(code);
            if (!where.room && where.owner_url.empty() && !where.busy) {
                shared_.failed_joins.failed(address);
                refuse(http::status::not_found, "No room " + code + " on this server.");
                return;
            }
        } else if (target != "/ws") {
            refuse(http::status::not_found, "WebSockets are at /ws (the lobby) and /ws/CODE.");
            return;
        }
        if (shared_.draining) {
            refuse(http::status::service_unavailable, "The server is shutting down.");
            return;
        }
        if (!shared_.addresses.acquire(address, shared_.config.max_connections_per_address)) {
            refuse(http::status::too_many_requests,
                   "Too many connections from your address (--max-connections-per-address).");
            return;
        }
        if (!where.room && target != "/ws") {
            // A cluster's room that another node owns (docs/scaling.md).
            const auto give_up_at =
                std::chrono::steady_clock::now() +
                std::chrono::milliseconds(shared_.config.lease_ms + kTakeoverGrace);
            reach_owner(std::move(req), address, where, give_up_at);
            return;
        }
        stream_.expires_never();
        std::make_shared<Session>(stream_.release_socket(), shared_, address, std::move(where.room))
            ->start(std::move(req));
    }

    // How long past a lease's length a connection waits for a dead owner's room.
    static constexpr int kTakeoverGrace = 5000;
    // How long the owner may take to open a relayed WebSocket before it is taken for dead (a
    // paused node accepts TCP connections but never answers).
    static constexpr int kRelayTimeoutMs = 2000;

    // Relays to the room's owner, or, when it does not answer, waits for its lease to expire and
    // takes the room over; the address's connection slot is held throughout.
    void reach_owner(http::request<http::string_body> req, std::string address, Located where,
                     std::chrono::steady_clock::time_point give_up_at) {
        if (where.room) {
            stream_.expires_never();
            std::make_shared<Session>(stream_.release_socket(), shared_, address,
                                      std::move(where.room))
                ->start(std::move(req));
            return;
        }
        if (where.owner_url.empty() && !where.busy) {  // gone (expired) meanwhile
            shared_.addresses.release(address);
            reply(req, http::status::not_found, "application/json",
                  error_response("refused", "No room " + std::string(req.target()).substr(4) +
                                                " on this server.")
                      .dump(),
                  false);
            return;
        }
        if (where.busy)
            return wait_for_owner(std::move(req), std::move(address), where, give_up_at);
        RelayTarget relay_to{where.owner_url, std::string(req.target()), address,
                             shared_.config.max_frame_bytes, shared_.config.idle_timeout_seconds};
        open_relay(stream_.get_executor(), std::move(relay_to), kRelayTimeoutMs,
                   [self = shared_from_this(), req = std::move(req), address, where, give_up_at](
                       std::shared_ptr<Relay> relay, OwnerRefusal refusal) mutable {
                       if (!relay && refusal.status != 0) {
                           self->shared_.addresses.release(address);
                           self->reply(req, static_cast<http::status>(refusal.status),
                                       refusal.content_type, std::move(refusal.body), false);
                           return;
                       }
                       if (!relay) {
                           self->wait_for_owner(std::move(req), std::move(address), where,
                                                give_up_at);
                           return;
                       }
                       auto& metrics = self->shared_.metrics;
                       metrics.relayed_connections.fetch_add(1);
                       metrics.relayed_total.fetch_add(1);
                       self->stream_.expires_never();
                       relay->start(self->stream_.release_socket(), std::move(req),
                                    [&shared = self->shared_, address] {
                                        shared.metrics.relayed_connections.fetch_sub(1);
                                        shared.addresses.release(address);
                                    });
                   });
    }

    // The owner did not answer: try again once its lease may have expired (then this node takes
    // the room over), until the grace is over.
    void wait_for_owner(http::request<http::string_body> req, std::string address,
                        const Located& where, std::chrono::steady_clock::time_point give_up_at) {
        if (std::chrono::steady_clock::now() >= give_up_at || shared_.draining) {
            shared_.addresses.release(address);
            reply(req, http::status::service_unavailable, "application/json",
                  error_response("refused",
                                 "The server that holds this room is not answering and its "
                                 "lease has not expired; try again in a few seconds.")
                      .dump(),
                  false);
            return;
        }
        const auto wait = std::clamp<std::int64_t>(where.lease_left_ms + 50, 100, 1000);
        wait_timer_.expires_after(std::chrono::milliseconds(wait));
        wait_timer_.async_wait([self = shared_from_this(), req = std::move(req), address,
                                give_up_at](beast::error_code ec) mutable {
            if (ec) return;
            const std::string code = std::string(req.target()).substr(4);
            Located again = self->shared_.hub.locate(code);
            self->reach_owner(std::move(req), std::move(address), std::move(again), give_up_at);
        });
    }

    void respond(http::request<http::string_body> req) {
        const std::string target(req.target());
        if (req.method() == http::verb::post && is_replay_target(target)) {
            auto [status, body] = replay_answer(target, req.body());
            reply(req, static_cast<http::status>(status), "application/json", std::move(body),
                  true);
        } else if (req.method() != http::verb::get && req.method() != http::verb::head) {
            reply(req, http::status::method_not_allowed, "text/plain", "GET only\n", true);
        } else if (target == "/healthz") {
            const bool draining = shared_.draining.load();
            json health{{"status", draining ? "draining" : "ok"},
                        {"connections", shared_.metrics.connections.load()}};
            if (!shared_.config.node.empty()) health["node"] = shared_.config.node;
            reply(req, draining ? http::status::service_unavailable : http::status::ok,
                  "application/json", health.dump() + "\n", true);
        } else if (target == "/metrics") {
            reply(req, http::status::ok, "text/plain; version=0.0.4",
                  shared_.metrics.text(shared_.hub.rooms_by_game()), true);
        } else if (target == "/api/rooms") {
            std::promise<json> listed;
            shared_.hub.lobby(nullptr, {{"cmd", "rooms"}},
                              [&](json rooms) { listed.set_value(std::move(rooms)); });
            reply(req, http::status::ok, "application/json", listed.get_future().get().dump(),
                  true);
        } else if (target.rfind("/rooms/", 0) == 0 && target.size() > 14 &&
                   target.substr(target.size() - 7) == "/record") {
            const std::string code = target.substr(7, target.size() - 14);
            auto answer = [self = shared_from_this(), req, code](json record) {
                if (record.is_object() && record.value("type", "") == "error") {  // no database
                    self->reply(req, http::status::service_unavailable, "application/json",
                                record.dump(), true);
                } else if (record.is_null()) {
                    self->reply(
                        req, http::status::not_found, "application/json",
                        error_response("no_record", "No finished game in room " + code + ".")
                            .dump(),
                        true);
                } else {
                    self->reply(
                        req, http::status::ok, "application/json", record.dump(), true,
                        "attachment; filename=\"broadside-" + normalise_code(code) + ".json\"");
                }
            };
            if (!is_room_code(code)) return answer(nullptr);
            // The live room answers on its strand: back to this connection's before writing.
            shared_.hub.record(code, [self = shared_from_this(), answer](json record) {
                net::post(
                    self->stream_.get_executor(),
                    [answer, record = std::move(record)]() mutable { answer(std::move(record)); });
            });
        } else if (const StaticFile* file = shared_.web.find(target)) {
            send_file(req, *file);
        } else if (shared_.web.empty() && (target == "/" || target.rfind("/r/", 0) == 0)) {
            reply(req, http::status::ok, "text/html; charset=utf-8", kLandingPage, true);
        } else {
            reply(req, http::status::not_found, "text/plain", "not found\n", true);
        }
    }

    // A file of the browser client, gzipped when the browser accepts it and the build made a
    // .gz (every text file), with the cache policy of its kind (see static_files.h).
    void send_file(const http::request<http::string_body>& req, const StaticFile& file) {
        auto res =
            std::make_shared<http::response<http::string_body>>(http::status::ok, req.version());
        res->set(http::field::server, "broadside");
        res->set(http::field::content_type, file.content_type);
        res->set(http::field::cache_control, file.cache_control);
        res->set(http::field::vary, "Accept-Encoding");
        res->set("X-Content-Type-Options", "nosniff");
        const bool gzip =
            !file.gzipped.empty() &&
            std::string(req[http::field::accept_encoding]).find("gzip") != std::string::npos;
        if (gzip) res->set(http::field::content_encoding, "gzip");
        res->keep_alive(req.keep_alive());
        if (req.method() != http::verb::head) res->body() = gzip ? file.gzipped : file.body;
        res->prepare_payload();
        if (req.method() == http::verb::head)
            res->content_length((gzip ? file.gzipped : file.body).size());
        write(res);
    }

    void reply(const http::request<http::string_body>& req, http::status status,
               const std::string& type, std::string body, bool keep_going,
               const std::string& disposition = "") {
        auto res = std::make_shared<http::response<http::string_body>>(status, req.version());
        res->set(http::field::server, "broadside");
        res->set(http::field::content_type, type);
        res->set(http::field::cache_control, "no-store");
        if (!disposition.empty()) res->set(http::field::content_disposition, disposition);
        res->keep_alive(keep_going && req.keep_alive());
        if (req.method() != http::verb::head) res->body() = std::move(body);
        res->prepare_payload();
        write(res);
    }

    void write(const std::shared_ptr<http::response<http::string_body>>& res) {
        http::async_write(
            stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                if (ec) return;
                if (res->keep_alive()) {
                    self->read();
                } else {
                    beast::error_code ignored;
                    self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                }
            });
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Shared& shared_;
    net::steady_timer wait_timer_{stream_.get_executor()};
};

class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(net::io_context& ioc, tcp::endpoint endpoint, Shared& shared)
        : ioc_(ioc), acceptor_(ioc), shared_(shared) {
        acceptor_.open(endpoint.protocol());
        acceptor_.set_option(net::socket_base::reuse_address(true));
        acceptor_.bind(endpoint);
        acceptor_.listen(net::socket_base::max_listen_connections);
    }
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run() { accept(); }
    void stop() {
        net::post(acceptor_.get_executor(), [self = shared_from_this()] {
            beast::error_code ignored;
            self->acceptor_.close(ignored);
        });
    }

private:
    void accept() {
        acceptor_.async_accept(net::make_strand(ioc_),
                               beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }
    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
        if (!ec) {
            socket.set_option(tcp::no_delay(true), ec);
            // A fixed send buffer, so a client that does not read holds at most this much of the
            // kernel's memory (autotuning would let it grow to megabytes per connection) beside
            // its --max-queued-bytes. A game's messages are small: at 200 ms of round trip this
            // still carries over 600 KB a second.
            socket.set_option(net::socket_base::send_buffer_size(kSocketSendBuffer), ec);
            std::make_shared<HttpSession>(std::move(socket), shared_)->run();
        } else if (ec == net::error::no_descriptors) {
            // Out of file descriptors: wait a moment rather than spin.
            spdlog::warn("accept: out of file descriptors");
            auto timer = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(100));
            timer->async_wait(
                [self = shared_from_this(), timer](beast::error_code) { self->accept(); });
            return;
        }
        accept();
    }

    net::io_context& ioc_;
    tcp::acceptor acceptor_;
    Shared& shared_;
};

}  // namespace

int run_server(const ServerConfig& config) {
    // spdlog's registry is made on first use. Made here, before any network thread logs: from
    // two threads at once its construction (inside the uninstrumented libspdlog) is reported by
    // ThreadSanitizer as a race on the default logger's name.
    // Its logs go to standard error (docs/server.md): standard output is for what the person who
    // started it reads (where it listens, the link and the QR code of `--lan`).
    spdlog::set_default_logger(std::make_shared<spdlog::logger>(
        "", std::make_shared<spdlog::sinks::stderr_color_sink_mt>()));
    // A peer that goes away mid-write must not kill the server: hiredis writes with write(2),
    // which raises SIGPIPE on a socket Redis closed (Asio and libpq already avoid it).
    std::signal(SIGPIPE, SIG_IGN);
    // Declared first, so it outlives the rooms whose bots' strands it runs.
    net::thread_pool bot_pool(static_cast<std::size_t>(std::max(1, config.bot_threads)));

    std::unique_ptr<Storage> storage;
    try {
        storage = open_storage(config.db, config.data, config.durability);
    } catch (const std::exception& e) {
        // One line: libpq's reason spans two ("...refused\n\tIs the server running...").
        std::string reason = e.what();
        std::replace(reason.begin(), reason.end(), '\n', ' ');
        std::replace(reason.begin(), reason.end(), '\t', ' ');
        while (!reason.empty() && reason.back() == ' ') reason.pop_back();
        for (auto at = reason.find("  "); at != std::string::npos; at = reason.find("  ", at)) {
            reason.erase(at, 1);
        }
        std::cerr << "broadside serve: cannot open the database "
                  << (config.db.empty() ? "in " + config.data : redact_database_url(config.db))
                  << ": " << reason << "\n";
        return 1;
    }
    auto* postgres = dynamic_cast<PostgresStorage*>(storage.get());
    if (!config.node.empty() && !postgres) {
        std::cerr << "broadside serve: --node needs a PostgreSQL --db (a cluster's nodes share "
                     "one database)\n";
        return 2;
    }
    Metrics metrics;
    GroupWriter writer(
        *storage, [&metrics](double seconds, std::size_t) { metrics.commit.observe(seconds); });
    // The network context is destroyed explicitly at the end, while everything its pending
    // handlers refer to (the hub, the counters, the limits) still exists.
    auto context = std::make_unique<net::io_context>(config.threads);
    net::io_context& ioc = *context;

    ServerConfig effective = config;
    RoomServices services;
    services.io = ioc.get_executor();
    services.bots = bot_pool.get_executor();
    services.writer = &writer;
    services.metrics = &metrics;
    services.fatal = [](const std::string& why) {
        spdlog::critical("stopping at once: {}", why);
        std::_Exit(3);
    };
    HubLimits limits;
    limits.max_rooms = config.max_rooms;
    limits.room_ttl_ms = config.room_ttl_seconds * 1000;
    limits.max_open_rooms_per_address = config.max_rooms_per_address;
    Hub hub(services, *storage, limits, config.node.empty() ? nullptr : postgres);
    writer.on_outage([&hub](bool down) { hub.tell_storage_state(down); });
    std::unique_ptr<SharedLobby> shared_lobby;
    if (!config.redis.empty()) {
        shared_lobby = std::make_unique<SharedLobby>(config.redis, config.node,
                                                     [&hub] { return hub.local_open_rooms(); });
        hub.share_lobby(shared_lobby.get());
    }
    // A party's phones on every node (docs/scaling.md, "A party over every node"): with Redis,
    // an open party room's commits are published to its Stream, and other nodes serve its
    // phones from replicas.
    std::unique_ptr<PartyStreams> party_streams;
    if (!config.redis.empty() && postgres && !config.node.empty()) {
        party_streams = std::make_unique<PartyStreams>(config.redis, *postgres, metrics);
        services.streams = party_streams.get();
    }
    const StaticFiles web(config.web_root);
    Shared shared{effective, hub, metrics, {}, {}, {}, web};

    std::shared_ptr<Listener> listener;
    try {
        listener = std::make_shared<Listener>(
            ioc, tcp::endpoint(net::ip::make_address(config.bind), config.port), shared);
    } catch (const std::exception& e) {
        std::cerr << "broadside serve: cannot listen on " << config.bind << ":" << config.port
                  << ": " << e.what() << "\n";
        return 1;
    }
    const unsigned short port = listener->port();
    if (effective.public_url.empty() && config.lan) {
        const auto address = lan_address();
        if (!address) {
            std::cerr << "broadside serve: --lan found no network address on this machine; "
                         "give one with --public-url\n";
            return 1;
        }
        effective.public_url = "http://" + *address + ":" + std::to_string(port);
    }
    const bool v6 = config.bind.find(':') != std::string::npos;
    // Where it listens, port and all, whatever the links say (with `--port 0` this is the one
    // place the chosen port is printed: docs/server.md, `--port`).
    const std::string bound_url =
        "http://" + (v6 ? "[" + config.bind + "]" : config.bind) + ":" + std::to_string(port);
    if (effective.public_url.empty()) effective.public_url = bound_url;
    services.public_url = effective.public_url;
    if (!config.node.empty()) {
        std::string advertise = config.advertise_url;
        if (advertise.empty()) {
            const bool any = config.bind == "0.0.0.0" || config.bind == "::";
            const std::string host =
                any ? "127.0.0.1" : (v6 ? "[" + config.bind + "]" : config.bind);
            advertise = "http://" + host + ":" + std::to_string(port);
            // Right for nodes on one machine; nodes on other machines would relay to their own
            // loopback, so say so where the operator looks first.
            if (any) {
                spdlog::warn(
                    "cluster node {} advertises {} (no --advertise with --bind {}): only nodes "
                    "on this machine can reach it; give --advertise http://ADDRESS:{} for a "
                    "cluster of several machines",
                    config.node, advertise, config.bind, port);
            }
        }
        try {
            postgres->join_cluster(config.node, advertise, config.lease_ms);
        } catch (const std::exception& e) {
            std::cerr << "broadside serve: cannot join the cluster as " << config.node << ": "
                      << e.what() << "\n";
            return 1;
        }
    }
    const std::size_t restored = hub.restore();
    listener->run();
    // A cluster's leases are renewed every third of their length, on a thread of their own: a
    // busy network loop must not let them lapse, nor a slow database stall the loop.
    std::atomic<bool> renewing{!config.node.empty()};
    std::mutex renew_mutex;
    std::condition_variable renew_wake;
    std::thread renewer;
    if (renewing) {
        renewer = std::thread([&] {
            std::unique_lock lock(renew_mutex);
            while (renewing) {
                renew_wake.wait_for(lock, std::chrono::milliseconds(config.lease_ms / 3),
                                    [&] { return !renewing; });
                if (!renewing) break;
                lock.unlock();
                try {
                    hub.renew_leases();
                } catch (const std::exception& e) {
                    spdlog::error("renewing this node's leases: {}", e.what());
                }
                lock.lock();
            }
        });
    }
    auto stop_renewing = [&] {
        {
            std::lock_guard lock(renew_mutex);
            renewing = false;
        }
        renew_wake.notify_all();
        if (renewer.joinable()) renewer.join();
    };

    std::thread drainer;
    auto signals_owner = std::make_unique<net::signal_set>(ioc, SIGINT, SIGTERM);
    auto expiry_owner = std::make_unique<net::steady_timer>(ioc);
    auto& signals = *signals_owner;
    auto& expiry = *expiry_owner;
    std::function<void()> schedule_expiry = [&] {
        // Every minute, or twice per TTL when it is shorter (a TTL of seconds is for tests).
        expiry.expires_after(
            std::chrono::seconds(std::clamp<std::int64_t>(config.room_ttl_seconds / 2, 1, 60)));
        expiry.async_wait([&](beast::error_code ec) {
            if (ec) return;
            hub.expire_idle();
            schedule_expiry();
        });
    };
    schedule_expiry();
    auto loop_lag = std::make_shared<eventloop::LoopLagProbe>(
        ioc.get_executor(), std::chrono::milliseconds(10),
        [&metrics](std::chrono::steady_clock::duration late) {
            metrics.loop_lag.observe(std::chrono::duration<double>(late).count());
        });
    loop_lag->start();
    signals.async_wait([&](beast::error_code, int signal) {
        spdlog::info("signal {}: draining", signal);
        shared.draining = true;
        hub.stop_creating();
        listener->stop();
        expiry.cancel();
        loop_lag->stop();
        // Every room tells its clients and closes their connections after what is queued;
        // the writer then commits what is pending, and the process exits 0.
        const std::string stopping =
            "The server is stopping; reconnect with your token when it is back.";
        hub.shut_down_rooms(stopping);
        for (const auto& session : shared.sessions.live()) {
            session->shut_down_unless_a_room_does(stopping);
        }
        drainer = std::thread([&] {
            writer.flush();
            // Every WebSocket was told and is closing: wait until each has taken what was
            // queued for it and its close frame is under way (one that reads nothing is dropped
            // after the closing grace), so that a client slow to read still gets its shutdown.
            // The loop keeps running meanwhile: a keep-alive /healthz answers "draining".
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            const auto give_up =
                std::chrono::steady_clock::now() + kCloseGrace + std::chrono::seconds(1);
            while (shared.sessions.count() > 0 && std::chrono::steady_clock::now() < give_up) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
            writer.flush();
            // A cluster's node hands its rooms on at once: their next connections, on other
            // nodes, take them over without waiting for the leases to expire.
            stop_renewing();
            try {
                hub.release_leases();
            } catch (const std::exception& e) {
                spdlog::warn("releasing this node's leases: {}", e.what());
            }
            ioc.stop();
        });
    });

    std::cout << "Broadside server listening on " << bound_url << " ("
              << (effective.public_url == bound_url ? ""
                                                    : "links use " + effective.public_url + ", ")
              << (config.db.empty() ? "data in " + config.data
                                    : "database " + redact_database_url(config.db))
              << ", " << restored << " rooms restored)" << std::endl;
    if (config.on_listening) config.on_listening(effective.public_url);
    if (web.empty()) {
        std::cout << "The browser client was not found (cd web && npm ci && npm run build, or "
                     "--web DIR); terminals can play: broadside join --new classic --server "
                  << effective.public_url << std::endl;
    } else {
        std::cout << "Open " << effective.public_url << "/ in a browser to play" << std::endl;
    }
    std::vector<std::thread> threads;
    for (int i = 1; i < config.threads; ++i) threads.emplace_back([&] { ioc.run(); });
    ioc.run();
    for (auto& t : threads) t.join();
    if (drainer.joinable()) drainer.join();
    stop_renewing();
    bot_pool.stop();
    bot_pool.join();
    writer.flush();
    services.streams = nullptr;  // nothing runs on a strand any more
    party_streams.reset();
    signals_owner.reset();
    expiry_owner.reset();
    loop_lag.reset();
    listener.reset();
    hub.forget_rooms();
    context.reset();
    std::cout << "Broadside server stopped; everything acknowledged is saved." << std::endl;
    return 0;
}

}  // namespace broadside::server

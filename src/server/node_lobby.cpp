#include "server/node_lobby.h"

#include <atomic>
#include <chrono>
#include <deque>

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace broadside::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using nlohmann::json;

std::pair<std::string, std::string> node_host_and_port(const std::string& url) {
    std::string rest = url;
    if (rest.rfind("http://", 0) == 0) rest = rest.substr(7);
    if (const auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
    const auto colon = rest.rfind(':');
    if (colon == std::string::npos || rest.empty()) return {rest, "80"};
    std::string host = rest.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
        host = host.substr(1, host.size() - 2);
    }
    return {host, rest.substr(colon + 1)};
}

namespace {

// Lobby answers are small (200 rooms at most); a node that sends more is wrong.
constexpr std::size_t kAnswerLimit = 1024 * 1024;

// Where a node connects on another, and as whom.
struct NodeTarget {
    std::string url;     // the other node, "http://host:port"
    std::string path;    // "/ws" (its lobby) or "/ws/CODE" (a room)
    json hello;          // the hello's fields beyond cmd, protocol and id
    std::string client;  // sent as X-Forwarded-For when not empty (the phone's address)
    std::size_t read_limit = kAnswerLimit;
};

// The steps every use shares, on one strand: connect within a deadline, say hello (id 0), then
// read every message. A subclass is told `greeted()` once welcomed, then `answered()` for each
// message carrying a whole-number id above 0, `notice()` for each without an id, and `ended()`
// once if anything fails first; it sends with `send()` and stops with `close()`.
class NodeLobby : public std::enable_shared_from_this<NodeLobby> {
public:
    NodeLobby(net::any_io_executor strand, std::string url)
        : NodeLobby(strand, NodeTarget{std::move(url), "/ws", json::object(), "", kAnswerLimit}) {}
    NodeLobby(net::any_io_executor strand, NodeTarget target)
        : url_(std::move(target.url)),
          target_(std::move(target)),
          resolver_(strand),
          ws_(strand),
          deadline_(strand) {}
    virtual ~NodeLobby() = default;

    void start(int timeout_ms, bool keep_alive_pings) {
        deadline_.expires_after(std::chrono::milliseconds(timeout_ms));
        deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->fail("no answer in time");
        });
        const auto [host, port] = node_host_and_port(url_);
        host_ = host + ":" + port;
        resolver_.async_resolve(
            host, port,
            [self = shared_from_this(), keep_alive_pings](beast::error_code ec,
                                                          tcp::resolver::results_type found) {
                if (ec) return self->fail(ec.message());
                net::async_connect(
                    self->ws_.next_layer(), found,
                    [self, keep_alive_pings](beast::error_code connected, const tcp::endpoint&) {
                        if (connected) return self->fail(connected.message());
                        self->handshake(keep_alive_pings);
                    });
            });
    }

protected:
    virtual void greeted() = 0;
    virtual void answered(int id, json message) = 0;
    virtual void ended(const std::string& why) = 0;
    virtual void notice(json) {}
    // The other node answered the upgrade with `status` (not 101) and `body`. Unless a subclass
    // passes it on, it ends the connection like any failure.
    virtual void refused(unsigned status, const std::string&) {
        fail("WebSocket refused (" + std::to_string(status) + ")");
    }

    // Queued: an answer may arrive before the write that asked has finished, and a stream
    // takes one write at a time.
    void send(json message) {
        outbox_.push_back(message.dump());
        if (outbox_.size() == 1) write_next();
    }

    // No more deadline: from now on only the connection's own end (or pings) stops it.
    void no_deadline() { deadline_.cancel(); }

    void close() {
        closed_ = true;
        deadline_.cancel();
        resolver_.cancel();
        beast::error_code ignored;
        ws_.next_layer().close(ignored);  // a lobby connection holds nothing: no close handshake
    }

    const std::string& url() const { return url_; }

private:
    void handshake(bool keep_alive_pings) {
        ws_.read_message_max(target_.read_limit);
        if (keep_alive_pings) {
            // A waiting quick match is silent for minutes: pings tell a live node from a paused
            // one.
            websocket::stream_base::timeout timeouts{};
            timeouts.handshake_timeout = std::chrono::seconds(5);
            timeouts.idle_timeout = std::chrono::seconds(4);
            timeouts.keep_alive_pings = true;
            ws_.set_option(timeouts);
        }
        ws_.set_option(websocket::stream_base::decorator(
            [client = target_.client](websocket::request_type& req) {
                req.set(http::field::user_agent, "broadside-node");
                if (!client.empty()) req.set("X-Forwarded-For", client);
            }));
        ws_.async_handshake(
            answer_, host_, target_.path, [self = shared_from_this()](beast::error_code ec) {
                if (ec == websocket::error::upgrade_declined && !self->closed_) {
                    return self->refused(self->answer_.result_int(), self->answer_.body());
                }
                if (ec) return self->fail(ec.message());
                json hello = self->target_.hello;
                hello["cmd"] = "hello";
                hello["protocol"] = 2;
                hello["id"] = 0;
                self->send(std::move(hello));
                self->read();
            });
    }

    void write_next() {
        ws_.async_write(net::buffer(outbox_.front()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return self->fail(ec.message());
                            self->outbox_.pop_front();
                            if (!self->outbox_.empty() && !self->closed_) self->write_next();
                        });
    }

    // One read at a time, for as long as the connection lasts (writes go on beside it).
    void read() {
        ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->fail(ec.message());
            auto message = json::parse(beast::buffers_to_string(self->in_.data()), nullptr, false);
            self->in_.consume(self->in_.size());
            const bool numbered =
                message.is_object() && message.contains("id") && message["id"].is_number_integer();
            if (numbered && message["id"].get<int>() == 0) {
                if (message.value("type", "") != "welcome") return self->fail("hello refused");
                self->greeted();
            } else if (numbered) {
                const int id = message["id"].get<int>();
                self->answered(id, std::move(message));
            } else if (message.is_object() && !message.contains("id")) {
                self->notice(std::move(message));
            }
            if (!self->closed_) self->read();
        });
    }

    void fail(const std::string& why) {
        if (closed_) return;
        spdlog::info("node {}: {}", url_, why);
        close();
        ended(why);
    }

    std::string url_;
    NodeTarget target_;
    std::string host_;
    std::deque<std::string> outbox_;  // the front is being written
    tcp::resolver resolver_;
    websocket::stream<tcp::socket> ws_;
    net::steady_timer deadline_;
    beast::flat_buffer in_;
    websocket::response_type answer_;  // the other node's answer to the upgrade
    bool closed_ = false;
};

// What a client is told when another node refused the WebSocket passed on for it: that node's
// own JSON error (code `refused`, its message naming the cap), or one saying as much.
json refusal_answer(unsigned status, const std::string& body) {
    auto message = json::parse(body, nullptr, false);
    if (message.is_object() && message.value("type", "") == "error") return message;
    return {{"type", "error"},
            {"error",
             {{"code", "refused"},
              {"message", "Another server of this cluster refused your request (HTTP " +
                              std::to_string(status) + ")."}}}};
}

// `ask_node`: question k is sent with id k + 1 once question k - 1 is answered.
class NodeQuery final : public NodeLobby {
public:
    NodeQuery(net::any_io_executor strand, std::string url, std::vector<json> questions,
              std::function<void(std::vector<json>)> done)
        : NodeLobby(strand, std::move(url)),
          questions_(std::move(questions)),
          done_(std::move(done)) {}

private:
    void greeted() override { next(); }

    void answered(int id, json message) override {
        if (id != static_cast<int>(answers_.size()) + 1) return;  // not the question asked
        answers_.push_back(std::move(message));
        next();
    }

    void ended(const std::string&) override { finish(); }

    void next() {
        if (answers_.size() == questions_.size()) {
            close();
            return finish();
        }
        json question = questions_[answers_.size()];
        question["id"] = static_cast<int>(answers_.size()) + 1;
        send(std::move(question));
    }

    // Hands over the answers, null for each that did not come.
    void finish() {
        if (!done_) return;
        auto done = std::move(done_);
        done_ = nullptr;
        std::vector<json> answers = std::move(answers_);
        answers.resize(questions_.size());
        done(std::move(answers));
    }

    std::vector<json> questions_;
    std::vector<json> answers_;
    std::function<void(std::vector<json>)> done_;
};

// `forward_lobby_request`: the request goes with id 1; its answers come back until one that is
// not `waiting`.
class Forward final : public NodeLobby, public LobbyForward {
public:
    Forward(net::any_io_executor strand, NodeTarget target, json request,
            std::function<void(json)> on_answer, std::function<void()> on_lost)
        : NodeLobby(strand, std::move(target)),
          strand_(strand),
          request_(std::move(request)),
          on_answer_(std::move(on_answer)),
          on_lost_(std::move(on_lost)) {}

    bool finished() const override { return finished_.load(std::memory_order_acquire); }

    void cancel() override {
        finished_.store(true, std::memory_order_release);
        net::dispatch(strand_, [self = shared_from_this(), this] {
            on_answer_ = nullptr;
            on_lost_ = nullptr;
            close();
        });
    }

private:
    void greeted() override {
        no_deadline();
        json request = request_;
        request["id"] = 1;
        send(std::move(request));
    }

    void answered(int id, json message) override {
        if (id != 1 || !on_answer_) return;
        message.erase("id");  // whoever answers the client puts the client's own id back
        if (message.value("type", "") == "waiting") return on_answer_(std::move(message));
        finish(std::move(message));
    }

    // The other node refused the client (its per-address caps, counted on the client's address
    // from X-Forwarded-For): that is the final answer. Asking again would be refused again.
    void refused(unsigned status, const std::string& body) override {
        if (!refusal_is_about_the_client(status) || !on_answer_) {
            return NodeLobby::refused(status, body);
        }
        finish(refusal_answer(status, body));
    }

    void finish(json message) {
        finished_.store(true, std::memory_order_release);
        auto on_answer = std::move(on_answer_);
        on_answer_ = nullptr;
        on_lost_ = nullptr;
        close();
        on_answer(std::move(message));
    }

    void ended(const std::string&) override {
        if (!on_lost_) return;
        finished_.store(true, std::memory_order_release);
        auto on_lost = std::move(on_lost_);
        on_lost_ = nullptr;
        on_answer_ = nullptr;
        on_lost();
    }

    net::any_io_executor strand_;
    json request_;
    std::function<void(json)> on_answer_;
    std::function<void()> on_lost_;
    std::atomic<bool> finished_{false};  // read by the hub, on other threads
};

// `open_upstream`: requests wait until the owner has welcomed the connection, then go in order.
class Upstream final : public NodeLobby, public UpstreamLink {
public:
    Upstream(net::any_io_executor strand, NodeTarget target, std::function<void(json)> on_message,
             std::function<void(std::string, json)> on_lost)
        : NodeLobby(strand, std::move(target)),
          strand_(strand),
          on_message_(std::move(on_message)),
          on_lost_(std::move(on_lost)) {}

    void send_request(json request) override {
        net::dispatch(strand_, [self = shared_from_this(), this, request = std::move(request)] {
            if (!on_message_) return;
            if (greeted_) return send(request);
            waiting_.push_back(request);
        });
    }

    void cancel() override {
        net::dispatch(strand_, [self = shared_from_this(), this] {
            on_message_ = nullptr;
            on_lost_ = nullptr;
            close();
        });
    }

private:
    void greeted() override {
        no_deadline();
        greeted_ = true;
        for (auto& request : waiting_) send(std::move(request));
        waiting_.clear();
    }
    void answered(int, json message) override {
        if (on_message_) on_message_(std::move(message));
    }
    void notice(json message) override {
        if (on_message_) on_message_(std::move(message));
    }
    // The owner refused the WebSocket for the phone's address (its per-address caps): not a lost
    // owner, and the phone is told why.
    void refused(unsigned status, const std::string& body) override {
        if (refusal_is_about_the_client(status)) refusal_ = refusal_answer(status, body);
        NodeLobby::refused(status, body);
    }
    void ended(const std::string& why) override {
        on_message_ = nullptr;
        if (!on_lost_) return;
        auto on_lost = std::move(on_lost_);
        on_lost_ = nullptr;
        on_lost(why, std::move(refusal_));
    }

    net::any_io_executor strand_;
    std::function<void(json)> on_message_;
    std::function<void(std::string, json)> on_lost_;
    json refusal_;  // null unless the owner refused the phone
    bool greeted_ = false;
    std::vector<json> waiting_;
};

}  // namespace

std::shared_ptr<UpstreamLink> open_upstream(net::any_io_executor executor, std::string owner_url,
                                            std::string path, json hello, std::string client,
                                            int connect_timeout_ms,
                                            std::function<void(json)> on_message,
                                            std::function<void(std::string, json)> on_lost) {
    // A reply may be a room's whole record (megabytes in a party of thousands).
    NodeTarget target{std::move(owner_url), std::move(path), std::move(hello), std::move(client),
                      64 * 1024 * 1024};
    auto upstream = std::make_shared<Upstream>(net::make_strand(executor), std::move(target),
                                               std::move(on_message), std::move(on_lost));
    upstream->start(connect_timeout_ms, true);
    return upstream;
}

void ask_node(net::any_io_executor executor, std::string node_url, std::vector<json> questions,
              int timeout_ms, std::function<void(std::vector<json>)> done) {
    // Its own strand: the deadline and the socket's handlers never run at once.
    auto query = std::make_shared<NodeQuery>(net::make_strand(executor), std::move(node_url),
                                             std::move(questions), std::move(done));
    query->start(timeout_ms, false);
}

std::shared_ptr<LobbyForward> forward_lobby_request(net::any_io_executor executor,
                                                    std::string node_url, json request,
                                                    std::string client, int connect_timeout_ms,
                                                    std::function<void(json)> on_answer,
                                                    std::function<void()> on_lost) {
    NodeTarget target{std::move(node_url), "/ws", json::object(), std::move(client), kAnswerLimit};
    auto forward =
        std::make_shared<Forward>(net::make_strand(executor), std::move(target), std::move(request),
                                  std::move(on_answer), std::move(on_lost));
    forward->start(connect_timeout_ms, true);
    return forward;
}

}  // namespace broadside::server

#include "server/lobby_forward.h"

#include <atomic>
#include <chrono>

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/node_query.h"

namespace broadside::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using nlohmann::json;

namespace {

constexpr std::size_t kAnswerLimit = 64 * 1024;

class Forward final : public LobbyForward, public std::enable_shared_from_this<Forward> {
public:
    Forward(net::any_io_executor executor, std::string url, json request,
            std::function<void(json)> on_answer, std::function<void()> on_lost)
        : executor_(executor),
          url_(std::move(url)),
          request_(std::move(request)),
          on_answer_(std::move(on_answer)),
          on_lost_(std::move(on_lost)),
          resolver_(executor),
          ws_(executor),
          timer_(executor) {}

    void start(int timeout_ms) {
        timer_.expires_after(std::chrono::milliseconds(timeout_ms));
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->lost("no answer in time");
        });
        const auto [host, port] = node_host_and_port(url_);
        host_ = host + ":" + port;
        resolver_.async_resolve(
            host, port,
            [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type found) {
                if (ec) return self->lost(ec.message());
                net::async_connect(self->ws_.next_layer(), found,
                                   [self](beast::error_code connected, const tcp::endpoint&) {
                                       if (connected) return self->lost(connected.message());
                                       self->handshake();
                                   });
            });
    }

    bool finished() const override { return finished_.load(std::memory_order_acquire); }

    void cancel() override {
        finished_.store(true, std::memory_order_release);
        net::dispatch(executor_, [self = shared_from_this()] {
            self->on_answer_ = nullptr;
            self->on_lost_ = nullptr;
            self->close();
        });
    }

private:
    void handshake() {
        ws_.read_message_max(kAnswerLimit);
        // A waiting quick match is silent for minutes: pings tell a live node from a paused one.
        websocket::stream_base::timeout timeouts{};
        timeouts.handshake_timeout = std::chrono::seconds(5);
        timeouts.idle_timeout = std::chrono::seconds(4);
        timeouts.keep_alive_pings = true;
        ws_.set_option(timeouts);
        ws_.set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
            req.set(http::field::user_agent, "broadside-node");
        }));
        ws_.async_handshake(host_, "/ws", [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->lost(ec.message());
            self->write(json{{"cmd", "hello"}, {"protocol", 2}, {"id", 0}}.dump());
        });
    }

    void write(std::string text) {
        out_ = std::move(text);
        ws_.async_write(net::buffer(out_),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return self->lost(ec.message());
                            self->read();
                        });
    }

    void read() {
        ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->lost(ec.message());
            auto message = json::parse(beast::buffers_to_string(self->in_.data()), nullptr, false);
            self->in_.consume(self->in_.size());
            if (!message.is_object() || !message.contains("id") ||
                !message["id"].is_number_integer()) {
                return self->read();
            }
            const int id = message["id"].get<int>();
            if (id == 0) {  // the welcome: connected, now the request itself
                if (message.value("type", "") != "welcome") return self->lost("hello refused");
                self->timer_.cancel();
                json request = self->request_;
                request["id"] = 1;
                return self->write(request.dump());
            }
            if (id != 1) return self->read();
            message.erase("id");  // the client's own id is put back by whoever answers it
            const bool final = message.value("type", "") != "waiting";
            if (final) {
                self->finished_.store(true, std::memory_order_release);
                auto on_answer = std::move(self->on_answer_);
                self->on_answer_ = nullptr;
                self->on_lost_ = nullptr;
                self->close();
                if (on_answer) on_answer(std::move(message));
                return;
            }
            if (self->on_answer_) self->on_answer_(std::move(message));
            self->read();
        });
    }

    void lost(const std::string& why) {
        if (!on_lost_) return;
        finished_.store(true, std::memory_order_release);
        spdlog::info("forwarded lobby request to {} ended: {}", url_, why);
        auto on_lost = std::move(on_lost_);
        on_lost_ = nullptr;
        on_answer_ = nullptr;
        close();
        on_lost();
    }

    void close() {
        timer_.cancel();
        resolver_.cancel();
        beast::error_code ignored;
        ws_.next_layer().close(ignored);
    }

    net::any_io_executor executor_;
    std::string url_;
    json request_;
    std::function<void(json)> on_answer_;
    std::function<void()> on_lost_;
    std::string host_;
    std::string out_;
    tcp::resolver resolver_;
    websocket::stream<tcp::socket> ws_;
    net::steady_timer timer_;
    beast::flat_buffer in_;
    std::atomic<bool> finished_{false};  // read by the hub, on other threads
};

}  // namespace

std::shared_ptr<LobbyForward> forward_lobby_request(net::any_io_executor executor,
                                                    std::string node_url, json request,
                                                    int connect_timeout_ms,
                                                    std::function<void(json)> on_answer,
                                                    std::function<void()> on_lost) {
    auto strand = net::make_strand(executor);
    auto forward = std::make_shared<Forward>(strand, std::move(node_url), std::move(request),
                                             std::move(on_answer), std::move(on_lost));
    forward->start(connect_timeout_ms);
    return forward;
}

}  // namespace broadside::server

#include "server/relay.h"

#include "server/node_lobby.h"

#include <chrono>
#include <optional>

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

namespace {

// The owner's messages include whole game records (hundreds of KB for a long party game).
constexpr std::size_t kOwnerFrameLimit = 64 * 1024 * 1024;

class RelayImpl final : public Relay, public std::enable_shared_from_this<RelayImpl> {
public:
    RelayImpl(net::any_io_executor executor, RelayTarget target)
        : executor_(executor),
          target_(std::move(target)),
          resolver_(executor),
          owner_(executor),
          timer_(executor) {}

    void open(int timeout_ms, std::function<void(std::shared_ptr<Relay>, OwnerRefusal)> done) {
        opened_ = std::move(done);
        timer_.expires_after(std::chrono::milliseconds(timeout_ms));
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec) return;  // cancelled: opened in time
            self->timed_out_ = true;
            beast::error_code ignored;
            self->resolver_.cancel();
            self->owner_.next_layer().close(ignored);
        });
        const auto [host, port] = node_host_and_port(target_.owner_url);
        host_ = host + ":" + port;
        resolver_.async_resolve(
            host, port,
            [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type found) {
                if (ec) return self->fail(ec);
                net::async_connect(self->owner_.next_layer(), found,
                                   [self](beast::error_code connected, const tcp::endpoint&) {
                                       if (connected) return self->fail(connected);
                                       self->handshake();
                                   });
            });
    }

    void start(tcp::socket client, http::request<http::string_body> request,
               std::function<void()> ended) override {
        ended_ = std::move(ended);
        client_.emplace(std::move(client));
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = std::chrono::seconds(target_.idle_timeout_seconds);
        client_->set_option(timeouts);
        client_->read_message_max(target_.max_client_frame_bytes);
        client_->set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "broadside"); }));
        client_->async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->end();
            self->read_client();
            self->read_owner();
        });
    }

private:
    // Tells the caller how the opening ended, once: the relay, or null and the owner's refusal
    // (none: the owner was not reached).
    void finish_open(std::shared_ptr<Relay> relay, OwnerRefusal refusal) {
        if (!opened_) return;
        auto done = std::move(opened_);
        opened_ = nullptr;
        timer_.cancel();
        done(std::move(relay), std::move(refusal));
    }

    void fail(beast::error_code ec) {
        if (!opened_) return;
        spdlog::info("relay to {}: {}{}", target_.owner_url, ec.message(),
                     timed_out_ ? " (timed out)" : "");
        finish_open(nullptr, OwnerRefusal{});
    }

    // The owner answered the upgrade with something other than 101.
    void declined(beast::error_code ec) {
        const unsigned status = owner_answer_.result_int();
        if (!refusal_is_about_the_client(status)) return fail(ec);
        spdlog::info("relay to {}: the owner refused the WebSocket ({}), passed on",
                     target_.owner_url, status);
        finish_open(nullptr,
                    OwnerRefusal{status, std::string(owner_answer_[http::field::content_type]),
                                 std::move(owner_answer_.body())});
    }

    void handshake() {
        beast::error_code ignored;
        owner_.next_layer().set_option(tcp::no_delay(true), ignored);
        owner_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        owner_.read_message_max(kOwnerFrameLimit);
        owner_.set_option(websocket::stream_base::decorator(
            [address = target_.client_address](websocket::request_type& req) {
                req.set(http::field::user_agent, "broadside-relay");
                req.set("X-Forwarded-For", address);
            }));
        owner_.async_handshake(
            owner_answer_, host_, target_.path, [self = shared_from_this()](beast::error_code ec) {
                if (ec == websocket::error::upgrade_declined && !self->timed_out_)
                    return self->declined(ec);
                if (ec || self->timed_out_) return self->fail(ec ? ec : net::error::timed_out);
                self->finish_open(self, OwnerRefusal{});
            });
    }

    // Client -> owner: read one message, write it, read the next.
    void read_client() {
        client_->async_read(
            from_client_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec == websocket::error::closed)
                    return self->pass_close(self->owner_, self->client_->reason());
                if (ec) return self->end();
                self->owner_.text(self->client_->got_text());
                self->owner_.async_write(self->from_client_.data(),
                                         [self](beast::error_code written, std::size_t) {
                                             if (written) return self->end();
                                             self->from_client_.consume(self->from_client_.size());
                                             self->read_client();
                                         });
            });
    }

    // Owner -> client, likewise.
    void read_owner() {
        owner_.async_read(
            from_owner_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec == websocket::error::closed)
                    return self->pass_close(*self->client_, self->owner_.reason());
                if (ec) return self->end();
                self->client_->text(self->owner_.got_text());
                self->client_->async_write(self->from_owner_.data(),
                                           [self](beast::error_code written, std::size_t) {
                                               if (written) return self->end();
                                               self->from_owner_.consume(self->from_owner_.size());
                                               self->read_owner();
                                           });
            });
    }

    // One side sent a close frame: the other side gets the same code and reason in a close
    // frame of its own, so a relayed client sees the owner's close (1000 after `moved` or
    // `shutdown`) as a direct one does, not a connection cut without one (1006). What the owner
    // sent before is already written to the client, since each direction writes before it
    // reads. The sockets close once that close handshake is over (or failed, or timed out by
    // the stream's own handshake timeout).
    void pass_close(websocket::stream<tcp::socket>& to, const websocket::close_reason& reason) {
        if (ended_once_ || closing_) return;
        closing_ = true;
        to.async_close(reason, [self = shared_from_this()](beast::error_code) {
            self->closing_ = false;
            self->end();
        });
    }

    // Either side failed, or a close was passed on: both sockets close. While a close is being
    // passed on, the other direction's failure (its socket was just closed) waits for it.
    void end() {
        if (ended_once_ || closing_) return;
        ended_once_ = true;
        beast::error_code ignored;
        if (client_) client_->next_layer().close(ignored);
        owner_.next_layer().close(ignored);
        if (ended_) ended_();
    }

    net::any_io_executor executor_;
    RelayTarget target_;
    std::string host_;
    tcp::resolver resolver_;
    websocket::stream<tcp::socket> owner_;
    std::optional<websocket::stream<tcp::socket>> client_;
    net::steady_timer timer_;
    beast::flat_buffer from_client_;
    beast::flat_buffer from_owner_;
    websocket::response_type owner_answer_;  // the owner's answer to the upgrade
    std::function<void(std::shared_ptr<Relay>, OwnerRefusal)> opened_;
    std::function<void()> ended_;
    bool timed_out_ = false;
    bool closing_ = false;  // a close frame is being passed on (pass_close)
    bool ended_once_ = false;
};

}  // namespace

void open_relay(net::any_io_executor executor, RelayTarget target, int timeout_ms,
                std::function<void(std::shared_ptr<Relay>, OwnerRefusal)> done) {
    auto relay = std::make_shared<RelayImpl>(executor, std::move(target));
    relay->open(timeout_ms, std::move(done));
}

}  // namespace broadside::server

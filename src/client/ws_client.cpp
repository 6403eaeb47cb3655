// The second and last translation unit with Beast in it (see server_net.cpp).
#include "client/ws_client.h"

#include <deque>
#include <stdexcept>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace broadside::client {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

// A server that accepts but never answers, or stops reading, must not hang a client forever.
constexpr auto kStepTimeout = std::chrono::seconds(30);

struct WsClient::Impl {
    net::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::flat_buffer buffer;
    std::deque<std::string> inbox;
    bool reading = false;
    bool closed = false;
    std::string close_reason;

    void read() {
        reading = true;
        ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
            reading = false;
            if (ec) {
                closed = true;
                close_reason = std::string(ws.reason().reason.c_str());
                return;
            }
            inbox.push_back(beast::buffers_to_string(buffer.data()));
            buffer.consume(buffer.size());
            read();
        });
    }

    // Runs handlers until `done`; past the deadline the socket is dropped, and the handlers still
    // run to their end, so nothing a pending operation refers to (often the caller's locals)
    // is left behind. Returns false when the deadline passed.
    bool run_until(const bool& done, std::chrono::steady_clock::time_point deadline) {
        ioc.restart();
        while (!done) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline) break;
            if (ioc.run_one_for(deadline - now) == 0 && ioc.stopped()) break;  // nothing pending
        }
        if (done) return true;
        beast::error_code ignored;
        beast::get_lowest_layer(ws).socket().close(ignored);
        closed = true;
        ioc.restart();
        while (!done) {
            if (ioc.run_one() == 0) break;  // nothing pending: nothing refers to the caller
        }
        return false;
    }
};

std::pair<std::string, unsigned short> parse_server_url(const std::string& url) {
    std::string rest = url;
    for (const char* scheme : {"http://", "ws://"}) {
        if (rest.rfind(scheme, 0) == 0) rest = rest.substr(std::string(scheme).size());
    }
    if (rest.rfind("https://", 0) == 0 || rest.rfind("wss://", 0) == 0) {
        throw std::runtime_error(
            "TLS (https/wss) is not supported by this client: connect to "
            "the server's plain address, or through a local proxy");
    }
    rest = rest.substr(0, rest.find('/'));
    const auto colon = rest.rfind(':');
    if (colon == std::string::npos) return {rest, 80};
    const int port = std::stoi(rest.substr(colon + 1));
    if (port <= 0 || port > 65535) throw std::runtime_error("bad port in " + url);
    std::string host = rest.substr(0, colon);
    if (host.size() > 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
    return {host, static_cast<unsigned short>(port)};
}

WsClient::WsClient(const std::string& host, unsigned short port, const std::string& target,
                   const std::map<std::string, std::string>& headers)
    : impl_(std::make_unique<Impl>()) {
    try {
        tcp::resolver resolver(impl_->ioc);
        auto results = resolver.resolve(host, std::to_string(port));
        const auto deadline = std::chrono::steady_clock::now() + kStepTimeout;
        bool connected = false;
        beast::error_code ec;
        beast::get_lowest_layer(impl_->ws).async_connect(
            results, [&](beast::error_code e, const tcp::endpoint&) {
                ec = e;
                connected = true;
            });
        if (!impl_->run_until(connected, deadline)) {
            throw std::runtime_error("cannot connect to " + host + ":" + std::to_string(port) +
                                     ": timed out");
        }
        if (ec) throw beast::system_error(ec);
        // A player's move goes out at once (Nagle's algorithm would hold a message sent while
        // an earlier one is unacknowledged).
        beast::error_code no_delay;
        beast::get_lowest_layer(impl_->ws).socket().set_option(tcp::no_delay(true), no_delay);
        impl_->ws.set_option(
            websocket::stream_base::decorator([headers](websocket::request_type& req) {
                for (const auto& [k, v] : headers) req.set(k, v);
            }));
        websocket::response_type res;
        bool shaken = false;
        impl_->ws.async_handshake(res, host + ":" + std::to_string(port), target,
                                  [&](beast::error_code e) {
                                      ec = e;
                                      shaken = true;
                                  });
        if (!impl_->run_until(shaken, deadline)) {
            throw std::runtime_error("the server at " + host + ":" + std::to_string(port) +
                                     " did not answer the WebSocket handshake in time");
        }
        if (ec) {
            throw std::runtime_error("the server refused the WebSocket at " + target + " (HTTP " +
                                     std::to_string(res.result_int()) + "): " + res.body());
        }
        impl_->ws.read_message_max(64 * 1024 * 1024);
    } catch (const beast::system_error& e) {
        throw std::runtime_error("cannot connect to " + host + ":" + std::to_string(port) + ": " +
                                 e.code().message());
    }
    impl_->read();
}

WsClient::~WsClient() {
    try {
        if (!impl_->closed) drop();
    } catch (...) {
    }
}

void WsClient::send(const std::string& text) {
    if (impl_->closed) throw std::runtime_error("the connection is closed");
    bool done = false;
    beast::error_code error;
    impl_->ws.text(true);
    impl_->ws.async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) {
        done = true;
        error = ec;
    });
    if (!impl_->run_until(done, std::chrono::steady_clock::now() + kStepTimeout)) {
        throw std::runtime_error("sending failed: the server did not take the message in time");
    }
    if (error) {
        impl_->closed = true;
        throw std::runtime_error("sending failed: " + error.message());
    }
}

std::optional<std::string> WsClient::receive(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (impl_->inbox.empty() && !impl_->closed) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) break;
        impl_->ioc.restart();
        impl_->ioc.run_one_for(deadline - now);
    }
    if (impl_->inbox.empty()) return std::nullopt;
    std::string text = std::move(impl_->inbox.front());
    impl_->inbox.pop_front();
    return text;
}

nlohmann::json WsClient::request(nlohmann::json request, std::chrono::milliseconds timeout) {
    if (!request.contains("id")) request["id"] = next_id_++;
    const nlohmann::json id = request["id"];
    send(request.dump());
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::deque<std::string> others;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        // Look through what is queued first, keeping the rest in order.
        std::optional<std::string> text;
        if (left.count() > 0) text = receive(left);
        if (!text) {
            for (auto it = others.rbegin(); it != others.rend(); ++it) {
                impl_->inbox.push_front(std::move(*it));
            }
            throw std::runtime_error("no answer to " + request.dump() +
                                     (impl_->closed
                                          ? " (connection closed: " + impl_->close_reason + ")"
                                          : " (timeout)"));
        }
        auto message = nlohmann::json::parse(*text, nullptr, false);
        if (message.is_object() && message.contains("id") && message["id"] == id) {
            for (auto it = others.rbegin(); it != others.rend(); ++it) {
                impl_->inbox.push_front(std::move(*it));
            }
            return message;
        }
        others.push_back(std::move(*text));
    }
}

nlohmann::json WsClient::wait_for(const std::string& type, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        auto text = left.count() > 0 ? receive(left) : std::nullopt;
        if (!text) {
            throw std::runtime_error("no \"" + type + "\" message arrived" +
                                     (impl_->closed ? " (connection closed)" : " (timeout)"));
        }
        auto message = nlohmann::json::parse(*text, nullptr, false);
        if (message.is_object() && message.value("type", "") == type) return message;
    }
}

bool WsClient::closed() const {
    return impl_->closed;
}

std::string WsClient::close_reason() const {
    return impl_->close_reason;
}

void WsClient::close() {
    if (impl_->closed) return;
    bool done = false;
    impl_->ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
    // The close completes when the server's close frame arrives; the pending read ends then too.
    impl_->run_until(done, std::chrono::steady_clock::now() + std::chrono::seconds(5));
    drop();  // ends the pending read, whatever the server did
}

void WsClient::drop() {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
    impl_->closed = true;
    // Let the pending read finish with its error before the stream goes away.
    impl_->ioc.restart();
    impl_->ioc.poll();
}

}  // namespace broadside::client

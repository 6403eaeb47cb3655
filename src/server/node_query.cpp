#include "server/node_query.h"

#include <chrono>
#include <memory>
#include <vector>

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

// Answers to a lobby question are small (200 rooms at most); a node that sends more is wrong.
constexpr std::size_t kAnswerLimit = 1024 * 1024;

class NodeQuery : public std::enable_shared_from_this<NodeQuery> {
public:
    NodeQuery(net::any_io_executor executor, std::string url, std::vector<json> questions,
              std::function<void(std::vector<json>)> done)
        : url_(std::move(url)),
          questions_(std::move(questions)),
          done_(std::move(done)),
          resolver_(executor),
          ws_(executor),
          timer_(executor) {}

    void start(int timeout_ms) {
        timer_.expires_after(std::chrono::milliseconds(timeout_ms));
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec) return;  // cancelled: answered in time
            self->finish("no answer in time");
        });
        const auto [host, port] = node_host_and_port(url_);
        host_ = host + ":" + port;
        resolver_.async_resolve(
            host, port,
            [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type found) {
                if (ec) return self->finish(ec.message());
                net::async_connect(self->ws_.next_layer(), found,
                                   [self](beast::error_code connected, const tcp::endpoint&) {
                                       if (connected) return self->finish(connected.message());
                                       self->handshake();
                                   });
            });
    }

private:
    void handshake() {
        ws_.read_message_max(kAnswerLimit);
        ws_.set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
            req.set(http::field::user_agent, "broadside-node");
        }));
        ws_.async_handshake(host_, "/ws", [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->finish(ec.message());
            self->send({{"cmd", "hello"}, {"protocol", 2}, {"id", 0}});
        });
    }

    // Sends `message` and reads until the answer carrying its id: hello (0), then question k
    // (id k + 1), one at a time.
    void send(json message) {
        out_ = message.dump();
        waiting_for_ = message["id"].get<int>();
        ws_.async_write(net::buffer(out_),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return self->finish(ec.message());
                            self->read();
                        });
    }

    void read() {
        ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->finish(ec.message());
            auto message = json::parse(beast::buffers_to_string(self->in_.data()), nullptr, false);
            self->in_.consume(self->in_.size());
            const bool answer = message.is_object() && message.contains("id") &&
                                message["id"].is_number_integer() &&
                                message["id"].get<int>() == self->waiting_for_;
            if (!answer) return self->read();  // something pushed meanwhile
            if (self->waiting_for_ == 0 && message.value("type", "") != "welcome") {
                return self->finish("hello refused: " + message.dump());
            }
            if (self->waiting_for_ > 0) self->answers_.push_back(std::move(message));
            if (self->answers_.size() == self->questions_.size()) return self->finish("");
            json question = self->questions_[self->answers_.size()];
            question["id"] = static_cast<int>(self->answers_.size()) + 1;
            self->send(std::move(question));
        });
    }

    // Hands over the answers, null for each that did not come (`why` says what stopped them).
    void finish(const std::string& why) {
        if (!done_) return;
        if (!why.empty()) spdlog::info("asking node {}: {}", url_, why);
        auto done = std::move(done_);
        done_ = nullptr;
        timer_.cancel();
        resolver_.cancel();
        beast::error_code ignored;
        ws_.next_layer().close(ignored);  // a lobby connection holds nothing: no close handshake
        std::vector<json> answers = std::move(answers_);
        answers.resize(questions_.size());
        done(std::move(answers));
    }

    std::string url_;
    std::vector<json> questions_;
    std::vector<json> answers_;
    std::function<void(std::vector<json>)> done_;
    std::string host_;
    std::string out_;
    int waiting_for_ = 0;
    tcp::resolver resolver_;
    websocket::stream<tcp::socket> ws_;
    net::steady_timer timer_;
    beast::flat_buffer in_;
};

}  // namespace

void ask_node(net::any_io_executor executor, std::string node_url, std::vector<json> questions,
              int timeout_ms, std::function<void(std::vector<json>)> done) {
    // Its own strand: the timer and the socket's handlers never run at once.
    auto query = std::make_shared<NodeQuery>(net::make_strand(executor), std::move(node_url),
                                             std::move(questions), std::move(done));
    query->start(timeout_ms);
}

}  // namespace broadside::server

#include "support/server_client.h"

#include <atomic>
#include <stdexcept>

namespace broadside::testing {

using nlohmann::json;

SeatClient::SeatClient(unsigned short port, const std::string& room, const std::string& token,
                       const json& hello_extra)
    : ws_(std::make_unique<client::WsClient>("127.0.0.1", port, "/ws/" + room)) {
    json hello = {{"cmd", "hello"}, {"protocol", 2}};
    if (!token.empty()) hello["token"] = token;
    hello.update(hello_extra);
    welcome = request(hello);
    if (welcome.value("type", "") != "welcome") {
        throw std::runtime_error("hello refused: " + welcome.dump());
    }
}

void SeatClient::pull(int quiet_ms) {
    while (auto text = ws_->receive(std::chrono::milliseconds(quiet_ms))) {
        frames_.push_back(*text);
        // Put it back for whoever waits for it: the client keeps its own queue.
        pending_.push_back(std::move(*text));
    }
}

json SeatClient::request(json message) {
    // Tests play several rooms on threads of their own: the ids are shared by every client.
    static std::atomic<std::int64_t> next{1000};
    if (!message.contains("id")) message["id"] = next.fetch_add(1);
    ws_->send(message.dump());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
        auto text = next_text(deadline);
        if (!text) break;
        auto reply = json::parse(*text, nullptr, false);
        if (reply.is_object() && reply.contains("id") && reply["id"] == message["id"]) {
            return reply;
        }
        unclaimed_.push_back(std::move(reply));
    }
    throw std::runtime_error("no answer to " + message.dump());
}

json SeatClient::wait_for(const std::string& type) {
    for (auto it = unclaimed_.begin(); it != unclaimed_.end(); ++it) {
        if (it->value("type", "") == type) {
            json found = *it;
            unclaimed_.erase(unclaimed_.begin(), it + 1);
            return found;
        }
    }
    unclaimed_.clear();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (auto text = next_text(deadline)) {
        auto message = json::parse(*text, nullptr, false);
        if (message.is_object() && message.value("type", "") == type) return message;
    }
    throw std::runtime_error("no \"" + type + "\" message arrived");
}

std::optional<std::string> SeatClient::next_text(std::chrono::steady_clock::time_point deadline) {
    if (!pending_.empty()) {
        std::string text = std::move(pending_.front());
        pending_.pop_front();
        return text;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto text = ws_->receive(left);
    if (text) frames_.push_back(*text);
    return text;
}

const std::vector<std::string>& SeatClient::frames(int quiet_ms) {
    pull(quiet_ms);
    return frames_;
}

json create_room(unsigned short port, json request) {
    client::WsClient lobby("127.0.0.1", port, "/ws");
    auto welcome = lobby.request({{"cmd", "hello"}, {"protocol", 2}});
    if (welcome.value("type", "") != "welcome") throw std::runtime_error(welcome.dump());
    request["cmd"] = "create";
    auto created = lobby.request(request);
    if (created.value("type", "") != "room_created") {
        throw std::runtime_error("create refused: " + created.dump());
    }
    return created;
}

json create_open_party(unsigned short port, const json& extra) {
    json request{{"game", "party"},
                 {"options", {{"seating", "open"}, {"players", 0}}},
                 {"seat", 0},
                 {"name", "Host"}};
    request.update(extra);
    return create_room(port, std::move(request));
}

}  // namespace broadside::testing

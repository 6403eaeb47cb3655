#include "support/server_client.h"

#include <stdexcept>

namespace broadside::testing {

using nlohmann::json;

SeatClient::SeatClient(unsigned short port, const std::string& room, const std::string& token)
    : ws_(std::make_unique<server::WsClient>("127.0.0.1", port, "/ws/" + room)) {
    json hello = {{"cmd", "hello"}, {"protocol", 1}};
    if (!token.empty()) hello["token"] = token;
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
    static std::int64_t next = 1000;
    if (!message.contains("id")) message["id"] = next++;
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
    server::WsClient lobby("127.0.0.1", port, "/ws");
    auto welcome = lobby.request({{"cmd", "hello"}, {"protocol", 1}});
    if (welcome.value("type", "") != "welcome") throw std::runtime_error(welcome.dump());
    request["cmd"] = "create";
    auto created = lobby.request(request);
    if (created.value("type", "") != "room_created") {
        throw std::runtime_error("create refused: " + created.dump());
    }
    return created;
}

namespace {

json sample(const json& cells, int count, Rng& rng) {
    std::vector<json> pool(cells.begin(), cells.end());
    json out = json::array();
    for (int i = 0; i < count && !pool.empty(); ++i) {
        const auto k = rng.below(static_cast<std::uint32_t>(pool.size()));
        out.push_back(pool[k]);
        pool.erase(pool.begin() + k);
    }
    return out;
}

}  // namespace

json random_action(const json& legal, int seat, Rng& rng, const std::string& game) {
    if (legal.contains("choices")) {  // crew
        const auto& choices = legal["choices"];
        return choices[rng.below(static_cast<std::uint32_t>(choices.size()))];
    }
    if (legal.contains("actions")) {  // royale
        for (const auto& a : legal["actions"]) {
            const std::string type = a["type"];
            if (type == "discard") {
                json cards = sample(a["cards"], a["count"].get<int>(), rng);
                return {{"type", "discard"}, {"cards", cards}};
            }
            if (type == "fire") {
                return {{"type", "fire"},
                        {"cells", sample(legal["cells"], a.value("count", 1), rng)}};
            }
        }
        for (const auto& a : legal["actions"]) {
            if (a["type"] == "roll" || a["type"] == "end") return {{"type", a["type"]}};
        }
        return legal["actions"][0];
    }
    const std::string type = legal.value("type", "");
    if (type == "place" && game != "party" && legal.contains("ships") &&
        legal["ships"][0].is_object()) {
        // Classic: one ship per row, seats on different rows, so the seats' fleets differ.
        json ships = json::array();
        for (std::size_t i = 0; i < legal["ships"].size(); ++i) {
            // Column 2: the examples in the server's own texts use column 1 ("A1 right").
            const char row = static_cast<char>('A' + 2 * i + (seat % 2));
            ships.push_back(std::string(1, row) + "2 right");
        }
        return {{"type", "place"}, {"ships", ships}};
    }
    if (type == "place") {  // party: six ships
        if (seat % 2 == 1) {
            return {{"type", "place"},
                    {"ships",
                     {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"}}};
        }
        return {{"type", "place"},
                {"ships", {"A1 down", "B1 down", "C1 down", "D1 down", "E1 down", "F1 down"}}};
    }
    if (type == "fire" && legal.contains("cells")) {
        return {{"type", "fire"},
                {"cells", sample(legal["cells"], legal["count"].get<int>(), rng)}};
    }
    if (type == "fire") return {{"type", "fire"}};  // the party host
    throw std::runtime_error("no random action for " + legal.dump());
}

}  // namespace broadside::testing

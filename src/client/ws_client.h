#pragma once
// A small blocking WebSocket client for `broadside join`, `broadside loadtest` and the tests:
// connect, send text, receive with a timeout. Messages that arrive while waiting for one answer
// are kept in order for the next receive.
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::client {

class WsClient {
public:
    // Connects to ws://host:port`target` (e.g. "/ws/ABCDE"). Throws std::runtime_error saying
    // what failed; an HTTP refusal's status and body are in the message.
    WsClient(const std::string& host, unsigned short port, const std::string& target,
             const std::map<std::string, std::string>& headers = {});
    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    void send(const std::string& text);
    void send_json(const nlohmann::json& message) { send(message.dump()); }
    // The next message, or nullopt after `timeout` (or when the connection has closed).
    std::optional<std::string> receive(std::chrono::milliseconds timeout);
    // Sends `request` and returns the first message whose "id" equals `request["id"]` (set to a
    // fresh number when absent); other messages stay queued. Throws on timeout or close.
    nlohmann::json request(nlohmann::json request,
                           std::chrono::milliseconds timeout = std::chrono::seconds(20));
    // The next message of `type` (others before it are dropped). Throws on timeout or close.
    nlohmann::json wait_for(const std::string& type,
                            std::chrono::milliseconds timeout = std::chrono::seconds(20));
    bool closed() const;
    // Why the server closed the connection (its close frame's reason), once closed.
    std::string close_reason() const;
    void close();
    // Drops the TCP connection at once, as a lost network would (no close frame).
    void drop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::int64_t next_id_ = 1;
};

// Splits "http://host:port" or "ws://host:port" into host and port.
std::pair<std::string, unsigned short> parse_server_url(const std::string& url);

}  // namespace broadside::client

#pragma once
// `broadside join`'s connection to its room: a blocking WsClient driven by the I/O-free
// client::RoomSession. When the connection drops without a word (the server killed, the network
// gone), it reconnects by itself with the session's backoff, saying so in one line, takes the
// seat back with the token, and the session catches up the missed events and resends the
// unacknowledged action with its id; what arrives then reaches the caller through poll().
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "client/room_session.h"
#include "client/ws_client.h"
#include "core/rng.h"

namespace broadside::cli {

class JoinLink {
public:
    // `say` prints a line to the player (without its newline).
    JoinLink(std::string host, unsigned short port, std::string target, std::string token,
             std::function<void(const std::string&)> say);

    // The first connection and its welcome (an error answer as the server sent it). Throws
    // std::runtime_error when the server cannot be reached.
    nlohmann::json connect();
    // A request of the caller's, answered by id. After a drop the link reconnects first; an
    // idempotent request (observe, room, record, legal) is then asked again, any other is
    // answered with an `offline` error (it may or may not have been done: the caller looks).
    // Throws when the session gave up.
    nlohmann::json request(nlohmann::json body);
    // Sends an action through the session (kept until settled, resent after a reconnect).
    void act(const nlohmann::json& action, const nlohmann::json& action_id);
    // The next step: a message that arrived, and what the session made of it (the message is
    // the caller's when `update.for_host`), or nothing after `wait`. After a drop it reconnects
    // first; `update.fatal` is set once the session gave up.
    struct Step {
        client::SessionUpdate update;
        nlohmann::json message;
    };
    Step poll(std::chrono::milliseconds wait);
    void set_token(std::string token) { session_.set_token(std::move(token)); }
    // Why the last connection closed (its close frame's reason), for the final words.
    std::string close_reason() const { return close_reason_; }

private:
    bool reconnect();
    void send(const nlohmann::json& message);

    std::string host_;
    unsigned short port_;
    std::string target_;
    std::function<void(const std::string&)> say_;
    Rng rng_;
    client::RoomSession session_;
    std::unique_ptr<client::WsClient> ws_;
    std::string close_reason_;
    std::deque<client::SessionUpdate> ready_;  // from the welcome of a reconnect, for poll()
};

}  // namespace broadside::cli

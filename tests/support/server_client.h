#pragma once
// Helpers for tests that play through a real server: a seat's connection that records every raw
// frame it received (for the secret scan), and small steps (create, join, play a legal move).
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client/random_action.h"
#include "client/ws_client.h"
#include "core/rng.h"

namespace broadside::testing {

// One connection to a room, remembering every frame it was sent.
class SeatClient {
public:
    // `hello` fields beyond the protocol and the token, e.g. {"after": N} to resume.
    SeatClient(unsigned short port, const std::string& room, const std::string& token = "",
               const nlohmann::json& hello_extra = nlohmann::json::object());
    nlohmann::json request(nlohmann::json message);
    // Waits for the next message of `type`, keeping every frame in `frames()`.
    nlohmann::json wait_for(const std::string& type);
    // Everything received so far (drains what is waiting, up to `quiet_ms` of silence).
    const std::vector<std::string>& frames(int quiet_ms = 0);
    client::WsClient& ws() { return *ws_; }
    nlohmann::json welcome;

private:
    void pull(int quiet_ms);
    std::optional<std::string> next_text(std::chrono::steady_clock::time_point deadline);
    std::unique_ptr<client::WsClient> ws_;
    std::vector<std::string> frames_;        // every frame received, for the secret scan
    std::deque<std::string> pending_;        // received by pull(), not yet read
    std::vector<nlohmann::json> unclaimed_;  // read while waiting for an answer
};

// Creates a room from the lobby; returns room_created (with "room" and "token").
nlohmann::json create_room(unsigned short port, nlohmann::json request);
// A party room with open seating (docs/server.md, "Party night"), its creator "Host" in seat 0;
// `extra` adds fields to the `create` (a nonce). Returns room_created.
nlohmann::json create_open_party(unsigned short port,
                                 const nlohmann::json& extra = nlohmann::json::object());

using client::random_action;

}  // namespace broadside::testing

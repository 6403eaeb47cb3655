#pragma once
// A cluster's lobby across nodes (docs/scaling.md, "The lobby across nodes"): every node
// publishes its open public rooms to Redis each second (a key per node that expires after 5 s,
// so a dead node's rooms leave the list by themselves), and reads every node's list back. The
// lobby's `rooms` answer and GET /api/rooms then list the open rooms of the whole cluster, from
// a copy at most a second old; nothing blocks a network thread on Redis. A Redis restart costs
// nothing but a second: every node publishes its list again on its next tick.
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "server/redis_link.h"

namespace broadside::server {

class SharedLobby {
public:
    // `url`: redis://HOST:PORT or unix:PATH. `mine` gives this node's open rooms (a JSON
    // array) on the lobby's thread.
    SharedLobby(std::string url, std::string node, std::function<nlohmann::json()> mine);
    ~SharedLobby();  // stops the thread
    SharedLobby(const SharedLobby&) = delete;
    SharedLobby& operator=(const SharedLobby&) = delete;

    // The other nodes' open rooms, as last read (a JSON array; empty while Redis is away).
    nlohmann::json others() const;
    // Whether the last tick reached Redis.
    bool connected() const { return connected_; }

private:
    void run();
    void tick();

    RedisAddress address_;
    std::string node_;
    std::function<nlohmann::json()> mine_;
    std::unique_ptr<RedisLink> redis_;  // the lobby thread's only
    mutable std::mutex mutex_;
    nlohmann::json others_ = nlohmann::json::array();
    std::atomic<bool> connected_{false};
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace broadside::server

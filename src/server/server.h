#pragma once
// `broadside serve`: HTTP and WebSocket on Boost.Beast, rooms on strands, state in SQLite.
// Blocks until SIGTERM or SIGINT, then drains (docs/server.md) and returns the exit code.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/sqlite_storage.h"

namespace broadside::server {

struct ServerConfig {
    std::string bind = "127.0.0.1";
    unsigned short port = 8080;  // 0: any free port (printed)
    std::string data = "./broadside-data";
    // --db: sqlite:PATH or postgresql://... (server/storage_open.h); empty: SQLite in `data`.
    std::string db;
    int threads = 2;
    int bot_threads = 1;
    std::string public_url;  // default: http://<bind>:<port>
    Durability durability = Durability::kNormal;
    // Limits against abuse, each with its flag (a venue's phones share one address).
    std::size_t max_frame_bytes = 16 * 1024;
    int max_connections_per_address = 1000;
    int max_rooms = 100'000;
    int max_rooms_per_address = 50;        // rooms not over yet, created from one address
    int max_failed_joins_per_minute = 30;  // connections to unknown room codes, per address
    double messages_per_second = 20;
    int message_burst = 60;
    std::size_t max_queued_bytes = 1 << 20;  // per connection, then it is dropped
    // A WebSocket that receives nothing (not even the answer to the server's ping, sent at half
    // of it) for this long is closed.
    int idle_timeout_seconds = 300;
    std::int64_t room_ttl_seconds = 24 * 3600;
    std::vector<std::string> trusted_proxies;  // peers whose X-Forwarded-For is believed
    std::string web_root;                      // the built browser client (web/dist); empty: none
    // --lan: the public address is the machine's LAN address (unless public_url is given).
    bool lan = false;
    // A cluster's node (docs/scaling.md): its name (empty: a single server), the address the
    // other nodes reach it at (default http://<bind>:<port>, 127.0.0.1 for a wildcard bind), and
    // the length of its room leases. Needs a PostgreSQL --db.
    std::string node;
    std::string advertise_url;
    std::int64_t lease_ms = 10'000;
    // A cluster's Redis (redis://HOST:PORT or unix:PATH): the open rooms of every node in each
    // node's lobby. Empty: this node's own only.
    std::string redis;
    // Called once listening, with the public address (the CLI prints the QR code of it).
    std::function<void(const std::string& public_url)> on_listening;
};

int run_server(const ServerConfig& config);

}  // namespace broadside::server

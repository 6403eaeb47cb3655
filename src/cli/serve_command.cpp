// `broadside serve`: the online server (docs/server.md). The flags fill a ServerConfig; the
// server itself lives in src/server/.
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/serve/qr_terminal.h"
#include "server/server.h"
#include "server/shared_lobby.h"
#include "server/static_files.h"
#include "server/storage_open.h"

#include <iostream>

namespace broadside::cli {

void add_serve_command(CLI::App& app, Runner& run) {
    auto config = std::make_shared<server::ServerConfig>();
    auto durability = std::make_shared<std::string>("normal");
    auto* cmd = app.add_subcommand(
        "serve", "Run the online server: rooms for every game, people and bots, over WebSocket");
    cmd->add_option("--port", config->port, "TCP port (0: any free port, printed)")
        ->capture_default_str();
    cmd->add_option("--bind", config->bind,
                    "Address to listen on (0.0.0.0 for every interface, e.g. a LAN party)")
        ->capture_default_str();
    cmd->add_option("--data", config->data, "Directory of the database (created if missing)")
        ->capture_default_str();
    auto* db = cmd->add_option(
        "--db", config->db,
        "Where rooms and records are kept instead of --data: sqlite:PATH (an SQLite file) or "
        "postgresql://user@host/dbname (a libpq URI; postgres:// too)");
    cmd->add_option("--threads", config->threads, "Network threads")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_option("--bot-threads", config->bot_threads,
                    "Threads on which bots think (never the network threads)")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_option("--public-url", config->public_url,
                    "The address written into join links, e.g. http://192.168.1.20:8080 or "
                    "https://play.example.org behind a proxy (default: http://BIND:PORT)");
    cmd->add_option("--durability", *durability,
                    "normal: a killed process loses nothing acknowledged; full: a power cut "
                    "neither (slower: every commit waits for the disk)")
        ->capture_default_str()
        ->check(CLI::IsMember({"normal", "full"}));
    cmd->add_option("--max-frame-bytes", config->max_frame_bytes,
                    "Largest WebSocket message accepted; a larger one closes the connection")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t{256}, std::size_t{64} << 20));
    cmd->add_option("--max-connections-per-address", config->max_connections_per_address,
                    "Connections one client address may hold (a venue's phones share one)")
        ->capture_default_str()
        ->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--max-rooms", config->max_rooms, "Rooms the server holds at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--max-rooms-per-address", config->max_rooms_per_address,
                    "Rooms one client address may have created that are not over yet")
        ->capture_default_str()
        ->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--max-failed-joins-per-minute", config->max_failed_joins_per_minute,
                    "Connections to room codes that do not exist one address may try a minute "
                    "(so codes cannot be found by trying)")
        ->capture_default_str()
        ->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--messages-per-second", config->messages_per_second,
                    "Sustained messages a connection may send; more are refused")
        ->capture_default_str()
        ->check(CLI::Range(0.1, 1e9));
    cmd->add_option("--message-burst", config->message_burst,
                    "Messages a connection may send at once before the rate applies")
        ->capture_default_str()
        ->check(CLI::Range(1, 1'000'000'000));
    cmd->add_option("--max-queued-bytes", config->max_queued_bytes,
                    "Unsent bytes a connection may have waiting; a client that does not read is "
                    "disconnected")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t{4096}, std::size_t{1} << 34));
    cmd->add_option("--idle-timeout", config->idle_timeout_seconds,
                    "Seconds a WebSocket may stay silent before it is closed; the server pings "
                    "it at half of this, and any message or pong resets the wait")
        ->capture_default_str()
        ->check(CLI::Range(2, 86400));
    cmd->add_option("--room-ttl", config->room_ttl_seconds,
                    "Seconds after which a room nobody touches leaves memory (its record stays "
                    "downloadable)")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{10'000'000'000}));
    cmd->add_option("--trusted-proxy", config->trusted_proxies,
                    "Address of a reverse proxy whose X-Forwarded-For is believed (repeatable)");
    cmd->add_option("--web", config->web_root,
                    "Directory of the built browser client (default: web/dist next to the build "
                    "tree, or share/broadside/web of the install)");
    auto lease = std::make_shared<double>(10.0);
    auto* node = cmd->add_option("--node", config->node,
                                 "Run as one node of a cluster under this name (needs a "
                                 "PostgreSQL --db; docs/scaling.md)");
    cmd->add_option("--advertise", config->advertise_url,
                    "A cluster node's address for the other nodes, e.g. http://10.0.0.5:8080 "
                    "(default: http://BIND:PORT; http://127.0.0.1:PORT for a wildcard "
                    "--bind, which only nodes on this machine can reach)")
        ->needs(node);
    cmd->add_option("--lease-seconds", *lease,
                    "How long a cluster node's hold on a room lasts without renewal: a dead "
                    "node's rooms move after this")
        ->capture_default_str()
        ->check(CLI::Range(0.3, 3600.0))
        ->needs(node);
    cmd->add_option("--redis", config->redis,
                    "A cluster's Redis, redis://HOST:PORT or unix:PATH: every node's lobby "
                    "lists the open rooms of all nodes")
        ->needs(node);
    auto lan = cmd->add_flag("--lan", config->lan,
                             "A party on your network: listen on every interface, put this "
                             "machine's LAN address in the join link, and print the link with "
                             "a QR code to scan");
    auto* bind = cmd->get_option("--bind");
    auto* data = cmd->get_option("--data");
    cmd->callback([&run, config, durability, lan, bind, db, data, lease] {
        config->lease_ms = static_cast<std::int64_t>(*lease * 1000);
        if (lan->count() > 0) {
            if (bind->count() == 0) config->bind = "0.0.0.0";
            config->on_listening = [](const std::string& url) {
                std::cout << "\nJoin from a phone on this network: " << url << "/\n"
                          << cli::qr_for_terminal(url + "/") << std::flush;
            };
        }
        const bool both = db->count() > 0 && data->count() > 0;
        run = [config, durability, both] {
            // Checked here rather than by CLI11 so that the message says what to do.
            if (both) {
                throw UsageError(
                    "--db and --data both say where the database is: give one of them");
            }
            if (!config->db.empty()) {
                try {
                    server::parse_database_url(config->db);
                } catch (const std::invalid_argument& e) {
                    throw UsageError(e.what());
                }
            }
            if (!config->node.empty() &&
                (config->db.empty() || server::parse_database_url(config->db).kind !=
                                           server::DatabaseUrl::Kind::kPostgres)) {
                throw UsageError(
                    "--node needs --db postgresql://...: a cluster's nodes share one "
                    "PostgreSQL database (docs/scaling.md)");
            }
            if (!config->redis.empty()) {
                try {
                    server::parse_redis_url(config->redis);
                } catch (const std::invalid_argument& e) {
                    throw UsageError(e.what());
                }
            }
            if (config->web_root.empty()) {
                if (auto found = server::default_web_root()) config->web_root = found->string();
            }
            config->durability =
                *durability == "full" ? server::Durability::kFull : server::Durability::kNormal;
            return server::run_server(*config);
        };
    });
}

}  // namespace broadside::cli

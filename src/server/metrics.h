#pragma once
// The server's counters, in Prometheus text format at GET /metrics. They count and time things;
// they never carry a room code, a name, a token or anything a seat keeps secret.
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace broadside::server {

// A histogram with fixed bucket bounds in seconds (cumulative on output, as Prometheus wants).
class Histogram {
public:
    static constexpr std::array<double, 12> kBounds{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                    0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
    void observe(double seconds);
    std::string text(const std::string& name, const std::string& help) const;

private:
    std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> counts_{};
    std::atomic<std::uint64_t> sum_micros_{0};
};

struct Metrics {
    std::atomic<std::int64_t> connections{0};
    std::atomic<std::uint64_t> connections_total{0};
    std::atomic<std::uint64_t> actions_total{0};
    std::atomic<std::uint64_t> errors_total{0};
    std::atomic<std::uint64_t> send_queue_drops{0};
    std::atomic<std::uint64_t> rate_limited{0};
    // A cluster's rooms (docs/scaling.md): commits refused because the lease had moved on,
    // rooms this node took over, and connections relayed to another node that owns the room.
    std::atomic<std::uint64_t> fenced_commits{0};
    std::atomic<std::uint64_t> rooms_adopted{0};
    std::atomic<std::uint64_t> rooms_lost{0};
    std::atomic<std::int64_t> relayed_connections{0};
    std::atomic<std::uint64_t> relayed_total{0};
    // A party over every node (docs/scaling.md, "A party over every node"): batches this node
    // published as a room's owner, entries its replicas applied from Redis and from the
    // database, the database reads that looked for them (a replica's room quiet on Redis for a
    // second, or five times a second while Redis is away; a gap; an unknown token), gaps it
    // filled from the database, connections served by its replicas, and requests those passed
    // on to the owner.
    std::atomic<std::uint64_t> stream_batches_published{0};
    std::atomic<std::uint64_t> stream_entries_from_redis{0};
    std::atomic<std::uint64_t> stream_entries_from_database{0};
    std::atomic<std::uint64_t> stream_database_reads{0};
    std::atomic<std::uint64_t> stream_gaps_filled{0};
    std::atomic<std::int64_t> replica_connections{0};
    std::atomic<std::uint64_t> replica_connections_total{0};
    std::atomic<std::uint64_t> replica_requests_forwarded{0};
    Histogram act_to_ack;    // from the room's strand taking the act up
    Histogram frame_to_ack;  // from the act's frame read off its socket
    Histogram commit;
    // How late the network loop ran a timer that was due (src/net/loop_lag.h): what every
    // frame waits before the server reads it, which frame_to_ack cannot see.
    Histogram loop_lag;

    // `rooms_by_game` is counted by the caller at scrape time.
    std::string text(const std::map<std::string, int>& rooms_by_game) const;
};

// The process's resident memory in bytes (0 where /proc is missing).
std::int64_t resident_bytes();

}  // namespace broadside::server

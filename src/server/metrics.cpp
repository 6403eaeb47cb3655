#include "server/metrics.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace broadside::server {

void Histogram::observe(double seconds) {
    std::size_t i = 0;
    while (i < kBounds.size() && seconds > kBounds[i]) ++i;
    counts_[i].fetch_add(1, std::memory_order_relaxed);
    sum_micros_.fetch_add(static_cast<std::uint64_t>(seconds * 1e6), std::memory_order_relaxed);
}

std::string Histogram::text(const std::string& name, const std::string& help) const {
    std::string out = "# HELP " + name + " " + help + "\n# TYPE " + name + " histogram\n";
    std::uint64_t cumulative = 0;
    char bound[32];
    for (std::size_t i = 0; i < kBounds.size(); ++i) {
        cumulative += counts_[i].load(std::memory_order_relaxed);
        std::snprintf(bound, sizeof bound, "%g", kBounds[i]);
        out += name + "_bucket{le=\"" + bound + "\"} " + std::to_string(cumulative) + "\n";
    }
    cumulative += counts_[kBounds.size()].load(std::memory_order_relaxed);
    out += name + "_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
    char sum[48];
    std::snprintf(sum, sizeof sum, "%.6f",
                  static_cast<double>(sum_micros_.load(std::memory_order_relaxed)) / 1e6);
    out += name + "_sum " + sum + "\n" + name + "_count " + std::to_string(cumulative) + "\n";
    return out;
}

std::int64_t resident_bytes() {
    // /proc/self/statm: total and resident pages; the second field is what is in memory now.
    std::ifstream statm("/proc/self/statm");
    std::int64_t total = 0;
    std::int64_t resident = 0;
    if (!(statm >> total >> resident)) return 0;
    return resident * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

std::string Metrics::text(const std::map<std::string, int>& rooms_by_game) const {
    std::string out;
    auto gauge = [&](const char* name, const char* help, const char* type, auto value) {
        out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" +
               name + " " + std::to_string(value) + "\n";
    };
    gauge("broadside_connections", "Open WebSocket connections.", "gauge", connections.load());
    gauge("broadside_connections_total", "WebSocket connections accepted.", "counter",
          connections_total.load());
    gauge("broadside_actions_total", "Game actions committed.", "counter", actions_total.load());
    gauge("broadside_errors_total", "Requests answered with an error.", "counter",
          errors_total.load());
    gauge("broadside_send_queue_drops_total",
          "Connections closed because they did not read what was sent.", "counter",
          send_queue_drops.load());
    gauge("broadside_rate_limited_total", "Messages refused by the rate limit.", "counter",
          rate_limited.load());
    gauge("broadside_fenced_commits_total",
          "Commits refused because the room's lease had moved to another node.", "counter",
          fenced_commits.load());
    gauge("broadside_rooms_adopted_total",
          "Rooms this node took over from storage after taking their lease (a cluster).", "counter",
          rooms_adopted.load());
    gauge("broadside_rooms_lost_total",
          "Rooms this node let go because another node took their lease (a cluster).", "counter",
          rooms_lost.load());
    gauge("broadside_relayed_connections_total",
          "Connections relayed to the node that owns their room (a cluster).", "counter",
          relayed_total.load());
    gauge("broadside_relayed_connections",
          "Open connections relayed to the node that owns their room (a cluster).", "gauge",
          relayed_connections.load());
    gauge("broadside_party_batches_published_total",
          "Committed batches of party rooms this node owns, published to their Redis Streams.",
          "counter", stream_batches_published.load());
    gauge("broadside_party_entries_from_redis_total",
          "Log entries this node's party replicas applied from Redis Streams.", "counter",
          stream_entries_from_redis.load());
    gauge("broadside_party_entries_from_database_total",
          "Log entries this node's party replicas read from the database (gaps, catching up).",
          "counter", stream_entries_from_database.load());
    gauge("broadside_party_database_reads_total",
          "Reads of a followed party room's log from the database by this node's replicas "
          "(a room quiet on Redis for a second, Redis away, a gap, an unknown token).",
          "counter", stream_database_reads.load());
    gauge("broadside_party_gaps_filled_total",
          "Gaps in a party room's Redis Stream that this node filled from the database.", "counter",
          stream_gaps_filled.load());
    gauge("broadside_replica_connections_total",
          "Connections served by this node's read-only replica of a party room another node owns.",
          "counter", replica_connections_total.load());
    gauge("broadside_replica_connections", "Open connections served by this node's party replicas.",
          "gauge", replica_connections.load());
    gauge("broadside_replica_requests_forwarded_total",
          "Requests of phones served by a replica that were passed on to the room's owner.",
          "counter", replica_requests_forwarded.load());
    gauge("process_resident_memory_bytes", "Resident memory of the server process.", "gauge",
          resident_bytes());
    out += "# HELP broadside_rooms Rooms in memory, by game.\n# TYPE broadside_rooms gauge\n";
    for (const auto& [game, n] : rooms_by_game) {
        out += "broadside_rooms{game=\"" + game + "\"} " + std::to_string(n) + "\n";
    }
    out += act_to_ack.text("broadside_act_to_ack_seconds",
                           "From an act taken up by its room to its acknowledgement (after the "
                           "commit).");
    out += frame_to_ack.text("broadside_frame_to_ack_seconds",
                             "From an act's frame read off its socket (before parsing and the "
                             "room's queue) to its acknowledgement (after the commit).");
    out += commit.text("broadside_commit_seconds", "One group commit to the database.");
    out += loop_lag.text("broadside_loop_lag_seconds",
                         "How late the network threads ran a timer that was due (sampled every "
                         "10 ms): the wait of anything ready, such as a frame not yet read.");
    return out;
}

}  // namespace broadside::server

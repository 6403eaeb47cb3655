#pragma once
// A party room over every node (docs/scaling.md, "A party over every node"). The owner of a
// party room appends each committed batch of its log to a Redis Stream, once, whatever the
// number of phones; every other node that serves phones of the room (an edge) keeps a read-only
// replica of it, fed in order from that Stream. Redis may lose what it was given (a restart, no
// persistence) or be away: entries carry their log numbers, and an edge that finds a gap, or
// hears nothing for a second, reads the missing entries from the database, where every entry
// was committed before it was published. So no phone misses a torpedo; Redis only makes it fast.
//
// Two threads of their own, each with its own Redis connection: one publishes, one reads (and
// fills from the database). Nothing here runs on a network thread or a room's strand.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/redis_link.h"
#include "server/storage.h"

namespace broadside::server {

class Ownership;
struct Metrics;

// A room's Stream key: "broadside:party:CODE". Each entry's ID is "LAST-0" (LAST: the log number
// of its batch's last entry, so IDs grow with the log, across owners), with the fields `first`
// (the number of its first entry) and `log` (a JSON array of the entries, in order).
std::string party_stream_key(const std::string& code);

class PartyStreams {
public:
    // Gets the entries of a followed room, in order and without gaps, each once; on the reader's
    // thread (post them on: never block it).
    using Deliver = std::function<void(std::vector<LogEntry>)>;

    PartyStreams(const std::string& redis_url, Ownership& ownership, Metrics& metrics);
    ~PartyStreams();  // stops both threads
    PartyStreams(const PartyStreams&) = delete;
    PartyStreams& operator=(const PartyStreams&) = delete;

    // The owner: a committed batch of one room's entries (numbered, contiguous), queued for the
    // Stream. Never blocks; when Redis is away they are dropped (the edges read the database).
    void publish(const std::string& code, std::vector<LogEntry> entries);

    // An edge: follows the room's log from the entry after `after`; returns the follow's id.
    // Following a room again replaces its earlier follow.
    std::uint64_t follow(const std::string& code, std::int64_t after, Deliver deliver);
    void unfollow(const std::string& code, std::uint64_t id);
    // Reads the room's new entries from the database now; `deliver` is called even when there
    // are none (a replica that waits to know it has everything committed so far).
    void catch_up(const std::string& code);

private:
    struct Follow {
        std::uint64_t id = 0;
        std::int64_t last = 0;  // the last number delivered
        Deliver deliver;
        std::chrono::steady_clock::time_point checked;  // last read of the database
        bool poked = false;
    };
    void publish_loop();
    void read_loop();
    // From the reader's thread: a Stream entry of `code`.
    void from_stream(const std::string& code, std::int64_t first, const std::string& log);
    // Reads the database after the follow's last number and delivers what it finds.
    void from_database(const std::string& code, bool always_deliver);
    // Delivers the entries that come next for `code` (others are dropped), calling its Deliver
    // under no lock; returns how many.
    std::size_t deliver(const std::string& code, std::vector<LogEntry> entries, bool always);
    std::unique_ptr<RedisLink> connect(const char* who);

    RedisAddress address_;
    Ownership& ownership_;
    Metrics& metrics_;

    mutable std::mutex mutex_;
    std::condition_variable wake_publisher_;
    std::condition_variable wake_reader_;
    bool stopping_ = false;
    std::deque<std::pair<std::string, std::vector<LogEntry>>> outgoing_;
    std::map<std::string, Follow> follows_;
    std::uint64_t next_follow_ = 0;
    bool reader_connected_ = false;

    std::thread publisher_;
    std::thread reader_;
};

}  // namespace broadside::server

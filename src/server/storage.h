#pragma once
// Where the server keeps everything: rooms, and each room's numbered log (joins, bots, the start,
// every action with its client action id, resignations), from which a room is rebuilt exactly
// (the seed and the actions replay the match). One interface, so that PostgreSQL can follow
// SQLite without touching the rooms. Seat tokens appear only as SHA-256 hashes.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace broadside::server {

struct StoredRoom {
    std::string code;
    std::string game;
    nlohmann::json options;   // validated, with defaults filled
    nlohmann::json settings;  // public, owner's choices that are not game options
    std::string server_seed;  // secret until the game ends (hex)
    std::int64_t created_ms = 0;
    std::int64_t touched_ms = 0;  // the last time anything happened in the room
    bool expired = false;
    std::vector<nlohmann::json> log;  // entry n-1 is number n
    nlohmann::json record;            // the finished game's record, or null
    // What of the room's stored rows this server cannot read, as "entry 3: not JSON (...)",
    // "options: ...", or "entry 4: missing (...)" for a gap; empty when all were read. A load
    // marks such a room instead of failing, so that one damaged row costs only its own room
    // (docs/server.md, "The log's entries"); the room then refuses to be rebuilt.
    std::string unreadable;
};

// Helpers for the storages' load(): each reads one stored column into `room`, marking the room
// unreadable (the first problem kept) instead of throwing.
void read_json_column(StoredRoom& room, nlohmann::json& into, const std::string& text,
                      const std::string& column);
// Appends log entry `number` (rows come in order of number): a gap or a body that is not JSON
// marks the room unreadable, and the entries after it are ignored.
void read_log_entry(StoredRoom& room, std::int64_t number, const std::string& body);

struct LogEntry {
    std::string room;
    std::int64_t number = 0;  // 1, 2, 3, ... per room; (room, number) is unique
    nlohmann::json body;
};

// One transaction's worth of changes: many rooms' entries commit together.
struct WriteBatch {
    std::vector<StoredRoom> new_rooms;  // their log and record are ignored
    std::vector<LogEntry> entries;
    std::vector<std::pair<std::string, nlohmann::json>> records;
    std::vector<std::pair<std::string, std::int64_t>> touched;
    std::vector<std::string> expired;
    // A cluster's fencing (docs/scaling.md, "Room ownership"): each (room, epoch) must still be
    // the room's lease when the transaction commits, or nothing of the batch is. New rooms in
    // `new_rooms` listed in `new_leases` get their first lease (epoch 1) in the same transaction.
    // Single-node storage (SQLite) has no leases and ignores both.
    std::vector<std::pair<std::string, std::int64_t>> fences;
    std::vector<std::string> new_leases;
    bool empty() const {
        return new_rooms.empty() && entries.empty() && records.empty() && touched.empty() &&
               expired.empty();
    }
    void append(WriteBatch&& other);
};

// A write refused because the lease of these rooms moved to another node (or expired and was
// taken): their owner here lost them and must write nothing more. Nothing of the batch was
// committed.
class FencedError : public std::runtime_error {
public:
    explicit FencedError(std::vector<std::string> rooms)
        : std::runtime_error("the lease of " + std::to_string(rooms.size()) +
                             " room(s) moved to another node"),
          rooms_(std::move(rooms)) {}
    const std::vector<std::string>& rooms() const { return rooms_; }

private:
    std::vector<std::string> rooms_;
};

// The database cannot be reached (a restarted PostgreSQL, a cut network). Whether the batch was
// committed may be unknown (the connection broke during COMMIT): a retry must be idempotent, and
// the storage that threw makes its next write so.
class StorageUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Storage {
public:
    virtual ~Storage() = default;
    // Everything, for a restart: every room with its log and record.
    virtual std::vector<StoredRoom> load() = 0;
    // Commits the batch in one transaction, or throws (nothing of it is then committed, except
    // perhaps after StorageUnavailable: see there).
    virtual void write(const WriteBatch& batch) = 0;
    // Whether a room with this code was ever stored (codes are never reused).
    virtual bool room_exists(const std::string& code) = 0;
    // A finished or expired room's record (null when there is none).
    virtual nlohmann::json record(const std::string& code) = 0;
};

}  // namespace broadside::server

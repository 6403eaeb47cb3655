#include "server/sqlite_storage.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>

#include <SQLiteCpp/SQLiteCpp.h>

namespace broadside::server {

void WriteBatch::append(WriteBatch&& other) {
    auto move_all = [](auto& to, auto& from) {
        to.insert(to.end(), std::make_move_iterator(from.begin()),
                  std::make_move_iterator(from.end()));
    };
    move_all(new_rooms, other.new_rooms);
    move_all(entries, other.entries);
    move_all(records, other.records);
    move_all(touched, other.touched);
    move_all(expired, other.expired);
    move_all(fences, other.fences);
    move_all(new_leases, other.new_leases);
}

SqliteStorage::SqliteStorage(const std::string& directory, Durability durability, Owner owner)
    : SqliteStorage(File{(std::filesystem::path(directory) / "broadside.db").string()}, durability,
                    owner) {}

SqliteStorage::SqliteStorage(const File& file, Durability durability, Owner owner)
    : path_(file.path) {
    const auto parent = std::filesystem::path(file.path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent);
    if (owner == Owner::kExclusive) own_exclusively();
    db_ =
        std::make_unique<SQLite::Database>(file.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->exec("PRAGMA journal_mode=WAL");
    db_->exec(durability == Durability::kFull ? "PRAGMA synchronous=FULL"
                                              : "PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA foreign_keys=ON");
    db_->exec(R"(
        CREATE TABLE IF NOT EXISTS rooms (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            settings TEXT NOT NULL,
            server_seed TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            touched_ms INTEGER NOT NULL,
            expired INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS room_log (
            room TEXT NOT NULL REFERENCES rooms(code),
            number INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (room, number)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS records (
            room TEXT PRIMARY KEY REFERENCES rooms(code),
            record TEXT NOT NULL
        );
    )");
    insert_room_ = std::make_unique<SQLite::Statement>(
        *db_,
        "INSERT INTO rooms (code, game, options, settings, server_seed, created_ms, touched_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert_entry_ = std::make_unique<SQLite::Statement>(
        *db_, "INSERT INTO room_log (room, number, body) VALUES (?, ?, ?)");
    put_record_ = std::make_unique<SQLite::Statement>(
        *db_, "INSERT OR REPLACE INTO records (room, record) VALUES (?, ?)");
    touch_ = std::make_unique<SQLite::Statement>(
        *db_, "UPDATE rooms SET touched_ms = MAX(touched_ms, ?) WHERE code = ?");
    expire_ =
        std::make_unique<SQLite::Statement>(*db_, "UPDATE rooms SET expired = 1 WHERE code = ?");
    reader_ = std::make_unique<SQLite::Database>(file.path, SQLite::OPEN_READONLY);
    reader_->setBusyTimeout(5000);  // WAL readers wait only while a crashed writer is recovered
    room_exists_ =
        std::make_unique<SQLite::Statement>(*reader_, "SELECT 1 FROM rooms WHERE code = ?");
    find_record_ =
        std::make_unique<SQLite::Statement>(*reader_, "SELECT record FROM records WHERE room = ?");
}

SqliteStorage::~SqliteStorage() {
    if (lock_fd_ >= 0) ::close(lock_fd_);
}

void SqliteStorage::own_exclusively() {
    // A lock file beside the database, not the database itself: SQLite's own POSIX locks on a
    // file are all dropped when any descriptor of it is closed, so no other descriptor of the
    // database is opened here. flock() locks belong to this open file, and go with the process.
    const std::string lock = path_ + ".lock";
    lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd_ < 0) throw std::runtime_error("cannot open " + lock + ": " + std::strerror(errno));
    if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        ::close(lock_fd_);
        lock_fd_ = -1;
        if (why == EWOULDBLOCK) {
            throw std::runtime_error("another broadside server is using " + path_ +
                                     " (one process owns it: stop that server, or give this "
                                     "one another --data)");
        }
        throw std::runtime_error("cannot lock " + lock + ": " + std::strerror(why));
    }
}

std::vector<StoredRoom> SqliteStorage::load() {
    std::lock_guard lock(mutex_);
    std::vector<StoredRoom> rooms;
    std::map<std::string, std::size_t> index;
    SQLite::Statement q(*db_,
                        "SELECT code, game, options, settings, server_seed, created_ms, "
                        "touched_ms, expired FROM rooms ORDER BY created_ms, code");
    while (q.executeStep()) {
        StoredRoom room;
        room.code = q.getColumn(0).getString();
        room.game = q.getColumn(1).getString();
        read_json_column(room, room.options, q.getColumn(2).getString(), "options");
        read_json_column(room, room.settings, q.getColumn(3).getString(), "settings");
        room.server_seed = q.getColumn(4).getString();
        room.created_ms = q.getColumn(5).getInt64();
        room.touched_ms = q.getColumn(6).getInt64();
        room.expired = q.getColumn(7).getInt() != 0;
        index[room.code] = rooms.size();
        rooms.push_back(std::move(room));
    }
    SQLite::Statement log(*db_, "SELECT room, number, body FROM room_log ORDER BY room, number");
    while (log.executeStep()) {
        auto it = index.find(log.getColumn(0).getString());
        if (it == index.end()) continue;
        read_log_entry(rooms[it->second], log.getColumn(1).getInt64(),
                       log.getColumn(2).getString());
    }
    SQLite::Statement rec(*db_, "SELECT room, record FROM records");
    while (rec.executeStep()) {
        auto it = index.find(rec.getColumn(0).getString());
        if (it == index.end()) continue;
        auto& room = rooms[it->second];
        read_json_column(room, room.record, rec.getColumn(1).getString(), "record");
    }
    return rooms;
}

void SqliteStorage::write(const WriteBatch& batch) {
    std::lock_guard lock(mutex_);
    SQLite::Transaction tx(*db_);
    // Each statement is reset before use too: a failed write may have left it mid-step. Not
    // reset(): sqlite3_reset returns the failed step's error again, and reset() would throw it,
    // failing the next write (StorageContract.ABatchWithADuplicateEntry...).
    auto use = [](SQLite::Statement& q) -> SQLite::Statement& {
        (void)q.tryReset();
        return q;
    };
    for (const auto& room : batch.new_rooms) {
        auto& q = use(*insert_room_);
        q.bind(1, room.code);
        q.bind(2, room.game);
        q.bind(3, room.options.dump());
        q.bind(4, room.settings.dump());
        q.bind(5, room.server_seed);
        q.bind(6, static_cast<int64_t>(room.created_ms));
        q.bind(7, static_cast<int64_t>(room.touched_ms));
        q.exec();
    }
    for (const auto& entry : batch.entries) {
        auto& q = use(*insert_entry_);
        q.bind(1, entry.room);
        q.bind(2, static_cast<int64_t>(entry.number));
        q.bind(3, entry.body.dump());
        q.exec();
    }
    for (const auto& [room, record] : batch.records) {
        auto& q = use(*put_record_);
        q.bind(1, room);
        q.bind(2, record.dump());
        q.exec();
    }
    for (const auto& [room, ms] : batch.touched) {
        auto& q = use(*touch_);
        q.bind(1, static_cast<int64_t>(ms));
        q.bind(2, room);
        q.exec();
    }
    for (const auto& room : batch.expired) {
        auto& q = use(*expire_);
        q.bind(1, room);
        q.exec();
    }
    tx.commit();
}

bool SqliteStorage::room_exists(const std::string& code) {
    std::lock_guard lock(reader_mutex_);
    auto& q = *room_exists_;
    (void)q.tryReset();
    q.bind(1, code);
    const bool found = q.executeStep();
    (void)
        q.tryReset();  // ends the read: an open statement would hold back the writer's checkpoints
    return found;
}

nlohmann::json SqliteStorage::record(const std::string& code) {
    std::lock_guard lock(reader_mutex_);
    auto& q = *find_record_;
    (void)q.tryReset();
    q.bind(1, code);
    nlohmann::json found = nullptr;
    if (q.executeStep()) found = nlohmann::json::parse(q.getColumn(0).getString());
    (void)q.tryReset();
    return found;
}

}  // namespace broadside::server

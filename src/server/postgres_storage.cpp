#include "server/postgres_storage.h"

#include <map>
#include <stdexcept>

#include <pqxx/pqxx>

namespace broadside::server {

struct PostgresStorage::Connection {
    explicit Connection(const std::string& uri) : db(uri) {}
    pqxx::connection db;
};

namespace {

// Every node may start at once against an empty database: the advisory lock (any fixed key)
// makes the first create the tables while the others wait, instead of failing on a duplicate.
constexpr long long kSchemaLockKey = 0x62726f6164736964;  // "broadsid"

const char* const kSchema = R"(
    CREATE TABLE IF NOT EXISTS broadside_schema (
        version INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        settings TEXT NOT NULL,
        server_seed TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        touched_ms BIGINT NOT NULL,
        expired BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE TABLE IF NOT EXISTS room_log (
        room TEXT NOT NULL REFERENCES rooms(code),
        number BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (room, number)
    );
    CREATE TABLE IF NOT EXISTS records (
        room TEXT PRIMARY KEY REFERENCES rooms(code),
        record TEXT NOT NULL
    );
)";

void create_schema(pqxx::connection& db) {
    pqxx::work tx(db);
    tx.exec_params("SELECT pg_advisory_xact_lock($1)", kSchemaLockKey);
    tx.exec(kSchema);
    const auto version = tx.exec("SELECT max(version) FROM broadside_schema");
    if (version[0][0].is_null()) {
        tx.exec_params("INSERT INTO broadside_schema (version) VALUES ($1)",
                       PostgresStorage::kSchemaVersion);
    } else if (const int found = version[0][0].as<int>(); found > PostgresStorage::kSchemaVersion) {
        throw std::runtime_error("the database holds schema version " + std::to_string(found) +
                                 ", newer than this program's " +
                                 std::to_string(PostgresStorage::kSchemaVersion) +
                                 ": run a newer broadside");
    }
    tx.commit();
}

}  // namespace

PostgresStorage::PostgresStorage(const std::string& uri) {
    try {
        conn_ = std::make_unique<Connection>(uri);
    } catch (const pqxx::broken_connection& e) {
        // libpq's message names the host and the reason; it ends with a newline.
        std::string why = e.what();
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        throw std::runtime_error("cannot connect to PostgreSQL: " + why);
    }
    auto& db = conn_->db;
    // The guarantee of write(): a commit returns once PostgreSQL has flushed it. This is the
    // default; it is set here so that a server configured otherwise cannot weaken it.
    db.set_variable("synchronous_commit", "on");
    create_schema(db);
    db.prepare("insert_room",
               "INSERT INTO rooms (code, game, options, settings, server_seed, created_ms, "
               "touched_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)");
    db.prepare("insert_entry", "INSERT INTO room_log (room, number, body) VALUES ($1, $2, $3)");
    db.prepare("put_record",
               "INSERT INTO records (room, record) VALUES ($1, $2) "
               "ON CONFLICT (room) DO UPDATE SET record = EXCLUDED.record");
    db.prepare("touch", "UPDATE rooms SET touched_ms = GREATEST(touched_ms, $1) WHERE code = $2");
    db.prepare("expire", "UPDATE rooms SET expired = TRUE WHERE code = $1");
    db.prepare("room_exists", "SELECT 1 FROM rooms WHERE code = $1");
    db.prepare("record", "SELECT record FROM records WHERE room = $1");
}

PostgresStorage::~PostgresStorage() = default;

std::vector<StoredRoom> PostgresStorage::load() {
    std::lock_guard lock(mutex_);
    // One snapshot for the three reads: a room's log and record agree with its row.
    pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(conn_->db);
    std::vector<StoredRoom> rooms;
    std::map<std::string, std::size_t> index;
    // COLLATE "C": byte order, as SQLite sorts, whatever the database's locale.
    for (const auto& row : tx.exec("SELECT code, game, options, settings, server_seed, "
                                   "created_ms, touched_ms, expired FROM rooms "
                                   "ORDER BY created_ms, code COLLATE \"C\"")) {
        StoredRoom room;
        room.code = row[0].as<std::string>();
        room.game = row[1].as<std::string>();
        room.options = nlohmann::json::parse(row[2].as<std::string>());
        room.settings = nlohmann::json::parse(row[3].as<std::string>());
        room.server_seed = row[4].as<std::string>();
        room.created_ms = row[5].as<std::int64_t>();
        room.touched_ms = row[6].as<std::int64_t>();
        room.expired = row[7].as<bool>();
        index[room.code] = rooms.size();
        rooms.push_back(std::move(room));
    }
    for (const auto& row :
         tx.exec("SELECT room, number, body FROM room_log ORDER BY room, number")) {
        auto it = index.find(row[0].as<std::string>());
        if (it == index.end()) continue;
        auto& entries = rooms[it->second].log;
        const auto number = row[1].as<std::int64_t>();
        if (number != static_cast<std::int64_t>(entries.size()) + 1) {
            throw std::runtime_error("room " + it->first + ": log entry " + std::to_string(number) +
                                     " follows a gap");
        }
        entries.push_back(nlohmann::json::parse(row[2].as<std::string>()));
    }
    for (const auto& row : tx.exec("SELECT room, record FROM records")) {
        auto it = index.find(row[0].as<std::string>());
        if (it != index.end()) {
            rooms[it->second].record = nlohmann::json::parse(row[1].as<std::string>());
        }
    }
    tx.commit();
    return rooms;
}

void PostgresStorage::write(const WriteBatch& batch) {
    std::lock_guard lock(mutex_);
    // One transaction: any failed statement throws, the transaction is aborted when `tx` is
    // destroyed, and nothing of the batch is committed.
    pqxx::work tx(conn_->db);
    for (const auto& room : batch.new_rooms) {
        tx.exec_prepared0("insert_room", room.code, room.game, room.options.dump(),
                          room.settings.dump(), room.server_seed, room.created_ms, room.touched_ms);
    }
    for (const auto& entry : batch.entries) {
        tx.exec_prepared0("insert_entry", entry.room, entry.number, entry.body.dump());
    }
    for (const auto& [room, record] : batch.records) {
        tx.exec_prepared0("put_record", room, record.dump());
    }
    for (const auto& [room, ms] : batch.touched) tx.exec_prepared0("touch", ms, room);
    for (const auto& room : batch.expired) tx.exec_prepared0("expire", room);
    tx.commit();
}

bool PostgresStorage::room_exists(const std::string& code) {
    std::lock_guard lock(mutex_);
    pqxx::read_transaction tx(conn_->db);
    return !tx.exec_prepared("room_exists", code).empty();
}

nlohmann::json PostgresStorage::record(const std::string& code) {
    std::lock_guard lock(mutex_);
    pqxx::read_transaction tx(conn_->db);
    const auto rows = tx.exec_prepared("record", code);
    if (rows.empty()) return nullptr;
    return nlohmann::json::parse(rows[0][0].as<std::string>());
}

}  // namespace broadside::server

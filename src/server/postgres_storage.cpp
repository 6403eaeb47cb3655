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
    CREATE TABLE IF NOT EXISTS nodes (
        name TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        seen_at TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE IF NOT EXISTS room_leases (
        room TEXT PRIMARY KEY REFERENCES rooms(code),
        node TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX IF NOT EXISTS room_leases_by_node ON room_leases (node);
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
    } else if (found < PostgresStorage::kSchemaVersion) {
        // Version 2 only added the cluster's tables (nodes, room_leases), created above.
        tx.exec_params("UPDATE broadside_schema SET version = $1", PostgresStorage::kSchemaVersion);
    }
    tx.commit();
}

}  // namespace

namespace {

std::unique_ptr<PostgresStorage::Connection> connect(const std::string& uri) {
    try {
        return std::make_unique<PostgresStorage::Connection>(uri);
    } catch (const pqxx::broken_connection& e) {
        // libpq's message names the host and the reason; it ends with a newline.
        std::string why = e.what();
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        throw std::runtime_error("cannot connect to PostgreSQL: " + why);
    }
}

// Runs `body` on the connection, opened by `reopen` when needed; when the connection turns out to
// be broken (a restarted PostgreSQL: libpq learns it only on use), once more on a new one. Only
// for calls that may safely run twice (reads, renewals, releases; a claim twice only bumps this
// node's own epoch once more).
template <class Reopen, class Body>
auto once_more_if_broken(std::unique_ptr<PostgresStorage::Connection>& conn, Reopen reopen,
                         Body body) {
    reopen();
    try {
        return body(conn->db);
    } catch (const pqxx::broken_connection&) {
        conn.reset();
        reopen();
        return body(conn->db);
    }
}

// A room's row, read by load() and load_room() alike: these columns, in this order.
constexpr const char* kRoomColumns =
    "code, game, options, settings, server_seed, created_ms, touched_ms, expired";

StoredRoom room_from_row(const pqxx::row& row) {
    StoredRoom room;
    room.code = row[0].as<std::string>();
    room.game = row[1].as<std::string>();
    read_json_column(room, room.options, row[2].as<std::string>(), "options");
    read_json_column(room, room.settings, row[3].as<std::string>(), "settings");
    room.server_seed = row[4].as<std::string>();
    room.created_ms = row[5].as<std::int64_t>();
    room.touched_ms = row[6].as<std::int64_t>();
    room.expired = row[7].as<bool>();
    return room;
}

// A SQL array literal of room codes (letters and digits only: nothing to quote).
std::string text_array(const std::vector<std::string>& codes) {
    std::string out = "{";
    for (const auto& code : codes) {
        if (out.size() > 1) out += ',';
        out += code;
    }
    return out + "}";
}

}  // namespace

PostgresStorage::PostgresStorage(const std::string& uri) : uri_(uri) {
    conn_ = connect(uri);
    create_schema(conn_->db);
    prepare(conn_->db);
}

void PostgresStorage::prepare(pqxx::connection_base& db) {
    // The guarantee of write(): a commit returns once PostgreSQL has flushed it. This is the
    // default; it is set here so that a server configured otherwise cannot weaken it.
    db.set_variable("synchronous_commit", "on");
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
    // After a connection broke during a commit, the batch may be in the database already: its
    // retry skips rows that exist (the same rows: one writer per room, fenced in a cluster).
    db.prepare("insert_room_again",
               "INSERT INTO rooms (code, game, options, settings, server_seed, created_ms, "
               "touched_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING");
    db.prepare("insert_entry_again",
               "INSERT INTO room_log (room, number, body) VALUES ($1, $2, $3) "
               "ON CONFLICT DO NOTHING");
}

void PostgresStorage::reconnect_if_broken() {
    if (conn_ && conn_->db.is_open()) return;
    conn_.reset();
    try {
        conn_ = connect(uri_);
        prepare(conn_->db);
    } catch (const std::exception& e) {
        conn_.reset();
        throw StorageUnavailable(e.what());
    }
}

PostgresStorage::~PostgresStorage() = default;

std::vector<StoredRoom> PostgresStorage::load() {
    std::lock_guard lock(mutex_);
    return once_more_if_broken(
        conn_, [&] { reconnect_if_broken(); },
        [&](pqxx::connection_base& db) {
            // One snapshot for the three reads: a room's log and record agree with its row.
            pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(db);
            std::vector<StoredRoom> rooms;
            std::map<std::string, std::size_t> index;
            // COLLATE "C": byte order, as SQLite sorts, whatever the database's locale.
            for (const auto& row : tx.exec(std::string("SELECT ") + kRoomColumns +
                                           " FROM rooms ORDER BY created_ms, code COLLATE \"C\"")) {
                StoredRoom room = room_from_row(row);
                index[room.code] = rooms.size();
                rooms.push_back(std::move(room));
            }
            for (const auto& row :
                 tx.exec("SELECT room, number, body FROM room_log ORDER BY room, number")) {
                auto it = index.find(row[0].as<std::string>());
                if (it == index.end()) continue;
                read_log_entry(rooms[it->second], row[1].as<std::int64_t>(),
                               row[2].as<std::string>());
            }
            for (const auto& row : tx.exec("SELECT room, record FROM records")) {
                auto it = index.find(row[0].as<std::string>());
                if (it == index.end()) continue;
                auto& room = rooms[it->second];
                read_json_column(room, room.record, row[1].as<std::string>(), "record");
            }
            tx.commit();
            return rooms;
        });
}

void PostgresStorage::write(const WriteBatch& batch) {
    std::lock_guard lock(mutex_);
    reconnect_if_broken();
    const bool again = in_doubt_;
    try {
        // One transaction: any failed statement throws, the transaction is aborted when `tx` is
        // destroyed, and nothing of the batch is committed.
        pqxx::work tx(conn_->db);
        for (const auto& room : batch.new_rooms) {
            tx.exec_prepared0(again ? "insert_room_again" : "insert_room", room.code, room.game,
                              room.options.dump(), room.settings.dump(), room.server_seed,
                              room.created_ms, room.touched_ms);
        }
        if (!batch.new_leases.empty() || !batch.fences.empty()) fence(tx, batch, again);
        for (const auto& entry : batch.entries) {
            tx.exec_prepared0(again ? "insert_entry_again" : "insert_entry", entry.room,
                              entry.number, entry.body.dump());
        }
        for (const auto& [room, record] : batch.records) {
            tx.exec_prepared0("put_record", room, record.dump());
        }
        for (const auto& [room, ms] : batch.touched) tx.exec_prepared0("touch", ms, room);
        for (const auto& room : batch.expired) tx.exec_prepared0("expire", room);
        tx.commit();
        in_doubt_ = false;
    } catch (const pqxx::broken_connection& e) {
        // Also when it broke during COMMIT (pqxx::in_doubt_error is not thrown for a plain
        // transaction: a broken COMMIT surfaces as broken_connection), so the next write of
        // the same batch must not trip over rows it may have committed.
        in_doubt_ = true;
        conn_.reset();
        throw StorageUnavailable(std::string("lost the connection to PostgreSQL: ") + e.what());
    }
}

void PostgresStorage::fence(pqxx::dbtransaction& tx, const WriteBatch& batch, bool again) {
    if (!cluster_) throw std::logic_error("a fenced write on a node that joined no cluster");
    for (const auto& code : batch.new_leases) {
        tx.exec_params0(
            std::string("INSERT INTO room_leases (room, node, epoch, expires_at) VALUES ($1, $2, "
                        "1, clock_timestamp() + $3 * interval '1 millisecond')") +
                (again ? " ON CONFLICT DO NOTHING" : ""),
            code, cluster_->node, cluster_->lease_ms);
    }
    std::map<std::string, std::int64_t> expected;
    for (const auto& [code, epoch] : batch.fences) expected[code] = epoch;
    std::vector<std::string> codes;
    for (const auto& [code, epoch] : expected) codes.push_back(code);
    // FOR SHARE: a claim (an UPDATE of the row) waits until this transaction ends, so the epoch
    // checked here is the epoch at commit. Rows are locked in code order, as renew() locks them,
    // so the two never deadlock.
    const auto rows = tx.exec_params(
        "SELECT room, epoch FROM room_leases WHERE room = ANY($1::text[]) "
        "ORDER BY room COLLATE \"C\" FOR SHARE",
        text_array(codes));
    for (const auto& row : rows) {
        auto it = expected.find(row[0].as<std::string>());
        if (it != expected.end() && it->second == row[1].as<std::int64_t>()) expected.erase(it);
    }
    if (!expected.empty()) {
        std::vector<std::string> lost;
        for (const auto& [code, epoch] : expected) lost.push_back(code);
        throw FencedError(std::move(lost));  // the transaction is rolled back as `tx` goes
    }
}

void PostgresStorage::join_cluster(const std::string& node, const std::string& url,
                                   std::int64_t lease_ms) {
    cluster_ = Cluster{node, url, lease_ms};
    (void)renew({});  // registers the node (and opens the lease connection)
}

void PostgresStorage::ensure_lease_connection() {
    // Leases have their own connection: a claim on a network thread never waits behind the
    // writer's commit in progress on the other. Opened again after it broke (a restarted
    // PostgreSQL); a failure to reach the database throws, and the caller tries again later.
    if (lease_conn_ && lease_conn_->db.is_open()) return;
    lease_conn_.reset();
    lease_conn_ = connect(uri_);
    lease_conn_->db.set_variable("synchronous_commit", "on");
}

LeaseClaim PostgresStorage::claim(const std::string& code) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::work tx(db);
            LeaseClaim answer;
            if (tx.exec_params("SELECT 1 FROM rooms WHERE code = $1", code).empty()) return answer;
            const auto taken = tx.exec_params(
                "INSERT INTO room_leases AS l (room, node, epoch, expires_at) VALUES ($1, $2, 1, "
                "clock_timestamp() + $3 * interval '1 millisecond') "
                "ON CONFLICT (room) DO UPDATE SET node = EXCLUDED.node, epoch = l.epoch + 1, "
                "expires_at = EXCLUDED.expires_at "
                "WHERE l.expires_at < clock_timestamp() OR l.node = EXCLUDED.node RETURNING epoch",
                code, cluster_->node, cluster_->lease_ms);
            if (!taken.empty()) {
                answer.outcome = LeaseClaim::Outcome::kTaken;
                answer.epoch = taken[0][0].as<std::int64_t>();
            } else {
                const auto held = tx.exec_params(
                    "SELECT l.node, coalesce(n.url, ''), "
                    "greatest(0, (extract(epoch FROM l.expires_at - clock_timestamp()) * "
                    "1000)::bigint) "
                    "FROM room_leases l LEFT JOIN nodes n ON n.name = l.node WHERE l.room = $1",
                    code);
                answer.outcome = LeaseClaim::Outcome::kHeld;
                if (!held.empty()) {
                    answer.owner = held[0][0].as<std::string>();
                    answer.owner_url = held[0][1].as<std::string>();
                    answer.expires_in_ms = held[0][2].as<std::int64_t>();
                }
            }
            tx.commit();
            return answer;
        });
}

std::optional<StoredRoom> PostgresStorage::load_room(const std::string& code) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) -> std::optional<StoredRoom> {
            pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(db);
            const auto rows = tx.exec_params(
                std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE code = $1", code);
            if (rows.empty()) return std::nullopt;
            StoredRoom room = room_from_row(rows[0]);
            for (const auto& entry : tx.exec_params(
                     "SELECT number, body FROM room_log WHERE room = $1 ORDER BY number", code)) {
                read_log_entry(room, entry[0].as<std::int64_t>(), entry[1].as<std::string>());
            }
            const auto record = tx.exec_params("SELECT record FROM records WHERE room = $1", code);
            if (!record.empty())
                read_json_column(room, room.record, record[0][0].as<std::string>(), "record");
            tx.commit();
            return room;
        });
}

std::vector<LogEntry> PostgresStorage::log_after(const std::string& code, std::int64_t after) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::read_transaction tx(db);
            std::vector<LogEntry> entries;
            for (const auto& row :
                 tx.exec_params("SELECT number, body FROM room_log WHERE room = $1 AND number > $2 "
                                "ORDER BY number",
                                code, after)) {
                entries.push_back({code, row[0].as<std::int64_t>(),
                                   nlohmann::json::parse(row[1].as<std::string>())});
            }
            tx.commit();
            return entries;
        });
}

std::vector<std::string> PostgresStorage::renew(
    const std::vector<std::pair<std::string, std::int64_t>>& mine) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::work tx(db);
            tx.exec_params0(
                "INSERT INTO nodes (name, url, seen_at) VALUES ($1, $2, clock_timestamp()) "
                "ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url, seen_at = EXCLUDED.seen_at",
                cluster_->node, cluster_->url);
            // Only the rooms this node holds: a lease it released (an idle room, a drain) or one
            // of a previous life under the same name (restarted) must run out, so that the room
            // is taken over (orphaned_rooms). Locked in code order, as fence() locks them (no
            // deadlock with this node's writer).
            std::map<std::string, std::int64_t> expected(mine.begin(), mine.end());
            std::vector<std::string> codes;
            for (const auto& [code, epoch] : expected) codes.push_back(code);
            tx.exec_params0(
                "UPDATE room_leases SET expires_at = clock_timestamp() + $2 * interval "
                "'1 millisecond' WHERE room IN (SELECT room FROM room_leases WHERE node = $1 "
                "AND room = ANY($3::text[]) ORDER BY room COLLATE \"C\" FOR UPDATE)",
                cluster_->node, cluster_->lease_ms, text_array(codes));
            std::vector<std::string> lost;
            if (!mine.empty()) {
                for (const auto& row : tx.exec_params(
                         "SELECT room, node, epoch FROM room_leases WHERE room = ANY($1::text[])",
                         text_array(codes))) {
                    const auto code = row[0].as<std::string>();
                    if (row[1].as<std::string>() != cluster_->node ||
                        row[2].as<std::int64_t>() != expected[code]) {
                        lost.push_back(code);
                    }
                }
            }
            tx.commit();
            return lost;
        });
}

std::vector<std::pair<std::string, std::string>> PostgresStorage::live_nodes() {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::read_transaction tx(db);
            std::vector<std::pair<std::string, std::string>> nodes;
            for (const auto& row :
                 tx.exec_params("SELECT name, url FROM nodes WHERE seen_at > clock_timestamp() - "
                                "$1 * interval '1 millisecond' ORDER BY name COLLATE \"C\"",
                                cluster_->lease_ms)) {
                nodes.emplace_back(row[0].as<std::string>(), row[1].as<std::string>());
            }
            return nodes;
        });
}

std::vector<std::string> PostgresStorage::orphaned_rooms(int limit, bool dead_nodes) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::read_transaction tx(db);
            std::vector<std::string> rooms;
            for (const auto& row : tx.exec_params(
                     "SELECT l.room FROM room_leases l JOIN rooms r ON r.code = l.room "
                     "WHERE l.expires_at < clock_timestamp() AND NOT r.expired "
                     "AND NOT EXISTS (SELECT 1 FROM records c WHERE c.room = l.room) "
                     "AND (l.node = $3 OR ($4 AND NOT EXISTS (SELECT 1 FROM nodes n WHERE "
                     "n.name = l.node AND n.seen_at > clock_timestamp() - $1 * interval "
                     "'1 millisecond'))) ORDER BY l.expires_at LIMIT $2",
                     cluster_->lease_ms, limit, cluster_->node, dead_nodes)) {
                rooms.push_back(row[0].as<std::string>());
            }
            return rooms;
        });
}

void PostgresStorage::release(const std::string& code, std::int64_t epoch) {
    std::lock_guard lock(lease_mutex_);
    return once_more_if_broken(
        lease_conn_, [&] { ensure_lease_connection(); },
        [&](pqxx::connection_base& db) {
            pqxx::work tx(db);
            // Expired rather than deleted: the epoch stays, so the next owner's epoch is higher.
            tx.exec_params0(
                "UPDATE room_leases SET expires_at = clock_timestamp() - interval '1 second' "
                "WHERE room = $1 AND node = $2 AND epoch = $3",
                code, cluster_->node, epoch);
            tx.commit();
        });
}

bool PostgresStorage::room_exists(const std::string& code) {
    std::lock_guard lock(mutex_);
    return once_more_if_broken(
        conn_, [&] { reconnect_if_broken(); },
        [&](pqxx::connection_base& db) {
            pqxx::read_transaction tx(db);
            return !tx.exec_prepared("room_exists", code).empty();
        });
}

nlohmann::json PostgresStorage::record(const std::string& code) {
    std::lock_guard lock(mutex_);
    return once_more_if_broken(
        conn_, [&] { reconnect_if_broken(); },
        [&](pqxx::connection_base& db) -> nlohmann::json {
            pqxx::read_transaction tx(db);
            const auto rows = tx.exec_prepared("record", code);
            if (rows.empty()) return nullptr;
            return nlohmann::json::parse(rows[0][0].as<std::string>());
        });
}

}  // namespace broadside::server

#pragma once
// Storage in PostgreSQL through libpqxx (`serve --db postgresql://...`, docs/scaling.md): the same
// tables and meaning as SqliteStorage, so one contract test suite covers both. Every write is one
// transaction committed with synchronous_commit on: it returns only once the commit is flushed to
// the database server's disk (the `full` guarantee of SQLite, whatever --durability says).
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/ownership.h"
#include "server/storage.h"

namespace pqxx {
class dbtransaction;
class connection_base;
}  // namespace pqxx

namespace broadside::server {

class PostgresStorage final : public Storage, public Ownership {
public:
    // The schema's version, kept in broadside_schema: a later format migrates from it, and an
    // older program refuses a database a newer one has written. 2 added nodes and room_leases.
    static constexpr int kSchemaVersion = 2;

    // Connects to `uri` (a libpq connection URI or key=value string), creates the tables when
    // missing and prepares the statements. Throws with a clear message when the database cannot
    // be reached or was written by a newer format.
    explicit PostgresStorage(const std::string& uri);
    ~PostgresStorage() override;
    std::vector<StoredRoom> load() override;
    void write(const WriteBatch& batch) override;
    bool room_exists(const std::string& code) override;
    nlohmann::json record(const std::string& code) override;

    // Makes this a node of a cluster (docs/scaling.md): registers `node` (reachable by the other
    // nodes at `url`) and enables the Ownership calls, with leases of `lease_ms`.
    void join_cluster(const std::string& node, const std::string& url, std::int64_t lease_ms);
    const std::string& node() const override { return cluster_->node; }
    LeaseClaim claim(const std::string& code) override;
    std::optional<StoredRoom> load_room(const std::string& code) override;
    std::vector<LogEntry> log_after(const std::string& code, std::int64_t after) override;
    std::vector<std::string> renew(
        const std::vector<std::pair<std::string, std::int64_t>>& mine) override;
    void release(const std::string& code, std::int64_t epoch) override;
    std::vector<std::pair<std::string, std::string>> live_nodes() override;
    std::vector<std::string> orphaned_rooms(int limit, bool dead_nodes) override;

    struct Connection;  // libpqxx stays inside the .cpp

private:
    struct Cluster {
        std::string node;
        std::string url;
        std::int64_t lease_ms = 0;
    };
    // Inside write()'s transaction: the new rooms' first leases, then the fences (throws
    // FencedError when a lease has moved on).
    void fence(pqxx::dbtransaction& tx, const WriteBatch& batch, bool again);
    // Sets the session's settings and prepares the statements (at start and on a reconnect).
    static void prepare(pqxx::connection_base& db);
    // The writer's connection, opened again after it broke; throws StorageUnavailable when the
    // database is still out of reach (with mutex_ held).
    void reconnect_if_broken();
    // The lease connection, opened (again) if needed (with lease_mutex_ held).
    void ensure_lease_connection();

    std::string uri_;
    std::mutex mutex_;                  // one connection; the writer and downloads take turns
    std::unique_ptr<Connection> conn_;  // null while the database is out of reach
    bool in_doubt_ = false;  // the last write's connection broke: the next one is a retry
    std::optional<Cluster> cluster_;
    std::mutex lease_mutex_;
    std::unique_ptr<Connection> lease_conn_;  // claims, renewals, loading one room
};

}  // namespace broadside::server

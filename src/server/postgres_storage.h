#pragma once
// Storage in PostgreSQL through libpqxx (`serve --db postgresql://...`, docs/scaling.md): the same
// tables and meaning as SqliteStorage, so one contract test suite covers both. Every write is one
// transaction committed with synchronous_commit on: it returns only once the commit is flushed to
// the database server's disk (the `full` guarantee of SQLite, whatever --durability says).
#include <memory>
#include <mutex>
#include <string>

#include "server/storage.h"

namespace broadside::server {

class PostgresStorage final : public Storage {
public:
    // The schema's version, kept in broadside_schema: a later format migrates from it, and an
    // older program refuses a database a newer one has written.
    static constexpr int kSchemaVersion = 1;

    // Connects to `uri` (a libpq connection URI or key=value string), creates the tables when
    // missing and prepares the statements. Throws with a clear message when the database cannot
    // be reached or was written by a newer format.
    explicit PostgresStorage(const std::string& uri);
    ~PostgresStorage() override;
    std::vector<StoredRoom> load() override;
    void write(const WriteBatch& batch) override;
    bool room_exists(const std::string& code) override;
    nlohmann::json record(const std::string& code) override;

private:
    struct Connection;                  // libpqxx stays inside the .cpp
    std::mutex mutex_;                  // one connection; the writer and downloads take turns
    std::unique_ptr<Connection> conn_;  // never null
};

}  // namespace broadside::server

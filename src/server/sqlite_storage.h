#pragma once
// Storage in one SQLite file (WAL mode) through SQLiteCpp. `synchronous=NORMAL` (the default
// durability) survives a killed process; `full` also survives a power cut (docs/server.md).
#include <memory>
#include <mutex>
#include <string>

#include "server/storage.h"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

namespace broadside::server {

enum class Durability { kNormal, kFull };

class SqliteStorage final : public Storage {
public:
    // `kExclusive`: this is the one server on the file (docs/server.md, "Storage": one process
    // owns it). An exclusive lock on `PATH.lock` is taken before the database is opened and held
    // until this is destroyed; when another process holds it (a second `broadside serve` on the
    // same --data) the constructor throws, naming the file. `kShared` (tests) takes no lock.
    enum class Owner { kShared, kExclusive };
    // Opens (creating when needed) `directory`/broadside.db. Throws with a clear message.
    SqliteStorage(const std::string& directory, Durability durability,
                  Owner owner = Owner::kShared);
    // Opens (creating when needed, with its directory) the database file `file.path`
    // (`serve --db sqlite:PATH`).
    struct File {
        std::string path;
    };
    SqliteStorage(const File& file, Durability durability, Owner owner = Owner::kShared);
    ~SqliteStorage() override;
    std::vector<StoredRoom> load() override;
    void write(const WriteBatch& batch) override;
    bool room_exists(const std::string& code) override;
    nlohmann::json record(const std::string& code) override;

private:
    void own_exclusively();
    std::string path_;
    int lock_fd_ = -1;  // own_exclusively's lock file, held open (and so locked) until the end
    std::mutex mutex_;  // the writer's connection: loading, and every commit
    std::unique_ptr<SQLite::Database> db_;
    // Lookups (a new room's code, a record download) have a connection of their own: in WAL mode
    // a reader never waits for a commit. They run on the network threads, and when they shared
    // the writer's connection every room created waited for the commit in progress, checkpoint
    // and all, with the whole network loop stalled behind it (docs/performance.md, "The stalls").
    std::mutex reader_mutex_;
    std::unique_ptr<SQLite::Database> reader_;
    std::unique_ptr<SQLite::Statement> room_exists_, find_record_;
    // The writes' statements, prepared once: parsing SQL for every commit cost more than the
    // inserts themselves when commits are small.
    std::unique_ptr<SQLite::Statement> insert_room_, insert_entry_, put_record_, touch_, expire_;
};

}  // namespace broadside::server

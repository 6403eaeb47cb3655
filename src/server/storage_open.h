#pragma once
// Which storage `serve` uses, from `--db URL` or `--data DIR` (docs/server.md, "Storage"):
//   sqlite:PATH                      the SQLite file PATH (created with its directory if missing)
//   postgresql://... or postgres://  a PostgreSQL database, as a libpq connection URI
// With neither, `--data DIR` means sqlite:DIR/broadside.db.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "server/sqlite_storage.h"
#include "server/storage.h"

namespace broadside::server {

struct DatabaseUrl {
    enum class Kind { kSqlite, kPostgres };
    Kind kind = Kind::kSqlite;
    std::string target;  // the SQLite file, or the whole PostgreSQL URI
};

// Parses `--db`. Throws std::invalid_argument, saying what is accepted, for anything else.
DatabaseUrl parse_database_url(const std::string& url);

// `url` fit to print: a password in it is replaced by "***".
std::string redact_database_url(const std::string& url);

// Opens the storage `url` names (or DIR/broadside.db when `url` is empty). Throws
// std::runtime_error with a clear message when it cannot be opened or reached.
std::unique_ptr<Storage> open_storage(const std::string& url, const std::string& data_dir,
                                      Durability durability);

}  // namespace broadside::server

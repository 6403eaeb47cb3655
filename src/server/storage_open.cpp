#include "server/storage_open.h"

#include "server/postgres_storage.h"

namespace broadside::server {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

}  // namespace

DatabaseUrl parse_database_url(const std::string& url) {
    if (starts_with(url, "sqlite:")) {
        DatabaseUrl parsed{DatabaseUrl::Kind::kSqlite, url.substr(7)};
        // sqlite:///abs/path and sqlite://rel are common spellings of a file URL: take the path.
        if (starts_with(parsed.target, "//")) parsed.target = parsed.target.substr(2);
        if (parsed.target.empty()) {
            throw std::invalid_argument("--db sqlite:PATH needs the database file's path");
        }
        return parsed;
    }
    if (starts_with(url, "postgresql://") || starts_with(url, "postgres://")) {
        return {DatabaseUrl::Kind::kPostgres, url};
    }
    throw std::invalid_argument(
        "--db \"" + redact_database_url(url) +
        "\" is not a database URL: use sqlite:PATH, or "
        "postgresql://[user[:password]@][host][:port][/dbname][?param=...]");
}

std::string redact_database_url(const std::string& url) {
    const auto scheme = url.find("://");
    if (scheme == std::string::npos) return url;
    std::string out = url;
    // The password as a query parameter (libpq's URIs take ?password=...) is hidden too.
    const auto query = out.find('?', scheme + 3);
    if (query != std::string::npos) {
        for (auto at = query; at != std::string::npos && at < out.size();
             at = out.find('&', at + 1)) {
            if (out.compare(at + 1, 9, "password=") != 0) continue;
            const auto value = at + 10;
            const auto end = out.find('&', value);
            out.replace(value, (end == std::string::npos ? out.size() : end) - value, "***");
        }
    }
    const auto at = out.find('@', scheme + 3);
    const auto colon = out.find(':', scheme + 3);
    if (at == std::string::npos || colon == std::string::npos || colon > at ||
        (query != std::string::npos && at > query)) {
        return out;
    }
    return out.substr(0, colon + 1) + "***" + out.substr(at);
}

std::unique_ptr<Storage> open_storage(const std::string& url, const std::string& data_dir,
                                      Durability durability) {
    // The server owns its SQLite file: a second server on it is refused at start.
    constexpr auto kOwner = SqliteStorage::Owner::kExclusive;
    if (url.empty()) return std::make_unique<SqliteStorage>(data_dir, durability, kOwner);
    const auto parsed = parse_database_url(url);
    if (parsed.kind == DatabaseUrl::Kind::kSqlite) {
        return std::make_unique<SqliteStorage>(SqliteStorage::File{parsed.target}, durability,
                                               kOwner);
    }
    return std::make_unique<PostgresStorage>(parsed.target);
}

}  // namespace broadside::server

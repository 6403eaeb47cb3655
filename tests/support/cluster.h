#pragma once
// A cluster for end-to-end tests (docs/scaling.md): N real `serve --node nK` processes on one
// fresh database of the throwaway PostgreSQL, with short leases, reached directly on their ports.
#include <memory>
#include <string>
#include <vector>

#include "support/server_process.h"

namespace broadside::testing {

class Cluster {
public:
    static constexpr const char* kLeaseSeconds = "1.5";
    // `lease_seconds`: longer leases let a test tell a lease let go from one that ran out.
    explicit Cluster(int nodes, std::vector<std::string> extra = {},
                     std::string lease_seconds = kLeaseSeconds);
    ServerProcess& node(int i) { return *nodes_[static_cast<std::size_t>(i)]; }
    int size() const { return static_cast<int>(nodes_.size()); }
    const std::string& database() const { return db_; }
    // One SQL statement on the cluster's database (psql), its rows as psql -At prints them
    // (fields split by '|', rows by newlines), the last newline removed.
    std::string sql(const std::string& statement) const;
    // The node holding the room's live lease, from the database ("n0", ...), or "" if none.
    std::string owner(const std::string& room) const;
    // Its index, or -1.
    int owner_index(const std::string& room) const;
    // A counter or gauge of node i's /metrics (-1 when it is not there).
    double metric(int i, const std::string& name);

private:
    std::string db_;
    std::vector<std::unique_ptr<ServerProcess>> nodes_;
};

}  // namespace broadside::testing

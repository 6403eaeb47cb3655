#pragma once
// A throwaway PostgreSQL server for tests: a fresh cluster (initdb) in a temp directory, reached
// only through a unix socket in that directory, started with pg_ctl, and stopped and removed when
// the test program exits, also when it crashes (a watchdog process waits for the program's end).
// Default settings, fsync and synchronous_commit on, so the durability tests mean what they say.
// Started once per test program (shared_postgres()); each test takes a fresh database of it.
#include <string>

namespace broadside::testing {

class ThrowawayPostgres {
public:
    ThrowawayPostgres();  // throws, with initdb's or pg_ctl's output, when it cannot start
    ~ThrowawayPostgres();
    ThrowawayPostgres(const ThrowawayPostgres&) = delete;
    ThrowawayPostgres& operator=(const ThrowawayPostgres&) = delete;

    // A new empty database; its libpq URI, e.g. postgresql:///db3?host=/tmp/...&user=postgres.
    std::string create_database();
    const std::string& directory() const { return dir_; }
    // Stops the server, cutting every connection (fast shutdown), and starts it again: a
    // database restarted under a running program.
    void stop();
    void start();

private:
    std::string dir_;  // the cluster in dir_/data, the socket and the log in dir_
    std::string bin_;  // PostgreSQL's programs, e.g. /usr/lib/postgresql/15/bin
    int databases_ = 0;
};

// The test program's one instance, started on first use.
ThrowawayPostgres& shared_postgres();

}  // namespace broadside::testing

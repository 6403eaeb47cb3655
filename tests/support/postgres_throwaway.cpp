#include "support/postgres_throwaway.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "support/test_support.h"

namespace broadside::testing {

namespace {

// Debian installs each major version in /usr/lib/postgresql/N/bin; the newest is taken.
std::string find_bin() {
    std::string best;
    int best_version = -1;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
        const auto name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (!std::filesystem::exists(entry.path() / "bin" / "initdb")) continue;
        if (std::stoi(name) > best_version) {
            best_version = std::stoi(name);
            best = (entry.path() / "bin").string();
        }
    }
    if (best.empty()) {
        throw std::runtime_error(
            "PostgreSQL is not installed (no /usr/lib/postgresql/N/bin/initdb): "
            "run scripts/install-deps");
    }
    return best;
}

// initdb refuses to run as root (CI runs as root): the server's programs then run as `postgres`.
std::string as_server_user(const std::string& command) {
    return geteuid() == 0 ? "runuser -u postgres -- " + command : command;
}

void run(const std::string& command, const std::string& log) {
    if (std::system((command + " >>" + log + " 2>&1").c_str()) != 0) {
        throw std::runtime_error("failed: " + command + "\n" + read_file(log));
    }
}

}  // namespace

ThrowawayPostgres::ThrowawayPostgres() : bin_(find_bin()) {
    // Short: the socket's path (dir/.s.PGSQL.5432) must fit in 107 bytes.
    char tmpl[] = "/tmp/broadside-pg-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    if (geteuid() == 0) run("chown postgres " + dir_, dir_ + "/setup.log");
    const std::string log = dir_ + "/setup.log";
    // The watchdog: once this program has ended, however it ended, it stops the server and
    // removes the directory (after a normal exit the destructor has done both already).
    // Everything it needs is made before fork(): only async-signal-safe calls come after.
    const std::string script =
        "while kill -0 " + std::to_string(getpid()) + " 2>/dev/null; do sleep 1; done; " +
        as_server_user(bin_ + "/pg_ctl -D " + dir_ + "/data -m immediate -s stop") +
        " >/dev/null 2>&1; rm -rf " + dir_;
    if (const pid_t watchdog = fork(); watchdog == 0) {
        setsid();
        const int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
        execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    try {
        // --no-sync: initdb does not wait for its own files to reach the disk (a second saved
        // per test program); the server it starts keeps fsync on.
        run(as_server_user(bin_ + "/initdb -D " + dir_ + "/data -A trust -U postgres --no-sync"),
            log);
        start();
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) + read_file(dir_ + "/server.log"));
    }
}

ThrowawayPostgres::~ThrowawayPostgres() {
    std::system((as_server_user(bin_ + "/pg_ctl -D " + dir_ + "/data -m immediate -s stop") +
                 " >/dev/null 2>&1")
                    .c_str());
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
}

void ThrowawayPostgres::start() {
    run(as_server_user(bin_ + "/pg_ctl -D " + dir_ + "/data -w -s -l " + dir_ +
                       "/server.log -o \"-c listen_addresses='' -c unix_socket_directories=" +
                       dir_ + "\" start"),
        dir_ + "/setup.log");
}

void ThrowawayPostgres::stop() {
    // Fast: every connection is cut at once, as when the database server is restarted.
    run(as_server_user(bin_ + "/pg_ctl -D " + dir_ + "/data -w -s -m fast stop"),
        dir_ + "/setup.log");
}

std::string ThrowawayPostgres::create_database() {
    const std::string name = "db" + std::to_string(++databases_);
    run(bin_ + "/createdb -h " + dir_ + " -U postgres " + name, dir_ + "/setup.log");
    return "postgresql:///" + name + "?host=" + dir_ + "&user=postgres";
}

ThrowawayPostgres& shared_postgres() {
    static ThrowawayPostgres instance;
    return instance;
}

}  // namespace broadside::testing

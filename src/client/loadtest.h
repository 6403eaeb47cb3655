#pragma once
// `broadside loadtest`: many simulated players on one event loop, each a real WebSocket client
// playing real games against the others (classic and Salvo pairs, Royale and crew tables) on a
// running `broadside serve`, measuring what a player would feel: how long an action takes to be
// acknowledged. Every run is bounded in clients and time and stops by itself.
#include <atomic>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::client {

inline constexpr int kLoadtestMaxClients = 20'000;  // one process may hold 20,000 open files here
inline constexpr double kLoadtestMaxSeconds = 3600;

struct LoadtestConfig {
    std::string server = "http://127.0.0.1:8080";
    std::string game = "classic";  // classic, salvo, royale, crew or mix
    int clients = 100;
    double duration_seconds = 30;
    int think_ms = 1000;  // from seeing it is your turn to acting
    int connects_per_second = 1000;
    int threads = 1;
    bool allow_remote = false;  // otherwise only loopback addresses are accepted
    std::uint64_t seed = 1;
    // Set (by a signal handler) to stop early: the run ends its rooms and reports what it did.
    const std::atomic<bool>* interrupt = nullptr;
};

// Runs the load and returns the report (see docs/performance.md for its fields). However it
// stops (its time is up, it is interrupted, or it fails), every room it made is ended first:
// aborted, or resigned from once a person has moved (`rooms` in the report). Throws
// std::runtime_error for a refused configuration (a remote server without allow_remote).
nlohmann::json run_loadtest(const LoadtestConfig& config);

}  // namespace broadside::client

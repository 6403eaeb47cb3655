#pragma once
// `broadside loadtest --chaos`: a hostile crowd against a running `broadside serve` on this
// machine (docs/server.md, "Hostile clients: how it is tested"). Worker threads mix real games
// played to the end (every acknowledged action must be in the final record exactly once; every
// well-formed request must get its documented answer) with every kind of bad frame the docs
// list, slow readers, TCP resets in the middle of a frame, half-open connections, reconnect
// storms with old tokens and resends of old action ids. It speaks WebSocket through plain POSIX
// sockets and a small hand-written framer, so that it can send any byte it likes (and Beast stays
// out of another translation unit). Bounded in workers and time; loopback only, always.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::client {

inline constexpr int kChaosMaxWorkers = 256;
inline constexpr double kChaosMaxSeconds = 24 * 3600;

struct ChaosConfig {
    std::string server = "http://127.0.0.1:8080";
    int workers = 24;  // threads, each driving one scenario (one to twenty connections) at a time
    double duration_seconds = 60;
    std::uint64_t seed = 1;
    std::size_t max_frame_bytes = 16384;  // the server's --max-frame-bytes (oversized frames)
};

// Runs the crowd and returns the report (docs/performance.md describes its fields; "findings"
// counts what the server got wrong). Throws std::runtime_error for a refused configuration
// (a server that is not on a loopback address).
nlohmann::json run_chaos(const ChaosConfig& config);

}  // namespace broadside::client

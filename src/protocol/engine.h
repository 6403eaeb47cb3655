#pragma once
// The engine side of the JSON-lines protocol (docs/protocol.md): one request object in, one
// response object out. No I/O here; `broadside engine` feeds it lines from stdin.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "match/match.h"
#include "protocol/errors.h"
#include "protocol/version.h"

namespace broadside::protocol {

inline constexpr std::size_t kMaxLineBytes = 1 << 20;  // 1 MiB
inline constexpr std::size_t kMaxMatches = 10'000;

class Engine {
public:
    // `fresh_seed` supplies seeds for matches created without one (injected so tests are
    // deterministic; the program uses std::random_device).
    explicit Engine(std::function<std::uint64_t()> fresh_seed);

    // Handles one raw line (without its newline). Always returns exactly one response line
    // (without its newline), whose "id" is the request's "id" exactly as it was written.
    std::string handle_line(std::string_view line);
    // Handles one parsed request. The response carries the request's "id" (any JSON value).
    nlohmann::json handle(const nlohmann::json& request);

    // Set once a "quit" request has been answered.
    bool quit_requested() const { return quit_; }

private:
    nlohmann::json hello() const;
    nlohmann::json create(const nlohmann::json& req);

    std::function<std::uint64_t()> fresh_seed_;
    std::map<std::string, std::unique_ptr<Match>> matches_;
    std::uint64_t next_match_ = 1;
    bool quit_ = false;
};

}  // namespace broadside::protocol

#pragma once
// One blocking hiredis connection, for a thread of its own (the lobby's, a party's streams):
// opened with a timeout, and dropped by its owner when a command fails. Nothing here is shared
// between threads.
#include <memory>
#include <string>
#include <vector>

#include <hiredis/hiredis.h>

namespace broadside::server {

// redis://HOST:PORT or unix:PATH (docs/server.md, `--redis`).
struct RedisAddress {
    std::string host;  // empty for a unix socket
    int port = 6379;
    std::string path;  // the unix socket
};
// Throws std::invalid_argument saying what is accepted.
RedisAddress parse_redis_url(const std::string& url);

// A reply, freed when it goes.
using RedisReply = std::unique_ptr<redisReply, void (*)(void*)>;

class RedisLink {
public:
    // A connection within `timeout_ms` (also each command's timeout), or null with `error` set.
    static std::unique_ptr<RedisLink> open(const RedisAddress& address, int timeout_ms,
                                           std::string& error);
    ~RedisLink();
    RedisLink(const RedisLink&) = delete;
    RedisLink& operator=(const RedisLink&) = delete;

    // A command's reply, or null when the connection failed (then drop this link; error()
    // says why). An error reply from Redis is a reply (REDIS_REPLY_ERROR).
    RedisReply command(const std::vector<std::string>& args);
    // Several commands sent together, their replies in order; empty when the connection failed.
    std::vector<RedisReply> pipeline(const std::vector<std::vector<std::string>>& commands);
    std::string error() const;

private:
    explicit RedisLink(redisContext* context) : context_(context) {}
    redisContext* context_;
};

}  // namespace broadside::server

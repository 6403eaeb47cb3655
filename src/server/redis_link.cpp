#include "server/redis_link.h"

#include <sys/time.h>
#include <stdexcept>

namespace broadside::server {

RedisAddress parse_redis_url(const std::string& url) {
    RedisAddress a;
    if (url.rfind("unix:", 0) == 0 && url.size() > 5) {
        a.path = url.substr(5);
        return a;
    }
    if (url.rfind("redis://", 0) == 0) {
        std::string rest = url.substr(8);
        if (const auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
        const auto colon = rest.rfind(':');
        a.host = colon == std::string::npos ? rest : rest.substr(0, colon);
        if (colon != std::string::npos) {
            try {
                a.port = std::stoi(rest.substr(colon + 1));
            } catch (const std::exception&) {
                a.host.clear();
            }
        }
        if (!a.host.empty() && a.port > 0 && a.port < 65536) return a;
    }
    throw std::invalid_argument("--redis takes redis://HOST:PORT or unix:PATH, not \"" + url +
                                "\"");
}

namespace {

void argv_of(const std::vector<std::string>& args, std::vector<const char*>& argv,
             std::vector<std::size_t>& lengths) {
    argv.clear();
    lengths.clear();
    for (const auto& a : args) {
        argv.push_back(a.data());
        lengths.push_back(a.size());
    }
}

}  // namespace

std::unique_ptr<RedisLink> RedisLink::open(const RedisAddress& address, int timeout_ms,
                                           std::string& error) {
    const timeval timeout{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    redisContext* c = address.path.empty()
                          ? redisConnectWithTimeout(address.host.c_str(), address.port, timeout)
                          : redisConnectUnixWithTimeout(address.path.c_str(), timeout);
    if (!c || c->err) {
        error = c ? c->errstr : "out of memory";
        if (c) redisFree(c);
        return nullptr;
    }
    redisSetTimeout(c, timeout);
    return std::unique_ptr<RedisLink>(new RedisLink(c));
}

RedisLink::~RedisLink() {
    redisFree(context_);
}

RedisReply RedisLink::command(const std::vector<std::string>& args) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    argv_of(args, argv, lengths);
    return RedisReply(static_cast<redisReply*>(redisCommandArgv(
                          context_, static_cast<int>(argv.size()), argv.data(), lengths.data())),
                      freeReplyObject);
}

std::vector<RedisReply> RedisLink::pipeline(const std::vector<std::vector<std::string>>& commands) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    for (const auto& args : commands) {
        argv_of(args, argv, lengths);
        if (redisAppendCommandArgv(context_, static_cast<int>(argv.size()), argv.data(),
                                   lengths.data()) != REDIS_OK) {
            return {};
        }
    }
    std::vector<RedisReply> replies;
    for (std::size_t i = 0; i < commands.size(); ++i) {
        void* reply = nullptr;
        if (redisGetReply(context_, &reply) != REDIS_OK) return {};
        replies.emplace_back(static_cast<redisReply*>(reply), freeReplyObject);
    }
    return replies;
}

std::string RedisLink::error() const {
    return context_->errstr;
}

}  // namespace broadside::server

#include "server/shared_lobby.h"

#include <chrono>
#include <stdexcept>
#include <vector>

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

namespace broadside::server {

namespace {

constexpr const char* kNodes = "broadside:lobby:nodes";
constexpr const char* kPrefix = "broadside:lobby:open:";
constexpr int kListSeconds = 5;  // a node's list outlives it by this much at most

}  // namespace

struct SharedLobby::Connection {
    redisContext* context = nullptr;
    ~Connection() {
        if (context) redisFree(context);
    }
    // A command's reply, or null when the connection failed (then it is dropped).
    redisReply* command(const std::vector<std::string>& args) {
        std::vector<const char*> argv;
        std::vector<std::size_t> lengths;
        for (const auto& a : args) {
            argv.push_back(a.data());
            lengths.push_back(a.size());
        }
        return static_cast<redisReply*>(
            redisCommandArgv(context, static_cast<int>(argv.size()), argv.data(), lengths.data()));
    }
};

SharedLobby::Address SharedLobby::parse(const std::string& url) {
    Address a;
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

SharedLobby::SharedLobby(std::string url, std::string node, std::function<nlohmann::json()> mine)
    : address_(parse(url)), node_(std::move(node)), mine_(std::move(mine)) {
    thread_ = std::thread([this] { run(); });
}

SharedLobby::~SharedLobby() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

nlohmann::json SharedLobby::others() const {
    std::lock_guard lock(mutex_);
    return others_;
}

void SharedLobby::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        tick();
        lock.lock();
        wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
    }
    lock.unlock();
    // A node that stops takes its rooms off the list at once (best effort).
    if (redis_) {
        if (auto* reply = redis_->command({"DEL", kPrefix + node_})) freeReplyObject(reply);
    }
}

void SharedLobby::tick() {
    if (!redis_) {
        auto c = std::make_unique<Connection>();
        const timeval timeout{1, 0};
        c->context = address_.path.empty()
                         ? redisConnectWithTimeout(address_.host.c_str(), address_.port, timeout)
                         : redisConnectUnixWithTimeout(address_.path.c_str(), timeout);
        if (!c->context || c->context->err) {
            if (connected_.exchange(false) || !c->context) {
                spdlog::warn("lobby: cannot reach Redis: {}",
                             c->context ? c->context->errstr : "out of memory");
            }
            return;
        }
        redisSetTimeout(c->context, timeout);
        redis_ = std::move(c);
    }
    auto failed = [&](redisReply* reply) {
        if (reply) return false;
        spdlog::warn("lobby: lost Redis: {}", redis_->context->errstr);
        redis_.reset();
        connected_ = false;
        std::lock_guard lock(mutex_);
        others_ = nlohmann::json::array();
        return true;
    };
    const std::string mine = mine_().dump();
    auto* set = redis_->command({"SET", kPrefix + node_, mine, "EX", std::to_string(kListSeconds)});
    if (failed(set)) return;
    freeReplyObject(set);
    auto* added = redis_->command({"SADD", kNodes, node_});
    if (failed(added)) return;
    freeReplyObject(added);
    auto* nodes = redis_->command({"SMEMBERS", kNodes});
    if (failed(nodes)) return;
    std::vector<std::string> names;
    if (nodes->type == REDIS_REPLY_ARRAY) {
        for (std::size_t i = 0; i < nodes->elements; ++i) {
            const auto* e = nodes->element[i];
            if (e->type == REDIS_REPLY_STRING) names.emplace_back(e->str, e->len);
        }
    }
    freeReplyObject(nodes);
    nlohmann::json others = nlohmann::json::array();
    for (const auto& name : names) {
        if (name == node_) continue;
        auto* list = redis_->command({"GET", kPrefix + name});
        if (failed(list)) return;
        if (list->type == REDIS_REPLY_STRING) {
            auto rooms = nlohmann::json::parse(std::string(list->str, list->len), nullptr, false);
            if (rooms.is_array()) {
                for (auto& room : rooms) others.push_back(std::move(room));
            }
        } else if (list->type == REDIS_REPLY_NIL) {
            // Its list expired: the node is gone.
            if (auto* removed = redis_->command({"SREM", kNodes, name})) freeReplyObject(removed);
        }
        freeReplyObject(list);
    }
    if (!connected_.exchange(true)) spdlog::info("lobby: sharing open rooms through Redis");
    std::lock_guard lock(mutex_);
    others_ = std::move(others);
}

}  // namespace broadside::server

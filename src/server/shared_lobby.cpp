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

SharedLobby::SharedLobby(std::string url, std::string node, std::function<nlohmann::json()> mine)
    : address_(parse_redis_url(url)), node_(std::move(node)), mine_(std::move(mine)) {
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
    if (redis_) (void)redis_->command({"DEL", kPrefix + node_});
}

void SharedLobby::tick() {
    if (!redis_) {
        std::string error;
        redis_ = RedisLink::open(address_, 1000, error);
        if (!redis_) {
            if (connected_.exchange(false)) spdlog::warn("lobby: cannot reach Redis: {}", error);
            return;
        }
    }
    auto failed = [&](const RedisReply& reply) {
        if (reply) return false;
        spdlog::warn("lobby: lost Redis: {}", redis_->error());
        redis_.reset();
        connected_ = false;
        std::lock_guard lock(mutex_);
        others_ = nlohmann::json::array();
        return true;
    };
    const std::string mine = mine_().dump();
    if (failed(redis_->command({"SET", kPrefix + node_, mine, "EX", std::to_string(kListSeconds)})))
        return;
    if (failed(redis_->command({"SADD", kNodes, node_}))) return;
    auto nodes = redis_->command({"SMEMBERS", kNodes});
    if (failed(nodes)) return;
    std::vector<std::string> names;
    if (nodes->type == REDIS_REPLY_ARRAY) {
        for (std::size_t i = 0; i < nodes->elements; ++i) {
            const auto* e = nodes->element[i];
            if (e->type == REDIS_REPLY_STRING) names.emplace_back(e->str, e->len);
        }
    }
    nlohmann::json others = nlohmann::json::array();
    for (const auto& name : names) {
        if (name == node_) continue;
        auto list = redis_->command({"GET", kPrefix + name});
        if (failed(list)) return;
        if (list->type == REDIS_REPLY_STRING) {
            auto rooms = nlohmann::json::parse(std::string(list->str, list->len), nullptr, false);
            if (rooms.is_array()) {
                for (auto& room : rooms) others.push_back(std::move(room));
            }
        } else if (list->type == REDIS_REPLY_NIL) {
            // Its list expired: the node is gone.
            (void)redis_->command({"SREM", kNodes, name});
        }
    }
    if (!connected_.exchange(true)) spdlog::info("lobby: sharing open rooms through Redis");
    std::lock_guard lock(mutex_);
    others_ = std::move(others);
}

}  // namespace broadside::server

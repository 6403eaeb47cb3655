#include "server/party_stream.h"

#include <spdlog/spdlog.h>

#include "server/metrics.h"
#include "server/ownership.h"

namespace broadside::server {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// A Stream keeps about this many batches: an edge further behind reads the database.
constexpr const char* kStreamLength = "1000";
// A party's Stream outlives its last batch by an hour, then Redis forgets it.
constexpr const char* kStreamSeconds = "3600";
// How long the reader blocks on Redis, and how often it looks at the database for a room it
// heard nothing of: every second while Redis answers (the tail of a batch Redis lost), five
// times a second while it does not.
constexpr int kBlockMs = 200;
constexpr auto kQuietCheck = std::chrono::milliseconds(1000);
constexpr auto kRedisAwayCheck = std::chrono::milliseconds(200);
// Past this many batches waiting for Redis, the oldest are dropped (the edges read them from
// the database).
constexpr std::size_t kMaxOutgoing = 10'000;

std::string field(const redisReply* fields, const char* name) {
    if (!fields || fields->type != REDIS_REPLY_ARRAY) return {};
    for (std::size_t i = 0; i + 1 < fields->elements; i += 2) {
        const auto* k = fields->element[i];
        const auto* v = fields->element[i + 1];
        if (k->type == REDIS_REPLY_STRING && std::string(k->str, k->len) == name &&
            v->type == REDIS_REPLY_STRING) {
            return std::string(v->str, v->len);
        }
    }
    return {};
}

}  // namespace

std::string party_stream_key(const std::string& code) {
    return "broadside:party:" + code;
}

PartyStreams::PartyStreams(const std::string& redis_url, Ownership& ownership, Metrics& metrics)
    : address_(parse_redis_url(redis_url)), ownership_(ownership), metrics_(metrics) {
    publisher_ = std::thread([this] { publish_loop(); });
    reader_ = std::thread([this] { read_loop(); });
}

PartyStreams::~PartyStreams() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_publisher_.notify_all();
    wake_reader_.notify_all();
    publisher_.join();
    reader_.join();
}

std::unique_ptr<RedisLink> PartyStreams::connect(const char* who) {
    std::string error;
    auto link = RedisLink::open(address_, 1000, error);
    if (!link) spdlog::debug("party streams ({}): cannot reach Redis: {}", who, error);
    return link;
}

void PartyStreams::publish(const std::string& code, std::vector<LogEntry> entries) {
    if (entries.empty()) return;
    {
        std::lock_guard lock(mutex_);
        outgoing_.emplace_back(code, std::move(entries));
        if (outgoing_.size() > kMaxOutgoing) outgoing_.pop_front();
    }
    wake_publisher_.notify_one();
}

void PartyStreams::publish_loop() {
    std::unique_ptr<RedisLink> redis;
    auto next_try = Clock::now();
    std::unique_lock lock(mutex_);
    while (true) {
        wake_publisher_.wait(lock, [this] { return stopping_ || !outgoing_.empty(); });
        if (stopping_) return;
        auto batches = std::move(outgoing_);
        outgoing_.clear();
        lock.unlock();
        if (!redis && Clock::now() >= next_try) {
            redis = connect("publisher");
            if (!redis) next_try = Clock::now() + std::chrono::seconds(1);
        }
        if (redis) {
            // One round trip for everything waiting: XADD and EXPIRE for each batch.
            std::vector<std::vector<std::string>> commands;
            for (auto& [code, entries] : batches) {
                json log = json::array();
                for (auto& e : entries) log.push_back(std::move(e.body));
                const std::string key = party_stream_key(code);
                commands.push_back({"XADD", key, "MAXLEN", "~", kStreamLength,
                                    std::to_string(entries.back().number) + "-0", "first",
                                    std::to_string(entries.front().number), "log", log.dump()});
                commands.push_back({"EXPIRE", key, kStreamSeconds});
            }
            auto replies = redis->pipeline(commands);
            if (replies.empty()) {
                spdlog::warn("party streams: lost Redis while publishing: {}", redis->error());
                redis.reset();
                next_try = Clock::now() + std::chrono::seconds(1);
            } else {
                // An ID below the Stream's last is refused: a batch an owner that lost the room
                // published late, after the new owner's. Nothing to do: edges go by number.
                metrics_.stream_batches_published.fetch_add(batches.size(),
                                                            std::memory_order_relaxed);
            }
        }
        lock.lock();
    }
}

std::uint64_t PartyStreams::follow(const std::string& code, std::int64_t after, Deliver deliver) {
    std::uint64_t id;
    {
        std::lock_guard lock(mutex_);
        id = ++next_follow_;
        follows_[code] = Follow{id, after, std::move(deliver), Clock::now(), false};
    }
    wake_reader_.notify_one();
    return id;
}

void PartyStreams::unfollow(const std::string& code, std::uint64_t id) {
    std::lock_guard lock(mutex_);
    auto it = follows_.find(code);
    if (it != follows_.end() && it->second.id == id) follows_.erase(it);
}

void PartyStreams::catch_up(const std::string& code) {
    {
        std::lock_guard lock(mutex_);
        auto it = follows_.find(code);
        if (it == follows_.end()) return;
        it->second.poked = true;
    }
    wake_reader_.notify_one();
}

void PartyStreams::read_loop() {
    std::unique_ptr<RedisLink> redis;
    auto next_try = Clock::now();
    while (true) {
        std::vector<std::string> keys, ids;
        std::vector<std::string> codes_to_check;
        std::vector<bool> poked;
        {
            std::unique_lock lock(mutex_);
            if (stopping_) return;
            if (follows_.empty()) {
                wake_reader_.wait_for(lock, std::chrono::milliseconds(kBlockMs));
                continue;
            }
            const auto now = Clock::now();
            const auto quiet = reader_connected_ ? kQuietCheck : kRedisAwayCheck;
            for (auto& [code, f] : follows_) {
                keys.push_back(party_stream_key(code));
                ids.push_back(std::to_string(f.last) + "-0");
                if (f.poked || now - f.checked >= quiet) {
                    codes_to_check.push_back(code);
                    poked.push_back(f.poked);
                    f.poked = false;
                }
            }
        }
        // The database first: a room caught up, or one Redis said nothing of for a while.
        for (std::size_t i = 0; i < codes_to_check.size(); ++i) {
            from_database(codes_to_check[i], poked[i]);
        }
        if (!redis && Clock::now() >= next_try) {
            redis = connect("reader");
            if (!redis) next_try = Clock::now() + std::chrono::seconds(1);
        }
        if (!redis) {
            {
                std::unique_lock lock(mutex_);
                reader_connected_ = false;
                wake_reader_.wait_for(lock, std::chrono::milliseconds(kBlockMs));
            }
            continue;
        }
        std::vector<std::string> command{
            "XREAD", "COUNT", "1000", "BLOCK", std::to_string(kBlockMs), "STREAMS"};
        command.insert(command.end(), keys.begin(), keys.end());
        command.insert(command.end(), ids.begin(), ids.end());
        auto reply = redis->command(command);
        if (!reply || reply->type == REDIS_REPLY_ERROR) {
            spdlog::warn("party streams: lost Redis while reading: {}",
                         reply ? std::string(reply->str, reply->len) : redis->error());
            redis.reset();
            next_try = Clock::now() + std::chrono::seconds(1);
            std::lock_guard lock(mutex_);
            reader_connected_ = false;
            continue;
        }
        {
            std::lock_guard lock(mutex_);
            reader_connected_ = true;
        }
        if (reply->type != REDIS_REPLY_ARRAY) continue;  // nil: nothing new within the block
        const std::string prefix = party_stream_key("");
        for (std::size_t s = 0; s < reply->elements; ++s) {
            const auto* stream = reply->element[s];
            if (stream->type != REDIS_REPLY_ARRAY || stream->elements != 2) continue;
            const std::string key(stream->element[0]->str, stream->element[0]->len);
            const std::string code = key.substr(prefix.size());
            const auto* entries = stream->element[1];
            for (std::size_t e = 0; e < entries->elements; ++e) {
                const auto* entry = entries->element[e];
                if (entry->type != REDIS_REPLY_ARRAY || entry->elements != 2) continue;
                const std::string first = field(entry->element[1], "first");
                const std::string log = field(entry->element[1], "log");
                std::int64_t first_number = 0;
                try {
                    first_number = std::stoll(first);
                } catch (const std::exception&) {
                    continue;  // not one of ours
                }
                from_stream(code, first_number, log);
            }
        }
    }
}

void PartyStreams::from_stream(const std::string& code, std::int64_t first,
                               const std::string& text) {
    std::int64_t last = 0;
    {
        std::lock_guard lock(mutex_);
        auto it = follows_.find(code);
        if (it == follows_.end()) return;
        last = it->second.last;
    }
    if (first > last + 1) {
        // Redis lost a batch (a restart), or the Stream was trimmed: the database has it.
        metrics_.stream_gaps_filled.fetch_add(1, std::memory_order_relaxed);
        from_database(code, false);
    }
    const json log = json::parse(text, nullptr, false);
    if (!log.is_array()) return;
    std::vector<LogEntry> entries;
    std::int64_t number = first;
    for (const auto& body : log) entries.push_back({code, number++, body});
    metrics_.stream_entries_from_redis.fetch_add(deliver(code, std::move(entries), false),
                                                 std::memory_order_relaxed);
}

void PartyStreams::from_database(const std::string& code, bool always_deliver) {
    std::int64_t last = 0;
    {
        std::lock_guard lock(mutex_);
        auto it = follows_.find(code);
        if (it == follows_.end()) return;
        last = it->second.last;
    }
    std::vector<LogEntry> entries;
    try {
        entries = ownership_.log_after(code, last);
    } catch (const std::exception& e) {
        // The database is away: the next check tries again; meanwhile Redis may still feed.
        spdlog::warn("party streams: reading room {}'s log: {}", code, e.what());
        return;
    }
    metrics_.stream_database_reads.fetch_add(1, std::memory_order_relaxed);
    {
        std::lock_guard lock(mutex_);
        auto it = follows_.find(code);
        if (it != follows_.end()) it->second.checked = Clock::now();
    }
    metrics_.stream_entries_from_database.fetch_add(
        deliver(code, std::move(entries), always_deliver), std::memory_order_relaxed);
}

std::size_t PartyStreams::deliver(const std::string& code, std::vector<LogEntry> entries,
                                  bool always) {
    Deliver to;
    std::vector<LogEntry> next;
    {
        std::lock_guard lock(mutex_);
        auto it = follows_.find(code);
        if (it == follows_.end()) return 0;
        auto& f = it->second;
        for (auto& e : entries) {
            if (e.number != f.last + 1) continue;  // had already, or after a gap (filled later)
            f.last = e.number;
            next.push_back(std::move(e));
        }
        // Heard: the quiet check (the database read for a batch Redis lost) counts from here.
        if (!next.empty()) f.checked = Clock::now();
        if (next.empty() && !always) return 0;
        to = f.deliver;
    }
    const std::size_t count = next.size();
    to(std::move(next));
    return count;
}

}  // namespace broadside::server

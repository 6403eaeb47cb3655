#include "server/group_writer.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/ranges.h>

#include <spdlog/spdlog.h>

#include "server/failpoint.h"

namespace broadside::server {

namespace {

// A client's `act` (a bot's has no action id): the only commits `commit_fails` fails.
bool holds_a_players_action(const WriteBatch& batch) {
    for (const auto& entry : batch.entries) {
        if (entry.body.value("kind", "") == "act" && entry.body.contains("action_id") &&
            !entry.body["action_id"].is_null()) {
            return true;
        }
    }
    return false;
}

}  // namespace

GroupWriter::GroupWriter(Storage& storage, std::function<void(double, std::size_t)> on_commit,
                         std::chrono::microseconds window)
    : storage_(storage),
      on_commit_(std::move(on_commit)),
      window_(window),
      thread_([this] { run(); }) {}

GroupWriter::~GroupWriter() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void GroupWriter::submit(WriteBatch batch, Done done) {
    bool wake = false;
    {
        std::lock_guard lock(mutex_);
        queue_.emplace_back(std::move(batch), std::move(done));
        // A gathering writer is woken only by a full batch: waking it for each submit would
        // cost the very context switches the window saves.
        wake = !gathering_ || queue_.size() >= kFullBatch;
    }
    if (wake) wake_.notify_one();
}

void GroupWriter::flush() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !writing_; });
}

std::size_t GroupWriter::commits() const {
    std::lock_guard lock(mutex_);
    return commits_;
}

void GroupWriter::run() {
    auto last_commit = std::chrono::steady_clock::time_point{};
    for (;;) {
        std::vector<std::pair<WriteBatch, Done>> taken;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            // Busy (the last commit was within the window): gather until the window is over.
            const auto gather_until = last_commit + window_;
            if (!stopping_ && std::chrono::steady_clock::now() < gather_until) {
                gathering_ = true;
                wake_.wait_until(lock, gather_until,
                                 [this] { return stopping_ || queue_.size() >= kFullBatch; });
                gathering_ = false;
            }
            if (queue_.empty()) return;  // stopping, and nothing left to commit
            taken.swap(queue_);
            writing_ = true;
        }
        const auto start = std::chrono::steady_clock::now();
        const auto results = write(taken);
        last_commit = std::chrono::steady_clock::now();
        const std::chrono::duration<double> took = last_commit - start;
        if (on_commit_) on_commit_(took.count(), taken.size());
        for (std::size_t i = 0; i < taken.size(); ++i) {
            if (taken[i].second) taken[i].second(results[i]);
        }
        // What the callbacks hold (a room, say, with its strand and timer) goes before flush()
        // may return: otherwise this thread could drop a room's last reference after its owner
        // has flushed and destroyed the room's io_context (found by fuzz/ws_message_fuzz.cpp).
        taken.clear();
        {
            std::lock_guard lock(mutex_);
            writing_ = false;
            ++commits_;
        }
        idle_.notify_all();
    }
}

std::vector<Commit> GroupWriter::write(std::vector<std::pair<WriteBatch, Done>>& taken) {
    std::vector<Commit> results(taken.size(), Commit::kDone);
    std::set<std::string> fenced;
    auto touches_fenced = [&](const WriteBatch& batch) {
        for (const auto& [room, epoch] : batch.fences) {
            if (fenced.count(room)) return true;
        }
        return false;
    };
    // Only a cluster's batches carry fences, and only they may need a second round: a single
    // node's batches are moved into the merged one, not copied.
    const bool may_retry = std::any_of(taken.begin(), taken.end(),
                                       [](const auto& t) { return !t.first.fences.empty(); });
    // Each round leaves out the batches of the rooms found fenced so far; a room is fenced once,
    // so the rounds end.
    for (;;) {
        WriteBatch merged;
        for (std::size_t i = 0; i < taken.size(); ++i) {
            if (results[i] != Commit::kDone) continue;
            if (touches_fenced(taken[i].first)) {
                results[i] = Commit::kFenced;
                continue;
            }
            if (may_retry) {
                WriteBatch copy = taken[i].first;  // kept whole for a retry without the fenced
                merged.append(std::move(copy));
            } else {
                merged.append(std::move(taken[i].first));
            }
        }
        if (merged.empty()) return results;
        try {
            // The test build's `commit_fails` fails a commit that holds a player's action,
            // as a full disk would (docs/testing.md, "Failpoints").
            if (failpoints_built() && holds_a_players_action(merged) && failpoint("commit_fails")) {
                throw std::runtime_error("failpoint commit_fails: no space left on device");
            }
            write_through_outages(merged);
            return results;
        } catch (const FencedError& e) {
            spdlog::warn("storage: {}: {}; their owner here lets them go", e.what(),
                         fmt::join(e.rooms(), ", "));
            fenced.insert(e.rooms().begin(), e.rooms().end());
        } catch (const std::exception& e) {
            spdlog::critical("storage: commit failed: {}", e.what());
            for (auto& result : results) {
                if (result == Commit::kDone) result = Commit::kFailed;
            }
            return results;
        }
    }
}

void GroupWriter::write_through_outages(const WriteBatch& merged) {
    std::optional<std::chrono::steady_clock::time_point> outage_since;
    auto pause = std::chrono::milliseconds(100);
    for (;;) {
        try {
            storage_.write(merged);
            if (outage_since) {
                spdlog::warn("storage: the database is back; the held commits went through");
                if (on_outage_) on_outage_(false);
            }
            return;
        } catch (const StorageUnavailable& e) {
            const auto now = std::chrono::steady_clock::now();
            if (!outage_since) {
                outage_since = now;
                spdlog::error("storage: {}; holding every commit and retrying for up to {} s",
                              e.what(), kMaxOutage.count());
                if (on_outage_) on_outage_(true);
            } else if (now - *outage_since > kMaxOutage) {
                throw std::runtime_error(std::string("the database stayed out of reach for ") +
                                         std::to_string(kMaxOutage.count()) + " s: " + e.what());
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::milliseconds(1000));
        }
    }
}

}  // namespace broadside::server

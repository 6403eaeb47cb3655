#include "server/group_writer.h"

#include <chrono>
#include <exception>
#include <stdexcept>

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
        WriteBatch merged;
        for (auto& [batch, done] : taken) merged.append(std::move(batch));
        bool ok = true;
        const auto start = std::chrono::steady_clock::now();
        if (!merged.empty()) {
            try {
                // The test build's `commit_fails` fails a commit that holds a player's action,
                // as a full disk would (docs/testing.md, "Failpoints").
                if (failpoints_built() && holds_a_players_action(merged) &&
                    failpoint("commit_fails")) {
                    throw std::runtime_error("failpoint commit_fails: no space left on device");
                }
                storage_.write(merged);
            } catch (const std::exception& e) {
                spdlog::critical("storage: commit failed: {}", e.what());
                ok = false;
            }
        }
        last_commit = std::chrono::steady_clock::now();
        const std::chrono::duration<double> took = last_commit - start;
        if (on_commit_) on_commit_(took.count(), taken.size());
        for (auto& [batch, done] : taken) {
            if (done) done(ok);
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

}  // namespace broadside::server

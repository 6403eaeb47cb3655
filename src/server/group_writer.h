#pragma once
// The one writer: every change of every room goes through it. It commits whatever has queued up
// since its last commit in one transaction (group commit), so a thousand rooms acting at once
// cost one fsync, then tells each submitter. Nothing is acknowledged to a client before that.
//
// Under load it gathers for a moment before committing: a commit that follows the previous one
// within `window` waits until `window` after it (or until kFullBatch batches are queued). On a
// busy core the writer would otherwise wake for every single action, and each wake is two
// context switches, a transaction and a post back to the room (docs/performance.md, "Where a
// core's time goes"). An idle server commits at once.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/storage.h"

namespace broadside::server {

// What became of a submitted batch.
enum class Commit {
    kDone,    // committed: it may be acknowledged
    kFailed,  // the database failed: nothing can be promised any more
    // A cluster's room lost its lease to another node (FencedError): this batch was left out,
    // nothing of it is committed, and the room must let go; the rest of the group committed.
    kFenced,
};

class GroupWriter {
public:
    // `done(result)` runs on the writer's thread after the commit or its failure.
    using Done = std::function<void(Commit result)>;
    // `on_commit(seconds, batches)` reports each commit's latency (for /metrics).
    static constexpr std::chrono::microseconds kDefaultWindow{1000};
    static constexpr std::size_t kFullBatch = 256;
    GroupWriter(Storage& storage, std::function<void(double, std::size_t)> on_commit,
                std::chrono::microseconds window = kDefaultWindow);
    ~GroupWriter();  // commits what is queued, then stops
    GroupWriter(const GroupWriter&) = delete;
    GroupWriter& operator=(const GroupWriter&) = delete;

    // How long the writer keeps trying to reach a database that went away (a restarted
    // PostgreSQL) before it gives the batches up as failed.
    static constexpr std::chrono::seconds kMaxOutage{60};
    // `on_outage(true)` when a commit finds the database out of reach (the writer then retries,
    // holding every batch, unacknowledged), `on_outage(false)` once a commit went through again.
    // Runs on the writer's thread. Set before the first submit.
    void on_outage(std::function<void(bool)> callback) { on_outage_ = std::move(callback); }

    void submit(WriteBatch batch, Done done);
    // Blocks until everything submitted so far is committed.
    void flush();
    std::size_t commits() const;

private:
    void run();
    // Writes the batches; a fenced room's batches are dropped and the rest retried. Returns each
    // batch's result, in order.
    std::vector<Commit> write(std::vector<std::pair<WriteBatch, Done>>& taken);
    // storage_.write, retried while the database is out of reach, up to kMaxOutage.
    void write_through_outages(const WriteBatch& merged);

    Storage& storage_;
    std::function<void(double, std::size_t)> on_commit_;
    std::function<void(bool)> on_outage_;
    const std::chrono::microseconds window_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::vector<std::pair<WriteBatch, Done>> queue_;
    bool writing_ = false;
    bool gathering_ = false;  // waiting out the window with batches queued
    bool stopping_ = false;
    std::size_t commits_ = 0;
    std::thread thread_;
};

}  // namespace broadside::server

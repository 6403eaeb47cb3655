#pragma once
// The one writer: every change of every room goes through it. It commits whatever has queued up
// since its last commit in one transaction (group commit), so a thousand rooms acting at once
// cost one fsync, then tells each submitter. Nothing is acknowledged to a client before that.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/storage.h"

namespace broadside::server {

class GroupWriter {
public:
    // `done(ok)` runs on the writer's thread after the commit (ok) or its failure (not ok).
    using Done = std::function<void(bool ok)>;
    // `on_commit(seconds, batches)` reports each commit's latency (for /metrics).
    GroupWriter(Storage& storage, std::function<void(double, std::size_t)> on_commit);
    ~GroupWriter();  // commits what is queued, then stops
    GroupWriter(const GroupWriter&) = delete;
    GroupWriter& operator=(const GroupWriter&) = delete;

    void submit(WriteBatch batch, Done done);
    // Blocks until everything submitted so far is committed.
    void flush();
    std::size_t commits() const;

private:
    void run();

    Storage& storage_;
    std::function<void(double, std::size_t)> on_commit_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::vector<std::pair<WriteBatch, Done>> queue_;
    bool writing_ = false;
    bool stopping_ = false;
    std::size_t commits_ = 0;
    std::thread thread_;
};

}  // namespace broadside::server

#pragma once
// "Acknowledge only after commit" for one room (docs/server.md, "What survives what"): the log
// entries not yet handed to the group writer, the messages that follow them (held until the
// commit that makes them durable), and the work that arrives while a commit is out (it waits,
// so that nobody is answered from a state that is not yet durable). Not thread-safe: it lives
// on its room's strand.
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage.h"

namespace broadside::server {

class Peer;

class Outbox {
public:
    // An `act` answered by what is held, with its times for the metrics.
    struct HeldAct {
        std::chrono::steady_clock::time_point read_at;  // its frame read off the socket
        std::chrono::steady_clock::time_point arrived;  // handled on the room's strand
    };

    // What the next commit will hold (entries, records).
    WriteBatch& pending() { return pending_; }
    bool committing() const { return committing_; }
    // Sent at once when nothing is pending, else held until the pending entries commit.
    void send(const std::shared_ptr<Peer>& peer, std::string text);
    void hold_act(HeldAct act) { held_acts_.push_back(act); }
    bool acts_held() const { return !held_acts_.empty(); }

    // Work that must wait for the commit in progress; false when none is (do it now).
    bool wait_for_commit(std::function<void()> work);

    // The batch for the writer, or none (nothing pending, or a commit is already out). From
    // here until committed() messages are held and work waits.
    std::optional<WriteBatch> take_batch();
    // The writer's answer. Committed: the held messages go out, and the acts they answered are
    // returned (for the metrics). Failed: nothing held is ever sent (none of it is durable).
    std::vector<HeldAct> committed(bool ok);
    // The work that waited, in arrival order (the caller runs it, then commits again).
    std::deque<std::function<void()>> take_waiting();

private:
    WriteBatch pending_;
    bool committing_ = false;
    std::vector<std::pair<std::weak_ptr<Peer>, std::string>> held_;
    std::vector<HeldAct> held_acts_;
    std::deque<std::function<void()>> waiting_;
};

}  // namespace broadside::server

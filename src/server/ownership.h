#pragma once
// Room ownership in a cluster (docs/scaling.md, "Room ownership"): each room has one owner node,
// the holder of its lease in the shared database. A lease has an epoch that grows each time the
// lease changes hands, and every write of a room names the epoch it was made under
// (WriteBatch::fences), so an owner that paused past its lease can never write again. Times are
// the database's clock, never a node's.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage.h"

namespace broadside::server {

struct LeaseClaim {
    enum class Outcome {
        kTaken,   // this node now owns the room, under `epoch`
        kHeld,    // another node's lease is live: `owner` at `owner_url`, for `expires_in_ms`
        kNoRoom,  // no room has this code
    };
    Outcome outcome = Outcome::kNoRoom;
    std::int64_t epoch = 0;
    std::string owner;
    std::string owner_url;  // "http://host:port" the owner advertised
    std::int64_t expires_in_ms = 0;
};

class Ownership {
public:
    virtual ~Ownership() = default;
    // This node's name.
    virtual const std::string& node() const = 0;
    // Takes the room's lease when nobody holds it, when it has expired, or when it is this
    // node's own (a restarted node under the same name): each time with a new epoch.
    virtual LeaseClaim claim(const std::string& code) = 0;
    // One room with its log and record, read after its lease was taken (the log is then whole:
    // the previous owner's writes are fenced from the moment the epoch moved).
    virtual std::optional<StoredRoom> load_room(const std::string& code) = 0;
    // The room's committed log entries numbered above `after`, in order (a party's edge node
    // filling a gap or catching up: docs/scaling.md, "A party over every node").
    virtual std::vector<LogEntry> log_after(const std::string& code, std::int64_t after) = 0;
    // Extends every lease this node holds and says the node is alive. `mine`: the rooms (with
    // their epochs) this node believes it owns; returns those whose lease another node or epoch
    // now holds. A room whose lease is not committed yet (a room being created) is not lost.
    virtual std::vector<std::string> renew(
        const std::vector<std::pair<std::string, std::int64_t>>& mine) = 0;
    // Lets go of a lease at once (a room leaving memory, a node draining): the next claim by any
    // node succeeds without waiting for the expiry. Does nothing if the epoch has moved on.
    virtual void release(const std::string& code, std::int64_t epoch) = 0;
    // The nodes that renewed within a lease's length (this one included), by name in byte
    // order: {name, advertised URL}.
    virtual std::vector<std::pair<std::string, std::string>> live_nodes() = 0;
    // Up to `limit` rooms left behind, neither over (no record) nor expired, whose lease has
    // expired: this node's own (from a life before a restart under the same name) and, with
    // `dead_nodes`, those of nodes no longer alive; the longest orphaned first.
    virtual std::vector<std::string> orphaned_rooms(int limit, bool dead_nodes) = 0;
};

}  // namespace broadside::server

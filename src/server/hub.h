#pragma once
// The lobby: every room by code, creating rooms (with the creator's seat and bots), the
// open-rooms list, quick match ("play anyone" pairs two waiting people for classic or Salvo),
// expiry of rooms nobody touches, and the restart that rebuilds every room from storage.
#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "server/ownership.h"
#include "server/room.h"

namespace broadside::server {

struct HubLimits {
    int max_rooms = 100'000;
    std::int64_t room_ttl_ms = 24LL * 3600 * 1000;  // rooms nobody touched for this long expire
    int max_open_rooms_per_address = 50;  // rooms one address created that are not over yet
};

// Where a room code leads (locate()): a room here, a live owner elsewhere, or nothing.
struct Located {
    std::shared_ptr<Room> room;  // this node holds the room
    std::string owner_url;       // another node's live lease: relay there ("http://host:port")
    std::int64_t lease_left_ms = 0;
    bool busy = false;  // another node's lease, with no address known: wait for it
};

class Hub final : public RoomDirectory {
public:
    // `ownership`: this node's leases when it is one node of a cluster (docs/scaling.md); null
    // for a single server, which holds every room.
    Hub(RoomServices& services, Storage& storage, HubLimits limits, Ownership* ownership = nullptr);

    // Rebuilds every unexpired room from storage; returns how many. A cluster's node restores
    // nothing: it takes rooms over one by one as their players reach it (locate()).
    std::size_t restore();
    std::shared_ptr<Room> find(const std::string& code) const;
    // find(), and in a cluster: a room not held here is taken over (its lease claimed, its log
    // read and replayed) when its lease is free or expired, or its owner is named. Blocks on the
    // database. Nothing found: all fields empty.
    Located locate(const std::string& code);
    // A cluster's lease keeping (every third of a lease, from its own thread): renews this node's
    // leases, and lets go of the rooms whose lease another node took.
    void renew_leases();
    // A cluster's node that drains: its leases are released (after the last commit), so the
    // rooms' next connections are taken over at once.
    void release_leases();

    // Lobby requests (a connection to /ws): create, rooms, quick, games. `done` gets the
    // response once it may be sent (after the commit that makes the room durable).
    void lobby(std::shared_ptr<Peer> peer, const nlohmann::json& request,
               std::function<void(nlohmann::json)> done);
    // A lobby connection closed (it leaves the quick-match queue).
    void forget(const Peer* peer);

    // Refuses new rooms from now on (the server is draining).
    void stop_creating() { draining_ = true; }
    void shut_down_rooms(const std::string& reason);
    // Tells every connection of every room that the database is out of reach (`down`) or back:
    // `{"type": "storage", "status": "reconnecting" | "ok", "message": ...}` (docs/server.md).
    void tell_storage_state(bool down);
    // Lets go of every room (at exit, before the network context goes).
    void forget_rooms();
    // Rooms untouched for the TTL and with nobody connected leave memory (their records stay).
    void expire_idle();
    std::map<std::string, int> rooms_by_game() const;
    // This node's open public rooms (the `rooms` answer's list).
    nlohmann::json local_open_rooms() const;
    // A cluster's lobby across nodes: `rooms` and /api/rooms add the other nodes' open rooms.
    // Set before the server listens; it outlives the hub's use of it.
    void share_lobby(const class SharedLobby* shared) { shared_lobby_ = shared; }
    // A finished game's record, from its live room (which may not have stored it yet) or from
    // storage; null when there is none; a `storage_failed` error when the database is out of
    // reach. `done` runs on the room's strand or at once.
    void record(const std::string& code, std::function<void(nlohmann::json)> done) const;

private:
    void lobby_checked(std::shared_ptr<Peer> peer, const nlohmann::json& request,
                       std::function<void(nlohmann::json)> done);
    Result<std::shared_ptr<Room>> make_room(const std::string& game, const nlohmann::json& options,
                                            const nlohmann::json& settings, WriteBatch& batch);
    // RoomDirectory, for a room's rematch.
    Result<std::shared_ptr<Room>> new_room(const std::string& game, const nlohmann::json& options,
                                           const nlohmann::json& settings, WriteBatch& batch,
                                           const std::string& asker_address) override;
    void publish(std::shared_ptr<Room> room) override;
    void lost(const Room& room) override;
    // A new room whose first commit failed (a `create` or a quick match): gone from memory and
    // from its creator's count, as if never made (docs/server.md, "What survives what").
    void unmake(const Room& room, const std::string& address);
    nlohmann::json create(const nlohmann::json& request, WriteBatch& batch,
                          std::shared_ptr<Room>& made);
    nlohmann::json open_rooms() const;
    // A record from storage, or a `storage_failed` error when the database cannot be reached.
    nlohmann::json stored_record(const std::string& code) const;
    // `my_rooms`: the unfinished rooms the given tokens hold, asked of each room on its strand.
    void my_rooms(const nlohmann::json& request, std::function<void(nlohmann::json)> done);

    RoomServices& services_;
    Storage& storage_;
    HubLimits limits_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;
    // Rooms created from each client address (pruned of finished and expired ones when the list
    // reaches the cap).
    std::map<std::string, std::vector<std::string>> created_by_;
    // Whether this address may create another room: fewer than the cap of its rooms are not over
    // (with mutex_ held).
    bool may_create_room(const std::string& address);
    // Why a room is refused to an address at its cap, and where its rooms are listed.
    std::string too_many_rooms_message() const;
    struct Waiting {
        std::weak_ptr<Peer> peer;
        std::string name;
        std::string nonce;
        std::function<void(nlohmann::json)> done;
    };
    std::map<std::string, std::deque<Waiting>> quick_;  // by game
    // `quick`: pairs `me` with the first live client waiting here for `game`, or queues it.
    void quick_here(const std::string& game, Waiting me);
    // In a cluster, every quick match is made by one node, the matchmaker (docs/scaling.md,
    // "Quick match on every node"): its URL, or "" when it is this node.
    std::string matchmaker_url() const;
    // Passes `request` on to the matchmaker and its answers back; once more, a second later, to
    // whichever node is the matchmaker then, if that connection is lost before the match.
    void quick_forwarded(nlohmann::json request, Waiting me, std::shared_ptr<bool> told_waiting);
    // Keeps the renewal's list of live nodes; passes this node's waiters on when another node
    // is the matchmaker.
    void refresh_matchmaker(std::vector<std::pair<std::string, std::string>> nodes);
    // Takes over the rooms nobody has come back to (a bots-only game, a clock running out for
    // an absent player) whose lease has run out: this node's own from a life before a restart
    // under its name and, on the matchmaker (`dead_nodes`), those dead nodes left; a few each
    // renewal, as a restarted single server restores every room (docs/scaling.md).
    void adopt_orphans(bool dead_nodes);
    static constexpr int kOrphansPerRenewal = 5;
    std::vector<std::pair<std::string, std::string>> live_nodes_;  // from the renewals; mutex_
    std::map<const Peer*, std::vector<std::shared_ptr<class LobbyForward>>> forwards_;  // mutex_
    // A party over every node (docs/scaling.md): this node's replicas of open party rooms that
    // other nodes own, by code; codes known not to be open parties (never asked again); how
    // many expiry ticks each replica has had no connection.
    std::map<std::string, std::shared_ptr<Room>> replicas_;  // mutex_
    std::set<std::string> not_party_;                        // mutex_
    std::map<std::string, int> replica_idle_ticks_;          // mutex_
    // Where a connection to `code`, held by the live owner at `owner_url`, goes: this node's
    // replica of it (made now if needed) when it is an open party and the node has Redis;
    // null: relay it.
    std::shared_ptr<Room> replica_for(const std::string& code, const std::string& owner_url);
    // Stops and forgets the replica of `code`, if any (this node took the room).
    void drop_replica(const std::string& code, const std::string& why);
    std::atomic<bool> draining_{false};  // set by the signal handler, read by network threads
    Ownership* ownership_ = nullptr;
    const class SharedLobby* shared_lobby_ = nullptr;
    std::mutex adopt_mutex_;  // one takeover at a time: two would each bump the epoch
};

}  // namespace broadside::server

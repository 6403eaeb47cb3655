#pragma once
// One room: its seats (people, built-in bots, open), its members and spectators, the match once
// started, and its numbered log. A room is a strand: its messages are handled one at a time, in
// order, and rooms share nothing. Every change is a log entry; replies and broadcasts that follow
// a change are held until the group writer has committed it ("acknowledge after commit"), and
// messages that arrive meanwhile wait their turn, so nobody ever sees an uncommitted state.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "match/match.h"
#include "protocol/version.h"
#include "server/clock.h"
#include "server/group_writer.h"
#include "server/outbox.h"
#include "server/room_log.h"
#include "server/room_state.h"
#include "server/storage.h"

namespace broadside::server {

class BotSeat;
class PartyStreams;
class Peer;
class UpstreamLink;
class Room;
struct Metrics;

// Protocol 2 changed only the party game's events (docs/protocol.md, "Versions"): clients of
// protocol 1 are still served, except in party rooms.
inline constexpr int kServerProtocol = protocol::kProtocolVersion;
inline constexpr int kOldestServerProtocol = protocol::kOldestProtocol;

// What every room shares: executors, the writer, the counters, how links are written.
struct RoomServices {
    boost::asio::any_io_executor io;    // room strands run here
    boost::asio::any_io_executor bots;  // bots think here, never on the network threads
    GroupWriter* writer = nullptr;
    Metrics* metrics = nullptr;
    std::string public_url;  // "http://host:port", for join links
    // A cluster's party fan-out through Redis (docs/scaling.md, "A party over every node"): an
    // open party room this node owns publishes each commit; null without `--redis`.
    PartyStreams* streams = nullptr;
    // A commit failed: the server cannot promise anything any more and must stop.
    std::function<void(const std::string&)> fatal;
};

// What a room may ask of the lobby that holds its code and its neighbours: a rematch's new room
// (a fresh code, not yet findable, its entries in `batch`; counted against the address that
// asked for it, and refused with `too_many_rooms` when that address is at its cap) and, once
// prepared, making it findable. A narrow interface the hub implements and hands to each room it
// makes, so that the room's dependency on the lobby is declared in one place rather than installed
// as callbacks.
class RoomDirectory {
public:
    virtual ~RoomDirectory() = default;
    virtual Result<std::shared_ptr<Room>> new_room(const std::string& game,
                                                   const nlohmann::json& options,
                                                   const nlohmann::json& settings,
                                                   WriteBatch& batch,
                                                   const std::string& asker_address) = 0;
    virtual void publish(std::shared_ptr<Room> room) = 0;
    // In a cluster: the room lost its lease to another node (a write was fenced) and has closed
    // its connections; the directory forgets it (this room, not a later one of the same code
    // taken over meanwhile). Called on the room's strand.
    virtual void lost(const Room& room) = 0;
};

// A room as the lobby lists it (kept up to date under a mutex: read from any thread).
struct RoomListing {
    std::string code;
    std::string game;
    std::string phase;
    int seats = 0;
    int open_seats = 0;
    int spectators = 0;
    bool is_public = false;
    std::int64_t touched_ms = 0;
    int peers = 0;
};

class Room : public std::enable_shared_from_this<Room> {
public:
    // A new room; `owner` is the creator's join entry (with its token hash) or null.
    static Result<std::shared_ptr<Room>> create(RoomServices& services, RoomDirectory& directory,
                                                const std::string& code, const std::string& game,
                                                const nlohmann::json& options,
                                                const nlohmann::json& settings, WriteBatch& batch);
    // A room rebuilt from storage: its log is replayed (the match with it).
    static Result<std::shared_ptr<Room>> restore(RoomServices& services, RoomDirectory& directory,
                                                 const StoredRoom& stored);
    // A read-only replica of an open party room another node owns (docs/scaling.md, "A party
    // over every node"): built from the stored log like a restore, then fed the owner's
    // commits from services.streams (follow()); it answers its connections' reads and sends
    // them the room's events itself, and passes every other request on to the owner at
    // `owner_url`, one connection per phone. It never writes, runs no bot and no clock.
    static Result<std::shared_ptr<Room>> replica(RoomServices& services, RoomDirectory& directory,
                                                 const StoredRoom& stored, std::string owner_url);
    // Whether this room is an open party (its phones may be served by replicas on other nodes).
    static bool is_open_party(const StoredRoom& stored);
    bool is_replica() const { return replica_; }
    // A replica whose connection to the owner failed (the owner died, drained, paused or let
    // the room go): the next connection asks the database again. From any thread.
    bool owner_lost() const { return owner_lost_.load(std::memory_order_relaxed); }
    const std::string& owner_url() const { return owner_url_; }
    // A replica: starts following the owner's commits (once, after it is published).
    void follow();
    // A replica: stops following, and tells its connections `moved` and closes them (this node
    // took the room over, or the replica leaves memory). On any thread.
    void stop_replica(const std::string& why);

    const std::string& code() const { return code_; }
    const std::string& game() const { return state_.game; }
    RoomListing listing() const;

    // Entry points, from any thread: each runs on the room's strand.
    // `read_at`: when the connection read the message's frame off its socket, before parsing it.
    void message(std::shared_ptr<Peer> peer, nlohmann::json request, std::string raw_id,
                 std::chrono::steady_clock::time_point read_at);
    void detach(std::shared_ptr<Peer> peer);
    // Before anyone else can see the room: appends entries (the creator joining, bots, the start
    // of a quick match) to `batch`, which must commit before anyone is told of the room.
    Status prepare(const RoomEntry& entry, WriteBatch& batch);
    // `name`, or "NAME 2", "NAME 3" ... when a member has it already (docs/server.md: the second
    // "Ann" is "Ann 2"), for `join` and for a quick match's players alike.
    std::string unique_name(const std::string& name) const;
    int seat_count() const { return state_.seat_count; }
    // The seed entry that starts the game with the nonces of the seated people.
    RoomEntry start_entry() const;
    // Told to every peer, then their connections close (the server is stopping).
    void shut_down(const std::string& reason);
    // The same for a connection the room does not hold (one whose hello it refused), asked by
    // that connection after shut_down: the room's strand knows whether it holds it.
    void shut_down_unless_attached(std::shared_ptr<Peer> peer, const std::string& reason);
    // Sends `text` to every connection of the room (a server-wide notice). On any thread.
    void tell_everyone(std::string text);
    // In a cluster: the lease this room is owned under (0: a single node, no fencing). Every
    // commit of the room is fenced by it. Set before the room is published.
    void set_lease_epoch(std::int64_t epoch) { lease_epoch_ = epoch; }
    std::int64_t lease_epoch() const { return lease_epoch_; }
    // In a cluster: another node took the room's lease. Its connections are told `moved` and
    // closed (they reconnect, to the new owner), and nothing more is written. On any thread.
    void lose_lease();
    // The lobby's `my_rooms` (docs/server.md, "Your unfinished rooms"): on the strand, `done`
    // gets what the token with this SHA-256 holds here (its seat, whether it may abort), or null
    // when it holds no seat and is not the creator, was removed, or the game is over.
    void holding(std::string token_hash, std::function<void(nlohmann::json)> done);
    // The record download (`GET /rooms/CODE/record`): on the strand, `done` gets the record of a
    // game that is over (built now if the room has not built it yet: the game's end may be
    // answered a moment before), or null while it is not over or when it was aborted unstarted.
    void finished_record(std::function<void(nlohmann::json)> done);

private:
    Room(RoomServices& services, RoomDirectory& directory, std::string code, std::string game,
         nlohmann::json options, nlohmann::json settings, std::string server_seed, int seat_count);
    // restore() and replica(): the stored log replayed.
    // `shutdown`, then the connection closes after what is queued.
    static void tell_shutdown(Peer& peer, const std::string& reason);
    static Result<std::shared_ptr<Room>> rebuild(RoomServices& services, RoomDirectory& directory,
                                                 const StoredRoom& stored, bool replica);

    using Phase = RoomState::Phase;
    using Member = RoomState::Member;
    using Seat = RoomState::Seat;
    using Ack = RoomState::Ack;
    struct Attachment {
        std::weak_ptr<Peer> peer;
        int member = -1;             // -1: a spectator
        std::int64_t delivered = 0;  // the last event number this peer has been sent
        // Events up to here were checked and none would reach it except as a skipped run (a
        // party's placements): the next check starts after them, not from `delivered`.
        std::int64_t scanned = 0;
        // The owner's side of an edge's connection (hello `"quiet": true`): answers only, none
        // of the room's broadcasts (the edge's replica sends those).
        bool quiet = false;
        // A replica's side: the phone's token (for its connection to the owner) and its hash
        // (its member, once the replica has applied the join); the connection to the owner,
        // opened at hello for a token or at the first request passed on, and the ids of the
        // requests passed on (the owner's id -> the phone's own, as raw JSON).
        std::string token;
        std::string token_hash;
        std::shared_ptr<UpstreamLink> upstream;
        int upstream_ids = 0;
        std::map<int, std::string> upstream_waiting;
        // `acted` answers from the owner (with the phone's raw id) held until the replica has
        // applied what they acknowledge (room_replica.cpp).
        std::deque<std::pair<nlohmann::json, std::string>> held_acted;
    };
    struct Request {
        std::shared_ptr<Peer> peer;
        nlohmann::json body;
        std::string raw_id;
        std::chrono::steady_clock::time_point arrived;  // handled on the room's strand
        std::chrono::steady_clock::time_point read_at;  // its frame read off the socket
        bool retried = false;  // a replica's hello, tried again once caught up
    };

    // Handling, on the strand.
    void handle(Request& request);
    void dispatch(Request& request);
    void drain_inbox();
    void commit_pending();
    void committed(Commit result);
    void let_go();  // on the strand: lose_lease()
    void reply(const Request& request, nlohmann::json response);
    void send_to(const std::shared_ptr<Peer>& peer, std::string text);
    void error(const Request& request, const std::string& code, const std::string& message);
    // A game's refusal of an action: `bad_seat`, `not_your_turn` and `game_over` as they are,
    // any other as `illegal_action` with the game's code as the `reason` (as the engine says).
    void refuse_action(const Request& request, const std::string& code, const std::string& message);

    void on_hello(Request& r);
    std::optional<int> open_seat(const Request& r, const std::string& full_message);
    void on_join(Request& r);
    void on_nonce(Request& r);
    void on_add_bot(Request& r);
    void on_remove(Request& r);
    void on_start(Request& r);
    void on_act(Request& r);
    void on_observe(Request& r, bool legal_only);
    void on_events(Request& r);
    void on_record(Request& r);
    void on_resign(Request& r);
    void on_abort(Request& r);
    // `abort` is allowed (to the creator or a seated player) before any person's first move.
    bool abortable() const;
    void on_leave(Request& r);
    void on_rematch(Request& r);
    void on_claim(Request& r);

    // A replica (room_replica.cpp): what it answers itself, the entries it is fed, the
    // requests it passes on and the owner's answers to them.
    static bool answered_by_replica(const std::string& cmd);
    void feed(std::vector<LogEntry> entries);
    void forward(Request& r);
    void open_upstream_for(Attachment& a);
    void upstream_answer(const Peer* key, nlohmann::json message);
    void upstream_lost(const Peer* key, const std::string& why);
    // The owner refused the phone's connection for its address (`refusal`, its JSON error).
    void upstream_refused(const Peer* key, nlohmann::json refusal);
    // The member a replica's connection holds, from its token's hash (-1 until the replica has
    // the join, or once the member is barred).
    void bind_member(Attachment& a);
    // Sends the phone its held `acted` answers whose events the replica has applied: first the
    // events before the action it has not been sent, then the answer.
    void release_acted(Attachment& a);
    // A hello whose token the replica does not know yet waits for the database (once).
    std::vector<Request> hellos_waiting_;
    bool replica_ = false;
    std::string owner_url_;
    std::uint64_t follow_id_ = 0;
    std::atomic<bool> owner_lost_{false};
    // The owner of an open party: the entries of the commit in flight, published once it is
    // durable.
    std::vector<LogEntry> publishing_;
    bool publishes() const;

    // Party night (room_party.cpp): open seating, the host's lock, removal and names, and the
    // compact forms a room of thousands needs.
    bool open_party() const;
    // What the game declares of itself (src/games/game.h): open seating, the opening clock's
    // phases, the oldest protocol its rooms serve, a host seat.
    const GameTraits& traits() const;
    bool party_accepts_players() const;
    void on_lock(Request& r);
    void on_names(Request& r);
    void remove_party_player(Request& r, int seat);
    // "More than 64 seats" (docs/server.md): the host and 64 players are a big room already.
    bool big_room() const { return state_.seat_count > kListedSeats; }
    nlohmann::json to_act_for(const std::vector<int>& to_act, int seat) const {
        return compact_to_act(to_act, seat);
    }
    void broadcast_room_soon();

    // Clocks (docs/server.md, "Clocks"): the deadline of a seat that must act (wall-clock ms, or
    // none), the timer set to the earliest one, and what happens when it passes.
    std::optional<std::int64_t> deadline_ms(int seat) const;
    bool opening_phase(int seat) const;
    void arm_clock();
    void on_clock();
    void out_of_time(int seat, bool absent);
    nlohmann::json deadlines() const;
    bool absent_past_grace(int member) const;
    // Whether any connection of this room holds the member.
    bool has_connection(int member) const;
    // A seated member with no connection at the start is absent from then (room.cpp).
    void mark_absent_if_unconnected(int member);

    // The log: `log` applies the entry (which validates it) and, if it applied, queues it for
    // the next commit. `apply` applies it to the state (room_state.h) and then does what the
    // change asks of a live room (`follow`): bots, the record, `ended` to everyone.
    Status log(RoomEntry entry);
    Status apply(const RoomEntry& entry);
    Status follow(const Applied& applied);
    // A bot for a seat, told every action of the match so far.
    Status seat_bot(int seat, const std::string& bot);
    // The record is built just after the last answers go out.
    void schedule_record();
    // `keep`: queued for the next commit (a restored room's record was stored before).
    void build_record(bool keep = true);
    // `ended` (then the summary) to everyone, once per end, after every answer and `events`
    // message of the handling that ended the game: called before each commit.
    void send_ended();
    nlohmann::json public_ended() const;
    void broadcast_room();
    void broadcast_events(const Peer* except);
    // Sends this connection the events it has not been sent (as a broadcast does). A run it may
    // not see waits for an event it can see, unless `unseen_too`: then it goes now, skipped.
    void push_events(Attachment& a, bool unseen_too = false);
    void ask_bots();
    void bot_answered(int seat, nlohmann::json action);
    nlohmann::json summary() const;
    nlohmann::json build_summary() const;
    void refresh_listing();
    Attachment* attachment(const Peer* peer);
    int seat_of(const Attachment& a) const;
    bool is_owner(const Attachment& a) const;
    int view_seat(const Attachment& a) const;  // the seat whose view it gets (-1: public)

    RoomServices& services_;
    RoomDirectory& directory_;  // the hub: rematches
    boost::asio::strand<boost::asio::any_io_executor> strand_;
    const std::string code_;
    const nlohmann::json settings_;
    const std::string server_seed_;
    // Everything the log builds: seats, members, the match, acknowledgements, how it ended.
    RoomState state_;
    nlohmann::json ack_json(int seat, const std::string& action_key, const Ack& ack) const;
    std::map<int, std::shared_ptr<BotSeat>> bots_;
    std::set<int> thinking_;
    bool ended_unsent_ = false;  // the game ended in this handling: `ended` is still to go
    nlohmann::json record_;
    std::int64_t log_size_ = 0;
    std::int64_t touched_ms_ = 0;
    bool closing_ = false;
    std::string shut_down_reason_;  // set by shut_down: a connection greeted later is told it
    bool moved_ = false;            // the lease moved to another node: nothing more is done
    std::int64_t lease_epoch_ = 0;  // written once, before the room is shared

    const ClockSettings clock_settings_;
    std::map<int, std::int64_t> absent_since_ms_;  // member -> when its last connection closed
    boost::asio::steady_timer clock_;
    std::uint64_t clock_generation_ = 0;

    std::int64_t last_room_broadcast_ms_ = 0;  // big rooms: summaries at most once a second
    bool room_broadcast_pending_ = false;
    mutable nlohmann::json summary_cache_;  // big rooms: see summary()
    mutable std::int64_t summary_cache_ms_ = 0;
    boost::asio::steady_timer room_timer_;

    std::map<const Peer*, Attachment> peers_;
    // Entries not yet committed, the messages held for them, the work waiting for the commit.
    Outbox outbox_;

    mutable std::mutex listing_mutex_;
    RoomListing listing_;
};

// A name as people will see it: control, bidirectional and zero-width characters removed,
// spaces collapsed, at most 24 characters; `fallback` when nothing is left.
std::string clean_name(const std::string& name, const std::string& fallback);

std::int64_t now_ms();

}  // namespace broadside::server

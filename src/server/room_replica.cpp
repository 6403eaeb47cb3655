// A party room over every node (docs/scaling.md, "A party over every node"): on an edge, a
// read-only replica of the room another node owns. It is rebuilt from the stored log like a
// restart, then fed the owner's commits in order (PartyStreams: Redis, gaps filled from the
// database), and it sends its own connections the room's events and summaries as the owner
// would: a torpedo costs the owner one Stream entry, not a message per phone. Reads are answered
// here; every other request goes to the owner on the phone's own connection there (said hello
// with the phone's token, "quiet"), whose answers come back through here: the owner alone
// decides, and acknowledges only what it committed.
#include <algorithm>
#include <variant>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "match/registry.h"
#include "protocol/raw_id.h"
#include "server/metrics.h"
#include "server/node_lobby.h"
#include "server/party_stream.h"
#include "server/peer.h"
#include "server/room.h"
#include "server/secrets.h"

namespace broadside::server {

using nlohmann::json;

namespace {

// How long the owner may take to welcome a phone's connection (as a relay waits).
constexpr int kUpstreamTimeoutMs = 2000;

}  // namespace

bool Room::is_open_party(const StoredRoom& stored) {
    if (!stored.unreadable.empty()) return false;  // no replica of a room nobody can rebuild
    const auto found = find_game(stored.game);
    if (!found) return false;
    const auto open_seating = (*found)->traits.open_seating;
    return open_seating != nullptr && open_seating(stored.options);
}

Result<std::shared_ptr<Room>> Room::replica(RoomServices& services, RoomDirectory& directory,
                                            const StoredRoom& stored, std::string owner_url) {
    auto room = rebuild(services, directory, stored, true);
    if (room) (*room)->owner_url_ = std::move(owner_url);
    return room;
}

bool Room::publishes() const {
    return services_.streams && !replica_ && open_party();
}

bool Room::answered_by_replica(const std::string& cmd) {
    return cmd == "observe" || cmd == "legal" || cmd == "events" || cmd == "record" ||
           cmd == "room" || cmd == "names" || cmd == "ping";
}

void Room::follow() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        if (self->moved_) return;
        std::weak_ptr<Room> weak = self;
        self->follow_id_ = self->services_.streams->follow(
            self->code_, self->log_size_, [weak](std::vector<LogEntry> entries) {
                auto room = weak.lock();
                if (!room) return;
                boost::asio::post(room->strand_, [room, entries = std::move(entries)]() mutable {
                    room->feed(std::move(entries));
                });
            });
    });
}

void Room::stop_replica(const std::string& why) {
    boost::asio::post(strand_, [self = shared_from_this(), why] {
        if (self->moved_) return;
        self->moved_ = true;
        self->closing_ = true;
        if (self->follow_id_) self->services_.streams->unfollow(self->code_, self->follow_id_);
        for (auto& [key, a] : self->peers_) {
            if (a.upstream) a.upstream->cancel();
            if (auto p = a.peer.lock()) {
                p->send(json{{"type", "moved"},
                             {"message", "This room moved to another server; reconnecting."}}
                            .dump());
                p->close(why);
            }
        }
        for (auto& r : self->hellos_waiting_) {  // not welcomed yet: moved all the same
            r.peer->send(json{{"type", "moved"},
                              {"message", "This room moved to another server; reconnecting."}}
                             .dump());
            r.peer->close(why);
        }
        self->hellos_waiting_.clear();
    });
}

void Room::feed(std::vector<LogEntry> entries) {
    if (moved_) return;
    bool changed = false;
    bool pushes = false;
    for (const auto& stored : entries) {
        if (stored.number != log_size_ + 1) continue;  // PartyStreams delivers each once, in order
        auto entry = parse_entry(stored.body);
        Status status = entry ? Status::ok_status() : Status(entry.error());
        if (entry) {
            try {
                status = apply(*entry);
            } catch (const std::exception& e) {
                status = make_error("corrupt_room", e.what());
            }
        }
        if (!status) {
            // The owner applied it; a replica that cannot is wrong: its phones go elsewhere.
            spdlog::error("replica of room {}: entry {} does not apply: {}", code_, stored.number,
                          status.error().message);
            owner_lost_.store(true, std::memory_order_relaxed);  // the next connection is relayed
            stop_replica("the replica could not follow the room");
            return;
        }
        ++log_size_;
        changed = true;
        // Events are pushed when the owner pushes them: after a move (a player's, a bot's, the
        // host's removal), the start, a timeout; a join's events wait for the next of those.
        pushes = pushes || std::holds_alternative<entry::Act>(*entry) ||
                 std::holds_alternative<entry::Start>(*entry) ||
                 std::holds_alternative<entry::Timeout>(*entry) ||
                 std::holds_alternative<entry::Takeover>(*entry);
    }
    if (changed) {
        summary_cache_ = nullptr;
        for (auto& [key, a] : peers_) {
            bind_member(a);
            release_acted(a);
        }
        if (pushes) broadcast_events(nullptr);
        broadcast_room();
        send_ended();
    }
    // Hellos that named a token the replica did not know: asked again, now that it has read
    // everything committed when they came.
    auto waiting = std::move(hellos_waiting_);
    hellos_waiting_.clear();
    for (auto& r : waiting) handle(r);
}

void Room::bind_member(Attachment& a) {
    if (a.token_hash.empty()) return;
    int member = -1;
    for (std::size_t m = 0; m < state_.members.size(); ++m) {
        if (state_.members[m].token_hash == a.token_hash && !state_.members[m].barred) {
            member = static_cast<int>(m);
        }
    }
    a.member = member;
}

void Room::open_upstream_for(Attachment& a) {
    auto peer = a.peer.lock();
    if (!peer) return;
    json hello{{"quiet", true}};
    if (!a.token.empty()) hello["token"] = a.token;
    const Peer* key = peer.get();
    std::weak_ptr<Peer> who = peer;
    std::weak_ptr<Room> weak = shared_from_this();
    a.upstream = open_upstream(
        services_.io, owner_url_, "/ws/" + code_, std::move(hello), peer->address(),
        kUpstreamTimeoutMs,
        [weak, key, who](json message) {
            if (auto room = weak.lock()) {
                boost::asio::post(room->strand_, [room, key, who, message = std::move(message)] {
                    if (who.lock()) room->upstream_answer(key, message);
                });
            }
        },
        [weak, key, who](std::string why, json refusal) {
            if (auto room = weak.lock()) {
                boost::asio::post(room->strand_, [room, key, who, why = std::move(why),
                                                  refusal = std::move(refusal)]() mutable {
                    if (!who.lock()) return;
                    if (refusal.is_object()) return room->upstream_refused(key, std::move(refusal));
                    room->upstream_lost(key, why);
                });
            }
        });
}

void Room::forward(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (!a.upstream) open_upstream_for(a);
    if (!a.upstream) return;  // the phone has gone
    const int id = ++a.upstream_ids;
    a.upstream_waiting[id] = r.raw_id;
    json request = r.body;
    request["id"] = id;
    services_.metrics->replica_requests_forwarded.fetch_add(1, std::memory_order_relaxed);
    a.upstream->send_request(std::move(request));
}

void Room::upstream_answer(const Peer* key, json message) {
    auto* a = attachment(key);
    if (!a || moved_) return;
    auto peer = a->peer.lock();
    if (!peer) return;
    const std::string type = message.value("type", "");
    if (!message.contains("id")) {
        // Notices: a removal (`seat_lost`) and the database's state pass on; the owner's
        // `moved` and `shutdown` move the phone (it reconnects, wherever the room is then).
        if (type == "moved" || type == "shutdown") return upstream_lost(key, type);
        if (type == "seat_lost" || type == "storage") send_to(peer, message.dump());
        return;
    }
    if (!message["id"].is_number_integer()) return;
    auto waiting = a->upstream_waiting.find(message["id"].get<int>());
    if (waiting == a->upstream_waiting.end()) return;
    const std::string raw_id = waiting->second;
    a->upstream_waiting.erase(waiting);
    message.erase("id");
    if (type == "joined" && message.contains("token") && message["token"].is_string()) {
        // The phone's new member: its view here once the replica has applied the join.
        a->token = message["token"].get<std::string>();
        a->token_hash = sha256_hex(a->token);
        bind_member(*a);
    } else if (type == "acted" && message.contains("last_event") &&
               message["last_event"].is_number_integer()) {
        // In order, each event once: held until the replica has what it acknowledges.
        a->held_acted.emplace_back(std::move(message), raw_id);
        release_acted(*a);
        return;
    }
    std::optional<std::string_view> id;
    if (!raw_id.empty()) id = raw_id;
    send_to(peer, protocol::dump_with_id(message, id));
}

void Room::release_acted(Attachment& a) {
    auto peer = a.peer.lock();
    while (!a.held_acted.empty() && peer && state_.match) {
        auto& [message, raw_id] = a.held_acted.front();
        const auto last = message["last_event"].get<std::int64_t>();
        if (state_.match->last_event_number() < last) return;  // the replica is behind
        json events = message.contains("events") && message["events"].is_array()
                          ? std::move(message["events"])
                          : json::array();
        // The events before the action that the phone has not been sent come first (the owner
        // had sent them on its own connection before it acted; here they may not have gone).
        const std::int64_t before = events.empty() ? last : events.front().value("n", last + 1) - 1;
        if (before > a.delivered) {
            json missed = json::array();
            for (auto& e : state_.match->events_for(view_seat(a), a.delivered)) {
                const auto n = e.value("n", std::int64_t{0});
                if (n <= before) {
                    missed.push_back(std::move(e));
                } else if (e.value("type", "") == "skipped" && e.value("from", n) <= before) {
                    e["n"] = before;  // a run of others' placements, cut where the answer starts
                    missed.push_back(std::move(e));
                }
            }
            a.delivered = before;
            if (!missed.empty()) {
                send_to(
                    peer,
                    json{{"type", "events"}, {"events", missed}, {"last_event", before}}.dump());
            }
        }
        // And what the answer holds is not pushed again (nor what was sent already, in it).
        json kept = json::array();
        for (auto& e : events) {
            if (e.value("n", std::int64_t{0}) > a.delivered) kept.push_back(std::move(e));
        }
        message["events"] = std::move(kept);
        a.delivered = std::max(a.delivered, last);
        std::optional<std::string_view> id;
        if (!raw_id.empty()) id = raw_id;
        send_to(peer, protocol::dump_with_id(message, id));
        a.held_acted.pop_front();
    }
}

void Room::upstream_refused(const Peer* key, json refusal) {
    auto* a = attachment(key);
    if (!a) return;
    if (a->upstream) a->upstream->cancel();
    a->upstream.reset();
    // The owner is alive and has decided about this phone's address (its per-address caps): the
    // replica goes on serving the room, and the phone stays, told why each request it sent
    // there went unanswered. Its next such request asks the owner again.
    auto peer = a->peer.lock();
    for (const auto& [id, raw_id] : a->upstream_waiting) {
        std::optional<std::string_view> raw;
        if (!raw_id.empty()) raw = raw_id;
        if (peer) send_to(peer, protocol::dump_with_id(refusal, raw));
    }
    a->upstream_waiting.clear();
    spdlog::info("room {}: the owner refused a phone's connection ({})", code_,
                 refusal.dump().substr(0, 200));
}

void Room::upstream_lost(const Peer* key, const std::string& why) {
    auto* a = attachment(key);
    if (!a) return;
    if (a->upstream) a->upstream->cancel();
    a->upstream.reset();
    a->upstream_waiting.clear();
    spdlog::info("room {}: a phone's connection to the owner ended ({}); moving the phone", code_,
                 why);
    // The owner died, drained, paused or let the room go: the phone reconnects, and its next
    // connection reaches whichever node owns the room then (unacknowledged actions are resent
    // by id). Until then, requests it sent are unanswered, as on any lost connection.
    owner_lost_.store(true, std::memory_order_relaxed);
    if (auto p = a->peer.lock()) {
        p->send(
            json{{"type", "moved"}, {"message", "This room moved to another server; reconnecting."}}
                .dump());
        p->close("the room's owner is out of reach");
    }
}

}  // namespace broadside::server

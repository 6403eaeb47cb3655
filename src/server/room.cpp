#include "server/room.h"

#include <algorithm>
#include <chrono>
#include <iterator>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "match/registry.h"
#include "protocol/errors.h"
#include "protocol/fields.h"
#include "protocol/hello.h"
#include "protocol/raw_id.h"
#include "protocol/replies.h"
#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"
#include "server/bot_seat.h"
#include "server/failpoint.h"
#include "server/group_writer.h"
#include "server/metrics.h"
#include "server/node_lobby.h"
#include "server/party_stream.h"
#include "server/peer.h"
#include "server/secrets.h"

namespace broadside::server {

using nlohmann::json;

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string clean_name(const std::string& name, const std::string& fallback) {
    std::string out;
    std::size_t characters = 0;
    bool space = false;
    for (std::size_t i = 0; i < name.size() && characters < 24;) {
        const auto c = static_cast<unsigned char>(name[i]);
        std::size_t len = c < 0x80         ? 1
                          : (c >> 5) == 6  ? 2
                          : (c >> 4) == 14 ? 3
                          : (c >> 3) == 30 ? 4
                                           : 0;
        if (len == 0 || i + len > name.size()) {  // not UTF-8: dropped
            ++i;
            continue;
        }
        std::uint32_t cp = len == 1 ? c : c & (0xFF >> (len + 1));
        bool valid = true;
        for (std::size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(name[i + k]);
            if ((cc >> 6) != 2) valid = false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        const std::string piece = name.substr(i, len);
        i += valid ? len : 1;
        if (!valid) continue;
        const bool control = cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
        // Bidirectional controls and zero-width characters would let a name disguise itself.
        const bool invisible = (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
                               (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF || cp == 0x061C;
        if (control || invisible) continue;
        if (cp == ' ') {
            space = !out.empty();
            continue;
        }
        if (space) {
            out += ' ';
            ++characters;
            space = false;
            if (characters >= 24) break;
        }
        out += piece;
        ++characters;
    }
    return out.empty() ? fallback : out;
}

Room::Room(RoomServices& services, RoomDirectory& directory, std::string code, std::string game,
           json options, json settings, std::string server_seed, int seat_count)
    : services_(services),
      directory_(directory),
      strand_(boost::asio::make_strand(services.io)),
      code_(std::move(code)),
      settings_(std::move(settings)),
      server_seed_(std::move(server_seed)),
      state_(std::move(game), std::move(options), seat_count),
      clock_settings_(ClockSettings::from_settings(settings_)),
      clock_(strand_),
      room_timer_(strand_) {}

Result<std::shared_ptr<Room>> Room::create(RoomServices& services, RoomDirectory& directory,
                                           const std::string& code, const std::string& game,
                                           const json& options, const json& settings,
                                           WriteBatch& batch) {
    auto probe = Match::create(game, options, 0);
    if (!probe) return probe.error();
    StoredRoom stored;
    stored.code = code;
    stored.game = game;
    stored.options = probe->options();
    stored.settings = settings;
    stored.server_seed = random_hex(32);
    stored.created_ms = stored.touched_ms = now_ms();
    std::shared_ptr<Room> room(new Room(services, directory, code, game, stored.options, settings,
                                        stored.server_seed, probe->seat_count()));
    room->touched_ms_ = stored.touched_ms;
    batch.new_rooms.push_back(std::move(stored));
    room->refresh_listing();
    return room;
}

Result<std::shared_ptr<Room>> Room::restore(RoomServices& services, RoomDirectory& directory,
                                            const StoredRoom& stored) {
    // Whatever a damaged room throws (settings of the wrong type, say) costs that room only.
    try {
        return rebuild(services, directory, stored, false);
    } catch (const std::exception& e) {
        return make_error("corrupt_room", "room " + stored.code + ": " + e.what());
    }
}

Result<std::shared_ptr<Room>> Room::rebuild(RoomServices& services, RoomDirectory& directory,
                                            const StoredRoom& stored, bool replica) {
    if (!stored.unreadable.empty()) {
        return make_error("corrupt_room", "room " + stored.code + ", " + stored.unreadable);
    }
    auto probe = Match::create(stored.game, stored.options, 0);
    if (!probe) {
        return make_error("corrupt_room", "room " + stored.code + ": " + probe.error().message);
    }
    std::shared_ptr<Room> room(new Room(services, directory, stored.code, stored.game,
                                        stored.options, stored.settings, stored.server_seed,
                                        probe->seat_count()));
    room->replica_ = replica;  // before anything: a replica seats no bot
    // A fold: each stored entry applied to the state, nothing sent, no bot asked, no timer set.
    for (const auto& stored_entry : stored.log) {
        auto entry = parse_entry(stored_entry);
        Status status = entry ? Status::ok_status() : Status(entry.error());
        if (entry) {
            try {
                auto applied = server::apply(room->state_, *entry);
                if (!applied) status = applied.error();
            } catch (const std::exception& e) {  // a seat or member that does not exist
                status = make_error("corrupt_room", std::string("it does not apply: ") + e.what());
            }
        }
        if (!status) {
            return make_error("corrupt_room", "room " + stored.code + ", entry " +
                                                  std::to_string(room->log_size_ + 1) + ": " +
                                                  status.error().message);
        }
        ++room->log_size_;
    }
    // Then what the state asks of a live room: a game on has its bots, told every action so
    // far; a game over has its record (stored already when it ended: not queued again).
    const auto& state = room->state_;
    if (state.phase == Phase::kPlaying) {
        for (int s = 0; s < state.seat_count; ++s) {
            const auto& seat = state.seats[static_cast<std::size_t>(s)];
            if (seat.kind != "bot") continue;
            if (auto status = room->seat_bot(s, seat.bot); !status) {
                return make_error("corrupt_room",
                                  "room " + stored.code + ": " + status.error().message);
            }
        }
    } else if (state.match && (state.phase == Phase::kOver || state.phase == Phase::kAborted)) {
        room->build_record(false);
    }
    room->touched_ms_ = stored.touched_ms;
    // Nobody is connected to a room that has just come back: seated players are absent from now
    // (their grace period starts again; the clocks run on from the times in the log).
    for (std::size_t m = 0; m < room->state_.members.size(); ++m) {
        if (room->state_.members[m].seat >= 0)
            room->absent_since_ms_[static_cast<int>(m)] = now_ms();
    }
    room->refresh_listing();
    boost::asio::post(room->strand_, [room] {
        room->ask_bots();
        room->arm_clock();
    });
    return room;
}

Status Room::prepare(const RoomEntry& entry, WriteBatch& batch) {
    auto status = apply(entry);
    if (!status) return status;
    batch.entries.push_back({code_, ++log_size_, to_json(entry)});
    refresh_listing();
    return Status::ok_status();
}

bool Room::has_connection(int member) const {
    return std::any_of(peers_.begin(), peers_.end(),
                       [&](const auto& p) { return p.second.member == member; });
}

// A seated player who has never opened the room (a quick match's partner, a creator who made the
// room from the lobby) is absent from the start, as one who left is from leaving: the opponent
// may claim the win after the grace period and `bot_for_absent` stands in (docs/server.md).
void Room::mark_absent_if_unconnected(int member) {
    if (member < 0 || absent_since_ms_.count(member)) return;
    if (!has_connection(member)) absent_since_ms_[member] = now_ms();
}

RoomEntry Room::start_entry() const {
    std::vector<std::string> nonces;
    for (const auto& seat : state_.seats) {
        nonces.push_back(seat.kind == "human" ? state_.members[seat.member].nonce : std::string());
    }
    const auto seed = derive_seed(server_seed_, nonces);
    return entries::start(seed, std::move(nonces));
}

// ---- entry points -------------------------------------------------------------------------

void Room::message(std::shared_ptr<Peer> peer, json request, std::string raw_id,
                   std::chrono::steady_clock::time_point read_at) {
    boost::asio::post(strand_, [self = shared_from_this(), peer = std::move(peer),
                                request = std::move(request), raw_id = std::move(raw_id), read_at] {
        Request r{peer, std::move(request), std::move(raw_id), std::chrono::steady_clock::now(),
                  read_at};
        if (self->moved_) {
            self->error(r, "moved",
                        "This room moved to another server; reconnect and send it again.");
            // As for the connections the room held when it let go: reconnecting is the way on.
            if (r.peer) r.peer->close("the room moved to another server");
            return;
        }
        if (self->outbox_.wait_for_commit([self, r]() mutable { self->handle(r); })) return;
        self->handle(r);
        self->commit_pending();
    });
}

void Room::detach(std::shared_ptr<Peer> peer) {
    boost::asio::post(strand_, [self = shared_from_this(), peer] {
        auto it = self->peers_.find(peer.get());
        if (it == self->peers_.end()) return;
        if (it->second.upstream) it->second.upstream->cancel();
        if (self->replica_) self->services_.metrics->replica_connections.fetch_sub(1);
        const int member = it->second.member;
        self->peers_.erase(it);
        // The member's last connection gone: absent from now.
        if (member >= 0 && !self->has_connection(member)) self->absent_since_ms_[member] = now_ms();
        self->broadcast_room();
        self->arm_clock();
    });
}

void Room::shut_down(const std::string& reason) {
    boost::asio::post(strand_, [self = shared_from_this(), reason] {
        self->closing_ = true;
        self->shut_down_reason_ = reason;
        for (auto& [key, a] : self->peers_) {
            if (auto p = a.peer.lock()) tell_shutdown(*p, reason);
        }
    });
}

void Room::shut_down_unless_attached(std::shared_ptr<Peer> peer, const std::string& reason) {
    boost::asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), reason] {
        if (self->attachment(peer.get()) == nullptr) tell_shutdown(*peer, reason);
    });
}

void Room::tell_shutdown(Peer& peer, const std::string& reason) {
    peer.send(json{{"type", "shutdown"}, {"message", reason}}.dump());
    peer.close(reason);
}

void Room::tell_everyone(std::string text) {
    boost::asio::post(strand_, [self = shared_from_this(), text = std::move(text)] {
        for (auto& [key, a] : self->peers_) {
            if (auto p = a.peer.lock()) p->send(text);
        }
    });
}

void Room::lose_lease() {
    boost::asio::post(strand_, [self = shared_from_this()] { self->let_go(); });
}

void Room::let_go() {
    if (moved_) return;
    moved_ = true;
    closing_ = true;  // no clock, no bot moves from now on
    services_.metrics->rooms_lost.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("room {}: its lease moved to another node; letting go", code_);
    for (auto& [key, a] : peers_) {
        if (auto p = a.peer.lock()) {
            // Not `shutdown`: clients reconnect after `moved` (docs/server.md, "Clusters").
            p->send(json{{"type", "moved"},
                         {"message", "This room moved to another server; reconnecting."}}
                        .dump());
            p->close("the room moved to another server");
        }
    }
    directory_.lost(*this);
}

void Room::holding(std::string token_hash, std::function<void(json)> done) {
    boost::asio::post(
        strand_, [self = shared_from_this(), hash = std::move(token_hash), done = std::move(done)] {
            if (self->state_.phase == Phase::kOver || self->state_.phase == Phase::kAborted)
                return done(nullptr);
            for (const auto& m : self->state_.members) {
                if (m.token_hash != hash) continue;
                if (m.barred || (m.seat < 0 && !m.owner)) return done(nullptr);
                static const char* kPhases[] = {"waiting", "playing", "over", "aborted"};
                return done({{"room", self->code_},
                             {"game", self->state_.game},
                             {"phase", kPhases[static_cast<int>(self->state_.phase)]},
                             {"seat", m.seat},
                             {"owner", m.owner},
                             {"name", m.name},
                             {"abortable", self->abortable()},
                             {"url", self->services_.public_url + "/r/" + self->code_}});
            }
            done(nullptr);
        });
}

void Room::finished_record(std::function<void(json)> done) {
    boost::asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
        const bool ended =
            self->state_.phase == Phase::kOver || self->state_.phase == Phase::kAborted;
        if (self->record_.is_null() && ended && self->state_.match) {
            // What it is built from is committed (the end was, before anyone was told); the
            // record itself is stored with the next commit, as when a `record` request asks.
            self->build_record();
            self->commit_pending();
        }
        done(self->record_);
    });
}

RoomListing Room::listing() const {
    std::lock_guard lock(listing_mutex_);
    return listing_;
}

// ---- handling ------------------------------------------------------------------------------

void Room::handle(Request& r) {
    // A value of an unexpected type in a request is this client's error; it must never escape
    // the strand (it would end the process for everyone). Checks happen before any log entry,
    // so nothing is half done when one throws.
    try {
        dispatch(r);
    } catch (const json::exception& e) {
        if (r.peer) error(r, "bad_request", std::string("A field has the wrong type: ") + e.what());
    }
    send_ended();  // a game this request ended: `ended` follows its answer and its events
}

void Room::dispatch(Request& r) {
    if (!r.peer) {  // a bot's answer
        bot_answered(r.body["seat"].get<int>(), r.body["action"]);
        return;
    }
    // A connection the room does not hold (its hello was refused: `bad_token`, `removed`) is
    // where a connection is before its hello, and the checks go in the same order there
    // (docs/protocol.md, "Errors from the server"): `hello` first, then the field types.
    const auto cmd_field = r.body.find("cmd");
    const bool says_hello =
        cmd_field != r.body.end() && cmd_field->is_string() && *cmd_field == "hello";
    if (attachment(r.peer.get()) == nullptr && shut_down_reason_.empty() && !says_hello) {
        error(r, "hello_first",
              "Send {\"cmd\": \"hello\", \"protocol\": 2} first (with your \"token\" to take "
              "back your seat).");
        return;
    }
    // Field types first, before anything is looked up: a mistyped request is `bad_request`
    // whatever the phase, the seat or the connection (docs/server.md, "Field types").
    if (auto problem = protocol::field_problem(protocol::Endpoint::kRoom, r.body)) {
        error(r, "bad_request", *problem);
        return;
    }
    // A field sent as null counts as left out (docs/server.md, "Field types"); no room command
    // gives null a meaning of its own, so the nulls go here, once, rather than in each command.
    for (auto it = r.body.begin(); it != r.body.end();) {
        it = it->is_null() ? r.body.erase(it) : std::next(it);
    }
    const json& body = r.body;
    const std::string& cmd = body["cmd"].get_ref<const std::string&>();
    if (attachment(r.peer.get()) == nullptr) {
        if (!shut_down_reason_.empty()) {
            // Read before the drain and handled after it: nobody would tell this one.
            tell_shutdown(*r.peer, shut_down_reason_);
        } else if (cmd == "hello") {
            on_hello(r);
        } else {
            error(r, "hello_first",
                  "Send {\"cmd\": \"hello\", \"protocol\": 2} first (with your \"token\" to take "
                  "back your seat).");
        }
        return;
    }
    if (cmd == "hello") {
        error(r, "already_greeted", "This connection has already said hello.");
    } else if (replica_ && !answered_by_replica(cmd)) {
        forward(r);  // the owner decides every change (room_replica.cpp)
    } else if (cmd == "join") {
        on_join(r);
    } else if (cmd == "nonce") {
        on_nonce(r);
    } else if (cmd == "add_bot") {
        on_add_bot(r);
    } else if (cmd == "remove") {
        on_remove(r);
    } else if (cmd == "start") {
        on_start(r);
    } else if (cmd == "act") {
        on_act(r);
    } else if (cmd == "observe") {
        on_observe(r, false);
    } else if (cmd == "legal") {
        on_observe(r, true);
    } else if (cmd == "events") {
        on_events(r);
    } else if (cmd == "record") {
        on_record(r);
    } else if (cmd == "room") {
        json s = summary();
        reply(r, s);
    } else if (cmd == "resign") {
        on_resign(r);
    } else if (cmd == "abort") {
        on_abort(r);
    } else if (cmd == "leave") {
        on_leave(r);
    } else if (cmd == "rematch") {
        on_rematch(r);
    } else if (cmd == "claim") {
        on_claim(r);
    } else if (cmd == "lock") {
        on_lock(r);
    } else if (cmd == "names") {
        on_names(r);
    } else if (cmd == "ping") {
        reply(r, {{"type", "pong"}});
    } else {
        error(r, "unknown_command",
              "Unknown command \"" + cmd +
                  "\"; in a room the commands are join, nonce, add_bot, remove, start, act, "
                  "observe, legal, events, record, room, resign, abort, leave, rematch, claim, "
                  "lock, names, ping.");
    }
}

void Room::commit_pending() {
    send_ended();
    arm_clock();
    if (outbox_.pending().empty() || outbox_.committing()) return;
    outbox_.pending().touched.emplace_back(code_, touched_ms_ = now_ms());
    auto batch = outbox_.take_batch();
    // The failpoints of a commit fire only for one that answers a client's `act`, so that a test
    // crashes the server at the move it chose.
    if (outbox_.acts_held()) failpoint("before_commit");
    if (lease_epoch_ > 0) batch->fences.emplace_back(code_, lease_epoch_);
    if (publishes()) publishing_ = batch->entries;  // this room's only: a room commits its own
    services_.writer->submit(std::move(*batch), [self = shared_from_this()](Commit result) {
        boost::asio::post(self->strand_, [self, result] { self->committed(result); });
    });
}

void Room::committed(Commit result) {
    if (result == Commit::kFenced) {
        // Another node owns the room now: nothing held is sent (none of it is durable), and the
        // clients resend it to the new owner, which has the log up to the last commit.
        (void)outbox_.committed(false);
        publishing_.clear();
        services_.metrics->fenced_commits.fetch_add(1, std::memory_order_relaxed);
        let_go();
        return;
    }
    if (result != Commit::kDone) {
        // Nothing held is sent: none of it is durable. The server stops (docs/server.md).
        (void)outbox_.committed(false);
        publishing_.clear();
        services_.fatal("a commit to the database failed");
        return;
    }
    if (outbox_.acts_held()) failpoint("after_commit_before_ack");
    // Durable now: the edges' replicas may have it (a batch is published once, for every phone
    // on every node).
    if (!publishing_.empty()) services_.streams->publish(code_, std::move(publishing_));
    publishing_.clear();
    const auto acts = outbox_.committed(true);
    const auto now = std::chrono::steady_clock::now();
    for (const auto& act : acts) {
        services_.metrics->act_to_ack.observe(
            std::chrono::duration<double>(now - act.arrived).count());
        services_.metrics->frame_to_ack.observe(
            std::chrono::duration<double>(now - act.read_at).count());
    }
    drain_inbox();
}

void Room::drain_inbox() {
    for (auto& work : outbox_.take_waiting()) work();
    commit_pending();
}

void Room::send_to(const std::shared_ptr<Peer>& peer, std::string text) {
    outbox_.send(peer, std::move(text));
}

void Room::reply(const Request& r, json response) {
    std::optional<std::string_view> id;
    if (!r.raw_id.empty()) id = r.raw_id;
    send_to(r.peer, protocol::dump_with_id(response, id));
}

void Room::error(const Request& r, const std::string& code, const std::string& message) {
    services_.metrics->errors_total.fetch_add(1, std::memory_order_relaxed);
    reply(r, protocol::error_response(code, message));
}

void Room::refuse_action(const Request& r, const std::string& code, const std::string& message) {
    // The engine's answer to a refused action, byte for byte (docs/protocol.md, "Errors").
    services_.metrics->errors_total.fetch_add(1, std::memory_order_relaxed);
    reply(r, protocol::action_refused(code, message));
}

Room::Attachment* Room::attachment(const Peer* peer) {
    auto it = peers_.find(peer);
    return it == peers_.end() ? nullptr : &it->second;
}

int Room::seat_of(const Attachment& a) const {
    return a.member < 0 ? -1 : state_.members[static_cast<std::size_t>(a.member)].seat;
}

bool Room::is_owner(const Attachment& a) const {
    return a.member >= 0 && state_.members[static_cast<std::size_t>(a.member)].owner;
}

int Room::view_seat(const Attachment& a) const {
    return seat_of(a);
}

// ---- commands ------------------------------------------------------------------------------

const GameTraits& Room::traits() const {
    static const GameTraits none{};
    const auto found = find_game(state_.game);
    return found ? (*found)->traits : none;
}

// ---- the log -------------------------------------------------------------------------------

Status Room::log(RoomEntry entry) {
    // When it happened: the clocks are computed from these times, so they survive a restart.
    stamp(entry, now_ms());
    if (!std::holds_alternative<entry::Join>(entry) &&
        !std::holds_alternative<entry::SeatPlayer>(entry) &&
        !std::holds_alternative<entry::Act>(entry)) {
        summary_cache_ = nullptr;
    }
    auto status = apply(entry);
    if (!status) return status;
    outbox_.pending().entries.push_back({code_, ++log_size_, to_json(entry)});
    return Status::ok_status();
}

Status Room::apply(const RoomEntry& entry) {
    auto applied = server::apply(state_, entry);
    if (!applied) return applied.error();
    return follow(*applied);
}

Status Room::follow(const Applied& applied) {
    if (applied.started) {
        for (int s = 0; s < state_.seat_count; ++s) {
            const auto& seat = state_.seats[static_cast<std::size_t>(s)];
            if (seat.kind == "human") mark_absent_if_unconnected(seat.member);
            if (seat.kind != "bot") continue;
            if (auto status = seat_bot(s, seat.bot); !status) return status;
        }
    }
    if (applied.acted) {
        for (auto& [s, bot] : bots_) bot->applied(applied.acted->first, applied.acted->second);
    }
    if (applied.taken_over) {
        const int seat = *applied.taken_over;
        if (auto status = seat_bot(seat, state_.seats[static_cast<std::size_t>(seat)].bot);
            !status) {
            return status;
        }
    }
    if (applied.ended || applied.aborted) {
        summary_cache_ = nullptr;
        bots_.clear();
        thinking_.clear();
        // A game aborted after the start has a record too: the bots' fleets were placed, and
        // at the end every secret is shown (docs/server.md, "Records").
        schedule_record();
        refresh_listing();  // the lobby's list shows the game as over at once
        if (applied.ended) {
            spdlog::info("room {} ({}): game over by {} after {} actions", code_, state_.game,
                         state_.ended.value("by", "?"),
                         state_.match ? state_.match->action_count() : 0);
        }
        ended_unsent_ = true;  // after the answers and events of this handling (send_ended)
    }
    return Status::ok_status();
}

Status Room::seat_bot(int seat, const std::string& bot_name) {
    if (replica_) return Status::ok_status();  // the owner's bots play; a replica only watches
    auto bot = BotSeat::create(services_.bots, state_.game, state_.options, state_.seed, seat,
                               bot_name, code_);
    if (!bot) return bot.error();
    for (std::size_t i = 0; i < state_.match->action_count(); ++i) {
        const auto [s, action] = state_.match->action(i);
        (*bot)->applied(s, action);
    }
    bots_[seat] = *bot;
    return Status::ok_status();
}

void Room::schedule_record() {
    if (!state_.match) return;  // aborted before the start: no game, no record
    // The record (every event with everything in it: megabytes in a party of thousands) is
    // built and stored just after the last moves are answered and sent, not before: the log
    // already holds every action, so nothing is lost meanwhile, and a `record` request builds
    // it at once if it comes first.
    boost::asio::post(strand_, [self = shared_from_this()] {
        if (!self->record_.is_null()) return;
        self->build_record();
        self->commit_pending();
    });
}

void Room::send_ended() {
    if (!ended_unsent_) return;
    ended_unsent_ = false;
    // One text for everyone: a party's result names its tied players, thousands of them.
    const std::string text = json{{"type", "ended"}, {"ended", public_ended()}}.dump();
    for (auto& [key, a] : peers_) {
        if (!a.quiet) send_to(a.peer.lock(), text);
    }
    broadcast_room();  // the phase changed
}

// How the game ended as summaries and `ended` say it: lists of seats longer than kListedSeats
// (a party's tied players and winners) become counts; the record keeps them all.
json Room::public_ended() const {
    json out = state_.ended;
    if (!out.contains("result") || !out["result"].is_object()) return out;
    for (const char* key : {"tied", "winners"}) {
        if (!out["result"].contains(key)) continue;
        auto& list = out["result"][key];
        if (list.is_array() && list.size() > static_cast<std::size_t>(kListedSeats)) {
            out["result"][std::string(key) + "_count"] = list.size();
            list = nullptr;
        }
    }
    return out;
}

void Room::build_record(bool keep) {
    json record = state_.match->record_unchecked();
    json players = json::array();
    for (const auto& seat : state_.seats) {
        if (seat.kind == "human") {
            players.push_back({{"kind", "human"}, {"name", state_.members[seat.member].name}});
        } else {
            players.push_back({{"kind", seat.kind}, {"bot", seat.bot}});
        }
    }
    // The nonces the seed was derived from are the start entry's (RoomState::start_nonces).
    json nonces = state_.start_nonces;
    // Every fleet and hand as it stands, however the game ended: a resigned, forfeited,
    // claimed or aborted game leaves the match unfinished, and its secrets are shown all the same.
    record["reveal"] = state_.match->reveal_now();
    record["room"] = code_;
    record["players"] = std::move(players);
    record["ended"] = state_.ended;
    record["fairness"] = {{"server_seed", server_seed_},
                          {"commitment", sha256_hex(server_seed_)},
                          {"nonces", std::move(nonces)},
                          {"seed", std::to_string(state_.seed)},
                          {"derivation",
                           "seed = first 8 bytes, big-endian, of SHA-256(server_seed \":\" "
                           "nonce_0 \":\" nonce_1 ...); commitment = SHA-256(server_seed)"}};
    record_ = std::move(record);
    // The owner stores the record; a replica builds its own copy for its `record` answers.
    if (keep && !replica_) outbox_.pending().records.emplace_back(code_, record_);
}

// ---- fan-out -------------------------------------------------------------------------------

// Big rooms (a party of thousands) reuse a summary for up to a second: ten thousand phones
// saying hello at once would otherwise each count every connection. A change of phase, lock
// or seat holder makes a fresh one.
json Room::summary() const {
    if (!big_room()) return build_summary();
    const auto now = now_ms();
    if (summary_cache_.is_null() || now - summary_cache_ms_ >= 1000) {
        summary_cache_ = build_summary();
        summary_cache_ms_ = now;
    }
    return summary_cache_;
}

json Room::build_summary() const {
    static const char* kPhases[] = {"waiting", "playing", "over", "aborted"};
    json seats = json::array();
    std::vector<int> connected(state_.members.size(), 0);
    int spectators = 0;
    for (const auto& [key, a] : peers_) {
        if (a.member >= 0) ++connected[static_cast<std::size_t>(a.member)];
        if (seat_of(a) < 0) ++spectators;
    }
    int connected_count = 0;
    for (int c : connected) connected_count += c > 0;
    // A room of thousands lists its first seats; counts say the rest (names: "names").
    const int listed = big_room() ? kListedSeats + 1 : state_.seat_count;
    for (int s = 0; s < listed; ++s) {
        const auto& seat = state_.seats[static_cast<std::size_t>(s)];
        json entry = {{"seat", s}, {"kind", seat.kind}};
        if (seat.kind == "human") {
            entry["name"] = state_.members[static_cast<std::size_t>(seat.member)].name;
            entry["connected"] = connected[static_cast<std::size_t>(seat.member)] > 0;
        } else if (seat.kind == "bot") {
            entry["name"] = bot_seat_name(state_.game, seat.bot, s);
            entry["bot"] = seat.bot;
        }
        seats.push_back(entry);
    }
    json out = {{"type", "room"},
                {"room", code_},
                {"game", state_.game},
                {"options", state_.options},
                {"phase", kPhases[static_cast<int>(state_.phase)]},
                {"seats", seats},
                {"spectators", spectators},
                {"public", settings_.value("public", false)},
                {"commitment", sha256_hex(server_seed_)},
                {"url", services_.public_url + "/r/" + code_},
                {"last_event", state_.match ? state_.match->last_event_number() : 0},
                {"seat_count", state_.seat_count},
                {"connected_count", connected_count},
                {"locked", state_.locked}};
    if (traits().hosted) out["players_count"] = state_.seat_count - 1;  // seat 0 is the host
    if (!state_.ended.is_null()) out["ended"] = public_ended();
    if (!state_.rematch.empty()) out["rematch"] = state_.rematch;
    if (settings_.contains("clock")) {
        out["clock"] = clock_settings_.to_json();
        out["deadlines"] = deadlines();
    }
    return out;
}

void Room::broadcast_room() {
    refresh_listing();
    if (big_room() && now_ms() - last_room_broadcast_ms_ < 1000) {
        broadcast_room_soon();  // a thousand joins a second are one summary a second
        return;
    }
    last_room_broadcast_ms_ = now_ms();
    // A broadcast says the room as it is now, never a cached summary (a phone's hello may have
    // made one just before the last joins): it may be the last summary for a while. Built at
    // most once a second in a big room, it is then the cache for the hellos that follow.
    summary_cache_ = nullptr;
    const std::string text = summary().dump();
    for (auto& [key, a] : peers_) {
        if (!a.quiet) send_to(a.peer.lock(), text);
    }
}

void Room::broadcast_events(const Peer* except) {
    if (!state_.match) return;
    const std::int64_t last = state_.match->last_event_number();
    for (auto& [key, a] : peers_) {
        // A replica's phone with an action's answer held gets the events with that answer.
        if (key == except || a.delivered >= last || a.quiet || !a.held_acted.empty()) continue;
        push_events(a);
    }
}

void Room::push_events(Attachment& a, bool unseen_too) {
    const std::int64_t last = state_.match->last_event_number();
    if (a.delivered >= last) return;
    // Others' placements in a party reach a phone as one skipped run with the next event it
    // can see, not as a message per placement.
    if (!unseen_too &&
        !state_.match->visible_after(view_seat(a), std::max(a.delivered, a.scanned))) {
        a.scanned = last;
        return;
    }
    json events = state_.match->events_for(view_seat(a), a.delivered);
    a.delivered = last;
    json message{{"type", "events"}, {"events", events}, {"last_event", last}};
    if (settings_.contains("clock")) message["deadlines"] = deadlines();  // as in the summary
    send_to(a.peer.lock(), message.dump());
}

void Room::ask_bots() {
    if (state_.phase != Phase::kPlaying || !state_.match || closing_ || replica_) return;
    for (int seat : state_.match->seats_to_act()) {
        auto it = bots_.find(seat);
        if (it == bots_.end() || thinking_.count(seat)) continue;
        thinking_.insert(seat);
        it->second->think([self = shared_from_this(), seat](json action) {
            boost::asio::post(self->strand_, [self, seat, action = std::move(action)] {
                const auto now = std::chrono::steady_clock::now();
                Request r{nullptr, {{"seat", seat}, {"action", action}}, "", now, now};
                if (self->outbox_.wait_for_commit([self, r]() mutable { self->handle(r); })) {
                    return;
                }
                self->handle(r);
                self->commit_pending();
            });
        });
    }
}

void Room::bot_answered(int seat, json action) {
    thinking_.erase(seat);
    if (state_.phase != Phase::kPlaying || !bots_.count(seat)) return;
    const auto to_act = state_.match->seats_to_act();
    if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) return;
    if (!action.is_null()) failpoint("during_bot_move");  // chosen, not yet logged or committed
    auto status = action.is_null() ? Status(make_error("no_answer", "the bot gave no action"))
                                   : log(entries::act(seat, action, nullptr));
    if (!status) {
        // A built-in bot that fails is a bug; the fallback bot keeps the game going.
        spdlog::error("room bot in seat {} failed: {}", seat, status.error().message);
        auto fallback =
            seats::make_builtin_agent(state_.game, seats::fallback_bot_name(state_.game));
        if (!fallback) return;
        (*fallback)->start(*state_.match, seat, code_);
        auto reply =
            (*fallback)->act(*state_.match, seat, state_.match->last_event_number(), 10'000);
        if (reply.fault || !log(entries::act(seat, reply.action, nullptr))) {
            return;
        }
    }
    services_.metrics->actions_total.fetch_add(1, std::memory_order_relaxed);
    broadcast_events(nullptr);
    ask_bots();
}

json Room::ack_json(int seat, const std::string& action_key, const Ack& ack) const {
    std::vector<json> events;
    for (auto& e : state_.match->events_for(seat, ack.before)) {
        if (e.value("n", std::int64_t{0}) > ack.last) break;
        events.push_back(std::move(e));
    }
    json out = protocol::acted_reply(*state_.match, seat, std::move(events),
                                     json::parse(ack.to_act), ack.over);
    out["action_id"] = json::parse(action_key);  // the room's own: answers are by action id
    out["last_event"] = ack.last;
    return out;
}

void Room::refresh_listing() {
    RoomListing l;
    static const char* kPhases[] = {"waiting", "playing", "over", "aborted"};
    l.code = code_;
    l.game = state_.game;
    l.phase = kPhases[static_cast<int>(state_.phase)];
    l.seats = state_.seat_count;
    for (const auto& seat : state_.seats) l.open_seats += seat.kind == "open";
    for (const auto& [key, a] : peers_) l.spectators += seat_of(a) < 0;
    l.peers = static_cast<int>(peers_.size());
    l.is_public = settings_.value("public", false);
    l.touched_ms = touched_ms_;
    std::lock_guard lock(listing_mutex_);
    listing_ = l;
}

}  // namespace broadside::server

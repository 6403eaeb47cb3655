#include "server/room.h"

#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "match/registry.h"
#include "protocol/errors.h"
#include "protocol/fields.h"
#include "protocol/hello.h"
#include "protocol/raw_id.h"
#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"
#include "server/bot_seat.h"
#include "server/failpoint.h"
#include "server/group_writer.h"
#include "server/metrics.h"
#include "server/peer.h"
#include "server/secrets.h"

namespace broadside::server {

using nlohmann::json;

namespace {

// The key an action id is remembered by: its JSON text (a string or an integer).
std::string action_key(const json& id) {
    return id.dump();
}

bool valid_action_id(const json& id) {
    if (id.is_string()) {
        const auto& s = id.get_ref<const std::string&>();
        return !s.empty() && s.size() <= 64;
    }
    return id.is_number_integer() || id.is_number_unsigned();
}

}  // namespace

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

Room::Room(RoomServices& services, std::string code, std::string game, json options, json settings,
           std::string server_seed, int seat_count)
    : services_(services),
      strand_(boost::asio::make_strand(services.io)),
      code_(std::move(code)),
      game_(std::move(game)),
      options_(std::move(options)),
      settings_(std::move(settings)),
      server_seed_(std::move(server_seed)),
      seat_count_(seat_count),
      seats_(static_cast<std::size_t>(seat_count)),
      clock_settings_(ClockSettings::from_settings(settings_)),
      clock_(strand_),
      room_timer_(strand_) {}

Result<std::shared_ptr<Room>> Room::create(RoomServices& services, const std::string& code,
                                           const std::string& game, const json& options,
                                           const json& settings, WriteBatch& batch) {
    auto probe = Match::create(game, options, 0);
    if (!probe) return probe.error();
    StoredRoom stored;
    stored.code = code;
    stored.game = game;
    stored.options = probe->options();
    stored.settings = settings;
    stored.server_seed = random_hex(32);
    stored.created_ms = stored.touched_ms = now_ms();
    std::shared_ptr<Room> room(new Room(services, code, game, stored.options, settings,
                                        stored.server_seed, probe->seat_count()));
    room->touched_ms_ = stored.touched_ms;
    batch.new_rooms.push_back(std::move(stored));
    room->refresh_listing();
    return room;
}

Result<std::shared_ptr<Room>> Room::restore(RoomServices& services, const StoredRoom& stored) {
    auto probe = Match::create(stored.game, stored.options, 0);
    if (!probe) return probe.error();
    std::shared_ptr<Room> room(new Room(services, stored.code, stored.game, stored.options,
                                        stored.settings, stored.server_seed, probe->seat_count()));
    room->restoring_ = true;
    for (const auto& stored_entry : stored.log) {
        auto entry = parse_entry(stored_entry);
        Status status = entry ? Status::ok_status() : Status(entry.error());
        if (entry) {
            try {
                status = room->apply(*entry);
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
    room->restoring_ = false;
    room->touched_ms_ = stored.touched_ms;
    // Nobody is connected to a room that has just come back: seated players are absent from now
    // (their grace period starts again; the clocks run on from the times in the log).
    for (std::size_t m = 0; m < room->members_.size(); ++m) {
        if (room->members_[m].seat >= 0) room->absent_since_ms_[static_cast<int>(m)] = now_ms();
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

RoomEntry Room::start_entry() const {
    std::vector<std::string> nonces;
    for (const auto& seat : seats_) {
        nonces.push_back(seat.kind == "human" ? members_[seat.member].nonce : std::string());
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
        if (self->outbox_.wait_for_commit([self, r]() mutable { self->handle(r); })) return;
        self->handle(r);
        self->commit_pending();
    });
}

void Room::detach(std::shared_ptr<Peer> peer) {
    boost::asio::post(strand_, [self = shared_from_this(), peer] {
        auto it = self->peers_.find(peer.get());
        if (it == self->peers_.end()) return;
        const int member = it->second.member;
        self->peers_.erase(it);
        if (member >= 0 && std::none_of(self->peers_.begin(), self->peers_.end(),
                                        [&](const auto& p) { return p.second.member == member; })) {
            self->absent_since_ms_[member] = now_ms();
        }
        self->broadcast_room();
        self->arm_clock();
    });
}

void Room::shut_down(const std::string& reason) {
    boost::asio::post(strand_, [self = shared_from_this(), reason] {
        self->closing_ = true;
        for (auto& [key, a] : self->peers_) {
            if (auto p = a.peer.lock()) {
                p->send(json{{"type", "shutdown"}, {"message", reason}}.dump());
                p->close(reason);
            }
        }
    });
}

void Room::holding(std::string token_hash, std::function<void(json)> done) {
    boost::asio::post(
        strand_, [self = shared_from_this(), hash = std::move(token_hash), done = std::move(done)] {
            if (self->phase_ == Phase::kOver || self->phase_ == Phase::kAborted)
                return done(nullptr);
            for (const auto& m : self->members_) {
                if (m.token_hash != hash) continue;
                if (m.barred || (m.seat < 0 && !m.owner)) return done(nullptr);
                static const char* kPhases[] = {"waiting", "playing", "over", "aborted"};
                return done({{"room", self->code_},
                             {"game", self->game_},
                             {"phase", kPhases[static_cast<int>(self->phase_)]},
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
        const bool ended = self->phase_ == Phase::kOver || self->phase_ == Phase::kAborted;
        if (self->record_.is_null() && ended && self->match_) {
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
    const json& body = r.body;
    if (!r.peer) {  // a bot's answer
        bot_answered(body["seat"].get<int>(), body["action"]);
        return;
    }
    // Field types first, before anything is looked up: a mistyped request is `bad_request`
    // whatever the phase, the seat or the connection (docs/server.md, "Field types").
    if (auto problem = protocol::field_problem(protocol::Endpoint::kRoom, body)) {
        error(r, "bad_request", *problem);
        return;
    }
    const std::string& cmd = body["cmd"].get_ref<const std::string&>();
    if (attachment(r.peer.get()) == nullptr) {
        if (cmd == "hello") {
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
    if (restoring_) return;
    send_ended();
    arm_clock();
    if (outbox_.pending().empty() || outbox_.committing()) return;
    outbox_.pending().touched.emplace_back(code_, touched_ms_ = now_ms());
    auto batch = outbox_.take_batch();
    // The failpoints of a commit fire only for one that answers a client's `act`, so that a test
    // crashes the server at the move it chose.
    if (outbox_.acts_held()) failpoint("before_commit");
    services_.writer->submit(std::move(*batch), [self = shared_from_this()](bool ok) {
        boost::asio::post(self->strand_, [self, ok] { self->committed(ok); });
    });
}

void Room::committed(bool ok) {
    if (!ok) {
        // Nothing held is sent: none of it is durable. The server stops (docs/server.md).
        (void)outbox_.committed(false);
        services_.fatal("a commit to the database failed");
        return;
    }
    if (outbox_.acts_held()) failpoint("after_commit_before_ack");
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
    return a.member < 0 ? -1 : members_[static_cast<std::size_t>(a.member)].seat;
}

bool Room::is_owner(const Attachment& a) const {
    return a.member >= 0 && members_[static_cast<std::size_t>(a.member)].owner;
}

int Room::view_seat(const Attachment& a) const {
    return seat_of(a);
}

// ---- commands ------------------------------------------------------------------------------

const GameTraits& Room::traits() const {
    static const GameTraits none{};
    const auto found = find_game(game_);
    return found ? (*found)->traits : none;
}

void Room::on_hello(Request& r) {
    const json& body = r.body;
    // The one check of a hello (protocol/hello.h), with this game's oldest protocol: the
    // connection checked the server's range already, a game may ask a newer one (the party).
    if (auto refusal = protocol::hello_refusal(body, traits().oldest_protocol)) {
        error(r, refusal->code, refusal->message);
        if (refusal->close) r.peer->close("unsupported protocol");
        return;
    }
    int member = -1;
    if (body.contains("token") && !body["token"].is_null()) {
        if (!body["token"].is_string()) {
            error(r, "bad_request", "\"token\" must be text.");
            return;
        }
        const std::string hash = sha256_hex(body["token"].get_ref<const std::string&>());
        for (std::size_t m = 0; m < members_.size(); ++m) {
            if (members_[m].token_hash == hash) member = static_cast<int>(m);
        }
        if (member >= 0 && members_[static_cast<std::size_t>(member)].barred) {
            error(r, "removed", "The host removed this player from the room.");
            return;
        }
        if (member < 0) {
            error(r, "bad_token",
                  "That token holds no seat in room " + code_ +
                      " (tokens belong to one room); join again or watch without one.");
            return;
        }
    }
    const std::int64_t last = match_ ? match_->last_event_number() : 0;
    peers_[r.peer.get()] = Attachment{r.peer, member, last};
    if (member >= 0) absent_since_ms_.erase(member);
    json you = {{"member", member}, {"seat", -1}, {"owner", false}, {"spectator", true}};
    if (member >= 0) {
        const auto& m = members_[static_cast<std::size_t>(member)];
        you = {{"member", member},
               {"seat", m.seat},
               {"owner", m.owner},
               {"name", m.name},
               {"spectator", m.seat < 0}};
    }
    reply(r, {{"type", "welcome"},
              {"protocol", kServerProtocol},
              {"server", "broadside 0.1.0"},
              {"room", summary()},
              {"you", you},
              {"last_event", last}});
    broadcast_room();
}

// The seat a request asks for ("seat"), or the first open one; nothing (after answering with
// the error) when it names no seat of this room, a taken one, or none is open.
std::optional<int> Room::open_seat(const Request& r, const std::string& full_message) {
    const json& body = r.body;
    if (body.contains("seat") && !body["seat"].is_null()) {
        if (!body["seat"].is_number_integer() || body["seat"].get<std::int64_t>() < 0 ||
            body["seat"].get<std::int64_t>() >= seat_count_) {
            error(r, "bad_seat",
                  "\"seat\" must be a seat of this room, 0 to " + std::to_string(seat_count_ - 1) +
                      ".");
            return std::nullopt;
        }
        const int seat = body["seat"].get<int>();
        if (seats_[static_cast<std::size_t>(seat)].kind != "open") {
            error(r, "seat_taken", "Seat " + std::to_string(seat) + " is taken.");
            return std::nullopt;
        }
        return seat;
    }
    for (int s = 0; s < seat_count_; ++s) {
        if (seats_[static_cast<std::size_t>(s)].kind == "open") return s;
    }
    error(r, "room_full", full_message);
    return std::nullopt;
}

void Room::on_join(Request& r) {
    auto& a = *attachment(r.peer.get());
    const json& body = r.body;
    std::string device_hash;
    if (body.contains("device")) {
        const json& d = body["device"];
        if (!d.is_string() || d.get_ref<const std::string&>().empty() ||
            d.get_ref<const std::string&>().size() > 64) {
            error(r, "bad_request", "\"device\" is text of 1 to 64 characters.");
            return;
        }
        device_hash = sha256_hex(d.get<std::string>());
        if (barred_devices_.count(device_hash)) {
            error(r, "removed", "The host removed this device's player from the room.");
            return;
        }
    }
    const bool open_party_join = open_party() && party_accepts_players();
    if (phase_ != Phase::kWaiting && !open_party_join) {
        error(r, "game_started", "The game has started: you can watch it, but not join it.");
        return;
    }
    if (locked_) {
        error(r, "room_locked", "The host has locked the room: you can watch.");
        return;
    }
    if (seat_of(a) >= 0) {
        error(r, "already_seated", "You already hold seat " + std::to_string(seat_of(a)) + ".");
        return;
    }
    if (open_party_join && !body.contains("seat")) {
        // An open party grows a seat for everyone who comes (in the log, so replay does too).
        bool any_open = false;
        for (const auto& seat : seats_) any_open = any_open || seat.kind == "open";
        if (!any_open) {
            if (auto st = log(entries::seat_player()); !st) {
                // The match holds no more players (100,000): the party is full.
                error(r, "room_full", st.error().message + " You can watch.");
                return;
            }
        }
    }
    const auto chosen = open_seat(r, "Every seat is taken; you can watch.");
    if (!chosen) return;
    const int seat = *chosen;
    std::string nonce;
    if (body.contains("nonce")) {
        if (!body["nonce"].is_string() || !is_nonce(body["nonce"].get_ref<const std::string&>())) {
            error(r, "bad_request", "\"nonce\" must be 1 to 64 hexadecimal digits.");
            return;
        }
        nonce = normalise_code(body["nonce"].get<std::string>());
        std::transform(nonce.begin(), nonce.end(), nonce.begin(),
                       [](char c) { return static_cast<char>(std::tolower(c)); });
    }
    if (body.contains("name") && !body["name"].is_string()) {
        error(r, "bad_request", "\"name\" must be text.");
        return;
    }
    std::string name =
        unique_name(clean_name(body.value("name", ""), "Player " + std::to_string(seat + 1)));
    json response = {{"type", "joined"}, {"seat", seat}};
    if (a.member >= 0) {
        (void)log(entries::sit(a.member, seat, nonce));
        response["member"] = a.member;
        response["token"] = nullptr;  // the token it already holds
    } else {
        const std::string token = new_token();
        a.member = static_cast<int>(members_.size());
        (void)log(
            entries::join(a.member, name, seat, sha256_hex(token), nonce, false, device_hash));
        response["member"] = a.member;
        response["token"] = token;
    }
    response["name"] = members_[static_cast<std::size_t>(a.member)].name;
    reply(r, response);
    broadcast_room();
}

void Room::on_nonce(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (phase_ != Phase::kWaiting || seat_of(a) < 0) {
        error(r, "not_allowed", "A nonce is sent by a seated player before the game starts.");
        return;
    }
    const json& n = r.body.contains("nonce") ? r.body["nonce"] : json();
    if (!n.is_string() || n.get_ref<const std::string&>().empty() ||
        !is_nonce(n.get_ref<const std::string&>())) {
        error(r, "bad_request", "\"nonce\" must be 1 to 64 hexadecimal digits.");
        return;
    }
    std::string nonce = n.get<std::string>();
    std::transform(nonce.begin(), nonce.end(), nonce.begin(),
                   [](char c) { return static_cast<char>(std::tolower(c)); });
    (void)log(entries::nonce(a.member, nonce));
    reply(r, {{"type", "nonce_set"}});
}

void Room::on_add_bot(Request& r) {
    auto& a = *attachment(r.peer.get());
    const json& body = r.body;
    if (!is_owner(a)) {
        error(r, "not_owner", "Only the room's creator adds bots.");
        return;
    }
    if (phase_ != Phase::kWaiting) {
        error(r, "game_started", "Bots are added before the game starts.");
        return;
    }
    const auto free_seat = open_seat(r, "Every seat is taken.");
    if (!free_seat) return;
    const int seat = *free_seat;
    std::string bot;
    if (body.contains("bot")) {
        if (!body["bot"].is_string()) {
            error(r, "bad_request", "\"bot\" must be a bot's name.");
            return;
        }
        bot = body["bot"].get<std::string>();
        const auto& known = seats::bots_for(game_);
        if (std::none_of(known.begin(), known.end(),
                         [&](const auto& b) { return b.name == bot; })) {
            std::string names;
            for (const auto& b : known) names += (names.empty() ? "" : ", ") + b.name;
            error(r, "unknown_bot",
                  "No bot \"" + bot + "\" for " + game_ + "; the bots are " + names + ".");
            return;
        }
    } else {
        const json level = body.value("level", json("normal"));
        auto chosen =
            seats::bot_for_level(game_, level.is_string() ? level.get<std::string>() : "");
        if (!chosen) {
            error(r, chosen.error().code, chosen.error().message);
            return;
        }
        bot = *chosen;
    }
    (void)log(entries::bot(seat, bot));
    reply(r, {{"type", "bot_added"}, {"seat", seat}, {"bot", bot}});
    broadcast_room();
}

void Room::on_remove(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (!is_owner(a)) {
        error(r, "not_owner", "Only the room's creator removes players.");
        return;
    }
    if (open_party() && phase_ == Phase::kPlaying) {
        const json& s = r.body.contains("seat") ? r.body["seat"] : json();
        if (!s.is_number_integer() || s.get<std::int64_t>() < 1 ||
            s.get<std::int64_t>() >= seat_count_) {
            error(r, "bad_seat", "\"seat\" must be a player's seat (1 and up).");
            return;
        }
        remove_party_player(r, s.get<int>());
        return;
    }
    if (phase_ != Phase::kWaiting) {
        error(r, "game_started", "Players are removed before the game starts.");
        return;
    }
    const json& s = r.body.contains("seat") ? r.body["seat"] : json();
    if (!s.is_number_integer() || s.get<std::int64_t>() < 0 ||
        s.get<std::int64_t>() >= seat_count_) {
        error(r, "bad_seat", "\"seat\" must be a seat of this room.");
        return;
    }
    const int seat = s.get<int>();
    const Seat before = seats_[static_cast<std::size_t>(seat)];
    if (before.kind == "open") {
        error(r, "seat_open", "Seat " + std::to_string(seat) + " is already open.");
        return;
    }
    (void)log(entries::open(seat));
    reply(r, {{"type", "removed"}, {"seat", seat}});
    if (before.kind == "human") {
        for (auto& [key, other] : peers_) {
            if (other.member == before.member) {
                send_to(other.peer.lock(), json{{"type", "seat_lost"},
                                                {"seat", seat},
                                                {"message",
                                                 "The room's creator removed you from "
                                                 "your seat; you are watching."}}
                                               .dump());
            }
        }
    }
    broadcast_room();
}

void Room::on_start(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (!is_owner(a)) {
        error(r, "not_owner", "Only the room's creator starts the game.");
        return;
    }
    if (phase_ != Phase::kWaiting) {
        error(r, "game_started", "The game has already started.");
        return;
    }
    if (r.body.contains("fill") && !r.body["fill"].is_boolean()) {
        error(r, "bad_request", "\"fill\" is true or false.");
        return;
    }
    const bool fill = r.body.value("fill", false);
    std::vector<int> open;
    for (int s = 0; s < seat_count_; ++s) {
        if (seats_[static_cast<std::size_t>(s)].kind == "open") open.push_back(s);
    }
    if (!open.empty() && !fill) {
        error(r, "seats_open",
              std::to_string(open.size()) + " seat" + (open.size() == 1 ? " is" : "s are") +
                  " open: wait for players, add bots, or start with \"fill\": true (a bot at the "
                  "normal level in each open seat).");
        return;
    }
    auto bot = seats::bot_for_level(game_, "normal");
    for (int s : open) (void)log(entries::bot(s, *bot));
    auto status = log(start_entry());
    if (!status) {
        error(r, status.error().code, status.error().message);
        return;
    }
    reply(r, {{"type", "started"}, {"last_event", match_->last_event_number()}});
    broadcast_room();
    broadcast_events(nullptr);
    ask_bots();
}

void Room::on_act(Request& r) {
    auto& a = *attachment(r.peer.get());
    const json& body = r.body;
    if (phase_ == Phase::kWaiting) {
        error(r, "not_started", "The game has not started yet.");
        return;
    }
    const int seat = seat_of(a);
    if (seat < 0) {
        error(r, "not_seated", "You hold no seat in this room: spectators watch.");
        return;
    }
    if (!body.contains("action_id") || !valid_action_id(body["action_id"])) {
        error(r, "bad_request",
              "\"act\" needs an \"action_id\" (text of 1 to 64 characters, or a whole number) "
              "so that a resent action is never applied twice.");
        return;
    }
    const std::string key = action_key(body["action_id"]);
    if (auto it = acks_.find({seat, key}); it != acks_.end()) {
        json again = ack_json(seat, key, it->second);
        again["repeat"] = true;
        reply(r, again);
        return;
    }
    if (phase_ != Phase::kPlaying) {
        error(r, "game_over", "The game is over.");
        return;
    }
    if (!body.contains("action") || !body["action"].is_object()) {
        error(r, "bad_request", "\"act\" needs an \"action\" object.");
        return;
    }
    auto status = log(entries::act(seat, body["action"], body["action_id"]));
    if (!status) {
        refuse_action(r, status.error().code, status.error().message);
        return;
    }
    services_.metrics->actions_total.fetch_add(1, std::memory_order_relaxed);
    outbox_.hold_act({r.read_at, r.arrived});
    reply(r, ack_json(seat, key, acks_.at({seat, key})));
    a.delivered = match_->last_event_number();
    broadcast_events(r.peer.get());
    ask_bots();
}

void Room::on_observe(Request& r, bool legal_only) {
    auto& a = *attachment(r.peer.get());
    if (!match_) {
        error(r, "not_started", "The game has not started yet.");
        return;
    }
    const int seat = view_seat(a);
    // Moved, never copied, into the reply: a classic `legal` lists every open cell, a hundred
    // JSON strings, and each copy of it is a hundred allocations (docs/performance.md).
    json legal = seat >= 0 ? match_->legal_actions(seat) : json();
    if (legal_only) {
        reply(r, {{"type", "legal"},
                  {"seat", seat},
                  {"legal", std::move(legal)},
                  {"to_act", to_act_for(match_->seats_to_act(), seat)}});
        return;
    }
    reply(r, {{"type", "observation"},
              {"seat", seat},
              {"observation", match_->observation(seat)},
              {"legal", std::move(legal)},
              {"to_act", to_act_for(match_->seats_to_act(), seat)},
              {"to_act_count", match_->seats_to_act().size()},
              {"over", match_->is_over()},
              {"last_event", match_->last_event_number()}});
}

void Room::on_events(Request& r) {
    auto& a = *attachment(r.peer.get());
    std::int64_t after = 0;
    if (r.body.contains("after")) {
        const json& v = r.body["after"];
        if (!v.is_number_integer() || v.get<std::int64_t>() < 0) {
            error(r, "bad_request", "\"after\" must be an event number (0 or more).");
            return;
        }
        after = v.get<std::int64_t>();
    }
    if (!match_) {
        reply(r, {{"type", "events"}, {"events", json::array()}, {"last_event", 0}});
        return;
    }
    const std::int64_t last = match_->last_event_number();
    reply(r, {{"type", "events"},
              {"events", match_->events_for(view_seat(a), after)},
              {"last_event", last}});
    a.delivered = std::max(a.delivered, last);
}

void Room::on_record(Request& r) {
    const bool ended = phase_ == Phase::kOver || phase_ == Phase::kAborted;
    if (record_.is_null() && ended && match_) build_record();
    if (record_.is_null()) {
        error(r, "match_not_over",
              ended ? "The game was aborted before it started: there is no record."
                    : "The record, with every secret, is given out once the game is over.");
        return;
    }
    reply(r, {{"type", "record"}, {"record", record_}});
}

void Room::on_resign(Request& r) {
    auto& a = *attachment(r.peer.get());
    const int seat = seat_of(a);
    if (phase_ != Phase::kPlaying || seat < 0) {
        error(r, "not_allowed", "Only a seated player resigns, while the game is on.");
        return;
    }
    if (seat_count_ == 2) {
        (void)log(entries::resign(seat));
    } else {
        // With more seats the game goes on: a bot plays the seat from here (docs/server.md).
        (void)log(entries::takeover(seat, *seats::bot_for_level(game_, "normal")));
    }
    reply(r, {{"type", "resigned"}, {"seat", seat}});
    if (!ended_unsent_) broadcast_room();  // else `ended`, then the summary (send_ended)
    ask_bots();
}

bool Room::abortable() const {
    // "Before the first move" counts people's moves: bots place their fleets the moment the
    // game starts, and that must not take the creator's chance to abort away.
    const bool person_moved = std::any_of(seats_acted_.begin(), seats_acted_.end(), [&](int seat) {
        return seats_[static_cast<std::size_t>(seat)].kind == "human";
    });
    return phase_ == Phase::kWaiting || (phase_ == Phase::kPlaying && !person_moved);
}

void Room::on_abort(Request& r) {
    auto& a = *attachment(r.peer.get());
    const bool may = is_owner(a) || seat_of(a) >= 0;
    if (!may) {
        error(r, "not_allowed", "Only the creator or a seated player aborts a game.");
        return;
    }
    if (!abortable()) {
        error(r, "not_allowed",
              "A game can be aborted only before anyone's first move; resign instead.");
        return;
    }
    (void)log(entries::abort(a.member));
    reply(r, {{"type", "aborted"}});  // then `ended` and the summary (send_ended)
}

void Room::on_leave(Request& r) {
    auto& a = *attachment(r.peer.get());
    const int seat = seat_of(a);
    if (seat >= 0 && phase_ == Phase::kWaiting) {
        (void)log(entries::leave(a.member));
        reply(r, {{"type", "left"}, {"seat", seat}});
        broadcast_room();
        return;
    }
    if (seat >= 0 && phase_ == Phase::kPlaying) {
        on_resign(r);
        return;
    }
    reply(r, {{"type", "left"}, {"seat", -1}});
}

void Room::on_rematch(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (phase_ != Phase::kOver) {
        error(r, "not_allowed", "A rematch is offered once the game is over.");
        return;
    }
    if (a.member < 0) {
        error(r, "not_allowed", "Only the room's players ask for a rematch.");
        return;
    }
    if (!rematch_.empty()) {
        reply(r, {{"type", "rematch"}, {"room", rematch_}});
        return;
    }
    // An open party starts again empty and grows the same seats (the crowd stays; a player the
    // host removed does not come along).
    json next_options = options_;
    if (open_party()) next_options["players"] = 0;
    auto room = services_.make_room(game_, next_options, settings_, outbox_.pending());
    if (!room) {
        error(r, room.error().code, room.error().message);
        return;
    }
    auto& next = **room;
    if (open_party()) {
        for (int s = 1; s < seat_count_; ++s)
            (void)next.prepare(entries::seat_player(), outbox_.pending());
    }
    // Same people (same tokens: a token is kept per room, so its hash is copied), same bots;
    // in a two-seat game the seats swap, so the other side moves first where "first" is fixed.
    auto rotated = [&](int seat) { return seat_count_ == 2 ? 1 - seat : seat; };
    for (std::size_t m = 0; m < members_.size(); ++m) {
        const auto& member = members_[m];
        if (member.barred) continue;
        int seat = -1;
        for (int s = 0; s < seat_count_; ++s) {
            if (seats_[static_cast<std::size_t>(s)].member == static_cast<int>(m))
                seat = rotated(s);
        }
        (void)next.prepare(entries::join(static_cast<int>(m), member.name, seat, member.token_hash,
                                         "", member.owner),
                           outbox_.pending());
    }
    for (int s = 0; s < seat_count_; ++s) {
        const auto& seat = seats_[static_cast<std::size_t>(s)];
        if (seat.kind == "bot") {
            (void)next.prepare(entries::bot(rotated(s), seat.bot), outbox_.pending());
        }
    }
    services_.publish_room(*room);
    (void)log(entries::rematch(next.code()));
    const json offer{{"type", "rematch"}, {"room", next.code()}};
    reply(r, offer);
    for (auto& [key, other] : peers_) {
        if (key != r.peer.get()) send_to(other.peer.lock(), offer.dump());
    }
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
    const std::int64_t at = time_of(entry).value_or(0);
    auto free_seat_of = [&](int member) {
        for (auto& seat : seats_) {
            if (seat.kind == "human" && seat.member == member) seat = Seat{};
        }
        if (member >= 0) members_.at(static_cast<std::size_t>(member)).seat = -1;
    };
    if (const auto* join = std::get_if<entry::Join>(&entry)) {
        Member m;
        m.name = join->name;
        m.seat = join->seat;
        m.token_hash = join->token_sha256;
        m.nonce = join->nonce;
        m.owner = join->owner;
        m.device_hash = join->device_sha256.value_or("");
        names_taken_.insert(lower_name(m.name));
        const int index = static_cast<int>(members_.size());
        if (m.seat >= 0) seats_.at(static_cast<std::size_t>(m.seat)) = Seat{"human", index, ""};
        members_.push_back(std::move(m));
    } else if (const auto* sit = std::get_if<entry::Sit>(&entry)) {
        auto& m = members_.at(static_cast<std::size_t>(sit->member));
        seats_.at(static_cast<std::size_t>(sit->seat)) = Seat{"human", sit->member, ""};
        m.seat = sit->seat;
        m.nonce = sit->nonce;
    } else if (const auto* nonce = std::get_if<entry::Nonce>(&entry)) {
        members_.at(static_cast<std::size_t>(nonce->member)).nonce = nonce->nonce;
    } else if (const auto* bot_e = std::get_if<entry::Bot>(&entry)) {
        free_seat_of(seats_.at(static_cast<std::size_t>(bot_e->seat)).member);
        seats_[static_cast<std::size_t>(bot_e->seat)] = Seat{"bot", -1, bot_e->bot};
    } else if (const auto* open = std::get_if<entry::Open>(&entry)) {
        free_seat_of(seats_.at(static_cast<std::size_t>(open->seat)).member);
        seats_[static_cast<std::size_t>(open->seat)] = Seat{};
    } else if (const auto* leave = std::get_if<entry::Leave>(&entry)) {
        free_seat_of(leave->member);
    } else if (const auto* start = std::get_if<entry::Start>(&entry)) {
        seed_ = start->seed;
        auto match = Match::create(game_, options_, seed_);
        if (!match) return match.error();
        match_.emplace(std::move(match.value()));
        phase_ = Phase::kPlaying;
        note_turn_starts({}, at);
        for (int s = 0; s < seat_count_; ++s) {
            const auto& seat = seats_[static_cast<std::size_t>(s)];
            if (seat.kind != "bot") continue;
            auto bot = BotSeat::create(services_.bots, game_, options_, seed_, s, seat.bot, code_);
            if (!bot) return bot.error();
            bots_[s] = *bot;
        }
    } else if (const auto* act = std::get_if<entry::Act>(&entry)) {
        if (!match_ || phase_ != Phase::kPlaying) {
            return make_error("game_over", "The game is over.");
        }
        const int seat = act->seat;
        const auto to_act_before = match_->seats_to_act();
        const auto before = match_->last_event_number();
        auto events = match_->act(seat, act->action);
        if (!events) return events.error();
        note_turn_starts(to_act_before, at);
        seats_acted_.insert(seat);
        for (auto& [s, bot] : bots_) bot->applied(seat, act->action);
        // What the answer needs, not the answer: its events are rebuilt from the match's log
        // when asked (a JSON copy of every answer would grow the room by every action).
        if (!act->action_id.is_null()) {
            acks_[{seat, action_key(act->action_id)}] =
                Ack{before, match_->last_event_number(),
                    to_act_for(match_->seats_to_act(), seat).dump(), match_->is_over()};
        }
        if (match_->is_over()) finish({{"by", "game"}, {"result", match_->result()}});
    } else if (const auto* resign = std::get_if<entry::Resign>(&entry)) {
        finish({{"by", "resign"}, {"seat", resign->seat}, {"winner", 1 - resign->seat}});
    } else if (const auto* timeout = std::get_if<entry::Timeout>(&entry)) {
        // A two-seat game forfeited on time.
        finish({{"by", "timeout"}, {"seat", timeout->seat}, {"winner", 1 - timeout->seat}});
    } else if (const auto* claim = std::get_if<entry::Claim>(&entry)) {
        // The opponent left: the one who stayed claims the win.
        finish({{"by", "claim"}, {"seat", 1 - claim->seat}, {"winner", claim->seat}});
    } else if (const auto* takeover = std::get_if<entry::Takeover>(&entry)) {
        free_seat_of(seats_.at(static_cast<std::size_t>(takeover->seat)).member);
        seats_[static_cast<std::size_t>(takeover->seat)] = Seat{"bot", -1, takeover->bot};
        auto bot = BotSeat::create(services_.bots, game_, options_, seed_, takeover->seat,
                                   takeover->bot, code_);
        if (!bot) return bot.error();
        for (std::size_t i = 0; i < match_->action_count(); ++i) {
            const auto [s, action] = match_->action(i);
            (*bot)->applied(s, action);
        }
        bots_[takeover->seat] = *bot;
    } else if (std::holds_alternative<entry::Abort>(entry)) {
        phase_ = Phase::kAborted;
        ended_ = {{"by", "abort"}};
        summary_cache_ = nullptr;
        refresh_listing();
        bots_.clear();
        thinking_.clear();
        // A game aborted after the start has a record too: the bots' fleets were placed, and
        // at the end every secret is shown (docs/server.md, "Records").
        schedule_record();
        if (!restoring_) ended_unsent_ = true;
    } else if (const auto* rematch = std::get_if<entry::Rematch>(&entry)) {
        rematch_ = rematch->room;
    } else if (std::holds_alternative<entry::SeatPlayer>(entry)) {
        // An open party room grows a seat.
        if (match_) {
            const json action{{"type", "seat_players"}, {"count", 1}};
            auto events = match_->act(0, action);
            if (!events) return events.error();
            seats_acted_.insert(0);
            for (auto& [s, bot] : bots_) bot->applied(0, action);
        } else {
            options_["players"] = options_.value("players", 0) + 1;
        }
        seats_.emplace_back();
        ++seat_count_;
    } else if (const auto* lock = std::get_if<entry::Lock>(&entry)) {
        locked_ = lock->locked;
    } else if (const auto* bar = std::get_if<entry::Bar>(&entry)) {
        auto& m = members_.at(static_cast<std::size_t>(bar->member));
        m.barred = true;
        if (!m.device_hash.empty()) barred_devices_.insert(m.device_hash);
    }
    return Status::ok_status();
}

void Room::finish(json how) {
    phase_ = Phase::kOver;
    summary_cache_ = nullptr;
    ended_ = std::move(how);
    bots_.clear();
    thinking_.clear();
    schedule_record();
    refresh_listing();  // the lobby's list shows the game as over at once
    if (!restoring_) {
        spdlog::info("room {} ({}): game over by {} after {} actions", code_, game_,
                     ended_.value("by", "?"), match_ ? match_->action_count() : 0);
        ended_unsent_ = true;  // after the answers and events of this handling (send_ended)
    }
}

void Room::schedule_record() {
    if (!match_) return;  // aborted before the start: no game, no record
    if (restoring_) {
        build_record();
        return;
    }
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
    for (auto& [key, a] : peers_) send_to(a.peer.lock(), text);
    broadcast_room();  // the phase changed
}

// How the game ended as summaries and `ended` say it: lists of seats longer than kListedSeats
// (a party's tied players and winners) become counts; the record keeps them all.
json Room::public_ended() const {
    json out = ended_;
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

void Room::build_record() {
    json record = match_->record_unchecked();
    json players = json::array();
    for (const auto& seat : seats_) {
        if (seat.kind == "human") {
            players.push_back({{"kind", "human"}, {"name", members_[seat.member].name}});
        } else {
            players.push_back({{"kind", seat.kind}, {"bot", seat.bot}});
        }
    }
    json nonces = json::array();
    // The nonces the seed was derived from are the start entry's; the members' may have changed
    // since only if someone left, which cannot happen after the start.
    for (const auto& seat : seats_) {
        nonces.push_back(seat.kind == "human" ? members_[seat.member].nonce : std::string());
    }
    // Every fleet and hand as it stands, however the game ended: a resigned, forfeited,
    // claimed or aborted game leaves the match unfinished, and its secrets are shown all the same.
    record["reveal"] = match_->reveal_now();
    record["room"] = code_;
    record["players"] = std::move(players);
    record["ended"] = ended_;
    record["fairness"] = {{"server_seed", server_seed_},
                          {"commitment", sha256_hex(server_seed_)},
                          {"nonces", std::move(nonces)},
                          {"seed", std::to_string(seed_)},
                          {"derivation",
                           "seed = first 8 bytes, big-endian, of SHA-256(server_seed \":\" "
                           "nonce_0 \":\" nonce_1 ...); commitment = SHA-256(server_seed)"}};
    record_ = std::move(record);
    if (!restoring_) outbox_.pending().records.emplace_back(code_, record_);
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
    std::vector<int> connected(members_.size(), 0);
    int spectators = 0;
    for (const auto& [key, a] : peers_) {
        if (a.member >= 0) ++connected[static_cast<std::size_t>(a.member)];
        if (seat_of(a) < 0) ++spectators;
    }
    int connected_count = 0;
    for (int c : connected) connected_count += c > 0;
    // A room of thousands lists its first seats; counts say the rest (names: "names").
    const int listed = big_room() ? kListedSeats + 1 : seat_count_;
    for (int s = 0; s < listed; ++s) {
        const auto& seat = seats_[static_cast<std::size_t>(s)];
        json entry = {{"seat", s}, {"kind", seat.kind}};
        if (seat.kind == "human") {
            entry["name"] = members_[static_cast<std::size_t>(seat.member)].name;
            entry["connected"] = connected[static_cast<std::size_t>(seat.member)] > 0;
        } else if (seat.kind == "bot") {
            entry["name"] = bot_seat_name(game_, seat.bot, s);
            entry["bot"] = seat.bot;
        }
        seats.push_back(entry);
    }
    json out = {{"type", "room"},
                {"room", code_},
                {"game", game_},
                {"options", options_},
                {"phase", kPhases[static_cast<int>(phase_)]},
                {"seats", seats},
                {"spectators", spectators},
                {"public", settings_.value("public", false)},
                {"commitment", sha256_hex(server_seed_)},
                {"url", services_.public_url + "/r/" + code_},
                {"last_event", match_ ? match_->last_event_number() : 0},
                {"seat_count", seat_count_},
                {"connected_count", connected_count},
                {"locked", locked_}};
    if (traits().hosted) out["players_count"] = seat_count_ - 1;  // seat 0 is the host
    if (!ended_.is_null()) out["ended"] = public_ended();
    if (!rematch_.empty()) out["rematch"] = rematch_;
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
    const std::string text = summary().dump();
    for (auto& [key, a] : peers_) send_to(a.peer.lock(), text);
}

void Room::broadcast_events(const Peer* except) {
    if (!match_) return;
    const std::int64_t last = match_->last_event_number();
    for (auto& [key, a] : peers_) {
        if (key == except || a.delivered >= last) continue;
        // Others' placements in a party reach a phone as one skipped run with the next event
        // it can see, not as a message per placement.
        if (!match_->visible_after(view_seat(a), std::max(a.delivered, a.scanned))) {
            a.scanned = last;
            continue;
        }
        json events = match_->events_for(view_seat(a), a.delivered);
        a.delivered = last;
        json message{{"type", "events"}, {"events", events}, {"last_event", last}};
        if (clock_settings_.any()) message["deadlines"] = deadlines();
        send_to(a.peer.lock(), message.dump());
    }
}

void Room::ask_bots() {
    if (phase_ != Phase::kPlaying || !match_ || closing_) return;
    for (int seat : match_->seats_to_act()) {
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
    if (phase_ != Phase::kPlaying || !bots_.count(seat)) return;
    const auto to_act = match_->seats_to_act();
    if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) return;
    if (!action.is_null()) failpoint("during_bot_move");  // chosen, not yet logged or committed
    auto status = action.is_null() ? Status(make_error("no_answer", "the bot gave no action"))
                                   : log(entries::act(seat, action, nullptr));
    if (!status) {
        // A built-in bot that fails is a bug; the fallback bot keeps the game going.
        spdlog::error("room bot in seat {} failed: {}", seat, status.error().message);
        auto fallback = seats::make_builtin_agent(game_, seats::fallback_bot_name(game_));
        if (!fallback) return;
        (*fallback)->start(*match_, seat, code_);
        auto reply = (*fallback)->act(*match_, seat, match_->last_event_number(), 10'000);
        if (reply.fault || !log(entries::act(seat, reply.action, nullptr))) {
            return;
        }
    }
    services_.metrics->actions_total.fetch_add(1, std::memory_order_relaxed);
    broadcast_events(nullptr);
    ask_bots();
}

json Room::ack_json(int seat, const std::string& action_key, const Ack& ack) const {
    json events = json::array();
    for (auto& e : match_->events_for(seat, ack.before)) {
        if (e.value("n", std::int64_t{0}) > ack.last) break;
        events.push_back(std::move(e));
    }
    json out = {{"type", "acted"},       {"action_id", json::parse(action_key)}, {"seat", seat},
                {"events", events},      {"to_act", json::parse(ack.to_act)},    {"over", ack.over},
                {"last_event", ack.last}};
    if (ack.over) out["result"] = match_->result();
    return out;
}

void Room::on_claim(Request& r) {
    auto& a = *attachment(r.peer.get());
    const int seat = seat_of(a);
    if (phase_ != Phase::kPlaying || seat < 0 || seat_count_ != 2) {
        error(r, "not_allowed",
              "The win is claimed by a seated player of a two-seat game while it is on (with "
              "more seats, an absent player's seat is played by a bot: \"bot_for_absent\").");
        return;
    }
    const auto& other = seats_[static_cast<std::size_t>(1 - seat)];
    if (other.kind != "human" || !absent_since_ms_.count(other.member)) {
        error(r, "not_allowed", "Your opponent is here: there is no win to claim.");
        return;
    }
    if (!absent_past_grace(other.member)) {
        const auto left =
            absent_since_ms_.at(other.member) + clock_settings_.grace_seconds * 1000LL - now_ms();
        error(r, "too_early",
              "Your opponent left " +
                  std::to_string((now_ms() - absent_since_ms_.at(other.member)) / 1000) +
                  " s ago; their seat is held for " +
                  std::to_string(clock_settings_.grace_seconds) + " s: claim in " +
                  std::to_string((left + 999) / 1000) + " s.");
        return;
    }
    (void)log(entries::claim(seat));
    reply(r, {{"type", "claimed"}, {"winner", seat}});  // then `ended` and the summary
}

void Room::refresh_listing() {
    RoomListing l;
    static const char* kPhases[] = {"waiting", "playing", "over", "aborted"};
    l.code = code_;
    l.game = game_;
    l.phase = kPhases[static_cast<int>(phase_)];
    l.seats = seat_count_;
    for (const auto& seat : seats_) l.open_seats += seat.kind == "open";
    for (const auto& [key, a] : peers_) l.spectators += seat_of(a) < 0;
    l.peers = static_cast<int>(peers_.size());
    l.is_public = settings_.value("public", false);
    l.touched_ms = touched_ms_;
    std::lock_guard lock(listing_mutex_);
    listing_ = l;
}

}  // namespace broadside::server

// A room's commands: what each request a seat or a watcher sends does (docs/server.md). Each
// checks the request against the room as it stands, then logs the entries that make the change
// (room_log.h) and answers; the answer waits in the outbox for the entries' commit.
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
#include "protocol/replies.h"
#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"
#include "server/bot_seat.h"
#include "server/failpoint.h"
#include "server/group_writer.h"
#include "server/metrics.h"
#include "server/party_stream.h"
#include "server/peer.h"
#include "server/secrets.h"

namespace broadside::server {

using nlohmann::json;

namespace {

bool valid_action_id(const json& id) {
    if (id.is_string()) {
        const auto& s = id.get_ref<const std::string&>();
        return !s.empty() && s.size() <= 64;
    }
    return id.is_number_integer() || id.is_number_unsigned();
}

}  // namespace

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
        for (std::size_t m = 0; m < state_.members.size(); ++m) {
            if (state_.members[m].token_hash == hash) member = static_cast<int>(m);
        }
        if (member >= 0 && state_.members[static_cast<std::size_t>(member)].barred) {
            error(r, "removed", "The host removed this player from the room.");
            return;
        }
        if (member < 0 && replica_ && !r.retried) {
            // A replica a moment behind its owner (a phone that has just joined elsewhere):
            // asked again once it has read everything committed so far.
            r.retried = true;
            hellos_waiting_.push_back(r);
            services_.streams->catch_up(code_);
            return;
        }
        if (member < 0) {
            error(r, "bad_token",
                  "That token holds no seat in room " + code_ +
                      " (tokens belong to one room); join again or watch without one.");
            return;
        }
    }
    const std::int64_t last = state_.match ? state_.match->last_event_number() : 0;
    // `after`: a reconnect resumes from the last event it saw; what it missed follows the
    // welcome at once, in order, before any new event (docs/server.md, "Reconnecting").
    std::int64_t start = last;
    if (body.contains("after") && !body["after"].is_null()) {
        // A replica may be a moment behind what the phone saw through another node: it sends
        // from the phone's number on, once it has caught up, never those numbers again.
        const auto after = body["after"].get<std::int64_t>();
        start = replica_ ? after : std::min(last, after);
    }
    // An edge's connection for a phone it serves asks for answers only (room_replica.cpp).
    const bool quiet = body.value("quiet", false);
    if (quiet) start = last;
    auto& attached = peers_[r.peer.get()] = Attachment{};
    attached.peer = r.peer;
    attached.member = member;
    attached.delivered = start;
    attached.quiet = quiet;
    if (member >= 0) absent_since_ms_.erase(member);
    if (replica_) {
        services_.metrics->replica_connections.fetch_add(1, std::memory_order_relaxed);
        services_.metrics->replica_connections_total.fetch_add(1, std::memory_order_relaxed);
    }
    if (replica_ && member >= 0) {
        attached.token = body["token"].get<std::string>();
        attached.token_hash = state_.members[static_cast<std::size_t>(member)].token_hash;
        open_upstream_for(attached);  // the owner counts the phone as present
    }
    json you = {{"member", member}, {"seat", -1}, {"owner", false}, {"spectator", true}};
    if (member >= 0) {
        const auto& m = state_.members[static_cast<std::size_t>(member)];
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
    if (start < last) push_events(attached);
    broadcast_room();
}

// The seat a request asks for ("seat"), or the first open one; nothing (after answering with
// the error) when it names no seat of this room, a taken one, or none is open.
std::optional<int> Room::open_seat(const Request& r, const std::string& full_message) {
    const json& body = r.body;
    if (body.contains("seat") && !body["seat"].is_null()) {
        if (!body["seat"].is_number_integer() || body["seat"].get<std::int64_t>() < 0 ||
            body["seat"].get<std::int64_t>() >= state_.seat_count) {
            error(r, "bad_seat",
                  "\"seat\" must be a seat of this room, 0 to " +
                      std::to_string(state_.seat_count - 1) + ".");
            return std::nullopt;
        }
        const int seat = body["seat"].get<int>();
        if (state_.seats[static_cast<std::size_t>(seat)].kind != "open") {
            error(r, "seat_taken", "Seat " + std::to_string(seat) + " is taken.");
            return std::nullopt;
        }
        return seat;
    }
    for (int s = 0; s < state_.seat_count; ++s) {
        if (state_.seats[static_cast<std::size_t>(s)].kind == "open") return s;
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
            error(r, "bad_request", "\"device\" is text of 1 to 64 bytes.");
            return;
        }
        device_hash = sha256_hex(d.get<std::string>());
        if (state_.barred_devices.count(device_hash)) {
            error(r, "removed", "The host removed this device's player from the room.");
            return;
        }
    }
    const bool open_party_join = open_party() && party_accepts_players();
    if (state_.phase != Phase::kWaiting && !open_party_join) {
        error(r, "game_started", "The game has started: you can watch it, but not join it.");
        return;
    }
    if (state_.locked) {
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
        for (const auto& seat : state_.seats) any_open = any_open || seat.kind == "open";
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
        a.member = static_cast<int>(state_.members.size());
        (void)log(
            entries::join(a.member, name, seat, sha256_hex(token), nonce, false, device_hash));
        response["member"] = a.member;
        response["token"] = token;
    }
    response["name"] = state_.members[static_cast<std::size_t>(a.member)].name;
    reply(r, response);
    broadcast_room();
}

void Room::on_nonce(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (state_.phase != Phase::kWaiting || seat_of(a) < 0) {
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
    if (state_.phase != Phase::kWaiting) {
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
        const auto& known = seats::bots_for(state_.game);
        if (std::none_of(known.begin(), known.end(),
                         [&](const auto& b) { return b.name == bot; })) {
            std::string names;
            for (const auto& b : known) names += (names.empty() ? "" : ", ") + b.name;
            error(r, "unknown_bot",
                  "No bot \"" + bot + "\" for " + state_.game + "; the bots are " + names + ".");
            return;
        }
    } else {
        const json level = body.value("level", json("normal"));
        auto chosen =
            seats::bot_for_level(state_.game, level.is_string() ? level.get<std::string>() : "");
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
    // A party's host removes players during play with either seating (docs/protocol.md, the
    // party game's `remove`): the host screen's Remove is the same button in both.
    if (traits().hosted && state_.phase == Phase::kPlaying) {
        const json& s = r.body.contains("seat") ? r.body["seat"] : json();
        if (!s.is_number_integer() || s.get<std::int64_t>() < 1 ||
            s.get<std::int64_t>() >= state_.seat_count) {
            error(r, "bad_seat", "\"seat\" must be a player's seat (1 and up).");
            return;
        }
        remove_party_player(r, s.get<int>());
        return;
    }
    if (state_.phase != Phase::kWaiting) {
        error(r, "game_started", "Players are removed before the game starts.");
        return;
    }
    const json& s = r.body.contains("seat") ? r.body["seat"] : json();
    if (!s.is_number_integer() || s.get<std::int64_t>() < 0 ||
        s.get<std::int64_t>() >= state_.seat_count) {
        error(r, "bad_seat", "\"seat\" must be a seat of this room.");
        return;
    }
    const int seat = s.get<int>();
    const Seat before = state_.seats[static_cast<std::size_t>(seat)];
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
    if (state_.phase != Phase::kWaiting) {
        error(r, "game_started", "The game has already started.");
        return;
    }
    if (r.body.contains("fill") && !r.body["fill"].is_boolean()) {
        error(r, "bad_request", "\"fill\" is true or false.");
        return;
    }
    const bool fill = r.body.value("fill", false);
    std::vector<int> open;
    for (int s = 0; s < state_.seat_count; ++s) {
        if (state_.seats[static_cast<std::size_t>(s)].kind == "open") open.push_back(s);
    }
    if (!open.empty() && !fill) {
        error(r, "seats_open",
              std::to_string(open.size()) + " seat" + (open.size() == 1 ? " is" : "s are") +
                  " open: wait for players, add bots, or start with \"fill\": true (a bot at the "
                  "normal level in each open seat).");
        return;
    }
    auto bot = seats::bot_for_level(state_.game, "normal");
    for (int s : open) (void)log(entries::bot(s, *bot));
    auto status = log(start_entry());
    if (!status) {
        error(r, status.error().code, status.error().message);
        return;
    }
    reply(r, {{"type", "started"}, {"last_event", state_.match->last_event_number()}});
    broadcast_room();
    broadcast_events(nullptr);
    ask_bots();
}

void Room::on_act(Request& r) {
    auto& a = *attachment(r.peer.get());
    const json& body = r.body;
    if (state_.phase == Phase::kWaiting) {
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
              "\"act\" needs an \"action_id\" (text of 1 to 64 bytes, or a whole number) "
              "so that a resent action is never applied twice.");
        return;
    }
    const std::string key = action_key(body["action_id"]);
    if (auto it = state_.acks.find({seat, key}); it != state_.acks.end()) {
        json again = ack_json(seat, key, it->second);
        again["repeat"] = true;
        reply(r, again);
        return;
    }
    if (state_.phase != Phase::kPlaying) {
        error(r, "game_over", "The game is over.");
        return;
    }
    if (!body.contains("action") || !body["action"].is_object()) {
        error(r, "bad_request", "\"act\" needs an \"action\" object.");
        return;
    }
    // A run this phone may not see (others' placements in a party) waits for the next event it
    // can see; its own action's answer is one, so the run goes first, as one skipped entry.
    // Otherwise its `acted` would begin past numbers it was never sent (docs/protocol.md,
    // "Skipped runs").
    if (!a.quiet && a.held_acted.empty()) push_events(a, /*unseen_too=*/true);
    auto status = log(entries::act(seat, body["action"], body["action_id"]));
    if (!status) {
        refuse_action(r, status.error().code, status.error().message);
        return;
    }
    services_.metrics->actions_total.fetch_add(1, std::memory_order_relaxed);
    outbox_.hold_act({r.read_at, r.arrived});
    reply(r, ack_json(seat, key, state_.acks.at({seat, key})));
    a.delivered = state_.match->last_event_number();
    broadcast_events(r.peer.get());
    ask_bots();
}

void Room::on_observe(Request& r, bool legal_only) {
    auto& a = *attachment(r.peer.get());
    if (!state_.match) {
        error(r, "not_started", "The game has not started yet.");
        return;
    }
    const int seat = view_seat(a);
    // Moved, never copied, into the reply: a classic `legal` lists every open cell, a hundred
    // JSON strings, and each copy of it is a hundred allocations (docs/performance.md).
    json legal = seat >= 0 ? state_.match->legal_actions(seat) : json();
    const auto to_act = state_.match->seats_to_act();
    if (legal_only) {
        reply(r, protocol::legal_reply(seat, std::move(legal), to_act_for(to_act, seat)));
        return;
    }
    json observation = protocol::observation_reply(*state_.match, seat, std::move(legal),
                                                   to_act_for(to_act, seat));
    observation["to_act_count"] = to_act.size();  // the room's own: `to_act` may be compact
    reply(r, std::move(observation));
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
    // With a clock on, every `events` message carries the deadlines, asked for or not
    // (docs/server.md, "Clocks").
    json answer = state_.match
                      ? protocol::events_reply(*state_.match, view_seat(a), after)
                      : json{{"type", "events"}, {"events", json::array()}, {"last_event", 0}};
    if (settings_.contains("clock")) answer["deadlines"] = deadlines();
    reply(r, answer);
    if (state_.match) a.delivered = std::max(a.delivered, state_.match->last_event_number());
}

void Room::on_record(Request& r) {
    const bool ended = state_.phase == Phase::kOver || state_.phase == Phase::kAborted;
    if (record_.is_null() && ended && state_.match) build_record();
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
    if (state_.phase != Phase::kPlaying || seat < 0) {
        error(r, "not_allowed", "Only a seated player resigns, while the game is on.");
        return;
    }
    if (state_.seat_count == 2) {
        (void)log(entries::resign(seat));
    } else {
        // With more seats the game goes on: a bot plays the seat from here (docs/server.md).
        (void)log(entries::takeover(seat, *seats::bot_for_level(state_.game, "normal")));
    }
    reply(r, {{"type", "resigned"}, {"seat", seat}});
    if (!ended_unsent_) broadcast_room();  // else `ended`, then the summary (send_ended)
    ask_bots();
}

bool Room::abortable() const {
    // "Before the first move" counts people's moves: bots place their fleets the moment the
    // game starts, and that must not take the creator's chance to abort away.
    const bool person_moved = std::any_of(
        state_.seats_acted.begin(), state_.seats_acted.end(),
        [&](int seat) { return state_.seats[static_cast<std::size_t>(seat)].kind == "human"; });
    return state_.phase == Phase::kWaiting || (state_.phase == Phase::kPlaying && !person_moved);
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
    if (seat >= 0 && state_.phase == Phase::kWaiting) {
        (void)log(entries::leave(a.member));
        reply(r, {{"type", "left"}, {"seat", seat}});
        broadcast_room();
        return;
    }
    if (seat >= 0 && state_.phase == Phase::kPlaying) {
        on_resign(r);
        return;
    }
    reply(r, {{"type", "left"}, {"seat", -1}});
}

void Room::on_rematch(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (state_.phase != Phase::kOver) {
        error(r, "not_allowed", "A rematch is offered once the game is over.");
        return;
    }
    if (a.member < 0) {
        error(r, "not_allowed", "Only the room's players ask for a rematch.");
        return;
    }
    if (!state_.rematch.empty()) {
        reply(r, {{"type", "rematch"}, {"room", state_.rematch}});
        return;
    }
    // An open party starts again empty and grows the same seats (the crowd stays; a player the
    // host removed does not come along).
    json next_options = state_.options;
    if (open_party()) next_options["players"] = 0;
    auto room = directory_.new_room(state_.game, next_options, settings_, outbox_.pending(),
                                    r.peer ? r.peer->address() : std::string());
    if (!room) {
        error(r, room.error().code, room.error().message);
        return;
    }
    auto& next = **room;
    if (open_party()) {
        for (int s = 1; s < state_.seat_count; ++s)
            (void)next.prepare(entries::seat_player(), outbox_.pending());
    }
    // Same people (same tokens: a token is kept per room, so its hash is copied), same bots;
    // in a two-seat game the seats swap, so the other side moves first where "first" is fixed.
    auto rotated = [&](int seat) { return state_.seat_count == 2 ? 1 - seat : seat; };
    for (std::size_t m = 0; m < state_.members.size(); ++m) {
        const auto& member = state_.members[m];
        if (member.barred) continue;
        int seat = -1;
        for (int s = 0; s < state_.seat_count; ++s) {
            if (state_.seats[static_cast<std::size_t>(s)].member == static_cast<int>(m))
                seat = rotated(s);
        }
        (void)next.prepare(entries::join(static_cast<int>(m), member.name, seat, member.token_hash,
                                         "", member.owner),
                           outbox_.pending());
    }
    for (int s = 0; s < state_.seat_count; ++s) {
        const auto& seat = state_.seats[static_cast<std::size_t>(s)];
        if (seat.kind == "bot") {
            (void)next.prepare(entries::bot(rotated(s), seat.bot), outbox_.pending());
        }
    }
    directory_.publish(*room);
    (void)log(entries::rematch(next.code()));
    const json offer{{"type", "rematch"}, {"room", next.code()}};
    reply(r, offer);
    for (auto& [key, other] : peers_) {
        if (key != r.peer.get()) send_to(other.peer.lock(), offer.dump());
    }
}

void Room::on_claim(Request& r) {
    auto& a = *attachment(r.peer.get());
    const int seat = seat_of(a);
    if (state_.phase != Phase::kPlaying || seat < 0 || state_.seat_count != 2) {
        error(r, "not_allowed",
              "The win is claimed by a seated player of a two-seat game while it is on (with "
              "more seats, an absent player's seat is played by a bot: \"bot_for_absent\").");
        return;
    }
    const auto& other = state_.seats[static_cast<std::size_t>(1 - seat)];
    if (other.kind != "human" || !absent_since_ms_.count(other.member)) {
        error(r, "not_allowed", "Your opponent is here: there is no win to claim.");
        return;
    }
    if (!absent_past_grace(other.member)) {
        const auto left =
            absent_since_ms_.at(other.member) + clock_settings_.grace_seconds * 1000LL - now_ms();
        // "away", not "left": they may never have come (absent from the start) or the server
        // may have restarted (absent from then).
        error(r, "too_early",
              "Your opponent has been away " +
                  std::to_string((now_ms() - absent_since_ms_.at(other.member)) / 1000) +
                  " s; their seat is held for " + std::to_string(clock_settings_.grace_seconds) +
                  " s: claim in " + std::to_string((left + 999) / 1000) + " s.");
        return;
    }
    (void)log(entries::claim(seat));
    reply(r, {{"type", "claimed"}, {"winner", seat}});  // then `ended` and the summary
}

}  // namespace broadside::server

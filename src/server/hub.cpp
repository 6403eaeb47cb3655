#include "server/hub.h"

#include "server/metrics.h"
#include "server/node_lobby.h"
#include "server/shared_lobby.h"

#include <map>
#include <set>

#include <spdlog/spdlog.h>

#include "match/registry.h"
#include "protocol/errors.h"
#include "protocol/fields.h"
#include "seats/bot_registry.h"
#include "server/clock.h"
#include "server/failpoint.h"
#include "server/group_writer.h"
#include "server/peer.h"
#include "server/secrets.h"

namespace broadside::server {

using nlohmann::json;
using protocol::error_response;

namespace {

// How long `my_rooms` waits for another node's answer about the rooms it owns (as long as a
// relay waits for an owner: a node that takes longer is dead or paused).
constexpr int kNodeQueryTimeoutMs = 2000;

json games_json() {
    json games = json::array();
    for (const auto& g : game_registry()) {
        json bots = json::array();
        for (const auto& b : seats::bots_for(g.name)) {
            bots.push_back({{"name", b.name}, {"plays", b.plays}, {"strength", b.strength}});
        }
        json levels = json::object();
        for (const auto& level : seats::level_names()) {
            auto bot = seats::bot_for_level(g.name, level);
            if (bot) levels[level] = *bot;
        }
        games.push_back({{"name", g.name},
                         {"summary", g.summary},
                         {"options", g.describe_options()},
                         {"bots", bots},
                         {"levels", levels}});
    }
    return games;
}

// The creator's or a quick-matched player's nonce, lower-cased; "" when absent or malformed.
std::string nonce_of(const json& request) {
    if (!request.contains("nonce") || !request["nonce"].is_string()) return "";
    std::string nonce = request["nonce"].get<std::string>();
    if (!is_nonce(nonce)) return "";
    for (auto& c : nonce) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return nonce;
}

}  // namespace

Hub::Hub(RoomServices& services, Storage& storage, HubLimits limits, Ownership* ownership)
    : services_(services), storage_(storage), limits_(limits), ownership_(ownership) {}

std::size_t Hub::restore() {
    if (ownership_) return 0;
    std::size_t count = 0;
    for (const auto& stored : storage_.load()) {
        if (stored.expired) continue;
        auto room = Room::restore(services_, *this, stored);
        if (!room) {
            spdlog::error("restore: {}", room.error().message);
            continue;
        }
        publish(*room);
        ++count;
        failpoint("during_restore");  // a room rebuilt, the next not yet (docs/testing.md)
    }
    return count;
}

std::shared_ptr<Room> Hub::find(const std::string& code) const {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(normalise_code(code));
    return it == rooms_.end() ? nullptr : it->second;
}

void Hub::publish(std::shared_ptr<Room> room) {
    std::lock_guard lock(mutex_);
    rooms_[room->code()] = std::move(room);
}

void Hub::lost(const Room& room) {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(room.code());
    if (it != rooms_.end() && it->second.get() == &room) rooms_.erase(it);
}

Located Hub::locate(const std::string& given) {
    const std::string code = normalise_code(given);
    Located here;
    here.room = find(code);
    if (here.room || !ownership_ || draining_) return here;
    {
        // A party's phones: this node's replica serves them while the owner answers it.
        std::lock_guard lock(mutex_);
        auto it = replicas_.find(code);
        if (it != replicas_.end() && !it->second->owner_lost()) {
            here.room = it->second;
            return here;
        }
    }
    std::lock_guard adopting(adopt_mutex_);
    here.room = find(code);  // taken over meanwhile by another connection?
    if (here.room) return here;
    LeaseClaim claim;
    std::optional<StoredRoom> stored;
    try {
        claim = ownership_->claim(code);
        if (claim.outcome == LeaseClaim::Outcome::kTaken) {
            // The lease is ours under a new epoch: from now on the previous owner's writes are
            // refused, so the log read next is whole.
            stored = ownership_->load_room(code);
            if (!stored || stored->expired) {
                ownership_->release(code, claim.epoch);
                return here;
            }
        }
    } catch (const std::exception& e) {
        // The database is out of reach (restarting?): the connection waits and asks again.
        spdlog::warn("locating room {}: {}", code, e.what());
        here.busy = true;
        here.lease_left_ms = 500;
        return here;
    }
    if (claim.outcome == LeaseClaim::Outcome::kNoRoom) return here;
    if (claim.outcome == LeaseClaim::Outcome::kHeld) {
        here.owner_url = claim.owner_url;
        here.lease_left_ms = claim.expires_in_ms;
        here.busy = claim.owner_url.empty();
        if (!here.busy) here.room = replica_for(code, claim.owner_url);
        if (here.room) here.owner_url.clear();
        return here;
    }
    drop_replica(code, "this server took the room over");
    auto room = Room::restore(services_, *this, *stored);
    if (!room) {
        spdlog::error("take over {}: {}", code, room.error().message);
        try {
            ownership_->release(code, claim.epoch);
        } catch (const std::exception& e) {
            spdlog::warn("releasing the lease of {}: {}", code, e.what());
        }
        return here;
    }
    (*room)->set_lease_epoch(claim.epoch);
    publish(*room);
    services_.metrics->rooms_adopted.fetch_add(1, std::memory_order_relaxed);
    spdlog::info("room {} taken over (lease epoch {}, {} log entries)", code, claim.epoch,
                 stored->log.size());
    here.room = *room;
    return here;
}

std::shared_ptr<Room> Hub::replica_for(const std::string& code, const std::string& owner_url) {
    if (!services_.streams) return nullptr;
    {
        std::lock_guard lock(mutex_);
        if (not_party_.count(code)) return nullptr;
        auto it = replicas_.find(code);
        if (it != replicas_.end()) {
            // Its owner was out of reach: while the lease is still that owner's, connections
            // wait for it to expire as any other room's (relayed, or waiting to take it over).
            if (it->second->owner_lost() && it->second->owner_url() == owner_url) return nullptr;
            if (!it->second->owner_lost()) return it->second;
        }
    }
    drop_replica(code, "the room has a new owner");
    std::optional<StoredRoom> stored;
    try {
        stored = ownership_->load_room(code);
    } catch (const std::exception& e) {
        spdlog::warn("reading room {} for a replica: {}", code, e.what());
        return nullptr;  // relayed meanwhile
    }
    if (!stored || stored->expired) return nullptr;
    if (!Room::is_open_party(*stored)) {
        std::lock_guard lock(mutex_);
        not_party_.insert(code);  // a room's game never changes
        return nullptr;
    }
    auto replica = Room::replica(services_, *this, *stored, owner_url);
    if (!replica) {
        spdlog::error("replica of {}: {}", code, replica.error().message);
        return nullptr;
    }
    {
        std::lock_guard lock(mutex_);
        replicas_[code] = *replica;
        replica_idle_ticks_.erase(code);
    }
    (*replica)->follow();
    spdlog::info("room {}: serving its phones from a replica (owner {}, {} log entries)", code,
                 owner_url, stored->log.size());
    return *replica;
}

void Hub::drop_replica(const std::string& code, const std::string& why) {
    std::shared_ptr<Room> replica;
    {
        std::lock_guard lock(mutex_);
        auto it = replicas_.find(code);
        if (it == replicas_.end()) return;
        replica = std::move(it->second);
        replicas_.erase(it);
        replica_idle_ticks_.erase(code);
    }
    replica->stop_replica(why);
}

void Hub::renew_leases() {
    if (!ownership_) return;
    std::vector<std::pair<std::string, std::int64_t>> mine;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [code, room] : rooms_) mine.emplace_back(code, room->lease_epoch());
    }
    const auto lost = ownership_->renew(mine);
    const std::map<std::string, std::int64_t> epochs(mine.begin(), mine.end());
    for (const auto& code : lost) {
        // The fence would stop its next write; letting go now also moves clients that only
        // read (a spectator, a player waiting for the others). Not a room taken over again
        // since, under a newer epoch.
        auto room = find(code);
        if (room && room->lease_epoch() == epochs.at(code)) room->lose_lease();
    }
    refresh_matchmaker(ownership_->live_nodes());
    // Every node takes back its own rooms of a life before a restart under its name; the
    // matchmaker also those of dead nodes.
    if (!draining_) adopt_orphans(matchmaker_url().empty());
}

void Hub::adopt_orphans(bool dead_nodes) {
    // A few a round: the renewal's thread must be back in time for this node's own leases.
    for (const auto& code : ownership_->orphaned_rooms(kOrphansPerRenewal, dead_nodes)) {
        Located where = locate(code);  // claims the lease and rebuilds the room, as a takeover
        if (where.room && !where.room->is_replica()) {
            spdlog::info(
                "room {}: adopted after its node died or restarted (nobody had come back to it)",
                code);
        }
    }
}

void Hub::refresh_matchmaker(std::vector<std::pair<std::string, std::string>> nodes) {
    std::vector<std::pair<std::string, Waiting>> moving;  // game, waiter
    {
        std::lock_guard lock(mutex_);
        live_nodes_ = std::move(nodes);
        if (live_nodes_.empty() || live_nodes_.front().first == ownership_->node()) return;
        // Another node makes the matches now (this one waited for the first list, or a node
        // named before it came back): whoever waits here is passed on to it.
        for (auto& [game, queue] : quick_) {
            for (auto& w : queue) {
                if (!w.peer.expired()) moving.emplace_back(game, std::move(w));
            }
            queue.clear();
        }
    }
    for (auto& [game, w] : moving) {
        json request = {{"cmd", "quick"}, {"game", game}, {"name", w.name}};
        if (!w.nonce.empty()) request["nonce"] = w.nonce;
        quick_forwarded(std::move(request), std::move(w), std::make_shared<bool>(true));
    }
}

void Hub::release_leases() {
    if (!ownership_) return;
    std::vector<std::pair<std::string, std::int64_t>> leases;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [code, room] : rooms_) leases.emplace_back(code, room->lease_epoch());
    }
    for (const auto& [code, epoch] : leases) {
        try {
            ownership_->release(code, epoch);
        } catch (const std::exception& e) {
            spdlog::warn("releasing the lease of {}: {}", code, e.what());
            return;
        }
    }
}

void Hub::unmake(const Room& room, const std::string& address) {
    lost(room);
    std::lock_guard lock(mutex_);
    auto it = created_by_.find(address);
    if (it == created_by_.end()) return;
    std::erase(it->second, room.code());
    if (it->second.empty()) created_by_.erase(it);
}

bool Hub::may_create_room(const std::string& address) {
    auto it = created_by_.find(address);
    const auto cap = static_cast<std::size_t>(std::max(0, limits_.max_open_rooms_per_address));
    // Fewer codes listed than the cap: fewer open rooms too, without looking. The list is pruned
    // only when it reaches the cap, so a create costs O(1) on average: pruning on every create
    // scanned every room the address ever made, and a load test's thousands of rooms from one
    // address stalled the network loop for tens of milliseconds (docs/performance.md).
    if (it == created_by_.end() || it->second.size() < cap) return cap > 0;
    auto& codes = it->second;
    std::erase_if(codes, [&](const std::string& code) {
        auto room = rooms_.find(code);
        if (room == rooms_.end()) return true;  // expired
        const auto phase = room->second->listing().phase;
        return phase == "over" || phase == "aborted";
    });
    const bool room_left = codes.size() < cap;
    if (codes.empty()) created_by_.erase(it);
    return room_left;
}

std::string Hub::too_many_rooms_message() const {
    return "Your address already has " + std::to_string(limits_.max_open_rooms_per_address) +
           " rooms that are not over; finish or abort one first. Yours are listed by 'broadside "
           "join --list' (abort one with 'broadside join --abort CODE') and under \"Your "
           "unfinished games\" in the browser's lobby.";
}

Result<std::shared_ptr<Room>> Hub::new_room(const std::string& game, const json& options,
                                            const json& settings, WriteBatch& batch,
                                            const std::string& asker_address) {
    // A rematch is a new room like any other: without this, finishing a game and asking for its
    // rematch made rooms no cap counted.
    if (!asker_address.empty()) {
        std::lock_guard lock(mutex_);
        if (!may_create_room(asker_address)) {
            return make_error("too_many_rooms", too_many_rooms_message());
        }
    }
    auto room = make_room(game, options, settings, batch);
    if (room && !asker_address.empty()) {
        std::lock_guard lock(mutex_);
        created_by_[asker_address].push_back((*room)->code());
    }
    return room;
}

Result<std::shared_ptr<Room>> Hub::make_room(const std::string& game, const json& options,
                                             const json& settings, WriteBatch& batch) {
    if (draining_) {
        return make_error("draining", "The server is shutting down; it takes no new rooms.");
    }
    std::string code;
    {
        std::lock_guard lock(mutex_);
        if (static_cast<int>(rooms_.size()) >= limits_.max_rooms) {
            return make_error("too_many_rooms",
                              "The server holds as many rooms as it may; try "
                              "again later.");
        }
        // 22^5 = 5 million codes: retry on the rare collision with a room in memory (an
        // expired room's code is never reused: its row stays in storage).
        try {
            for (int attempt = 0; attempt < 100; ++attempt) {
                code = new_room_code();
                if (!rooms_.count(code) && !storage_.room_exists(code)) break;
            }
        } catch (const std::exception& e) {
            // The database is out of reach (a restarting PostgreSQL): no room can be made now.
            spdlog::warn("create: checking a new code: {}", e.what());
            return make_error("storage_failed",
                              "The database is out of reach; try again in a moment.");
        }
    }
    auto room = Room::create(services_, *this, code, game, options, settings, batch);
    if (room && ownership_) {
        // Its first lease commits with the room itself.
        (*room)->set_lease_epoch(1);
        batch.new_leases.push_back(code);
    }
    return room;
}

json Hub::create(const json& request, WriteBatch& batch, std::shared_ptr<Room>& made) {
    if (!request.contains("game") || !request["game"].is_string()) {
        return error_response("bad_request", "\"create\" needs a \"game\" (see \"games\").");
    }
    const std::string game = request["game"].get<std::string>();
    if (auto found = find_game(game); !found) {
        return error_response(found.error().code, found.error().message);
    }
    // A field sent as null counts as left out (docs/server.md, "Field types"); only "seat" gives
    // null a meaning of its own (the creator watching).
    auto given = [&](const char* field) {
        return request.contains(field) && !request[field].is_null();
    };
    const json options = given("options") ? request["options"] : json::object();
    if (!options.is_object())
        return error_response("bad_request", "\"options\" must be a JSON object.");
    json settings = {{"public", given("public") ? request["public"] : json(false)}};
    if (!settings["public"].is_boolean()) {
        return error_response("bad_request", "\"public\" must be true or false.");
    }
    auto clock = parse_clock(request.value("clock", json()));
    if (!clock) return error_response(clock.error().code, clock.error().message);
    if (request.contains("clock") && !request["clock"].is_null()) {
        settings["clock"] = clock->to_json();
    }
    auto room = make_room(game, options, settings, batch);
    if (!room) return error_response(room.error().code, room.error().message);
    made = *room;
    auto& r = **room;
    // The creator: seat 0 unless "seat" says another seat or null (watching, e.g. a party host
    // who only runs the screen).
    int seat = 0;
    if (request.contains("seat")) {
        const json& s = request["seat"];
        if (s.is_null()) {
            seat = -1;
        } else if (!s.is_number_integer() || s.get<std::int64_t>() < 0 ||
                   s.get<std::int64_t>() >= r.seat_count()) {
            return error_response(
                "bad_seat",
                "\"seat\" must be 0 to " + std::to_string(r.seat_count() - 1) + ", or null.");
        } else {
            seat = s.get<int>();
        }
    }
    if (given("name") && !request["name"].is_string()) {
        return error_response("bad_request", "\"name\" must be text.");
    }
    const std::string token = new_token();
    const std::string name =
        clean_name(given("name") ? request["name"].get<std::string>() : "", "Player 1");
    (void)r.prepare(entries::join(0, name, seat, sha256_hex(token), nonce_of(request), true),
                    batch);
    if (given("bots")) {
        if (!request["bots"].is_array()) {
            return error_response("bad_request",
                                  "\"bots\" is a list like [{\"seat\": 1, \"level\": \"hard\"}].");
        }
        std::set<std::int64_t> bot_seats;
        for (const auto& b : request["bots"]) {
            // Types first, as for every field (docs/server.md, "Field types"); then the seat.
            if (!b.is_object() || !b.contains("seat") || !b["seat"].is_number_integer() ||
                (b.contains("level") && !b["level"].is_null() && !b["level"].is_string()) ||
                (b.contains("bot") && !b["bot"].is_null() && !b["bot"].is_string())) {
                return error_response("bad_request",
                                      "Each bot is {\"seat\": 1, \"level\": \"hard\"} or "
                                      "{\"seat\": 1, \"bot\": NAME}: a whole number and text.");
            }
            if (b["seat"].get<std::int64_t>() < 0 ||
                b["seat"].get<std::int64_t>() >= r.seat_count() || b["seat"].get<int>() == seat ||
                !bot_seats.insert(b["seat"].get<std::int64_t>()).second) {
                // A second bot for one seat silently replaced the first.
                return error_response("bad_seat",
                                      "Each bot needs a free \"seat\" of this room, one bot a "
                                      "seat.");
            }
            std::string bot;
            if (b.contains("bot") && b["bot"].is_string()) {
                bot = b["bot"].get<std::string>();
                const auto& known = seats::bots_for(game);
                if (std::none_of(known.begin(), known.end(),
                                 [&](const auto& k) { return k.name == bot; })) {
                    return error_response("unknown_bot",
                                          "No bot \"" + bot + "\" for " + game + ".");
                }
            } else {
                // A level sent as null counts as left out (docs/server.md, "Field types").
                const json level =
                    b.contains("level") && !b["level"].is_null() ? b["level"] : json("normal");
                auto chosen = seats::bot_for_level(
                    game, level.is_string() ? level.get<std::string>() : std::string());
                if (!chosen) return error_response(chosen.error().code, chosen.error().message);
                bot = *chosen;
            }
            (void)r.prepare(entries::bot(b["seat"].get<int>(), bot), batch);
        }
    }
    return {{"type", "room_created"},
            {"room", r.code()},
            {"token", token},
            {"seat", seat},
            {"url", services_.public_url + "/r/" + r.code()},
            {"ws", "/ws/" + r.code()}};
}

void Hub::lobby(std::shared_ptr<Peer> peer, const json& request, std::function<void(json)> answer) {
    // `broadside_errors_total` counts the lobby's error answers as it counts the rooms'.
    auto done = [answer = std::move(answer), metrics = services_.metrics](json reply) {
        if (metrics && reply.value("type", "") == "error") {
            metrics->errors_total.fetch_add(1, std::memory_order_relaxed);
        }
        answer(std::move(reply));
    };
    // Every field is checked before it is read, and before anything is looked up: a value of
    // the wrong type is an error for this client (docs/server.md, "Field types"), never an
    // exception that would take the server down (found by fuzzing).
    if (auto problem = protocol::field_problem(protocol::Endpoint::kLobby, request)) {
        done(error_response("bad_request", *problem));
        return;
    }
    try {
        lobby_checked(std::move(peer), request, done);
    } catch (const json::exception& e) {
        done(error_response("bad_request", std::string("A field has the wrong type: ") + e.what()));
    }
}

void Hub::lobby_checked(std::shared_ptr<Peer> peer, const json& request,
                        std::function<void(json)> done) {
    const std::string cmd = request.value("cmd", "");
    if (cmd == "hello") {
        done({{"type", "welcome"},
              {"protocol", kServerProtocol},
              {"server", "broadside 0.1.0"},
              {"games", games_json()},
              {"levels", seats::level_names()}});
    } else if (cmd == "ping") {
        done({{"type", "pong"}});  // as in a room: a client's keep-alive
    } else if (cmd == "games") {
        done({{"type", "games"}, {"games", games_json()}});
    } else if (cmd == "rooms") {
        done(open_rooms());
    } else if (cmd == "my_rooms") {
        my_rooms(request, std::move(done));
    } else if (cmd == "create") {
        const std::string address = peer ? peer->address() : std::string();
        {
            std::lock_guard lock(mutex_);
            if (!address.empty() && !may_create_room(address)) {
                done(error_response("too_many_rooms", too_many_rooms_message()));
                return;
            }
        }
        WriteBatch batch;
        std::shared_ptr<Room> room;
        json response = create(request, batch, room);
        if (response["type"] == "error") {
            done(response);
            return;
        }
        if (!address.empty()) {
            std::lock_guard lock(mutex_);
            created_by_[address].push_back(room->code());
        }
        spdlog::info("room {} created: {} from {}", room->code(), room->game(),
                     address.empty() ? std::string("?") : address);
        // Findable at once, but only this client knows the code, and it learns it once the
        // room is durable.
        publish(room);
        services_.writer->submit(
            std::move(batch), [this, room, address, response, done](Commit result) {
                if (result != Commit::kDone) {
                    unmake(*room, address);
                    done(error_response("storage_failed", "The room could not be saved."));
                    return;
                }
                done(response);
            });
    } else if (cmd == "quick") {
        const std::string game = request.value("game", "");
        // The games declare whether strangers may be paired for them (GameTraits).
        const auto found = find_game(game);
        if (!found || !(*found)->traits.quick_match) {
            std::string games;
            for (const auto& g : game_registry()) {
                if (!g.traits.quick_match) continue;
                games += (games.empty() ? "\"" : " or \"") + g.name + "\"";
            }
            done(error_response("bad_request", "Quick match pairs two people for " + games + "."));
            return;
        }
        if (draining_) {
            done(error_response("draining", "The server is shutting down; it takes no new rooms."));
            return;
        }
        const bool named = request.contains("name") && request["name"].is_string();
        Waiting me{peer, clean_name(named ? request["name"].get<std::string>() : "", "Player"),
                   nonce_of(request), done};
        if (ownership_ && !matchmaker_url().empty()) {
            json forwarded = request;
            forwarded.erase("id");
            quick_forwarded(std::move(forwarded), std::move(me), std::make_shared<bool>(false));
            return;
        }
        quick_here(game, std::move(me));
    } else {
        done(error_response(
            "unknown_command",
            "Unknown command \"" + cmd +
                "\"; in the lobby the commands are hello, games, create, rooms, "
                "my_rooms, quick, ping. A room's commands go to its own socket, /ws/CODE."));
    }
}

void Hub::quick_here(const std::string& game, Waiting me) {
    // A quick match's room counts against both players' addresses, as a `create` counts against
    // its creator's: otherwise two connections from one address could pair without end.
    auto address_of = [](const Waiting& w) {
        auto p = w.peer.lock();
        return p ? p->address() : std::string();
    };
    const std::string my_address = address_of(me);
    std::optional<Waiting> other;
    std::vector<Waiting> over_cap;  // waited, but their address made rooms meanwhile
    std::string other_address;
    {
        std::lock_guard lock(mutex_);
        if (!my_address.empty() && !may_create_room(my_address)) {
            me.done(error_response("too_many_rooms", too_many_rooms_message()));
            return;
        }
        auto& queue = quick_[game];
        while (!queue.empty() && !other) {
            Waiting w = std::move(queue.front());
            queue.pop_front();
            auto p = w.peer.lock();
            if (!p || p == me.peer.lock()) continue;
            if (!p->address().empty() && !may_create_room(p->address())) {
                over_cap.push_back(std::move(w));
                continue;
            }
            other_address = p->address();
            other = std::move(w);
        }
        if (!other) {
            queue.push_back(std::move(me));
            auto done = queue.back().done;
            done({{"type", "waiting"}, {"game", game}});
        }
    }
    for (auto& w : over_cap) w.done(error_response("too_many_rooms", too_many_rooms_message()));
    if (!other) return;
    WriteBatch batch;
    auto room = make_room(game, json::object(), {{"public", false}}, batch);
    if (!room) {
        other->done(error_response(room.error().code, room.error().message));
        me.done(error_response(room.error().code, room.error().message));
        return;
    }
    auto& r = **room;
    {
        std::lock_guard lock(mutex_);
        for (const std::string* address : {&std::as_const(other_address), &my_address}) {
            if (address->empty()) continue;
            auto& codes = created_by_[*address];
            // Two players from one address (a venue's phones) count the room once.
            if (codes.empty() || codes.back() != r.code()) codes.push_back(r.code());
        }
    }
    std::vector<std::pair<Waiting*, std::string>> players{{&*other, new_token()},
                                                          {&me, new_token()}};
    for (std::size_t s = 0; s < players.size(); ++s) {
        // Each join is applied as it is prepared, so the second "Ann" finds the first's name.
        (void)r.prepare(entries::join(static_cast<int>(s), r.unique_name(players[s].first->name),
                                      static_cast<int>(s), sha256_hex(players[s].second),
                                      players[s].first->nonce, false),
                        batch);
    }
    (void)r.prepare(r.start_entry(), batch);
    publish(*room);
    const std::string code = r.code();
    const std::string url = services_.public_url + "/r/" + code;
    auto matched = [code, url](const std::string& token, int seat) {
        return json{{"type", "matched"}, {"room", code}, {"token", token},
                    {"seat", seat},      {"url", url},   {"ws", "/ws/" + code}};
    };
    auto first_done = other->done;
    auto second_done = me.done;
    const std::string t0 = players[0].second, t1 = players[1].second;
    services_.writer->submit(std::move(batch), [=, this, made = *room](Commit result) {
        if (result != Commit::kDone) {
            // As for a failed `create`: both are told, and the room leaves no trace.
            unmake(*made, "");
            const json refused = error_response("storage_failed", "The room could not be saved.");
            first_done(refused);
            second_done(refused);
            return;
        }
        first_done(matched(t0, 0));
        second_done(matched(t1, 1));
    });
}

std::string Hub::matchmaker_url() const {
    std::lock_guard lock(mutex_);
    // The first live node by name; this node until the first renewal has listed the nodes.
    if (live_nodes_.empty() || live_nodes_.front().first == ownership_->node()) return "";
    return live_nodes_.front().second;
}

void Hub::quick_forwarded(json request, Waiting me, std::shared_ptr<bool> told_waiting) {
    const std::string url = matchmaker_url();
    auto done = me.done;
    // `waiting` is said once, however many matchmakers the request meets.
    auto answer = [done, told_waiting](json message) {
        if (message.value("type", "") == "waiting") {
            if (*told_waiting) return;
            *told_waiting = true;
        }
        done(std::move(message));
    };
    if (url.empty()) {  // this node became the matchmaker
        me.done = answer;
        quick_here(request.value("game", ""), std::move(me));
        return;
    }
    const Peer* key = nullptr;
    std::string client;  // the matchmaker counts it against its per-address caps, not this node
    if (const auto peer = me.peer.lock()) {  // not held: its expiry is checked below
        key = peer.get();
        client = peer->address();
    }
    auto forward = forward_lobby_request(
        services_.io, url, request, client, kNodeQueryTimeoutMs,
        [answer](json message) { answer(std::move(message)); },
        [this, request, me, told_waiting]() mutable {
            // The matchmaker died, drained or paused: ask again in a second, when the renewals
            // may name another (a client that has left is not asked for).
            auto timer =
                std::make_shared<boost::asio::steady_timer>(services_.io, std::chrono::seconds(1));
            timer->async_wait(
                [this, timer, request, me, told_waiting](boost::system::error_code ec) mutable {
                    if (ec || draining_ || me.peer.expired()) return;
                    quick_forwarded(std::move(request), std::move(me), told_waiting);
                });
        });
    std::lock_guard lock(mutex_);
    // A client may ask more than once on one connection: each request is cancelled when it
    // leaves. Those already answered or lost are dropped here.
    auto& mine = forwards_[key];
    std::erase_if(mine, [](const auto& f) { return f->finished(); });
    mine.push_back(std::move(forward));
    if (me.peer.expired()) {
        // It left while this was being set up: forget() may have run before the insertion.
        for (auto& f : mine) f->cancel();
        forwards_.erase(key);
    }
}

void Hub::forget(const Peer* peer) {
    std::lock_guard lock(mutex_);
    if (auto it = forwards_.find(peer); it != forwards_.end()) {
        for (auto& f : it->second) f->cancel();  // the matchmaker forgets them with the connection
        forwards_.erase(it);
    }
    for (auto& [game, queue] : quick_) {
        std::erase_if(queue, [&](const Waiting& w) {
            auto p = w.peer.lock();
            return !p || p.get() == peer;
        });
    }
}

json Hub::open_rooms() const {
    json list = local_open_rooms();
    if (shared_lobby_) {
        for (auto& room : shared_lobby_->others()) list.push_back(std::move(room));
    }
    return {{"type", "rooms"}, {"rooms", list}};
}

json Hub::local_open_rooms() const {
    json list = json::array();
    std::lock_guard lock(mutex_);
    for (const auto& [code, room] : rooms_) {
        const auto l = room->listing();
        if (!l.is_public || l.phase == "over" || l.phase == "aborted") continue;
        list.push_back({{"room", l.code},
                        {"game", l.game},
                        {"phase", l.phase},
                        {"seats", l.seats},
                        {"open_seats", l.open_seats},
                        {"spectators", l.spectators}});
    }
    return list;
}

void Hub::my_rooms(const json& request, std::function<void(json)> done) {
    // The field check made `tokens` a list of {"room": text, "token": text}; a code of the
    // wrong form is refused before anything is looked up, so a bad list changes nothing.
    const auto& given = request["tokens"];
    std::vector<std::pair<std::shared_ptr<Room>, std::string>> asks;  // room (or null), hash
    for (std::size_t i = 0; i < given.size(); ++i) {
        const auto& code = given[i]["room"].get_ref<const std::string&>();
        if (!is_room_code(code)) {
            done(error_response("bad_request", "\"tokens\"[" + std::to_string(i) + "].room \"" +
                                                   code.substr(0, 16) +
                                                   "\" is not a room code (five letters)."));
            return;
        }
        asks.emplace_back(find(code), sha256_hex(given[i]["token"].get_ref<const std::string&>()));
    }
    // Answers come from each room's strand; the last one sends the list, in the order asked.
    // A token that holds nothing, of a room that is over, expired or never was, is left out
    // alike: the answer tells nobody whether a room they hold no token of exists.
    struct Gather {
        std::mutex mutex;
        std::vector<json> found;
        std::size_t left = 0;
        std::function<void(json)> done;
    };
    auto gather = std::make_shared<Gather>();
    gather->found.resize(asks.size());
    gather->left = asks.size();
    gather->done = std::move(done);
    auto answered = [gather](std::size_t i, json entry) {
        {
            std::lock_guard lock(gather->mutex);
            gather->found[i] = std::move(entry);
            if (--gather->left > 0) return;
        }
        json rooms = json::array();
        std::set<std::string> listed;
        for (auto& e : gather->found) {
            if (!e.is_null() && listed.insert(e["room"].get<std::string>()).second)
                rooms.push_back(std::move(e));
        }
        gather->done({{"type", "my_rooms"}, {"rooms", rooms}});
    };
    if (asks.empty()) {
        gather->done({{"type", "my_rooms"}, {"rooms", json::array()}});
        return;
    }
    // In a cluster, a room another node owns is asked of that node (one connection per node);
    // a room whose owner died is taken over here, as a connection to it would (docs/scaling.md,
    // "Your rooms on every node").
    std::map<std::string, std::vector<std::size_t>> elsewhere;  // owner's URL -> asks
    for (std::size_t i = 0; i < asks.size(); ++i) {
        auto& [room, hash] = asks[i];
        if (room || !ownership_) continue;
        const auto where = locate(given[i]["room"].get<std::string>());
        room = where.room;
        if (!room && !where.owner_url.empty()) elsewhere[where.owner_url].push_back(i);
    }
    // One question per pair, so each answer belongs to its own token, as here (a room is
    // listed once, at the first of its tokens that holds something).
    std::set<std::size_t> asked_elsewhere;
    for (const auto& [url, indices] : elsewhere) {
        std::vector<json> questions;
        for (std::size_t i : indices) {
            questions.push_back({{"cmd", "my_rooms"}, {"tokens", json::array({given[i]})}});
            asked_elsewhere.insert(i);
        }
        ask_node(services_.io, url, std::move(questions), kNodeQueryTimeoutMs,
                 [answered, indices](std::vector<json> answers) {
                     for (std::size_t k = 0; k < indices.size(); ++k) {
                         const json& a = answers[k];
                         const bool listed = a.is_object() && a.contains("rooms") &&
                                             a["rooms"].is_array() && a["rooms"].size() == 1 &&
                                             a["rooms"][0].is_object() &&
                                             a["rooms"][0].contains("room");
                         answered(indices[k], listed ? a["rooms"][0] : json(nullptr));
                     }
                 });
    }
    for (std::size_t i = 0; i < asks.size(); ++i) {
        if (asked_elsewhere.count(i)) continue;
        auto& [room, hash] = asks[i];
        if (!room) {
            answered(i, nullptr);
        } else {
            room->holding(hash, [answered, i](json entry) { answered(i, std::move(entry)); });
        }
    }
}

void Hub::shut_down_rooms(const std::string& reason) {
    std::lock_guard lock(mutex_);
    for (auto& [code, room] : rooms_) room->shut_down(reason);
    for (auto& [code, replica] : replicas_) replica->shut_down(reason);
}

void Hub::tell_storage_state(bool down) {
    const std::string text =
        down ? json{{"type", "storage"},
                    {"status", "reconnecting"},
                    {"message",
                     "The server lost its database and is reconnecting: moves wait for it and "
                     "nothing acknowledged is lost."}}
                   .dump()
             : json{{"type", "storage"},
                    {"status", "ok"},
                    {"message", "The server's database is back."}}
                   .dump();
    std::lock_guard lock(mutex_);
    for (auto& [code, room] : rooms_) room->tell_everyone(text);
}

void Hub::forget_rooms() {
    std::lock_guard lock(mutex_);
    rooms_.clear();
    replicas_.clear();
    quick_.clear();
    forwards_.clear();  // their sockets and timers belong to the context destroyed next
}

void Hub::expire_idle() {
    const auto now = now_ms();
    WriteBatch batch;
    std::vector<std::shared_ptr<Room>> idle_replicas;
    {
        std::lock_guard lock(mutex_);
        // A replica nobody was connected to at two checks in a row leaves memory (it
        // writes nothing; the next phone makes a new one from the log).
        for (auto it = replicas_.begin(); it != replicas_.end();) {
            if (it->second->listing().peers == 0 && ++replica_idle_ticks_[it->first] >= 2) {
                idle_replicas.push_back(std::move(it->second));
                replica_idle_ticks_.erase(it->first);
                it = replicas_.erase(it);
            } else {
                if (it->second->listing().peers > 0) replica_idle_ticks_.erase(it->first);
                ++it;
            }
        }
        for (auto it = rooms_.begin(); it != rooms_.end();) {
            const auto l = it->second->listing();
            if (l.peers == 0 && now - l.touched_ms > limits_.room_ttl_ms) {
                batch.expired.push_back(it->first);
                if (const auto epoch = it->second->lease_epoch(); epoch > 0) {
                    batch.fences.emplace_back(it->first, epoch);
                }
                it = rooms_.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (auto& replica : idle_replicas) replica->stop_replica("nobody is connected");
    if (!batch.empty()) {
        spdlog::info("expired {} idle rooms", batch.expired.size());
        if (!ownership_) {
            services_.writer->submit(std::move(batch), nullptr);
            return;
        }
        // A cluster's node lets go of their leases once the expiry is committed.
        auto fences = batch.fences;
        services_.writer->submit(std::move(batch), [this, fences](Commit result) {
            if (result != Commit::kDone) return;
            for (const auto& [code, epoch] : fences) {
                try {
                    ownership_->release(code, epoch);
                } catch (const std::exception& e) {
                    spdlog::warn("releasing the lease of {}: {}", code, e.what());
                }
            }
        });
    }
}

std::map<std::string, int> Hub::rooms_by_game() const {
    std::map<std::string, int> counts;
    for (const auto& g : game_registry()) counts[g.name] = 0;
    std::lock_guard lock(mutex_);
    for (const auto& [code, room] : rooms_) ++counts[room->game()];
    return counts;
}

json Hub::stored_record(const std::string& code) const {
    try {
        return storage_.record(normalise_code(code));
    } catch (const std::exception& e) {
        spdlog::warn("record of {}: {}", code, e.what());
        return error_response("storage_failed",
                              "The database is out of reach; try again in a moment.");
    }
}

void Hub::record(const std::string& code, std::function<void(json)> done) const {
    if (auto room = find(code)) {
        room->finished_record([this, code, done = std::move(done)](json record) {
            // A live room that was restored over may hold no match: storage has the record.
            done(record.is_null() ? stored_record(code) : std::move(record));
        });
        return;
    }
    done(stored_record(code));
}

}  // namespace broadside::server

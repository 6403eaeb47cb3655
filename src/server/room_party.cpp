// Party night in a room (docs/server.md, "Party night"): an open party room grows a seat for
// everyone who joins until the first torpedo; the host locks the doors, removes a player (an
// action in the match's log, and their token and device barred), and asks names by seat; and
// what a room of thousands sends stays small: `to_act` and summaries list a few seats and count
// the rest.
#include <algorithm>

#include "server/bot_seat.h"
#include "server/room.h"

namespace broadside::server {

using json = nlohmann::json;

bool Room::open_party() const {
    const auto open_seating = traits().open_seating;  // declared by the game (GameTraits)
    return open_seating != nullptr && open_seating(state_.options);
}

bool Room::party_accepts_players() const {
    if (state_.phase == Phase::kWaiting) return true;
    if (state_.phase != Phase::kPlaying || !state_.match) return false;
    // Until the first torpedo the host's legal action is the "start" fire.
    const json legal = state_.match->legal_actions(0);
    return legal.is_object() && legal.value("start", false);
}

// "Ann", then "Ann 2", "Ann 3" ...: two phones never show the same name.
std::string Room::unique_name(const std::string& name) const {
    if (!state_.names_taken.count(lower_name(name))) return name;
    // Names are at most 24 characters; the number fits after 20 (cut at a character boundary).
    std::string base = name;
    while (base.size() > 20) {
        base.pop_back();
        while (!base.empty() && (static_cast<unsigned char>(base.back()) & 0xC0) == 0x80) {
            base.pop_back();
        }
        if (!base.empty() && static_cast<unsigned char>(base.back()) >= 0xC0) base.pop_back();
    }
    for (int k = 2;; ++k) {
        std::string candidate = base + " " + std::to_string(k);
        if (!state_.names_taken.count(lower_name(candidate))) return candidate;
    }
}

void Room::on_lock(Request& r) {
    auto& a = *attachment(r.peer.get());
    if (!is_owner(a)) {
        error(r, "not_owner", "Only the room's creator locks the room.");
        return;
    }
    const json& v = r.body.contains("locked") ? r.body["locked"] : json(true);
    if (!v.is_boolean()) {
        error(r, "bad_request", "\"locked\" is true or false.");
        return;
    }
    (void)log(entries::lock(v.get<bool>()));
    reply(r, {{"type", "locked"}, {"locked", state_.locked}});
    broadcast_room();
}

void Room::on_names(Request& r) {
    const json& seats = r.body.contains("seats") ? r.body["seats"] : json();
    if (!seats.is_array() || seats.size() > 200) {
        error(r, "bad_request", "\"seats\" is a list of up to 200 seat numbers.");
        return;
    }
    json names = json::object();
    for (const auto& s : seats) {
        if (!s.is_number_integer()) continue;
        const auto seat = s.get<std::int64_t>();
        if (seat < 0 || seat >= state_.seat_count) continue;
        const auto& entry = state_.seats[static_cast<std::size_t>(seat)];
        if (entry.kind == "human") {
            names[std::to_string(seat)] =
                state_.members[static_cast<std::size_t>(entry.member)].name;
        } else if (entry.kind == "bot") {
            names[std::to_string(seat)] =
                bot_seat_name(state_.game, entry.bot, static_cast<int>(seat));
        }
    }
    reply(r, {{"type", "names"}, {"names", names}});
}

void Room::remove_party_player(Request& r, int seat) {
    const Seat target = state_.seats[static_cast<std::size_t>(seat)];
    auto status = log(entries::act(0, {{"type", "remove"}, {"seat", seat}}, nullptr));
    if (!status) {
        refuse_action(r, status.error().code, status.error().message);  // as `act` would be
        return;
    }
    if (target.kind == "human") {
        (void)log(entries::bar(target.member));
        for (auto& [key, other] : peers_) {
            if (other.member != target.member) continue;
            send_to(other.peer.lock(), json{{"type", "seat_lost"},
                                            {"seat", seat},
                                            {"message", "The host removed you from this game."}}
                                           .dump());
            other.member = -1;  // watches from now on
        }
    }
    reply(r, {{"type", "removed"}, {"seat", seat}});
    broadcast_events(nullptr);
    broadcast_room();
    ask_bots();
}

void Room::broadcast_room_soon() {
    if (room_broadcast_pending_) return;
    room_broadcast_pending_ = true;
    room_timer_.expires_after(std::chrono::seconds(1));
    room_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        self->room_broadcast_pending_ = false;
        if (ec || self->closing_) return;
        self->last_room_broadcast_ms_ = 0;
        self->broadcast_room();
    });
}

}  // namespace broadside::server

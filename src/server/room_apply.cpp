// The pure half of a room: its log's entries applied to its state (room_state.h).
#include "server/room_state.h"

#include <algorithm>

namespace broadside::server {

using nlohmann::json;

namespace {

// The seats now to act that were not before start their turn's clock at `at`: a seat that was
// already to act keeps its start (a Royale roll, then shots, is one turn on the clock).
void note_turn_starts(RoomState& state, const std::vector<int>& before, std::int64_t at) {
    for (int seat : state.match->seats_to_act()) {
        if (std::find(before.begin(), before.end(), seat) == before.end()) {
            state.turn_started_ms[seat] = at;
        }
    }
}

// A member gives up whatever seat they hold.
void free_seat_of(RoomState& state, int member) {
    for (auto& seat : state.seats) {
        if (seat.kind == "human" && seat.member == member) seat = RoomState::Seat{};
    }
    if (member >= 0) state.members.at(static_cast<std::size_t>(member)).seat = -1;
}

Applied finish(RoomState& state, json how) {
    state.phase = RoomState::Phase::kOver;
    state.ended = std::move(how);
    Applied applied;
    applied.ended = true;
    return applied;
}

}  // namespace

std::string lower_name(const std::string& name) {
    std::string out = name;
    for (auto& c : out) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

std::string action_key(const json& id) {
    return id.dump();
}

RoomState::RoomState(std::string game_name, json game_options, int seats_at_start)
    : game(std::move(game_name)),
      options(std::move(game_options)),
      seat_count(seats_at_start),
      seats(static_cast<std::size_t>(seats_at_start)) {}

json compact_to_act(const std::vector<int>& to_act, int seat) {
    if (static_cast<int>(to_act.size()) <= kListedSeats) return to_act;
    // Thousands placing at once: what matters to this seat is whether it (or the host) is
    // among them; `to_act_count` says how many.
    json out = json::array();
    for (int s : {0, seat}) {
        if (s >= 0 && std::binary_search(to_act.begin(), to_act.end(), s) &&
            (out.empty() || out.back() != s)) {
            out.push_back(s);
        }
    }
    return out;
}

Result<Applied> apply(RoomState& state, const RoomEntry& entry) {
    using Phase = RoomState::Phase;
    using Seat = RoomState::Seat;
    const std::int64_t at = time_of(entry).value_or(0);
    auto seat_at = [&](int seat) -> Seat& {
        return state.seats.at(static_cast<std::size_t>(seat));
    };
    if (const auto* join = std::get_if<entry::Join>(&entry)) {
        RoomState::Member m;
        m.name = join->name;
        m.seat = join->seat;
        m.token_hash = join->token_sha256;
        m.nonce = join->nonce;
        m.owner = join->owner;
        m.device_hash = join->device_sha256.value_or("");
        const int index = static_cast<int>(state.members.size());
        if (m.seat >= 0) seat_at(m.seat) = Seat{"human", index, ""};
        state.names_taken.insert(lower_name(m.name));
        state.members.push_back(std::move(m));
    } else if (const auto* sit = std::get_if<entry::Sit>(&entry)) {
        auto& m = state.members.at(static_cast<std::size_t>(sit->member));
        seat_at(sit->seat) = Seat{"human", sit->member, ""};
        m.seat = sit->seat;
        m.nonce = sit->nonce;
    } else if (const auto* nonce = std::get_if<entry::Nonce>(&entry)) {
        state.members.at(static_cast<std::size_t>(nonce->member)).nonce = nonce->nonce;
    } else if (const auto* bot = std::get_if<entry::Bot>(&entry)) {
        free_seat_of(state, seat_at(bot->seat).member);
        seat_at(bot->seat) = Seat{"bot", -1, bot->bot};
    } else if (const auto* open = std::get_if<entry::Open>(&entry)) {
        free_seat_of(state, seat_at(open->seat).member);
        seat_at(open->seat) = Seat{};
    } else if (const auto* leave = std::get_if<entry::Leave>(&entry)) {
        free_seat_of(state, leave->member);
    } else if (const auto* start = std::get_if<entry::Start>(&entry)) {
        auto match = Match::create(state.game, state.options, start->seed);
        if (!match) return match.error();
        state.seed = start->seed;
        state.start_nonces = start->nonces;
        state.match.emplace(std::move(match.value()));
        state.phase = Phase::kPlaying;
        note_turn_starts(state, {}, at);
        Applied applied;
        applied.started = true;
        return applied;
    } else if (const auto* act = std::get_if<entry::Act>(&entry)) {
        if (!state.match || state.phase != Phase::kPlaying) {
            return make_error("game_over", "The game is over.");
        }
        Match& match = *state.match;
        const int seat = act->seat;
        const auto to_act_before = match.seats_to_act();
        const auto before = match.last_event_number();
        auto events = match.act(seat, act->action);
        if (!events) return events.error();
        note_turn_starts(state, to_act_before, at);
        state.seats_acted.insert(seat);
        // What the answer needs, not the answer: its events are rebuilt from the match's log
        // when asked (a JSON copy of every answer would grow the room by every action).
        if (!act->action_id.is_null()) {
            state.acks[{seat, action_key(act->action_id)}] =
                RoomState::Ack{before, match.last_event_number(),
                               compact_to_act(match.seats_to_act(), seat).dump(), match.is_over()};
        }
        Applied applied = match.is_over()
                              ? finish(state, {{"by", "game"}, {"result", match.result()}})
                              : Applied{};
        applied.acted.emplace(seat, act->action);
        return applied;
    } else if (const auto* resign = std::get_if<entry::Resign>(&entry)) {
        return finish(state,
                      {{"by", "resign"}, {"seat", resign->seat}, {"winner", 1 - resign->seat}});
    } else if (const auto* timeout = std::get_if<entry::Timeout>(&entry)) {
        // A two-seat game forfeited on time.
        return finish(state,
                      {{"by", "timeout"}, {"seat", timeout->seat}, {"winner", 1 - timeout->seat}});
    } else if (const auto* claim = std::get_if<entry::Claim>(&entry)) {
        // The opponent left: the one who stayed claims the win.
        return finish(state, {{"by", "claim"}, {"seat", 1 - claim->seat}, {"winner", claim->seat}});
    } else if (const auto* takeover = std::get_if<entry::Takeover>(&entry)) {
        free_seat_of(state, seat_at(takeover->seat).member);
        seat_at(takeover->seat) = Seat{"bot", -1, takeover->bot};
        Applied applied;
        applied.taken_over = takeover->seat;
        return applied;
    } else if (std::holds_alternative<entry::Abort>(entry)) {
        state.phase = Phase::kAborted;
        state.ended = {{"by", "abort"}};
        Applied applied;
        applied.aborted = true;
        return applied;
    } else if (const auto* rematch = std::get_if<entry::Rematch>(&entry)) {
        state.rematch = rematch->room;
    } else if (std::holds_alternative<entry::SeatPlayer>(entry)) {
        // An open party room grows a seat.
        Applied applied;
        if (state.match) {
            const json action{{"type", "seat_players"}, {"count", 1}};
            auto events = state.match->act(0, action);
            if (!events) return events.error();
            // Not a move of the host's: a party that phones join may still be aborted until
            // a person moves (docs/server.md, "Resign, abort, leave").
            applied.acted.emplace(0, action);
        } else {
            state.options["players"] = state.options.value("players", 0) + 1;
        }
        state.seats.emplace_back();
        ++state.seat_count;
        return applied;
    } else if (const auto* lock = std::get_if<entry::Lock>(&entry)) {
        state.locked = lock->locked;
    } else if (const auto* bar = std::get_if<entry::Bar>(&entry)) {
        auto& m = state.members.at(static_cast<std::size_t>(bar->member));
        m.barred = true;
        if (!m.device_hash.empty()) state.barred_devices.insert(m.device_hash);
    }
    return Applied{};
}

}  // namespace broadside::server

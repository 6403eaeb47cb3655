// The room's clocks (docs/server.md, "Clocks"): when each turn started, the deadlines, the timer
// set to the earliest one, and what happens when it passes (a stand-in's move, a forfeit, a bot
// taking the seat over). The times come from the log, so the clocks run on across a restart.
// The settings and their checks are in clock.h.
#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"
#include "server/metrics.h"
#include "server/peer.h"
#include "server/room.h"

namespace broadside::server {

using nlohmann::json;

bool Room::opening_phase(int seat) const {
    const json observation = state_.match->observation(seat);
    const std::string phase = observation.value("phase", "");
    const auto& opening = traits().opening_phases;  // declared by the game (GameTraits)
    return std::find(opening.begin(), opening.end(), phase) != opening.end();
}

bool Room::absent_past_grace(int member) const {
    auto it = absent_since_ms_.find(member);
    return it != absent_since_ms_.end() &&
           now_ms() >= it->second + clock_settings_.grace_seconds * 1000LL;
}

std::optional<std::int64_t> Room::deadline_ms(int seat) const {
    const auto& s = state_.seats[static_cast<std::size_t>(seat)];
    if (s.kind != "human") return std::nullopt;  // bots are not on the clock
    const std::int64_t started =
        state_.turn_started_ms.count(seat) ? state_.turn_started_ms.at(seat) : 0;
    std::optional<std::int64_t> deadline;
    const int limit =
        opening_phase(seat) ? clock_settings_.placement_seconds : clock_settings_.turn_seconds;
    if (limit > 0) deadline = started + limit * 1000LL;
    if (clock_settings_.bot_for_absent) {
        auto away = absent_since_ms_.find(s.member);
        if (away != absent_since_ms_.end()) {
            const auto stand_in = std::max<std::int64_t>(
                started, away->second + clock_settings_.grace_seconds * 1000LL);
            deadline = deadline ? std::min(*deadline, stand_in) : stand_in;
        }
    }
    return deadline;
}

json Room::deadlines() const {
    json out = json::object();
    if (state_.phase != Phase::kPlaying || !state_.match) return out;
    for (int seat : state_.match->seats_to_act()) {
        if (auto d = deadline_ms(seat)) out[std::to_string(seat)] = *d;
    }
    return out;
}

void Room::arm_clock() {
    // A replica runs no clock: the owner's timeouts reach it as log entries.
    if (!clock_settings_.any() || state_.phase != Phase::kPlaying || !state_.match || closing_ ||
        replica_) {
        clock_.cancel();
        return;
    }
    std::optional<std::int64_t> earliest;
    for (int seat : state_.match->seats_to_act()) {
        if (auto d = deadline_ms(seat)) earliest = earliest ? std::min(*earliest, *d) : *d;
    }
    if (!earliest) {
        clock_.cancel();
        return;
    }
    const auto wait = std::max<std::int64_t>(0, *earliest - now_ms());
    const auto generation = ++clock_generation_;
    clock_.expires_after(std::chrono::milliseconds(wait));
    clock_.async_wait([weak = weak_from_this(), generation](boost::system::error_code ec) {
        auto self = weak.lock();
        if (ec || !self || generation != self->clock_generation_) return;
        self->on_clock();
    });
}

void Room::on_clock() {
    if (outbox_.committing()) {  // the clock acts after the commit in progress, like any message
        clock_.expires_after(std::chrono::milliseconds(5));
        const auto generation = ++clock_generation_;
        clock_.async_wait([weak = weak_from_this(), generation](boost::system::error_code ec) {
            auto self = weak.lock();
            if (ec || !self || generation != self->clock_generation_) return;
            self->on_clock();
        });
        return;
    }
    if (state_.phase != Phase::kPlaying || !state_.match) return;
    const auto now = now_ms();
    for (int seat : state_.match->seats_to_act()) {
        if (state_.phase != Phase::kPlaying) break;
        auto d = deadline_ms(seat);
        if (!d || *d > now) continue;
        const int member = state_.seats[static_cast<std::size_t>(seat)].member;
        out_of_time(seat, clock_settings_.bot_for_absent && absent_past_grace(member));
    }
    broadcast_events(nullptr);
    ask_bots();
    commit_pending();
}

// A seat's time ran out (or its absent player's grace period did): a bot plays the move, or,
// with "on_timeout": "forfeit", the seat loses (two seats) or a bot takes it over for good.
void Room::out_of_time(int seat, bool absent) {
    const std::string bot = *seats::bot_for_level(state_.game, "easy");
    if (clock_settings_.forfeit && !absent) {
        if (state_.seat_count == 2) {
            (void)log(entries::timeout(seat));
            return;  // `ended` says it (send_ended), with the room summary after it
        }
        // With more seats a bot plays this move and every later one: that is a move played
        // for someone, so everyone is told, as for a single move (docs/server.md, "Clocks").
        if (!log(entries::takeover(seat, bot, "timeout"))) return;
        for (auto& [key, a] : peers_) {
            send_to(a.peer.lock(), json{{"type", "timeout"},
                                        {"seat", seat},
                                        {"played_by", bot},
                                        {"why", "clock"},
                                        {"takeover", true}}
                                       .dump());
        }
        broadcast_room();
        return;
    }
    // One move by a stand-in; the seat stays the player's. The easy bots answer at once, so
    // this runs on the room's strand.
    auto stand_in = seats::make_builtin_agent(state_.game, bot);
    if (!stand_in) return;
    (*stand_in)->start(*state_.match, seat, code_);
    auto reply = (*stand_in)->act(*state_.match, seat, state_.match->last_event_number(), 10'000);
    if (reply.fault) return;
    auto status =
        log(entries::act(seat, reply.action, nullptr, std::string(absent ? "absent" : "clock")));
    if (!status) {
        spdlog::error("room {}: the stand-in for seat {} failed: {}", code_, seat,
                      status.error().message);
        return;
    }
    services_.metrics->actions_total.fetch_add(1, std::memory_order_relaxed);
    for (auto& [key, a] : peers_) {
        send_to(a.peer.lock(), json{{"type", "timeout"},
                                    {"seat", seat},
                                    {"played_by", bot},
                                    {"why", absent ? "absent" : "clock"}}
                                   .dump());
    }
}

}  // namespace broadside::server

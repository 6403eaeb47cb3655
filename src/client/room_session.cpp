#include "client/room_session.h"

#include <algorithm>

#include "protocol/version.h"

namespace broadside::client {

using nlohmann::json;

std::chrono::milliseconds backoff_delay(const BackoffPolicy& policy, int attempt, Rng& rng) {
    // Doubling stops at the cap (and long before the shift could overflow).
    std::int64_t full = policy.first.count();
    for (int i = 0; i < attempt && full < policy.cap.count(); ++i) full *= 2;
    full = std::min<std::int64_t>(full, policy.cap.count());
    const std::int64_t half = full / 2;
    const auto extra = static_cast<std::int64_t>(rng.unit() * static_cast<double>(full - half + 1));
    return std::chrono::milliseconds(std::min(full, half + extra));
}

RoomSession::RoomSession(std::string token, Rng& rng, BackoffPolicy policy)
    : token_(std::move(token)), rng_(rng), policy_(policy) {}

std::string RoomSession::next_id() {
    return "rs" + std::to_string(++ids_);
}

json RoomSession::opened() {
    if (link_ == Link::kStopped) return json();
    link_ = Link::kGreeting;
    catch_up_id_.clear();
    hello_id_ = next_id();
    json hello{{"cmd", "hello"}, {"protocol", protocol::kProtocolVersion}, {"id", hello_id_}};
    if (!token_.empty()) hello["token"] = token_;
    return hello;
}

json RoomSession::events_after() {
    catch_up_id_ = next_id();
    return {{"cmd", "events"}, {"after", last_event_}, {"id", catch_up_id_}};
}

json RoomSession::act_message(Pending& p) {
    p.request = next_id();
    return {{"cmd", "act"}, {"action_id", p.action_id}, {"action", p.action}, {"id", p.request}};
}

std::optional<json> RoomSession::act(const json& action, const json& action_id) {
    pending_.push_back({action_id, action, ""});
    if (link_ != Link::kReady) return std::nullopt;
    return act_message(pending_.back());
}

void RoomSession::reset(std::string token) {
    token_ = std::move(token);
    last_event_ = 0;
    pending_.clear();
    catch_up_id_.clear();
}

void RoomSession::stop(const std::string& why, SessionUpdate* update) {
    link_ = Link::kStopped;
    fatal_ = why;
    if (update) update->fatal = why;
}

void RoomSession::refused(const std::string& why) {
    stop(why, nullptr);
}

std::optional<SessionClock::time_point> RoomSession::lost(SessionClock::time_point now) {
    if (link_ == Link::kStopped) return std::nullopt;
    // A drop of a ready link is the first failure of a new series; each attempt that does not
    // reach a welcome adds one.
    if (link_ == Link::kReady) failures_ = 0;
    link_ = Link::kOffline;
    catch_up_id_.clear();
    if (policy_.give_up_after > 0 && failures_ >= policy_.give_up_after) {
        stop("the server could not be reached in " + std::to_string(failures_) + " attempts",
             nullptr);
        return std::nullopt;
    }
    const auto delay = backoff_delay(policy_, failures_, rng_);
    ++failures_;
    return now + delay;
}

// Events in order, each once. A "skipped" entry stands for the numbers from..n (others'
// placements); an event without a number (none the server sends today) is passed on as is.
void RoomSession::add_events(const json& events, SessionUpdate& update) {
    if (!events.is_array()) return;
    for (const auto& e : events) {
        if (!e.is_object() || !e.contains("n") || !e["n"].is_number_integer()) {
            update.events.push_back(e);
            continue;
        }
        const auto n = e["n"].get<std::int64_t>();
        if (n <= last_event_) continue;  // seen already (a repeat, an overlap after a catch-up)
        const auto first =
            e.value("type", "") == "skipped" && e.contains("from") && e["from"].is_number_integer()
                ? e["from"].get<std::int64_t>()
                : n;
        if (first > last_event_ + 1) {
            // Missed some: ask for everything after the last one seen (once at a time; its
            // answer holds this event too).
            if (catch_up_id_.empty() && link_ == Link::kReady)
                update.send.push_back(events_after());
            return;
        }
        last_event_ = n;
        update.events.push_back(e);
    }
}

SessionUpdate RoomSession::receive(const json& m) {
    SessionUpdate update;
    if (!m.is_object() || link_ == Link::kStopped) return update;
    const std::string type = m.value("type", "");
    const std::string id =
        m.contains("id") && m["id"].is_string() ? m["id"].get<std::string>() : "";

    if (!id.empty() && id == hello_id_) {
        hello_id_.clear();
        if (type != "welcome") {
            // bad_token, unsupported_protocol: asking again would get the same answer.
            const json& error = m.value("error", json::object());
            stop(error.is_object() ? error.value("message", m.dump()) : m.dump(), &update);
            return update;
        }
        link_ = Link::kReady;
        failures_ = 0;
        const json& you = m.value("you", json::object());
        seat_ = you.is_object() ? you.value("seat", -1) : -1;
        update.welcome = m;
        update.send.push_back(events_after());
        if (seat_ >= 0) {
            for (auto& p : pending_) update.send.push_back(act_message(p));
        } else {
            // No seat (watching, or the seat was lost): nothing kept can be played.
            for (auto& p : pending_) {
                update.settled.push_back(
                    {{"type", "error"},
                     {"action_id", p.action_id},
                     {"error", {{"code", "not_seated"}, {"message", "You hold no seat here."}}}});
            }
            pending_.clear();
        }
        return update;
    }
    if (!id.empty() && id == catch_up_id_) {
        catch_up_id_.clear();
        add_events(m.value("events", json::array()), update);
        update.caught_up = true;
        return update;
    }
    if (!id.empty()) {
        const auto it = std::find_if(pending_.begin(), pending_.end(),
                                     [&](const Pending& p) { return p.request == id; });
        if (it != pending_.end()) {
            // `acted` (a repeat too: the action was applied once, before) or an error: either
            // way this action is settled, and an error changed nothing.
            pending_.erase(it);
            if (type == "acted") add_events(m.value("events", json::array()), update);
            update.settled.push_back(m);
            return update;
        }
    }
    if (type == "events") {  // pushed, or the late answer to an earlier catch-up: dedup sorts it
        add_events(m.value("events", json::array()), update);
        return update;
    }
    update.for_host = true;
    return update;
}

}  // namespace broadside::client

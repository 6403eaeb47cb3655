#pragma once
// One seat's (or a watcher's) view of a room connection, with no I/O of its own: fed the
// messages that arrive, the drops and the time, it says what to send and what happened. It is
// the C++ counterpart of web/src/net/room_session.ts, shared by `broadside join` (blocking) and
// the load generator's players (asynchronous Beast):
// - `hello` (with the seat token) on every connection; `welcome` makes the link ready;
// - the number of the last event seen; events arrive in order, each once: an old or repeated
//   `events` message is ignored, and a gap (a first number that is not last + 1) asks `events`
//   after the last number seen instead of applying anything out of order;
// - every action is kept with its action id until it is settled (`acted`, a repeat
//   `"repeat": true` included, or an `error`), and resent with the same id after a reconnect
//   (the server answers a repeat from its log, never applying it twice);
// - after a drop, the next attempt is due after a bounded exponential backoff with jitter from
//   the injected Rng; a refusal for good (no such room, a bad token, another protocol) or too
//   many failed attempts in a row stops it.
// The session's own requests carry text ids ("rs1", "rs2", ...): the host's own requests may use
// whole numbers without colliding.
#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"

namespace broadside::client {

using SessionClock = std::chrono::steady_clock;

struct BackoffPolicy {
    std::chrono::milliseconds first{500};  // the delay before the first attempt after a drop
    std::chrono::milliseconds cap{8000};   // no delay grows past this
    int give_up_after = 20;                // failed attempts in a row (about 2 minutes); 0: never
};

// The delay before reconnect attempt `attempt` (0 for the first after a drop): first * 2^attempt,
// capped, of which a random part is kept, between half and all of it ("equal jitter"), so that a
// crowd dropped together does not come back in step and no delay is ever near zero.
std::chrono::milliseconds backoff_delay(const BackoffPolicy& policy, int attempt, Rng& rng);

// What one step of the session produced, in the order the host should act on it.
struct SessionUpdate {
    std::vector<nlohmann::json> send;       // to send now, in order
    std::optional<nlohmann::json> welcome;  // the room's welcome (this connection is ready)
    std::vector<nlohmann::json> events;     // events new to this client, in order, each once
    bool caught_up = false;                 // the answer to the session's `events` after N came
    std::vector<nlohmann::json> settled;    // answers that settled kept actions (acted or error)
    bool for_host = false;  // the message is the host's: room, ended, answers to its requests ...
    std::string fatal;      // not empty: the session stopped for good, and why
};

class RoomSession {
public:
    enum class Link { kOffline, kGreeting, kReady, kStopped };

    // `token`: the seat token sent in `hello` (empty: a watcher, or a seat still to join).
    RoomSession(std::string token, Rng& rng, BackoffPolicy policy = {});

    // A connection opened: the `hello` to send before anything else.
    nlohmann::json opened();
    // A message that arrived on the connection.
    SessionUpdate receive(const nlohmann::json& message);
    // The connection dropped, or an attempt to open one failed: when the next attempt is due,
    // or nullopt when the session has given up (fatal_reason() says why).
    std::optional<SessionClock::time_point> lost(SessionClock::time_point now);
    // The server refused this client for good before any hello (no such room): stops.
    void refused(const std::string& why);

    // Keeps `action` under `action_id` until it is settled; the message to send now, or nullopt
    // while offline (it goes out after the next welcome).
    std::optional<nlohmann::json> act(const nlohmann::json& action,
                                      const nlohmann::json& action_id);
    // The seat's token, once the host joined (a reconnect then takes the seat back).
    void set_token(std::string token) { token_ = std::move(token); }
    // Forgets the room's events and the kept actions: the host moved to another room (a rematch).
    void reset(std::string token);

    Link link() const { return link_; }
    std::int64_t last_event() const { return last_event_; }
    int seat() const { return seat_; }
    std::size_t unsettled() const { return pending_.size(); }
    const std::string& fatal_reason() const { return fatal_; }

private:
    struct Pending {
        nlohmann::json action_id;
        nlohmann::json action;
        std::string request;  // the id of the `act` that carried it last ("" before it was sent)
    };
    std::string next_id();
    nlohmann::json act_message(Pending& p);
    nlohmann::json events_after();
    void add_events(const nlohmann::json& events, SessionUpdate& update);
    void stop(const std::string& why, SessionUpdate* update);

    std::string token_;
    Rng& rng_;
    BackoffPolicy policy_;
    Link link_ = Link::kOffline;
    std::int64_t last_event_ = 0;
    int seat_ = -1;
    int failures_ = 0;  // attempts in a row that did not reach a welcome
    std::int64_t ids_ = 0;
    std::string hello_id_;
    std::string catch_up_id_;  // the `events` after N in flight ("" when none)
    std::deque<Pending> pending_;
    std::string fatal_;
};

}  // namespace broadside::client

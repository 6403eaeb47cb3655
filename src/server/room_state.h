#pragma once
// What a room's log builds, and the one function that builds it: `apply(state, entry)` changes
// the state and nothing else. It sends nothing, arms no timer, asks no bot and schedules no
// record; what should follow a change (bots taking their seats, the record, telling everyone the
// game ended) it returns as `Applied`, and the live room does it. Rebuilding a room from storage
// is therefore a fold of its entries over a fresh state (docs/architecture.md, "The server's
// shape"), which is what a room moving to another node needs (issue 31).
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "match/match.h"
#include "server/room_log.h"

namespace broadside::server {

// Rooms with more seats than this send compact summaries and `to_act` lists (a party of
// thousands): the first seats, and counts.
inline constexpr int kListedSeats = 64;

struct RoomState {
    enum class Phase { kWaiting, kPlaying, kOver, kAborted };
    struct Member {
        std::string name;
        int seat = -1;  // -1: holds no seat (left, removed, or the creator watching)
        std::string token_hash;
        std::string nonce;
        bool owner = false;
        bool barred = false;      // removed by the host of a party: token and device refused
        std::string device_hash;  // SHA-256 of the device id the browser sent, if any
    };
    struct Seat {
        std::string kind = "open";  // "open", "human" or "bot"
        int member = -1;
        std::string bot;
    };
    // What an acted answer said, for a resend of its action id: the events after `before` up
    // to `last`. Kept small, as text rather than JSON trees: a room keeps one per action until
    // it ends (docs/performance.md, "Memory per connection").
    struct Ack {
        std::int64_t before = 0;
        std::int64_t last = 0;
        std::string to_act;  // as answered, as JSON text: compact in big rooms (compact_to_act)
        bool over = false;
    };

    RoomState(std::string game, nlohmann::json options, int seat_count);

    std::string game;
    nlohmann::json options;  // a waiting open party room counts its players here
    int seat_count = 0;      // grows as people join an open party room
    Phase phase = Phase::kWaiting;
    std::vector<Member> members;
    std::vector<Seat> seats;
    std::optional<Match> match;
    std::uint64_t seed = 0;
    // The nonces the seed was derived from, one a seat at the start (the record's fairness
    // proof): seats change after the start (phones join an open party, a bot takes over a seat
    // in a game of three or more), so they are kept as they were, not rebuilt.
    std::vector<std::string> start_nonces;
    // The seats that have acted (abort is allowed before any person's first move). The actions
    // themselves are the match's (Match::action), not kept twice.
    std::set<int> seats_acted;
    // (seat, action id as JSON text) -> what its answer said.
    std::map<std::pair<int, std::string>, Ack> acks;
    nlohmann::json ended;                         // how the game ended (null while it has not)
    std::string rematch;                          // the rematch's room code, once asked
    bool locked = false;                          // the party host closed the doors
    std::set<std::string> barred_devices;         // hashes of removed players' devices
    std::set<std::string> names_taken;            // lowercased, for unique names
    std::map<int, std::int64_t> turn_started_ms;  // seat -> when its current turn began
};

// What the room around the state must do after an entry applied.
struct Applied {
    bool started = false;  // the match began: the bot seats get their bots
    // A seat's action (or the party's new seat) that every bot of the room must follow.
    std::optional<std::pair<int, nlohmann::json>> acted;
    std::optional<int> taken_over;  // a bot plays this seat for good from here
    bool ended = false;             // the game is over (`ended` says how)
    bool aborted = false;
};

// Applies `entry` to `state`, or refuses it (an action the match refuses, a start the game
// cannot make) and leaves the state as it was. The entry's time sets the clocks' turn starts.
Result<Applied> apply(RoomState& state, const RoomEntry& entry);

// A `to_act` list as `seat` is told it: whole up to kListedSeats seats; beyond, only the host
// (seat 0) and `seat` itself when they are among them (`to_act_count` says how many).
nlohmann::json compact_to_act(const std::vector<int>& to_act, int seat);

// The key an action id is remembered by: its JSON text (a string or an integer).
std::string action_key(const nlohmann::json& id);

// A name's key for uniqueness: ASCII letters lowercased ("Ann" and "ann" are one name).
std::string lower_name(const std::string& name);

}  // namespace broadside::server

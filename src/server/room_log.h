#pragma once
// The room log's entries, typed: one struct per kind of change a room makes, built only by the
// constructors below, stored as JSON (to_json / parse_entry). A room is its log: replaying the
// entries in order rebuilds it (docs/server.md, "What survives what"; docs/architecture.md).
//
// Storage is the JSON the server has always written, key for key. An entry carries no version
// field while its format is the first one (version 1): a later format adds "v", and an entry
// with a kind or a "v" this server does not know is refused with a message, never guessed at.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace broadside::server {

// The newest entry format this server reads (and the one it writes).
inline constexpr int kRoomLogVersion = 1;

namespace entry {

// Every entry may say when it happened (wall-clock ms): the clocks are computed from these
// times, so they survive a restart. Entries prepared before a room is findable carry none.
struct Stamp {
    std::optional<std::int64_t> at;
};

// A person becomes a member (the next member number), seated or watching (`seat` -1).
struct Join : Stamp {
    std::optional<int> member;  // always written; not needed to replay (members are numbered)
    std::string name;
    int seat = -1;
    std::string token_sha256;
    std::string nonce;
    bool owner = false;
    std::optional<std::string> device_sha256;  // a player who joined from a browser
};
// A member who holds no seat takes one, with a fresh nonce.
struct Sit : Stamp {
    int member = -1;
    int seat = -1;
    std::string nonce;
};
// A seated member's nonce for the fair seed, before the start.
struct Nonce : Stamp {
    int member = -1;
    std::string nonce;
};
// A built-in bot takes a seat (whoever held it is unseated).
struct Bot : Stamp {
    int seat = -1;
    std::string bot;
};
// The host empties a seat before the start.
struct Open : Stamp {
    int seat = -1;
};
// A member gives up their seat before the start.
struct Leave : Stamp {
    int member = -1;
};
// The game starts with this seed (derived from the server's seed and these nonces).
struct Start : Stamp {
    std::uint64_t seed = 0;
    std::vector<std::string> nonces;
};
// A seat's action; `action_id` is the client's (null for bots and stand-ins), `stand_in` says
// why a bot played a person's move ("clock" or "absent").
struct Act : Stamp {
    int seat = -1;
    nlohmann::json action;
    nlohmann::json action_id;
    std::optional<std::string> stand_in;
};
// A two-seat game ends: the seat resigned, ran out of time, or claimed the absent side's seat.
struct Resign : Stamp {
    int seat = -1;
};
struct Timeout : Stamp {
    int seat = -1;
};
struct Claim : Stamp {
    int seat = -1;
};
// A bot plays a seat for good from here (a resignation or a forfeit with more than two seats).
struct Takeover : Stamp {
    int seat = -1;
    std::string bot;
    std::optional<std::string> why;  // "timeout", or none for a resignation
};
struct Abort : Stamp {
    int member = -1;
};
// The rematch's room code.
struct Rematch : Stamp {
    std::string room;
};
// An open party room grows a seat.
struct SeatPlayer : Stamp {};
// The party host closes (or opens) the doors.
struct Lock : Stamp {
    bool locked = false;
};
// The party host removed this member: their token and device are refused from now.
struct Bar : Stamp {
    int member = -1;
};

}  // namespace entry

using RoomEntry = std::variant<entry::Join, entry::Sit, entry::Nonce, entry::Bot, entry::Open,
                               entry::Leave, entry::Start, entry::Act, entry::Resign,
                               entry::Timeout, entry::Claim, entry::Takeover, entry::Abort,
                               entry::Rematch, entry::SeatPlayer, entry::Lock, entry::Bar>;

// The constructors: every entry a room or the lobby logs is made by one of these.
namespace entries {
RoomEntry join(int member, std::string name, int seat, std::string token_sha256, std::string nonce,
               bool owner, std::optional<std::string> device_sha256 = std::nullopt);
RoomEntry sit(int member, int seat, std::string nonce);
RoomEntry nonce(int member, std::string nonce);
RoomEntry bot(int seat, std::string bot);
RoomEntry open(int seat);
RoomEntry leave(int member);
RoomEntry start(std::uint64_t seed, std::vector<std::string> nonces);
RoomEntry act(int seat, nlohmann::json action, nlohmann::json action_id,
              std::optional<std::string> stand_in = std::nullopt);
RoomEntry resign(int seat);
RoomEntry timeout(int seat);
RoomEntry claim(int seat);
RoomEntry takeover(int seat, std::string bot, std::optional<std::string> why = std::nullopt);
RoomEntry abort(int member);
RoomEntry rematch(std::string room);
RoomEntry seat_player();
RoomEntry lock(bool locked);
RoomEntry bar(int member);
}  // namespace entries

// The stored kind ("join", "act", ...).
const char* kind_of(const RoomEntry& entry);
// When it happened, if it says; and stamping it (only when it does not say yet).
std::optional<std::int64_t> time_of(const RoomEntry& entry);
void stamp(RoomEntry& entry, std::int64_t at_ms);

nlohmann::json to_json(const RoomEntry& entry);
// A stored entry, or `corrupt_room` with what is wrong with it (an unknown kind or version, a
// missing field or one of the wrong type).
Result<RoomEntry> parse_entry(const nlohmann::json& stored);

}  // namespace broadside::server

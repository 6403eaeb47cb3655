#pragma once
// The party game's events in protocol 2: each seat gets a compact public part (counts, the
// leaders, a few names) plus its own result, a few hundred bytes whatever the number of
// players; the record keeps every player's result (docs/protocol.md, "Party actions").
#include <string>
#include <vector>

#include "games/game.h"
#include "games/party/rules.h"

namespace broadside::party {

// What one seat alone learns from an event: one code per seat (index = seat), snapshotted when
// the event happened, so that a phone catching up reads what was true then.
class SeatCodes final : public PersonalPart {
public:
    enum class Kind { kTorpedo, kCount, kTiebreak, kSuper, kGameOver };
    SeatCodes(Kind kind, std::string codes, std::string afloat = {})
        : kind_(kind), codes_(std::move(codes)), afloat_(std::move(afloat)) {}
    void add_to(json& view, int seat) const override;

private:
    Kind kind_;
    std::string codes_;   // '-': nothing for that seat (the host, a removed player)
    std::string afloat_;  // ships afloat per seat as a digit, where it applies
};

GameEvent torpedo_event(const State& s, const TorpedoReport& r);
GameEvent super_torpedo_event(const State& s, const TorpedoReport& r,
                              const std::vector<int>& in_before);
GameEvent count_event(const State& s);
GameEvent tiebreak_event(const State& s);
GameEvent game_over_event(const State& s);

// Up to kListedPlayers seats as a list, else null: small tables list every seat, big rooms
// give counts only.
json listed_seats(const std::vector<int>& players);

}  // namespace broadside::party

#pragma once
// A match: one game instance, its seeded generator, the numbered event log and the record.
// Every event gets the next number; a seat outside an event's audience receives the number with
// the content redacted, so "everything after N" never has gaps and never leaks.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/game.h"
#include "match/packed_log.h"

namespace broadside {

class Match {
public:
    // Validates the options (filling defaults) and starts the match.
    static Result<Match> create(const std::string& game, const json& options, std::uint64_t seed);

    const std::string& game() const { return game_->name; }
    const json& options() const { return options_; }
    std::uint64_t seed() const { return seed_; }
    int seat_count() const { return instance_->seat_count(); }
    bool is_over() const { return instance_->is_over(); }
    std::vector<int> seats_to_act() const { return instance_->seats_to_act(); }
    std::int64_t last_event_number() const { return static_cast<std::int64_t>(log_.size()); }

    // Applies an action for a seat; returns the new events as that seat sees them. On error the
    // match is unchanged and nothing is logged.
    Result<std::vector<json>> act(int seat, const json& action);

    // Events numbered after `after`, as `seat` sees them (seat -1: a spectator, public only). A
    // run of collapsible events the seat may not see comes as one {"type": "skipped", "from": F,
    // "n": L} entry covering numbers F to L.
    std::vector<json> events_for(int seat, std::int64_t after = 0) const;
    // Whether anything numbered after `after` would reach `seat` as more than a skipped run: the
    // server tells a connection about new events only then.
    bool visible_after(int seat, std::int64_t after) const;
    // Every event after `after` with everything in it (the record's form): for a local screen
    // that shows every seat at once, never for a seat over the protocol.
    std::vector<json> full_events(std::int64_t after = 0) const;
    // seat -1: the spectator's public view.
    json observation(int seat) const {
        return seat < 0 ? instance_->public_observation() : instance_->observation(seat);
    }
    json legal_actions(int seat) const { return instance_->legal_actions(seat); }
    json result() const { return instance_->result(); }

    // The record: game, options, seed, actions, and every event unredacted. Only complete once
    // the match is over; before that it is an error to ask (secrets would leak).
    Result<json> record() const;
    // The same without the over-check, for saving an unfinished match locally (its "reveal" is
    // null until the match is over: a saved game in progress holds no secret in plain sight).
    json record_unchecked() const;
    // Every seat's secrets as they stand now (fleets placed, hands dealt), whether or not the
    // match is over: for a game that ended outside the rules (a resignation, a forfeit, a claim,
    // an abort), whose record reveals everything all the same.
    json reveal_now() const { return instance_->reveal(); }

    // The actions applied so far, in order, as (seat, action): what a bot's replica replays when
    // it takes a seat over mid-game. The match keeps them packed; each is unpacked when asked.
    std::size_t action_count() const { return actions_.size(); }
    std::pair<int, json> action(std::size_t i) const;

    // Typed access for built-in bots, which read the game's own observation type.
    const GameInstance& instance() const { return *instance_; }

private:
    Match() = default;
    json view(std::size_t i, int seat) const;
    // The view of an event as `seat` gets it (shared by a logged event and one just made).
    static json view_of(const json& content, const json& redacted,
                        const std::optional<std::vector<int>>& audience,
                        const PersonalPart* personal, std::int64_t number, int seat);
    void append(GameEvent e);
    std::size_t run_end(std::size_t i, int seat) const;

    const GameDefinition* game_ = nullptr;
    json options_;
    std::uint64_t seed_ = 0;
    std::unique_ptr<Rng> rng_;
    std::unique_ptr<GameInstance> instance_;
    // Every event and action, compactly (MessagePack bytes in chunks): a server's room keeps
    // them for reconnects and the record.
    PackedLog log_;
    struct RecordedAction {
        int seat = 0;
        ByteArena::Span action;  // MessagePack, in action_bytes_
    };
    std::vector<RecordedAction> actions_;
    ByteArena action_bytes_;
    // Indices into log_ for skipped runs: events that are not collapsible, and per seat the
    // collapsible ones it does see (its own placement).
    std::vector<std::int64_t> uncollapsible_;
    std::unordered_map<int, std::vector<std::int64_t>> own_collapsible_;
};

// Re-runs a record and checks that every event matches; an error names the first difference.
Result<Match> replay(const json& record);

}  // namespace broadside

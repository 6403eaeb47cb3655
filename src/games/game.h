#pragma once
// The interface every game family implements so that the match layer can host it without
// knowing its rules. Actions, observations and events cross this boundary as JSON; each game
// also keeps a typed API of its own for fast simulation.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/rng.h"

namespace broadside {

using json = nlohmann::json;

// What one seat alone sees of an event meant for everyone, added to its public part: the party
// game's torpedo carries one result per player, and each phone needs only its own (protocol 2).
class PersonalPart {
public:
    virtual ~PersonalPart() = default;
    virtual void add_to(json& view, int seat) const = 0;
};

// One thing that happened. `content` is what its audience sees; everyone else sees `redacted`
// (at least the event's type), so that event numbers stay gap-free for every seat.
struct GameEvent {
    json content;
    std::optional<std::vector<int>> audience;  // nullopt: every seat (and spectators)
    json redacted;                             // for seats outside the audience
    // When set, every seat (and spectators) gets `redacted` plus its own part, not marked as
    // redacted; `content`, with everything, goes only into the record.
    std::shared_ptr<const PersonalPart> personal = nullptr;
    // A seat outside the audience may receive a run of such events as one "skipped" entry
    // (protocol 2): ten thousand phones placing fleets are not ten thousand messages to each.
    bool collapsible = false;
};

class GameInstance {
public:
    virtual ~GameInstance() = default;

    virtual int seat_count() const = 0;
    // The seats that may act now (several at once during simultaneous phases).
    virtual std::vector<int> seats_to_act() const = 0;
    virtual bool is_over() const = 0;

    // Applies one action. On error nothing changes. `rng` is the match's generator.
    virtual Result<std::vector<GameEvent>> act(int seat, const json& action, Rng& rng) = 0;

    // Events of the setup itself (e.g. the cards dealt to each seat, for that seat only), logged
    // by the match as numbers 1, 2, ... before any action. Called once, right after `create`.
    virtual std::vector<GameEvent> opening_events() const { return {}; }

    // Everything `seat` may know now, and nothing more: the one place secrets are filtered.
    virtual json observation(int seat) const = 0;
    // What a spectator may know (seat -1): only what every player at the table has seen. The
    // default suits games whose observation(-1) already means exactly that.
    virtual json public_observation() const { return observation(-1); }
    // The actions `seat` may take now, in the compact form documented in docs/protocol.md.
    virtual json legal_actions(int seat) const = 0;
    // Winners and scores; meaningful once the game is over.
    virtual json result() const = 0;
    // The whole state with every secret: only for finished games.
    virtual json reveal() const = 0;
};

// What a server and its clients need to know of a game besides its rules, declared by the game
// so that adding one touches no server or client code (docs/architecture.md, "Game knowledge").
struct GameTraits {
    // Two strangers may be paired for it by the lobby's quick match.
    bool quick_match = false;
    // Phases (an observation's "phase") in which a seat is on the opening clock
    // (`placement_seconds`) rather than the turn clock: setting up, not taking turns.
    std::vector<std::string> opening_phases;
    // The oldest room protocol whose clients can follow its events.
    int oldest_protocol = 1;
    // Whether a room of these normalized options seats whoever comes, growing as they join,
    // rather than offering a fixed number of seats.
    bool (*open_seating)(const json& normalized_options) = nullptr;
    // Seat 0 is the game's host (it runs the game; the others are the players).
    bool hosted = false;
};

// A game family as the registry knows it.
struct GameDefinition {
    std::string name;
    std::string summary;
    // Validates user options (unknown keys and out-of-range values are errors that name them)
    // and returns the complete options with every default filled in.
    Result<json> (*normalize_options)(const json& options);
    json (*describe_options)();  // each option with its default and allowed values
    std::unique_ptr<GameInstance> (*create)(const json& normalized_options, Rng& rng);
    GameTraits traits{};
};

}  // namespace broadside

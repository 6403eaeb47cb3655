#pragma once
// The whole state of a Battleship Royale game, every secret included. Only the rules and
// `observe` read it; everything else sees an Observation.
#include <memory>
#include <vector>

#include "core/bitboard.h"
#include "games/royale/options.h"

namespace broadside::royale {

enum class Phase {
    kDiscard,    // everyone chooses two cards to discard, all at once
    kTurnStart,  // Advanced: the player to move may use sonar, then rolls
    kShooting,   // the die is rolled; shots, bonus shots, end of turn
    kOver,
};

// A row (letter) or a column (number) for sonar. Index 0-9: rows A-J; 10-19: columns 1-10.
struct Line {
    bool row = true;
    int index = 0;
    bool operator==(const Line&) const = default;
    Bitboard mask() const;
};
std::string to_string(Line l);  // "C", "10"
Result<Line> parse_line(const std::string& text);

enum class SonarSource { kOwn, kBonus };

struct SonarMark {
    int seat = 0;
    Line line;
    SonarSource source = SonarSource::kOwn;
    std::vector<int> pinged;  // who said "Ping!" (public)
};

struct Roll {
    int seat = 0;
    int value = 0;
};

// A sunk card in front of the player who sank it, face up.
struct Claim {
    int card = 0;        // deck index
    int bonus_left = 0;  // bonus shots (ship card) or bonus sonars (Submarine card) not yet used
};

struct Player {
    std::vector<int> dealt;      // deck indices, the Submarine card first in Advanced
    std::vector<int> kept;       // in the Command Center once discards are done
    std::vector<int> discarded;  // out of play, secret until the game ends
    bool has_discarded = false;
    int submarine = -1;  // Advanced: this player's Submarine card
    bool own_sonar_used = false;
    bool eliminated = false;
    std::vector<Claim> claimed;
};

struct State {
    std::shared_ptr<const Options> options;
    Phase phase = Phase::kDiscard;
    std::vector<Player> players;
    // Per deck card: the seat with it in play (kept), or -1 (undealt, or discarded).
    std::vector<int> holder;
    std::vector<int> sunk_by;  // per deck card: who sank it, or -1 while afloat
    Bitboard shot;             // every coordinate shot at, by anyone
    int first = 0;
    int to_move = 0;
    int turn = 0;        // turns begun
    int roll = 0;        // this turn's die roll (0 before the roll)
    int shots_left = 0;  // die shots not yet fired this turn
    // Advanced: bonus sonars from Submarine cards the last volley sank, usable now (one volley
    // may sink two, and both are "immediate").
    int fresh_sonars = 0;
    std::vector<SonarMark> sonar;
    std::vector<Roll> rolls;
    std::vector<int> elimination_order;
    std::vector<int> winners;  // several only if one volley eliminated everyone left
    std::vector<int> shots_fired;

    const Deck& deck() const { return *options->deck; }
    bool advanced() const { return options->mode == Mode::kAdvanced; }
    int seat_count() const { return static_cast<int>(players.size()); }
};

}  // namespace broadside::royale

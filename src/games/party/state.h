#pragma once
// The whole state of a party match. Per-player data is kept as flat arrays (struct of arrays) so
// that one torpedo is one pass over contiguous memory, whatever the number of players: the
// seed's "any number of players" means thousands in one match.
#include <array>
#include <cstdint>
#include <vector>

#include "games/party/board.h"
#include "games/party/options.h"

namespace broadside::party {

inline constexpr int kLeaders = 8;         // leaders named on the scoreboard
inline constexpr int kListedPlayers = 64;  // up to this many players, views list every seat

enum class Phase { kPlacement, kFiring, kTiebreak, kOver };

// What one torpedo did to one player's fleet, as the player calls it out.
enum class Outcome : std::uint8_t { kMiss = 0, kHit = 1, kSunk = 2 };

// How the match was decided.
enum class Finish {
    kNone,
    kMostAfloat,          // one player had the most ships afloat after 30 torpedoes
    kLastStanding,        // the tiebreak eliminated every tied player but one
    kEliminatedTogether,  // the last tied players were eliminated by the same super torpedo
    kSurvivedAll,         // tied players still in after the sixth super torpedo share the win
};

inline constexpr std::int8_t kNoShip = -1;

struct State {
    Options options;
    int players = 0;  // players are numbered 0 to players - 1 here (seat = player + 1)
    Phase phase = Phase::kPlacement;

    int unplaced = 0;
    std::vector<std::uint8_t> placed;                 // per player
    std::vector<Layout> layouts;                      // per player, as placed
    std::vector<std::array<CellMask, kShips>> masks;  // per player: each ship's cells

    // Cell-major: ship_at[cell * stride + p] is player p's ship on `cell`, or kNoShip. One
    // torpedo reads one contiguous row of it. `stride` is the room for players in a row: the
    // player count with fixed seating; with open seating it doubles as players join.
    int stride = 0;
    std::vector<std::int8_t> ship_at;
    std::vector<std::uint8_t> segments_left;  // [p * kShips + ship]: cells not yet hit
    std::vector<std::uint8_t> afloat;         // per player: ships afloat (frozen after 30)
    std::vector<Outcome> last;                // per player: the latest regular torpedo's outcome
    std::vector<std::uint8_t> removed;        // per player: taken out by the host
    int removed_count = 0;

    // The scoreboard kept up to date as torpedoes fall, so that no view of it costs a pass over
    // every player: afloat_counts[k] players (placed, not removed) have k ships afloat, and
    // `leaders` are the first few of those with the most (lowest seats first).
    std::array<int, kShips + 1> afloat_counts{};
    std::vector<int> leaders;

    std::array<std::int8_t, kCells> fired{};  // cells in firing order
    int fired_count = 0;
    CellMask fired_mask = 0;

    // After the 30th torpedo.
    int most = -1;                            // the most ships afloat
    std::vector<int> tied;                    // players with `most`, when two or more
    std::vector<int> remaining;               // tied players not yet eliminated
    std::vector<std::uint8_t> eliminated_by;  // per player: the super torpedo (1-6), or 0
    int eliminated_count = 0;
    std::vector<int> winners;
    Finish finish = Finish::kNone;
};

}  // namespace broadside::party

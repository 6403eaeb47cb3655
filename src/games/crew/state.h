#pragma once
// The full state of a game of Ship, Captain and Crew. Nothing in it is secret: every die is
// thrown in the open. Everything that leaves the engine still goes through observe().
#include <array>
#include <vector>

#include "games/crew/options.h"

namespace broadside::crew {

// One throw-off for the order of play: the seats that rolled and their five-dice totals.
struct OrderRoll {
    std::vector<int> seats;
    std::vector<int> totals;
};

// One line of the tally sheet: the seats that played a round (everyone, or a playoff's tied
// leaders) and what each scored, in playing order.
struct RoundRecord {
    int number = 1;  // 1, 2, ...; playoffs are numbered 1, 2, ... separately
    bool playoff = false;
    std::vector<int> seats;
    std::vector<int> scores;  // -1 until the seat has played
};

struct Turn {
    int throws = 0;               // throws made so far, 0..3
    int held = 0;                 // 0..3, see turn.h
    std::array<int, 2> crew{};    // meaningful once held == 3
    std::vector<int> last_throw;  // the faces of the latest throw
    std::vector<int> kept;        // crew faces kept back from the latest throw
};

enum class Phase { kPlaying, kOver };

struct State {
    Options options;
    std::vector<OrderRoll> order_rolls;
    int first = 0;
    Phase phase = Phase::kPlaying;
    std::vector<RoundRecord> rounds;  // the tally sheet; the last one is being played
    int turn_index = 0;               // the player of rounds.back() whose turn it is
    Turn turn;
    std::vector<int> totals;  // per seat, regular rounds only (playoffs decide ties, not totals)
    int winner = -1;
    bool target_reached = false;  // target mode: someone has reached it; this round is the last

    const RoundRecord& round() const { return rounds.back(); }
    int to_move() const {
        return phase == Phase::kOver ? -1 : round().seats[static_cast<std::size_t>(turn_index)];
    }
};

}  // namespace broadside::crew

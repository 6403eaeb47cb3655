#pragma once
// `broadside play party`: the terminal session (party_play.cpp reads the flags, this runs it).
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/console.h"
#include "match/match.h"

namespace broadside::cli {

// The letter each ship of the fleet is drawn with on a party sea (Aircraft Carrier A, Battleship
// B, Cruiser C, Submarine S, Destroyer D, Patrol Boat P).
inline constexpr std::array<char, 6> kPartyShipLetters{'A', 'B', 'C', 'S', 'D', 'P'};

struct PartyPlaySettings {
    std::uint64_t seed = 0;
    std::vector<std::string> names{"Player 1"};  // the people, at seats 1, 2, ...
    int pause_ms = 700;                          // between torpedoes, unless on_enter
    bool on_enter = false;                       // wait for Enter before each torpedo
    bool colour = false;
    std::string save_path;
};

// The people are seats 1..N (one: "you"; several: hot-seat, each placing behind a pass
// screen); bots place for the other seats; the program is the host (seat 0) and fires.
int run_party_session(Match& match, const PartyPlaySettings& settings, Console& console);

// One event in words for `me` ("you"; -1: a screen for everyone, where `names[seat]` names each
// person's result). `people` > 0: only seats 1..people have their result read out in a call
// (the bots, named too, are in the scoreboard); -1: every named seat.
void narrate_party(const nlohmann::json& event, int me, const std::vector<std::string>& names,
                   std::ostream& out, int people = -1);

// The player's board from their observation: every torpedo marked on the 6x6 sea.
std::string render_party_board(const nlohmann::json& observation, bool colour);
// A fleet being placed ("A1 right", in fleet order), drawn on the 6x6 sea by ship letter.
std::string render_party_draft(const std::vector<std::string>& placements);
// The public scoreboard, in full for a few players, summarised for many. `names[seat]` (when
// given and not empty) names a seat; `my_seat` is "you" (-1: nobody, a screen for everyone).
std::string render_party_scoreboard(const nlohmann::json& observation, int my_seat,
                                    const std::vector<std::string>& names = {});

}  // namespace broadside::cli

#pragma once
// `broadside play party`: the terminal session (party_play.cpp reads the flags, this runs it).
#include <cstdint>
#include <iosfwd>
#include <string>

#include "match/match.h"

namespace broadside::cli {

struct PartyPlaySettings {
    std::uint64_t seed = 0;
    int pause_ms = 700;     // between torpedoes, unless on_enter
    bool on_enter = false;  // wait for Enter before each torpedo
    bool colour = false;
    bool echo_input = false;  // input is not a terminal: echo it after the prompt
    std::string save_path;
};

// You are seat 1; bots place for seats 2..N; the program is the host (seat 0) and fires.
int run_party_session(Match& match, const PartyPlaySettings& settings, std::istream& in,
                      std::ostream& out);

// The player's board from their observation: every torpedo marked on the 6x6 sea.
std::string render_party_board(const nlohmann::json& observation, bool colour);
// The public scoreboard, in full for a few players, summarised for many.
std::string render_party_scoreboard(const nlohmann::json& observation, int my_seat);

}  // namespace broadside::cli

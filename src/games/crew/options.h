#pragma once
// Options of Ship, Captain and Crew (seed 003), with the seed's rules as defaults.
#include <nlohmann/json.hpp>

#include "core/error.h"

namespace broadside::crew {

inline constexpr int kMaxPlayers = 12;
inline constexpr int kMaxRounds = 100;
inline constexpr int kMaxTarget = 1000;
inline constexpr int kMaxStake = 1'000'000;

// `rounds`: the highest total after a number of rounds wins. `target`: once a player reaches
// the target the round is completed and the highest total wins.
enum class Mode { kRounds, kTarget };
// House rule on re-throwing the crew: each die freely (the seed), both together or not at all,
// or not at all (6-5-4 ends the turn with the crew as thrown).
enum class Reroll { kEach, kBoth, kNone };

struct Options {
    int players = 2;
    Mode mode = Mode::kRounds;
    int rounds = 10;
    int target = 100;
    int stake = 0;  // 0: no pot
    Reroll crew_reroll = Reroll::kEach;
    bool operator==(const Options&) const = default;
};

Result<Options> parse_options(const nlohmann::json& j);
nlohmann::json to_json(const Options& o);
nlohmann::json describe_options();

std::string to_string(Reroll r);
Result<Reroll> parse_reroll(const std::string& text);

}  // namespace broadside::crew

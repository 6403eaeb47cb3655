#pragma once
// A Ship, Captain and Crew bot. It sees one seat's Observation and nothing else. Before 6-5-4 is
// held the only move is to throw; a bot decides only what to do with a crew and throws left.
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "games/crew/codec.h"
#include "games/crew/observation.h"

namespace broadside::crew {

class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string name() const = 0;
    // The move for obs (which must be this seat's turn).
    Action act(const Observation& obs);

protected:
    // Called with the crew held and throws left; returns one of obs.crew_choices().
    virtual CrewChoice choose(const Observation& obs) = 0;
};

std::vector<std::string> bot_names();
std::string default_bot_name();
Result<std::unique_ptr<Bot>> make_bot(const std::string& name);

// Maximises the expected score of each turn, from the solver's table.
class OptimalBot final : public Bot {
public:
    std::string name() const override { return "optimal"; }

protected:
    CrewChoice choose(const Observation& obs) override;
};

// A human-like rule of thumb: a crew of 8 or more stands; otherwise keep a die of 4 or more and
// throw the rest (under "both": throw both below 7).
class CautiousBot final : public Bot {
public:
    std::string name() const override { return "cautious"; }

protected:
    CrewChoice choose(const Observation& obs) override;
};

// Maximises the probability of winning the game (race_tables.h).
class RaceBot final : public Bot {
public:
    std::string name() const override { return "race"; }

protected:
    CrewChoice choose(const Observation& obs) override;
};

}  // namespace broadside::crew

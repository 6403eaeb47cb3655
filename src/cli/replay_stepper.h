#pragma once
// The loop behind `replay FILE --show`, shared by every game's front end: the record's actions
// are played again one by one through a fresh Match, and after each one the game's own screen
// is drawn; Enter (or --all) moves on.
#include <functional>

#include <nlohmann/json.hpp>

#include "cli/console.h"
#include "match/match.h"

namespace broadside::cli {

struct ReplaySteps {
    // The screen after action `step` (1-based) of `total`, with the events it made. False when
    // the action shows nothing on its own (a secret placement): no screen, no waiting.
    std::function<bool(const Match& match, int step, int total,
                       const std::vector<nlohmann::json>& events)>
        draw;
    // After the last action: every seat's board, and the result if the game is over.
    std::function<void(const Match& match)> end;
};

// Returns the exit code. `q` or the end of input at a prompt stops early.
int step_through(const nlohmann::json& record, Console& console, bool all,
                 const ReplaySteps& steps);

}  // namespace broadside::cli

#include "cli/replay_stepper.h"

#include <stdexcept>

#include "cli/common.h"
#include "cli/play_input.h"

namespace broadside::cli {

int step_through(const nlohmann::json& record, Console& console, bool all,
                 const ReplaySteps& steps) {
    auto created = Match::create(record["game"].get<std::string>(), record["options"],
                                 record["seed"].get<std::uint64_t>());
    if (!created) throw std::runtime_error(created.error().message);
    Match match = std::move(*created);
    const auto& actions = record["actions"];
    const int total = static_cast<int>(actions.size());
    for (int i = 0; i < total; ++i) {
        const auto& a = actions[static_cast<std::size_t>(i)];
        auto events = match.act(a["seat"].get<int>(), a["action"]);
        // The record was replayed and checked before this: an action cannot fail here.
        if (!events) throw std::runtime_error(events.error().message);
        const bool shown = steps.draw(match, i + 1, total, *events);
        if (all || !shown || i + 1 == total) continue;
        auto line = console.ask("  Enter for the next move, q to stop: ");
        if (!line || command_of(*line) == PlayCommand::kQuit) return kExitOk;
    }
    steps.end(match);
    return kExitOk;
}

}  // namespace broadside::cli

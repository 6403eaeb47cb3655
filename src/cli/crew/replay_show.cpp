// `replay FILE --show` for Ship, Captain and Crew: every throw and stop in words with the dice
// drawn, the totals; at the end the tally sheet. Nothing in the dice game is secret.
#include "cli/replay_show.h"
#include "cli/classic/play_render.h"
#include "cli/crew/render.h"
#include "cli/replay_stepper.h"
#include "cli/seat_names.h"
#include "games/crew/instance.h"

namespace broadside::cli {

int show_crew_replay(const nlohmann::json& record, Console& console, bool all) {
    const Style style(console.info().colour);
    std::ostream& out = console.out();
    std::vector<std::string> names;
    std::int64_t seen = 0;
    int you = -1;  // the seat called "you", if any
    const auto crew_game = [](const Match& match) -> const crew::CrewGame& {
        return dynamic_cast<const crew::CrewGame&>(match.instance());
    };
    ReplaySteps steps;
    steps.draw = [&](const Match& match, int step, int total,
                     const std::vector<nlohmann::json>&) -> bool {
        if (names.empty()) {
            // The names the game was played with; the one person against bots is "You".
            names = record_seat_names(record, match.seat_count());
            for (int s = 0; s < match.seat_count(); ++s) {
                if (names[static_cast<std::size_t>(s)] == "you") {
                    names[static_cast<std::size_t>(s)] = "You";
                    you = s;
                }
            }
        }
        console.begin_screen();
        out << style.paint("REPLAY", Tone::kTitle) << "  crew  " << style.paint("|", Tone::kDim)
            << "  seed " << match.seed() << "  " << style.paint("|", Tone::kDim) << "  move "
            << step << " of " << total << "\n";
        const auto obs = crew_game(match).observe_seat(0);
        for (const auto& e : match.events_for(0, seen)) {
            for (const auto& line : crew_event_words(e, names, you, obs.totals())) {
                for (const auto& l : wrap(line, 76)) out << "  " << l << "\n";
            }
            if (e.value("type", "") == "throw")
                out << render_dice(e["dice"].get<std::vector<int>>());
        }
        seen = match.last_event_number();
        return true;
    };
    steps.end = [&](const Match& match) {
        out << "\n";
        if (!match.is_over()) out << "  The game was not finished when it was saved.\n";
        out << render_tally(crew_game(match).observe_seat(0), names);
    };
    return step_through(record, console, all, steps);
}

}  // namespace broadside::cli

// `replay FILE --show` for Battleship Royale: seat 0's screen after every move, with what the
// move did in words; at the end every seat's own screen (its ships on the grid) and every hand.
#include "cli/replay_show.h"
#include "cli/classic/play_render.h"
#include "cli/replay_stepper.h"
#include "cli/royale/render.h"
#include "cli/seat_names.h"

namespace broadside::cli {

int show_royale_replay(const nlohmann::json& record, Console& console, bool all) {
    const Style style(console.info().colour);
    std::ostream& out = console.out();
    SeatNames names;
    names.me = -1;  // nobody is "you" in a replay
    std::int64_t seen = 0;
    ReplaySteps steps;
    steps.draw = [&](const Match& match, int step, int total,
                     const std::vector<nlohmann::json>&) -> bool {
        if (names.names.empty()) {
            // The names the game was played with; the one person of a game against bots is
            // "you" in the sentences.
            names.names = record_seat_names(record, match.seat_count());
            for (int s = 0; s < match.seat_count(); ++s) {
                if (names.names[static_cast<std::size_t>(s)] == "you") names.me = s;
            }
        }
        console.begin_screen();
        out << style.paint("REPLAY", Tone::kTitle) << "  royale  " << style.paint("|", Tone::kDim)
            << "  seed " << match.seed() << "  " << style.paint("|", Tone::kDim) << "  move "
            << step << " of " << total << " (seat 0's view)\n";
        out << render_royale(match.observation(0), names, style);
        for (const auto& e : match.events_for(0, seen)) {
            const std::string line = narrate_royale(e, names);
            if (!line.empty()) {
                for (const auto& l : wrap(line, 76)) out << "  " << l << "\n";
            }
        }
        seen = match.last_event_number();
        return true;
    };
    steps.end = [&](const Match& match) {
        out << "\n";
        if (!match.is_over()) out << "The game was not finished when it was saved.\n";
        // Seat 0's view showed only seat 0's ships: now each seat's grid, as that seat saw it.
        for (int s = 1; s < match.seat_count(); ++s) {
            SeatNames as_seat = names;
            as_seat.me = s;
            out << "\n"
                << style.paint(capitalised(names.names[static_cast<std::size_t>(s)]) + "'s screen:",
                               Tone::kTitle)
                << "\n"
                << render_royale(match.observation(s), as_seat, style);
        }
        out << "\nThe hands were:\n";
        const auto hands = match.instance().reveal()["hands"];
        for (std::size_t s = 0; s < hands.size(); ++s) {
            std::string kept, discarded;
            for (const auto& c : hands[s]["kept"]) kept += " " + c.get<std::string>();
            for (const auto& c : hands[s]["discarded"]) discarded += " " + c.get<std::string>();
            out << "  " << capitalised(names.names[s]) << " kept" << kept << "; discarded"
                << discarded << "\n";
        }
    };
    return step_through(record, console, all, steps);
}

}  // namespace broadside::cli

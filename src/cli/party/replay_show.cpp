// `replay FILE --show` for the party game: each torpedo as it was called, with every player's
// result and the scoreboard; at the end the players' seas, revealed (the first six; a record
// of thousands of players has them all, for `broadside replay` to check).
#include <algorithm>

#include "cli/classic/play_render.h"
#include "cli/party/play.h"
#include "cli/replay_show.h"
#include "cli/replay_stepper.h"
#include "cli/seat_names.h"

namespace broadside::cli {

int show_party_replay(const nlohmann::json& record, Console& console, bool all) {
    const Style style(console.info().colour);
    std::ostream& out = console.out();
    std::vector<std::string> names;
    std::int64_t seen = 0;
    ReplaySteps steps;
    steps.draw = [&](const Match& match, int step, int total,
                     const std::vector<nlohmann::json>&) -> bool {
        const int players = match.seat_count() - 1;
        if (names.empty()) {
            // By name only where the list stays short; thousands are counted, not listed. The
            // names are the ones the game was played with, where `play` stored them.
            const bool stored = record.contains("play") && record["play"].is_object() &&
                                record["play"].contains("seats");
            const auto played = record_seat_names(record, match.seat_count());
            names.push_back("");
            for (int p = 1; p <= players; ++p) {
                names.push_back(players > 12 ? ""
                                : stored     ? capitalised(played[static_cast<std::size_t>(p)])
                                             : "player " + std::to_string(p));
            }
        }
        // Placements are secret and say nothing on their own: one screen per torpedo.
        const auto events = match.full_events(seen);  // every person's result, for everyone
        seen = match.last_event_number();
        bool fired = false;
        for (const auto& e : events) fired = fired || e.value("type", "") != "fleet_placed";
        if (!fired && step < total) return false;
        console.begin_screen();
        out << style.paint("REPLAY", Tone::kTitle) << "  party  " << style.paint("|", Tone::kDim)
            << "  seed " << match.seed() << "  " << style.paint("|", Tone::kDim) << "  move "
            << step << " of " << total << "\n";
        for (const auto& e : events) {
            if (e.value("type", "") != "fleet_placed") narrate_party(e, -1, names, out);
        }
        out << render_party_scoreboard(match.observation(0), -1, names);
        return true;
    };
    steps.end = [&](const Match& match) {
        if (!match.is_over()) out << "\nThe game was not finished when it was saved.\n";
        const int players = match.seat_count() - 1;
        for (int p = 1; p <= std::min(players, 6); ++p) {
            const std::string whose = p < static_cast<int>(names.size()) && !names[p].empty()
                                          ? names[static_cast<std::size_t>(p)]
                                          : "Player " + std::to_string(p);
            out << "\n"
                << (whose == "You" ? std::string("Your") : whose + "'s") << " sea:\n"
                << render_party_board(match.observation(p), style.colour());
        }
        if (players > 6) out << "\n(" << players - 6 << " more seas are in the record.)\n";
    };
    return step_through(record, console, all, steps);
}

}  // namespace broadside::cli

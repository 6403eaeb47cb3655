// `replay FILE --show` for classic and Salvo (and the optional weapons): seat 0's two grids
// after every move, with what the move did in words; at the end both oceans, revealed. Seats go
// by the names the game was played with (record_seat_names), as `replay FILE` says the result.
#include <sstream>

#include "cli/classic/play_narrate.h"
#include "cli/classic/play_render.h"
#include "cli/replay_show.h"
#include "cli/replay_stepper.h"
#include "cli/seat_names.h"
#include "games/classic/options.h"

namespace broadside::cli {

namespace {

void header(std::ostream& out, const Style& style, const Match& match, const std::string& where) {
    out << style.paint("REPLAY", Tone::kTitle) << "  " << match.game() << "  "
        << style.paint("|", Tone::kDim) << "  seed " << match.seed() << "  "
        << style.paint("|", Tone::kDim) << "  " << where << "\n\n";
}

}  // namespace

int show_classic_replay(const nlohmann::json& record, Console& console, bool all) {
    const Style style(console.info().colour);
    std::ostream& out = console.out();
    const bool salvo = record["game"] == "salvo";
    const auto options = classic::parse_options(record["options"], salvo).value();
    std::int64_t seen = 0;
    const auto names = record_seat_names(record, 2);
    const auto whose = [&](int seat) { return possessive(names[static_cast<std::size_t>(seat)]); };
    // "Ann's ocean", "Your ocean", "The density bot's ocean".
    const auto grid_title = [&](int seat, const std::string& what) {
        return capitalised(whose(seat)) + " " + what;
    };
    ReplaySteps steps;
    steps.draw = [&](const Match& match, int step, int total,
                     const std::vector<nlohmann::json>&) -> bool {
        console.begin_screen();
        header(out, style, match,
               "move " + std::to_string(step) + " of " + std::to_string(total) + " (" + whose(0) +
                   " view)");
        std::vector<std::string> news;
        std::vector<std::string> last[2];
        for (const auto& e : match.events_for(0, seen)) {
            // As a spectator hears it, by name: the reader is not necessarily seat 0.
            for (const auto& line : narrate(e, -1, style, names)) news.push_back(line);
            if (e.contains("shots") && e.contains("seat"))
                last[e["seat"].get<int>()] = shot_cells(e);
        }
        seen = match.last_event_number();
        const auto obs = match.observation(0);
        Grid ocean = ocean_grid(obs);
        ocean.set_recent(last[1]);
        Grid targets = target_grid(obs);
        targets.set_recent(last[0]);
        out << join_blocks(grid_block(grid_title(0, "ocean"), ocean, style),
                           grid_block(grid_title(0, "target grid"), targets, style))
            << "\n";
        for (const auto& item : news) {
            for (const auto& line : wrap(item, 76)) out << "  " << line << "\n";
        }
        return true;
    };
    steps.end = [&](const Match& match) {
        console.begin_screen();
        header(out, style, match, match.is_over() ? "the end" : "where the record stops");
        Grid oceans[2] = {ocean_grid(match.observation(0)), ocean_grid(match.observation(1))};
        out << join_blocks(grid_block(grid_title(0, "ocean"), oceans[0], style),
                           grid_block(grid_title(1, "ocean"), oceans[1], style))
            << "\n";
        if (!match.is_over()) {
            out << "  The game was not finished when it was saved.\n";
            return;
        }
        const auto result = match.result();
        if (result["winner"].is_null()) {
            out << "  " << style.paint("A draw.", Tone::kTitle) << "\n";
        } else {
            // By the names the game was played with, its turns counted as `play` counts them.
            const int w = result["winner"].get<int>();
            const int turns = result["turns"].get<int>();
            out << "  "
                << style.paint(capitalised(names[static_cast<std::size_t>(w)]) + " won after " +
                                   std::to_string(turns) + (turns == 1 ? " turn." : " turns."),
                               Tone::kGood)
                << "\n  Shots fired: " << names[0] << " " << result["shots"][0].get<int>() << ", "
                << names[1] << " " << result["shots"][1].get<int>() << ".\n";
        }
        (void)options;
    };
    return step_through(record, console, all, steps);
}

}  // namespace broadside::cli

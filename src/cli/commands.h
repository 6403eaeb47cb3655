#pragma once
// Each command of the `broadside` program registers itself here; its run function returns the
// process exit code (see common.h).
#include <functional>

#include <CLI/CLI.hpp>

namespace broadside::cli {

using Runner = std::function<int()>;

// `play`, `sim` and `solve` take the game as a subcommand; each game family registers its own
// (with its own flags) under the parent command.
void add_play_classic(CLI::App& play, Runner& run);  // play classic, play salvo
void add_sim_classic(CLI::App& sim, Runner& run);    // sim classic, sim salvo
void add_play_crew(CLI::App& play, Runner& run);
void add_sim_crew(CLI::App& sim, Runner& run);
void add_solve_crew(CLI::App& solve, Runner& run);
void add_play_party(CLI::App& play, Runner& run);    // play party
void add_sim_party(CLI::App& sim, Runner& run);      // sim party
void add_solve_party(CLI::App& solve, Runner& run);  // solve party
void add_play_royale(CLI::App& play, Runner& run);   // play royale
void add_sim_royale(CLI::App& sim, Runner& run);     // sim royale

void add_bench_command(CLI::App& app, Runner& run);
void add_replay_command(CLI::App& app, Runner& run);
void add_engine_command(CLI::App& app, Runner& run);
void add_referee_command(CLI::App& app, Runner& run);
void add_sheet_command(CLI::App& app, Runner& run);  // sheet party, sheet classic
void add_serve_command(CLI::App& app, Runner& run);
void add_loadtest_command(CLI::App& app, Runner& run);
void add_join_command(CLI::App& app, Runner& run);

}  // namespace broadside::cli

#pragma once
// Each command of the `broadside` program registers itself here; its run function returns the
// process exit code (see common.h).
#include <functional>

#include <CLI/CLI.hpp>

namespace broadside::cli {

using Runner = std::function<int()>;

void add_play_command(CLI::App& app, Runner& run);
void add_sim_command(CLI::App& app, Runner& run);
void add_bench_command(CLI::App& app, Runner& run);
void add_replay_command(CLI::App& app, Runner& run);
void add_engine_command(CLI::App& app, Runner& run);
void add_referee_command(CLI::App& app, Runner& run);

}  // namespace broadside::cli

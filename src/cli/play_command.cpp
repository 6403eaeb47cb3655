// `broadside play`: placeholder until the terminal game lands (see play_session.cpp).
#include "cli/commands.h"
#include "cli/common.h"

namespace broadside::cli {

void add_play_command(CLI::App& app, Runner& run) {
    auto* cmd = app.add_subcommand("play", "Play in the terminal against a bot");
    cmd->callback([&run] { run = [] { return kExitFailure; }; });
}

}  // namespace broadside::cli

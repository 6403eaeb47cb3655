// `broadside engine`: the JSON-lines protocol over stdin/stdout (docs/protocol.md).
#include <unistd.h>

#include <iostream>
#include <random>

#include "cli/commands.h"
#include "cli/common.h"
#include "protocol/engine.h"
#include "seats/line_reader.h"

namespace broadside::cli {

namespace {

int run_engine() {
    std::random_device entropy;
    protocol::Engine engine(
        [&entropy] { return (static_cast<std::uint64_t>(entropy()) << 32U) | entropy(); });
    seats::LineReader reader(STDIN_FILENO, protocol::kMaxLineBytes);
    while (auto line = reader.next()) {
        if (line->text.find_first_not_of(" \t") == std::string::npos && !line->too_long) continue;
        const std::string response =
            line->too_long
                ? protocol::error_response("line_too_long",
                                           "A request line may be at most " +
                                               std::to_string(protocol::kMaxLineBytes) + " bytes.")
                      .dump()
                : engine.handle_line(line->text);
        std::cout << response << "\n" << std::flush;
        if (engine.quit_requested()) break;
    }
    return kExitOk;
}

}  // namespace

void add_engine_command(CLI::App& app, Runner& run) {
    auto* cmd = app.add_subcommand(
        "engine", "Speak the JSON-lines protocol on stdin/stdout (see docs/protocol.md)");
    cmd->callback([&run] { run = [] { return run_engine(); }; });
}

}  // namespace broadside::cli

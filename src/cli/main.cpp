// The `broadside` program: one executable, one subcommand per way of using the engine.
#include <functional>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"

#if defined(__SANITIZE_ADDRESS__)
// The ASan build's leak check, told about one leak that is not ours: when a PostgreSQL connection
// breaks (a restarted database), libpqxx 6.4 drops libpq's error result without PQclear. The
// server opens a new connection and goes on; ServerCluster.Restarting... would otherwise fail
// on this at exit.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libpq.so\n";
}
#endif

namespace {

// Whether the parser kept a word no command takes: a flag anywhere, or a stray word in a
// command without subcommands (`referee extra`). A word that is not a flag where a subcommand
// is expected (`play chess`, `sim chess --bots ...`) is said by the parser's own message (an
// unknown game, with the list of games); the flags after it may be the game's own.
bool has_unknown_argument(const CLI::App& app) {
    const auto is_flag = [](const std::string& word) { return word.size() > 1 && word[0] == '-'; };
    const auto words = app.remaining(false);
    const bool takes_subcommands = !app.get_subcommands({}).empty();
    if (!words.empty() && !is_flag(words.front())) return !takes_subcommands;
    for (const auto& word : words) {
        if (is_flag(word)) return true;
    }
    for (const CLI::App* sub : app.get_subcommands()) {
        if (has_unknown_argument(*sub)) return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace broadside::cli;
    CLI::App app{"Broadside: the Battleship family of games, with bots, simulation and a protocol",
                 "broadside"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "broadside 0.1.0");
    Runner run;
    auto* play = app.add_subcommand(
        "play", "Play in the terminal: against bots, or with friends passing the keyboard");
    play->footer(play_help_footer());
    require_named_subcommand(*play);
    add_play_classic(*play, run);
    add_play_crew(*play, run);
    add_play_party(*play, run);
    add_play_royale(*play, run);

    auto* sim = app.add_subcommand("sim", "Play bots against each other and report the odds");
    require_named_subcommand(*sim);
    add_sim_classic(*sim, run);
    add_sim_crew(*sim, run);
    add_sim_party(*sim, run);
    add_sim_royale(*sim, run);

    auto* solve =
        app.add_subcommand("solve", "Exact solvers: the odds of a game, computed, not sampled");
    require_named_subcommand(*solve);
    add_solve_crew(*solve, run);
    add_solve_party(*solve, run);

    add_bench_command(app, run);
    add_replay_command(app, run);
    add_engine_command(app, run);
    add_referee_command(app, run);
    add_sheet_command(app, run);
    add_serve_command(app, run);
    add_loadtest_command(app, run);
    add_join_command(app, run);
    // An unknown command, or none, is named in the message with the commands there are (CLI11
    // would only say that a subcommand is required).
    const bool asks_for_help_or_version = argc >= 2 && argv[1][0] == '-';
    if (!asks_for_help_or_version) {
        std::string commands;
        bool known = false;
        for (const auto* sub : app.get_subcommands({})) {
            commands += (commands.empty() ? "" : ", ") + sub->get_name();
            known = known || (argc >= 2 && sub->get_name() == argv[1]);
        }
        if (argc < 2) {
            std::cerr << "error: name a command; the commands are " << commands
                      << ".\nRun with --help for more information.\n";
            return kExitUsage;
        }
        if (!known) {
            std::cerr << "error: unknown command \"" << argv[1] << "\"; the commands are "
                      << commands << ".\nRun with --help for more information.\n";
            return kExitUsage;
        }
    }
    // Every command keeps the words it does not know for reject_unknown_arguments, so that each
    // refuses them alike (its name, the words, its options), not with the parser's own message.
    std::function<void(CLI::App&)> keep_extras = [&](CLI::App& a) {
        for (CLI::App* sub : a.get_subcommands({})) {
            sub->allow_extras();
            keep_extras(*sub);
        }
    };
    keep_extras(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // An unknown flag or stray word is named in the documented words even when something
        // is also missing (`replay --foo` without its file): the parser's message would hide it.
        if (has_unknown_argument(app)) {
            try {
                reject_unknown_arguments(app);
            } catch (const UsageError& unknown) {
                std::cerr << "error: " << unknown.what() << "\n";
                return kExitUsage;
            }
        }
        app.exit(e);
        return kExitUsage;
    }
    try {
        reject_unknown_arguments(app);
        return run ? run() : kExitUsage;
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitFailure;
    }
}

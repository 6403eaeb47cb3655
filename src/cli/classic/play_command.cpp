// `broadside play classic` and `play salvo`: a game in the terminal against a built-in bot. This
// file reads the flags and sets the match up; play_session.cpp runs the game.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>

#include <unistd.h>

#include "ai/classic/bots.h"
#include "cli/classic/play_session.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "match/match.h"
#include "seats/bot_registry.h"

namespace broadside::cli {

namespace {

struct PlayArgs {
    std::string game;
    std::string resume;  // FILE: go on with the unfinished game saved there
    std::string bot;     // empty: the level's bot
    std::uint64_t seed = 0;
    bool has_seed = false;
    std::string save;
    std::string first;
    std::string strength;  // "", "full" or "fast": how hard `best` thinks
    ClassicFlags flags;
    PeopleFlags people;
};

// Short enough to read aloud and type back in.
std::uint64_t fresh_seed() {
    std::random_device device;
    return ((std::uint64_t{device()} << 32) | device()) % 1'000'000'000ULL;
}

// `--resume FILE`: the saved match, rebuilt, with the same people and bot.
int resume_play(const PlayArgs& args) {
    const json record = load_unfinished_record(args.resume, {args.game});
    const json seats = record.value("play", json::object());
    PlaySettings settings;
    settings.names = seats.value("names", std::vector<std::string>{"You"});
    settings.bot_name = seats.value("bot", std::string());
    // A record saved by something else than `play` (sim, referee) has no people: one person,
    // seat 0, against the normal level's bot.
    if (settings.names.empty() || settings.names.size() > 2) settings.names = {"You"};
    if (settings.names.size() == 1 && settings.bot_name.empty()) {
        settings.bot_name = level_bot(args.game, args.people);
    }
    std::unique_ptr<classic::Bot> bot;
    if (settings.names.size() == 1) {
        auto made = classic::make_bot(settings.bot_name);
        if (!made) throw UsageError("--resume: " + made.error().message);
        bot = std::move(*made);
    }
    // Later games of the session are new games after the saved one's seed, as in any session.
    settings.save_path = args.save.empty() ? args.resume : args.save;
    settings.resume_actions = record["actions"];
    const json options = record["options"];
    const auto new_match = [&](std::uint64_t game_seed) {
        return Match::create(args.game, options, game_seed).value();
    };
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    return run_play_session(new_match, record["seed"].get<std::uint64_t>(), bot.get(), settings,
                            console);
}

// The bot by --bot, else by --level; --strength is about `best` only, so alone it chooses
// `best`, but with a --level that level's bot is the one it must fit (docs/play.md).
std::string chosen_bot(const PlayArgs& args) {
    if (!args.bot.empty()) return args.bot;
    if (!args.strength.empty() && args.people.level.empty()) return "best";
    return level_bot(args.game, args.people);
}

int run_play(const PlayArgs& args) {
    if (!args.resume.empty()) return resume_play(args);
    json options = classic_options_json(args.flags);
    const auto names = people_names(args.people);
    const bool two = names.size() == 2;
    if (two && (!args.bot.empty() || !args.strength.empty() || !args.people.level.empty())) {
        throw UsageError(
            "With --humans 2 there is no bot: leave out --bot, --level and "
            "--strength.");
    }
    if (!args.bot.empty() && !args.people.level.empty()) {
        throw UsageError(
            "Choose the opponent with either --bot (a bot by name) or --level "
            "(easy, normal or hard), not both.");
    }
    if (args.first == "me") options["first"] = 0;
    if (args.first == "bot") {
        if (two)
            throw UsageError(
                "--first bot: with --humans 2 there is no bot; use --first "
                "me (the first person) or random.");
        options["first"] = 1;
    }
    if (args.first == "random") options["first"] = "random";
    std::string bot_name = chosen_bot(args);
    if (!args.strength.empty()) {
        // Strength is how many fleets `best` weighs a shot: full (3,000) or fast (300, every shot
        // well inside 50 ms). Other bots have one strength.
        if (bot_name != "best" && bot_name != "best-fast") {
            // Named as it was chosen: a level is not a bot's name.
            const std::string chosen =
                args.bot.empty() ? "--level " + args.people.level + " plays " + bot_name + ", which"
                                 : bot_name;
            throw UsageError("--strength applies to the best bot only; " + chosen +
                             " has one strength.");
        }
        bot_name = args.strength == "fast" ? "best-fast" : "best";
    }
    auto bot = classic::make_bot(bot_name);
    if (!bot) throw UsageError(bot.error().message);
    if (two) bot_name.clear();
    const std::uint64_t seed = args.has_seed ? args.seed : fresh_seed();
    // Checked once here; every game of the session has the same options.
    if (auto match = Match::create(args.game, options, seed); !match) {
        throw UsageError(match.error().message);
    }
    if (!args.save.empty()) check_save_path(args.save);
    PlaySettings settings;
    settings.names = two ? names : std::vector<std::string>{"You"};
    settings.bot_name = bot_name;
    settings.save_path = args.save;
    const auto new_match = [&](std::uint64_t game_seed) {
        return Match::create(args.game, options, game_seed).value();
    };
    Console console(std::cin, std::cout, detect_terminal(args.people.no_colour));
    return run_play_session(new_match, seed, two ? nullptr : bot->get(), settings, console);
}

void add_play_classic_game(CLI::App& play, Runner& run, const std::string& game) {
    auto args = std::make_shared<PlayArgs>();
    args->game = game;
    auto* cmd = play.add_subcommand(game, game == "salvo"
                                              ? "Salvo: every ship afloat fires one shot per turn"
                                              : "Classic Battleship against a bot or a friend");
    cmd->footer(
        "Place ships with 'A1 right' or 'C3 down' (or 'auto'), then fire with 'B7' or 'fire B7' "
        "(Salvo: 'B7 C3 D4 ...'). Type 'help' during the game for every command. With "
        "--humans 2, two people play each other at this terminal, passing it between turns.\n\n" +
        seats::bots_help(game));
    cmd->add_option("--bot", args->bot,
                    "The opponent by name (see below); default: the --level's bot");
    add_people_flags(*cmd, args->people, 1, 2);
    cmd->add_option("--strength", args->strength,
                    "How hard the best bot thinks: full (3,000 fleets a shot) or fast (300; "
                    "every shot well within 50 ms)")
        ->check(CLI::IsMember({"full", "fast"}));
    auto* seed = cmd->add_option("--seed", args->seed,
                                 "Seed; the same seed and the same moves give the same game "
                                 "(default: a fresh one, printed)");
    cmd->add_option("--save", args->save,
                    "Write the match record to FILE at the end (or on quit); check it with "
                    "'broadside replay FILE'");
    cmd->add_option("--first", args->first,
                    "Who fires first: me (the first person), bot or random (default: the "
                    "options' \"first\", random)")
        ->check(CLI::IsMember({"me", "bot", "random"}));
    add_classic_flags(*cmd, args->flags);
    cmd->add_option("--resume", args->resume,
                    "Go on with the unfinished game saved in FILE (by --save, on quit or "
                    "Ctrl-C): the same seed, people and bot; it is saved there again");
    cmd->callback([args, seed, cmd, &run] {
        args->has_seed = seed->count() > 0;
        run = [args, cmd] {
            if (!args->resume.empty()) {
                refuse_with_resume(*cmd, {"--seed", "--bot", "--strength", "--first", "--humans",
                                          "--names", "--level", "--options", "--no-touch",
                                          "--announce", "--weapons", "--dice", "--torpedo-bonus"});
            }
            return run_play(*args);
        };
    });
}

}  // namespace

void add_play_classic(CLI::App& play, Runner& run) {
    add_play_classic_game(play, run, "classic");
    add_play_classic_game(play, run, "salvo");
}

}  // namespace broadside::cli

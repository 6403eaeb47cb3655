// Every command of the real program refuses what it does not understand: an unknown flag or a
// stray word is a usage error (exit 2) that names it and the options there are, never silently
// ignored. The walk finds the commands from the program's own --help, so a command added later
// is covered without editing this file.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;

// The subcommands listed in a CLI11 help text ("SUBCOMMANDS:" then one indented name per line).
std::vector<std::string> subcommands_in_help(const std::string& help) {
    std::vector<std::string> names;
    std::istringstream lines(help);
    bool in_list = false;
    for (std::string line; std::getline(lines, line);) {
        std::string upper = line;
        for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (upper.rfind("SUBCOMMANDS:", 0) == 0) {
            in_list = true;
            continue;
        }
        if (!in_list) continue;
        if (line.rfind("  ", 0) != 0) {
            if (!line.empty()) in_list = false;
            continue;
        }
        std::istringstream words(line);
        std::string name;
        words >> name;
        if (!name.empty()) names.push_back(name);
    }
    return names;
}

// Every command path (e.g. {"sim", "classic"}) that takes no further subcommand.
std::vector<std::vector<std::string>> leaf_commands(std::vector<std::string> path = {}) {
    auto args = path;
    args.push_back("--help");
    const auto help = run_broadside(args);
    EXPECT_EQ(help.exit_code, 0) << help.err;
    const auto subs = subcommands_in_help(help.out);
    if (subs.empty()) return {path};
    std::vector<std::vector<std::string>> leaves;
    for (const auto& s : subs) {
        auto deeper = path;
        deeper.push_back(s);
        for (auto& leaf : leaf_commands(deeper)) leaves.push_back(std::move(leaf));
    }
    return leaves;
}

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    return text;
}

// Runs `broadside PATH WORDS`, which must be refused with docs/play.md's sentence and nothing
// else: exit 2, no output, "'broadside PATH' does not take ...", then either "Its options are"
// and a flag or "It takes no options" (never an empty list). Returns the error text.
std::string expect_the_unknown_flag_sentence(const std::vector<std::string>& path,
                                             const std::vector<std::string>& words) {
    auto args = path;
    args.insert(args.end(), words.begin(), words.end());
    const auto r = run_broadside(args, "");
    EXPECT_EQ(r.exit_code, 2) << joined(args) << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "") << joined(args);
    const std::string said = "error: 'broadside " + joined(path) + "' does not take ";
    EXPECT_EQ(r.err.rfind(said, 0), 0U) << joined(args) << ": " << r.err;
    EXPECT_TRUE(r.err.find(". Its options are --") != std::string::npos ||
                r.err.find(". It takes no options (see '") != std::string::npos)
        << joined(args) << ": " << r.err;
    EXPECT_EQ(r.err.find("are  "), std::string::npos) << joined(args) << ": " << r.err;
    // One sentence: not the parser's message after it.
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << joined(args) << ": " << r.err;
    return r.err;
}

// One test, because each run of the sanitizer build costs a few hundred milliseconds: the walk
// itself is checked (it finds every game of play, sim and solve), then every command it found.
TEST(CliUsage, EveryCommandRejectsAnUnknownFlagNamingItAndItsOptions) {
    const auto leaves = leaf_commands();
    std::vector<std::string> names;
    for (const auto& l : leaves) names.push_back(joined(l));
    for (const char* expected :
         {"play classic", "play salvo", "play royale", "play crew", "play party", "sim classic",
          "sim salvo", "sim royale", "sim crew", "sim party", "solve crew", "solve party", "replay",
          "engine", "referee", "bench shooter", "bench paired", "sheet party", "sheet classic"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
    }
    for (const auto& path : leaves) {
        auto args = path;
        // A command with something required gets it here (without it, below).
        if (path == std::vector<std::string>{"replay"}) args.push_back("no-such-file.json");
        if (path == std::vector<std::string>{"bench", "paired"}) {
            args.insert(args.end(), {"a.csv", "b.csv"});
        }
        if (path == std::vector<std::string>{"referee"}) {
            args.insert(args.end(), {"--seat", "builtin:random", "--seat", "builtin:random"});
        }
        args.push_back("--no-such-flag");
        args.push_back("3");
        const auto r = run_broadside(args, "");
        EXPECT_EQ(r.exit_code, 2) << joined(path) << "\n" << r.out << r.err;
        EXPECT_NE(r.err.find("--no-such-flag"), std::string::npos) << joined(path) << ": " << r.err;
        EXPECT_NE(r.err.find("--help"), std::string::npos) << joined(path) << ": " << r.err;
        // Every command in the same words (docs/play.md), not the parser's own message for some.
        // (`join` takes the 3 as its room code.)
        EXPECT_NE(r.err.find("'broadside " + joined(path) + "' does not take --no-such-flag"),
                  std::string::npos)
            << joined(path) << ": " << r.err;
        EXPECT_TRUE(r.err.find(". Its options are --") != std::string::npos ||
                    r.err.find(". It takes no options (see '") != std::string::npos)
            << joined(path) << ": " << r.err;
        // Nothing ran: no game screen, no simulation report.
        EXPECT_EQ(r.out, "") << joined(path);
        expect_the_unknown_flag_sentence(path, {"--no-such-flag"});
    }
    // The commands above the games take no options of their own, and say so in words.
    for (const std::vector<std::string>& path :
         {std::vector<std::string>{"play"}, {"sim"}, {"solve"}, {"bench"}, {"sheet"}}) {
        expect_the_unknown_flag_sentence(path, {"--no-such-flag"});
    }
}

// docs/play.md: an unknown flag gets the documented sentence even when what the command needs
// is missing too (the parser's "file is required", "--seat is required" or "A subcommand is
// required" would hide the typo), and a command without options says so in words.
TEST(CliUsage, TheUnknownFlagIsNamedBeforeWhatIsMissing) {
    const auto replay = expect_the_unknown_flag_sentence({"replay"}, {"--foo"});
    EXPECT_NE(replay.find("'broadside replay' does not take --foo. Its options are --"),
              std::string::npos)
        << replay;
    EXPECT_EQ(replay.find("required"), std::string::npos) << replay;
    const auto referee = expect_the_unknown_flag_sentence({"referee"}, {"--foo"});
    EXPECT_EQ(referee.find("required"), std::string::npos) << referee;
    const auto bench = expect_the_unknown_flag_sentence({"bench"}, {"--foo"});
    EXPECT_NE(bench.find("'broadside bench' does not take --foo. It takes no options (see "
                         "'broadside bench --help')."),
              std::string::npos)
        << bench;
    const auto engine = expect_the_unknown_flag_sentence({"engine"}, {"extra"});
    EXPECT_NE(engine.find("'broadside engine' does not take the argument extra. It takes no "
                          "options (see 'broadside engine --help')."),
              std::string::npos)
        << engine;
}

// docs/play.md: the check for unknown flags and stray words runs "before any other complaint of
// the parser": a stray word too, not only a flag (where a game is expected, `play chess` keeps
// the unknown game's own message).
TEST(CliUsage, TheStrayWordIsNamedBeforeTheParsersOtherComplaints) {
    const auto referee = run_broadside({"referee", "extra"});
    EXPECT_EQ(referee.exit_code, 2);
    EXPECT_NE(referee.err.find("'broadside referee' does not take the argument extra"),
              std::string::npos)
        << referee.err;
    EXPECT_EQ(referee.err.find("required"), std::string::npos) << referee.err;
    const auto play = run_broadside({"play", "classic", "extra", "--seed", "abc"});
    EXPECT_EQ(play.exit_code, 2);
    EXPECT_NE(play.err.find("'broadside play classic' does not take the argument extra"),
              std::string::npos)
        << play.err;
    EXPECT_EQ(play.err.find("convert"), std::string::npos) << play.err;
    const auto chess = run_broadside({"play", "chess"});
    EXPECT_EQ(chess.exit_code, 2);
    EXPECT_NE(chess.err.find("Unknown game \"chess\""), std::string::npos) << chess.err;
}

TEST(CliUsage, AStrayWordAfterTheFlagsIsAUsageError) {
    const auto r = run_broadside({"sim", "classic", "--games", "1", "extra"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("'broadside sim classic' does not take the argument extra"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--games"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(CliUsage, TheIssuesExamplesAreRefused) {
    const auto sim = run_broadside({"sim", "classic", "--foo", "3"});
    EXPECT_EQ(sim.exit_code, 2) << sim.out;
    // docs/play.md quotes the message: the command's own options, not --help, which all take.
    EXPECT_NE(sim.err.find("'broadside sim classic' does not take --foo 3. Its options are "
                           "--bots, "),
              std::string::npos)
        << sim.err;
    EXPECT_NE(sim.err.find("(see 'broadside sim classic --help')"), std::string::npos) << sim.err;
    EXPECT_EQ(sim.err.find("--help,"), std::string::npos) << sim.err;
    const auto solve = run_broadside({"solve", "crew", "--bogus"});
    EXPECT_EQ(solve.exit_code, 2);
    const auto play = run_broadside({"play", "classic", "--seed", "1", "--humanz", "2"}, "quit\n");
    EXPECT_EQ(play.exit_code, 2);
    EXPECT_NE(play.err.find("--humanz"), std::string::npos) << play.err;
}

TEST(CliUsage, AnUnknownOrMissingCommandIsNamedWithTheCommands) {
    const auto unknown = run_broadside({"frobnicate"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown command \"frobnicate\""), std::string::npos) << unknown.err;
    for (const char* command : {"play", "serve", "replay", "loadtest"}) {
        EXPECT_NE(unknown.err.find(command), std::string::npos) << command;
    }
    const auto none = run_broadside({});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("name a command; the commands are play, "), std::string::npos)
        << none.err;
    EXPECT_EQ(run_broadside({"--version"}).exit_code, 0);
}

TEST(CliUsage, AnUnknownGameNamesTheGames) {
    const auto r = run_broadside({"play", "chess"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Unknown game \"chess\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("classic"), std::string::npos) << r.err;
}

TEST(CliUsage, PlayHelpListsEveryBotWithHowItPlaysAndHowStrong) {
    const auto r = run_broadside({"play", "--help"});
    ASSERT_EQ(r.exit_code, 0);
    for (const char* bot :
         {"density", "hunt", "best", "random", "royale-eager", "cautious", "optimal", "race"}) {
        EXPECT_NE(r.out.find("  " + std::string(bot) + " "), std::string::npos) << bot;
    }
    EXPECT_NE(r.out.find("easy = hunt"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--humans"), std::string::npos);
    // Salvo's hard level is its own (docs/play.md), and the help says so.
    EXPECT_NE(r.out.find("In Salvo the levels are easy = hunt, normal = density, hard = "
                         "best-salvo."),
              std::string::npos)
        << r.out;
    const auto salvo = run_broadside({"play", "salvo", "--help"});
    EXPECT_NE(salvo.out.find("hard = best-salvo"), std::string::npos) << salvo.out;
    const auto classic = run_broadside({"play", "classic", "--help"});
    EXPECT_NE(classic.out.find("hard = best."), std::string::npos) << classic.out;
}

}  // namespace
}  // namespace broadside

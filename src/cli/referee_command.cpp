// `broadside referee`: matches between bots that are child processes or built-ins.
#include <signal.h>
#include <sys/stat.h>

#include <fstream>
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/progress.h"
#include "core/rng.h"
#include "core/stats.h"
#include "match/match.h"
#include "match/registry.h"
#include "protocol/referee.h"
#include "seats/builtin_agent.h"
#include "seats/process_agent.h"

namespace broadside::cli {

namespace {

struct RefereeArgs {
    std::string game = "classic";
    std::vector<std::string> seats;
    long games = 10;
    std::uint64_t seed = 1;
    int move_ms = 1000;
    std::string on_fault = "lose";
    bool json = false;
    std::string save_dir;
    std::string options_json;
    bool bot_stderr = false;
};

std::unique_ptr<protocol::Agent> make_agent(const RefereeArgs& args, const std::string& spec,
                                            std::size_t seat) {
    const std::string prefix = "builtin:";
    if (spec.rfind(prefix, 0) == 0) {
        auto agent = seats::make_builtin_agent(args.game, spec.substr(prefix.size()));
        if (!agent) throw UsageError(agent.error().message);
        return std::move(agent.value());
    }
    std::string err;
    if (args.bot_stderr) {
        err = "/dev/stderr";
    } else if (!args.save_dir.empty()) {
        err = args.save_dir + "/seat" + std::to_string(seat) + ".stderr";
    }
    return std::make_unique<seats::ProcessAgent>(spec, err);
}

// The number of players that gives the game `seats` seats with these options, if one does: not
// always the seat count (the party game's host holds a seat of its own).
std::optional<int> players_for_seats(const RefereeArgs& args, nlohmann::json options, int seats) {
    for (int players = 1; players <= seats; ++players) {
        options["players"] = players;
        auto match = Match::create(args.game, options, args.seed);
        if (match && match->seat_count() == seats) return players;
    }
    return std::nullopt;
}

// One --seat per seat of the game as its options set it up; for the games whose player count
// is an option, the error says how to change it, since the seats alone do not.
void check_seat_count(const RefereeArgs& args, const nlohmann::json& options) {
    auto match = Match::create(args.game, options, args.seed);
    if (!match) throw UsageError(match.error().message);
    const int needed = match->seat_count();
    const int given = static_cast<int>(args.seats.size());
    if (given == needed) return;
    std::string message = args.game + " with these options has " + std::to_string(needed) +
                          " seats, but " + std::to_string(given) + " --seat " +
                          (given == 1 ? "was" : "were") + " given.";
    // One seat is never a game, so a single --seat is not offered {"players":1}.
    const auto players = options.contains("players") && given >= 2
                             ? players_for_seats(args, options, given)
                             : std::nullopt;
    if (players) {
        message += " Give " + std::to_string(needed) +
                   " --seat, or set the number of players to match the seats with --options "
                   "'{\"players\":" +
                   std::to_string(*players) + "}'.";
    } else {
        message += " Give exactly " + std::to_string(needed) + " --seat.";
    }
    throw UsageError(message);
}

int run_referee(const RefereeArgs& args) {
    signal(SIGPIPE, SIG_IGN);  // a bot that exits must not take the referee with it
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    auto def = find_game(args.game);
    if (!def) throw UsageError(def.error().message);
    nlohmann::json options = nlohmann::json::object();
    if (!args.options_json.empty()) {
        options = nlohmann::json::parse(args.options_json, nullptr, false);
        if (options.is_discarded() || !options.is_object()) {
            throw UsageError("--options must be a JSON object.");
        }
    }
    auto normalized = (*def)->normalize_options(options);
    if (!normalized) throw UsageError(normalized.error().message);
    check_seat_count(args, *normalized);
    if (!args.save_dir.empty()) mkdir(args.save_dir.c_str(), 0755);

    std::vector<std::unique_ptr<protocol::Agent>> agents, fallbacks;
    for (std::size_t s = 0; s < args.seats.size(); ++s) {
        agents.push_back(make_agent(args, args.seats[s], s));
        auto fb = seats::make_builtin_agent(args.game, seats::fallback_bot_name(args.game));
        if (!fb) throw UsageError(fb.error().message);
        fallbacks.push_back(std::move(fb.value()));
    }
    std::vector<protocol::Agent*> seat_agents, seat_fallbacks;
    for (auto& a : agents) seat_agents.push_back(a.get());
    for (auto& f : fallbacks) seat_fallbacks.push_back(f.get());

    protocol::RefereeConfig config;
    config.game = args.game;
    config.options = options;
    config.move_ms = args.move_ms;
    config.policy = args.on_fault == "lose" ? protocol::FaultPolicy::kForfeit
                                            : protocol::FaultPolicy::kDefaultAction;

    const std::size_t seats = args.seats.size();
    std::vector<long> wins(seats, 0);
    long shared = 0;  // won by several seats at once
    long draws = 0;   // won by nobody: a draw, or a party whose players were all removed
    nlohmann::json faults = nlohmann::json::array();
    std::atomic<long> done{0};
    Progress progress(done, args.games);
    for (long g = 0; g < args.games; ++g, ++done) {
        const std::string id = "g" + std::to_string(g + 1);
        auto outcome =
            protocol::referee_match(config, derive_seed(args.seed, static_cast<std::uint64_t>(g)),
                                    seat_agents, seat_fallbacks, id);
        if (outcome.winners.size() == 1) {
            ++wins[static_cast<std::size_t>(outcome.winners[0])];
        } else if (outcome.winners.empty()) {
            ++draws;
        } else {
            ++shared;
        }
        for (const auto& f : outcome.faults) {
            faults.push_back({{"game", g + 1},
                              {"seat", f.seat},
                              {"kind", f.fault.kind},
                              {"detail", f.fault.detail},
                              {"forfeit", outcome.forfeited}});
            if (!args.json) {
                progress.note(
                    "game " + std::to_string(g + 1) + ": seat " + std::to_string(f.seat) + " (" +
                    args.seats[static_cast<std::size_t>(f.seat)] + ") " + f.fault.kind + ": " +
                    f.fault.detail +
                    (outcome.forfeited ? " -- forfeits the game" : " -- default action played"));
            }
        }
        if (!args.save_dir.empty()) {
            std::ofstream(args.save_dir + "/" + id + ".json") << outcome.record.dump(2) << "\n";
        }
    }

    if (args.json) {
        nlohmann::json seat_list = nlohmann::json::array();
        for (std::size_t s = 0; s < seats; ++s) {
            const auto ci = wilson_interval(wins[s], args.games);
            seat_list.push_back(
                {{"agent", args.seats[s]},
                 {"wins", wins[s]},
                 {"win_rate", static_cast<double>(wins[s]) / static_cast<double>(args.games)},
                 {"win_rate_ci", {ci.low, ci.high}}});
        }
        nlohmann::json j{{"game", args.game},  {"games", args.games}, {"seed", args.seed},
                         {"wins", wins},       {"shared", shared},    {"draws", draws},
                         {"seats", seat_list}, {"faults", faults}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::cout << args.game << ": " << args.games << " games, seed " << args.seed << "\n";
    for (std::size_t s = 0; s < seats; ++s) {
        const auto ci = wilson_interval(wins[s], args.games);
        char line[256];
        std::snprintf(line, sizeof line,
                      "  seat %zu  wins %ld  %.1f%%  (95%% CI %.1f%% to %.1f%%)  ", s, wins[s],
                      100.0 * static_cast<double>(wins[s]) / static_cast<double>(args.games),
                      100 * ci.low, 100 * ci.high);
        std::cout << line << args.seats[s] << "\n";
    }
    std::cout << "  shared wins: " << shared << "  draws: " << draws << "\n";
    std::cout << "  faults: " << faults.size() << "\n";
    return kExitOk;
}

}  // namespace

void add_referee_command(CLI::App& app, Runner& run) {
    auto args = std::make_shared<RefereeArgs>();
    auto* cmd = app.add_subcommand(
        "referee", "Run matches between bots: child processes (any language) or builtin:NAME");
    cmd->add_option("--game", args->game, "The game")->capture_default_str();
    cmd->add_option("--seat", args->seats,
                    "One per seat, in seat order: a shell command that runs a bot, or builtin:NAME")
        ->required()
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--games", args->games, "Number of games")->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed of the series")->capture_default_str();
    cmd->add_option("--move-ms", args->move_ms, "Time per move in milliseconds")
        ->check(CLI::Range(1, 3'600'000))
        ->capture_default_str();
    cmd->add_option("--on-fault", args->on_fault,
                    "What a timeout, crash, garbage or illegal move costs: lose (the game) or "
                    "default (the built-in random bot plays that move; cautious in the dice game)")
        ->check(CLI::IsMember({"lose", "default"}))
        ->capture_default_str();
    cmd->add_option("--options", args->options_json, "Game options as JSON");
    cmd->add_option("--save", args->save_dir, "Keep every record (and bots' stderr) in DIR");
    cmd->add_flag("--bot-stderr", args->bot_stderr, "Pass the bots' stderr through");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->callback([args, &run] { run = [args] { return run_referee(*args); }; });
}

}  // namespace broadside::cli

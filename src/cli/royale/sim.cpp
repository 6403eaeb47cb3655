// `broadside sim royale`: Battleship Royale bots against each other, with win rates per seat
// and per bot, and 95% confidence intervals.
#include <iostream>
#include <map>
#include <memory>

#include "ai/royale/self_play.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/royale/common.h"
#include "cli/sim_support.h"
#include "core/stats.h"

namespace broadside::cli {

namespace {

double ratio(long a, long b) {
    return static_cast<double>(a) / static_cast<double>(b);
}

struct RoyaleSimArgs {
    RoyaleFlags flags;
    std::string bots = "royale,random";
    long games = 1000;
    std::uint64_t seed = 1;
    int threads = 1;
    bool json = false;
    bool players_given = false;
};

int run_royale_sim(RoyaleSimArgs args) {
    auto names = split_names(args.bots);
    if (names.empty()) throw UsageError("--bots names at least one bot.");
    // One name: that bot in every seat. Several: one per seat, the last repeated to fill.
    if (names.size() > 1 && !args.players_given) {
        args.flags.players = static_cast<int>(std::min<std::size_t>(names.size(), 6));
    }
    const int players = args.flags.players;
    if (static_cast<int>(names.size()) > players) {
        throw UsageError("--bots names " + std::to_string(names.size()) + " bots for " +
                         std::to_string(players) + " players.");
    }
    while (static_cast<int>(names.size()) < players) names.push_back(names.back());
    for (const auto& n : names) {
        if (auto b = royale::make_bot(n); !b) throw UsageError(b.error().message);
    }
    auto options = royale_options(args.flags);
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    std::vector<royale::GameSummary> results(static_cast<std::size_t>(args.games));
    run_games(args.games, args.threads, [&](int) {
        auto bots = make_seat_bots<royale::Bot>(names, royale::make_bot);  // each thread's own
        return [&, bots](long i) {
            results[static_cast<std::size_t>(i)] = royale::play_game(
                options, bots.seats, derive_seed(args.seed, static_cast<std::uint64_t>(i)));
        };
    });

    const long n = args.games;
    std::vector<long> wins(players, 0), shared(players, 0), first_wins(1, 0);
    std::vector<double> turns;
    long first_won = 0;
    for (const auto& r : results) {
        for (int w : r.winners) {
            ++wins[w];
            if (r.winners.size() > 1) ++shared[w];
            if (w == r.first) ++first_won;
        }
        turns.push_back(r.turns);
    }
    // Per bot, pooled over its seats: the fair share is 1/players.
    std::map<std::string, std::pair<long, long>> by_bot;  // wins, seat-games
    for (int s = 0; s < players; ++s) {
        by_bot[names[s]].first += wins[s];
        by_bot[names[s]].second += n;
    }
    const auto t = summarize(turns);
    const double fair = 1.0 / players;
    if (args.json) {
        nlohmann::json seats = nlohmann::json::array();
        for (int s = 0; s < players; ++s) {
            const auto ci = wilson_interval(wins[s], n);
            seats.push_back({{"seat", s},
                             {"bot", names[s]},
                             {"wins", wins[s]},
                             {"shared_wins", shared[s]},
                             {"win_rate", static_cast<double>(wins[s]) / static_cast<double>(n)},
                             {"win_rate_ci", {ci.low, ci.high}}});
        }
        nlohmann::json bots = nlohmann::json::object();
        for (const auto& [name, wt] : by_bot) {
            const auto ci = wilson_interval(wt.first, wt.second);
            bots[name] = {{"wins", wt.first},
                          {"seat_games", wt.second},
                          {"win_rate", ratio(wt.first, wt.second)},
                          {"win_rate_ci", {ci.low, ci.high}}};
        }
        const auto fm = wilson_interval(first_won, n);
        std::cout << nlohmann::json{{"game", "royale"},
                                    {"options", royale::to_json(*options)},
                                    {"bots", names},
                                    {"games", n},
                                    {"seed", args.seed},
                                    {"fair_share", fair},
                                    {"seats", seats},
                                    {"by_bot", bots},
                                    {"first_mover_win_rate",
                                     static_cast<double>(first_won) / static_cast<double>(n)},
                                    {"first_mover_win_rate_ci", {fm.low, fm.high}},
                                    {"mean_turns", t.mean}}
                         .dump(2)
                  << "\n";
        return kExitOk;
    }
    std::cout << "royale (" << args.flags.mode << "), " << players << " players, " << n
              << " games, seed " << args.seed << "; a fair share of wins is " << percent(fair)
              << "\n\n";
    for (int s = 0; s < players; ++s) {
        const auto ci = wilson_interval(wins[s], n);
        std::cout << "  seat " << s << "  " << names[s]
                  << std::string(10 - std::min<std::size_t>(9, names[s].size()), ' ') << "wins "
                  << wins[s] << "  " << percent(ratio(wins[s], n)) << "  (95% CI "
                  << percent(ci.low) << " to " << percent(ci.high) << ")"
                  << (shared[s] ? "  of which shared " + std::to_string(shared[s]) : "") << "\n";
    }
    if (by_bot.size() > 1) {
        std::cout << "\n  per bot, pooled over its seats:\n";
        for (const auto& [name, wt] : by_bot) {
            const auto ci = wilson_interval(wt.first, wt.second);
            std::cout << "    " << name
                      << std::string(10 - std::min<std::size_t>(9, name.size()), ' ')
                      << percent(ratio(wt.first, wt.second)) << " of its seat-games  (95% CI "
                      << percent(ci.low) << " to " << percent(ci.high) << ")\n";
        }
    }
    const auto fm = wilson_interval(first_won, n);
    std::cout << "\n  the starting seat won " << percent(ratio(first_won, n)) << " (95% CI "
              << percent(fm.low) << " to " << percent(fm.high) << ")\n"
              << "  turns per game: mean " << fixed(t.mean) << ", median " << fixed(t.median, 1)
              << "\n";
    return kExitOk;
}

}  // namespace

void add_sim_royale(CLI::App& sim, Runner& run) {
    auto args = std::make_shared<RoyaleSimArgs>();
    auto* cmd = sim.add_subcommand("royale", "Battleship Royale: bots against each other");
    cmd->add_option("--bots", args->bots,
                    "Bots by seat, e.g. royale,random (the last fills the remaining seats; one "
                    "name plays every seat)")
        ->capture_default_str();
    cmd->add_option("--games", args->games, "Number of games")->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed; the same seed gives the same games")
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "Worker threads (results do not depend on it)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_royale_flags(*cmd, args->flags);
    // Here the seats follow --bots unless --players says otherwise (the default royale,random is
    // a two-player game), so the shared flag's "=4" would mislead.
    cmd->get_option("--players")
        ->description(
            "Players, 2 to 6 (default: one per name in --bots, or 4 when --bots names one bot)")
        ->default_str("");
    cmd->callback([args, cmd, &run] {
        args->players_given = cmd->count("--players") > 0;
        run = [args] { return run_royale_sim(*args); };
    });
}

}  // namespace broadside::cli

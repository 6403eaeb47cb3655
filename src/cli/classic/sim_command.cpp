// `broadside sim`: bot-against-bot games with win rates and shot statistics.
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "cli/classic/records.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/histogram.h"
#include "cli/sim_support.h"
#include "core/stats.h"

namespace broadside::cli {

namespace {

struct SimArgs {
    std::string game;
    std::string bots = "density,hunt";
    long games = 1000;
    std::uint64_t seed = 1;
    int threads = 1;
    bool json = false;
    std::string save;
    long series = 1;  // games per series (the same two bots, learning carried over)
    ClassicFlags flags;
};

int run_sim(const SimArgs& args) {
    auto options = classic_options(args.game, args.flags);
    const auto bot_list = split_names(args.bots);
    if (bot_list.size() != 2) {
        throw UsageError(
            "--bots takes two bot names separated by a comma, one per seat, e.g. "
            "density,hunt.");
    }
    for (const auto& name : bot_list) {
        if (auto b = classic::make_bot(name); !b) throw UsageError(b.error().message);
    }
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    if (args.series < 1) throw UsageError("--series must be at least 1.");
    const int threads = std::max(1, std::min<int>(args.threads, static_cast<int>(args.games)));

    // Game i always uses derive_seed(seed, i), whichever thread plays it, and a series runs
    // on one thread with bots of its own, so results do not depend on --threads.
    std::vector<classic::GameSummary> summaries(static_cast<std::size_t>(args.games));
    const bool keep = !args.save.empty();
    OutputFile save_file;
    if (keep) save_file = open_output_file(args.save, "--save");
    run_series(args.games, args.series, threads, [&](int) {
        auto a = std::shared_ptr<classic::Bot>(std::move(classic::make_bot(bot_list[0]).value()));
        auto b = std::shared_ptr<classic::Bot>(std::move(classic::make_bot(bot_list[1]).value()));
        return [&, a, b](long i, long position) {
            if (position == 0) {
                a->new_series();
                b->new_series();
            }
            summaries[static_cast<std::size_t>(i)] =
                classic::play_game(options, {a.get(), b.get()},
                                   derive_seed(args.seed, static_cast<std::uint64_t>(i)), keep);
        };
    });

    if (keep) {
        OutputFile& out = save_file;
        const auto opts_json = classic::to_json(*options);
        for (long i = 0; i < args.games; ++i) {
            out << classic_record(args.game, opts_json,
                                  derive_seed(args.seed, static_cast<std::uint64_t>(i)),
                                  summaries[static_cast<std::size_t>(i)].actions)
                       .dump()
                << "\n";
        }
        close_output_file(out, args.save);
    }

    std::array<long, 2> wins{};
    long first_mover_wins = 0;
    std::vector<double> winner_shots, winner_turns;
    std::array<std::vector<double>, 2> shots_when_winning;
    long draws = 0;
    std::vector<double> winner_weapon_turns;
    for (const auto& s : summaries) {
        if (s.winner < 0) {  // a draw: possible only with weapons (docs/rules/weapons.md)
            ++draws;
            continue;
        }
        winner_weapon_turns.push_back(s.weapon_turns[static_cast<std::size_t>(s.winner)]);
        ++wins[static_cast<std::size_t>(s.winner)];
        if (s.winner == s.first) ++first_mover_wins;
        winner_shots.push_back(s.shots[static_cast<std::size_t>(s.winner)]);
        winner_turns.push_back(
            static_cast<double>(s.winner == s.first ? (s.turns + 1) / 2 : s.turns / 2));
        shots_when_winning[static_cast<std::size_t>(s.winner)].push_back(
            s.shots[static_cast<std::size_t>(s.winner)]);
    }
    const auto shots = summarize(winner_shots);
    const auto turns = summarize(winner_turns);
    const auto hist = make_histogram(winner_shots);
    const long n = args.games;

    // By game of the series: seat 0's win rate and each seat's shots when it won.
    struct Block {
        long first, last, games, wins0;
        std::array<Distribution, 2> shots;
    };
    std::vector<Block> blocks;
    if (args.series > 1) {
        for (const auto& [first, last] : series_blocks(args.series)) {
            Block block{first, last, 0, 0, {}};
            std::array<std::vector<double>, 2> won;
            for (long i = 0; i < n; ++i) {
                const long position = i % args.series + 1;
                if (position < first || position > last) continue;
                const auto& s = summaries[static_cast<std::size_t>(i)];
                ++block.games;
                if (s.winner == 0) ++block.wins0;
                if (s.winner >= 0) {
                    won[static_cast<std::size_t>(s.winner)].push_back(
                        s.shots[static_cast<std::size_t>(s.winner)]);
                }
            }
            if (block.games == 0) continue;
            for (std::size_t seat = 0; seat < 2; ++seat) block.shots[seat] = summarize(won[seat]);
            blocks.push_back(block);
        }
    }

    if (args.json) {
        nlohmann::json seats = nlohmann::json::array();
        for (std::size_t s = 0; s < 2; ++s) {
            const auto ci = wilson_interval(wins[s], n);
            const auto ws = summarize(shots_when_winning[s]);
            seats.push_back({{"bot", bot_list[s]},
                             {"wins", wins[s]},
                             {"win_rate", static_cast<double>(wins[s]) / static_cast<double>(n)},
                             {"win_rate_ci", {ci.low, ci.high}},
                             {"mean_shots_when_winning", ws.mean}});
        }
        const auto fm = wilson_interval(first_mover_wins, n);
        nlohmann::json j{{"game", args.game},
                         {"options", classic::to_json(*options)},
                         {"bots", bot_list},
                         {"games", n},
                         {"seed", args.seed},
                         {"series", args.series},
                         {"wins", {wins[0], wins[1]}},
                         {"seats", seats},
                         {"first_mover_win_rate",
                          static_cast<double>(first_mover_wins) / static_cast<double>(n)},
                         {"first_mover_win_rate_ci", {fm.low, fm.high}},
                         {"mean_shots", shots.mean},
                         {"mean_shots_ci", {shots.mean_ci.low, shots.mean_ci.high}},
                         {"median_shots", shots.median},
                         {"p10_shots", shots.p10},
                         {"p90_shots", shots.p90},
                         {"mean_winner_turns", turns.mean},
                         {"histogram", to_json(hist)}};
        if (!blocks.empty()) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& b : blocks) {
                const auto ci = wilson_interval(b.wins0, b.games);
                list.push_back({{"first", b.first},
                                {"last", b.last},
                                {"games", b.games},
                                {"seat0_win_rate",
                                 static_cast<double>(b.wins0) / static_cast<double>(b.games)},
                                {"seat0_win_rate_ci", {ci.low, ci.high}},
                                {"mean_shots_when_winning", {b.shots[0].mean, b.shots[1].mean}}});
            }
            j["series_blocks"] = list;
        }
        if (options->weapons != 0) {
            j["draws"] = draws;
            j["mean_winner_weapon_turns"] = summarize(winner_weapon_turns).mean;
        }
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }

    std::cout << args.game << ": " << bot_list[0] << " (seat 0) vs " << bot_list[1] << " (seat 1), "
              << n << " games, seed " << args.seed;
    if (args.series > 1) std::cout << ", in series of " << args.series << " games";
    std::cout << "\n\n";
    for (std::size_t s = 0; s < 2; ++s) {
        const auto ci = wilson_interval(wins[s], n);
        std::cout << "  seat " << s << "  " << bot_list[s]
                  << std::string(12 - std::min<std::size_t>(11, bot_list[s].size()), ' ') << "wins "
                  << wins[s] << "  "
                  << percent(static_cast<double>(wins[s]) / static_cast<double>(n)) << "  (95% CI "
                  << percent(ci.low) << " to " << percent(ci.high) << ")\n";
    }
    const auto fm = wilson_interval(first_mover_wins, n);
    std::cout << "  the seat that fired first won "
              << percent(static_cast<double>(first_mover_wins) / static_cast<double>(n))
              << " (95% CI " << percent(fm.low) << " to " << percent(fm.high) << ")\n\n";
    std::cout << "shots fired by the winner: mean " << fixed(shots.mean) << " (95% CI "
              << fixed(shots.mean_ci.low) << " to " << fixed(shots.mean_ci.high) << "), median "
              << fixed(shots.median, 1) << ", 10th percentile " << fixed(shots.p10, 0)
              << ", 90th percentile " << fixed(shots.p90, 0) << "\n";
    if (options->salvo && options->weapons == 0)
        std::cout << "salvos fired by the winner: mean " << fixed(turns.mean) << "\n";
    if (options->weapons != 0) {
        std::cout << "weapon turns of the winner: mean "
                  << fixed(summarize(winner_weapon_turns).mean) << "; draws: " << draws << "\n";
    }
    if (!blocks.empty()) {
        const auto shown = [](const Distribution& d) { return d.count > 0 ? fixed(d.mean) : "-"; };
        std::cout << "\nby game of the series (shots of each seat in the games it won):\n";
        for (const auto& b : blocks) {
            const auto ci = wilson_interval(b.wins0, b.games);
            std::cout << "  games " << b.first << " to " << b.last << ": seat 0 wins "
                      << percent(static_cast<double>(b.wins0) / static_cast<double>(b.games))
                      << " (95% CI " << percent(ci.low) << " to " << percent(ci.high) << "), shots "
                      << shown(b.shots[0]) << " (seat 0) and " << shown(b.shots[1]) << " (seat 1), "
                      << b.games << " games\n";
        }
    }
    std::cout << "\n" << render_histogram(hist);
    return kExitOk;
}

void add_sim_classic_game(CLI::App& sim, Runner& run, const std::string& game) {
    auto args = std::make_shared<SimArgs>();
    args->game = game;
    auto* cmd = sim.add_subcommand(game, game == "salvo" ? "Salvo: bots against each other"
                                                         : "Classic: bots against each other");
    cmd->add_option("--bots", args->bots, "Two bots, seat 0 first: e.g. density,hunt")
        ->capture_default_str();
    cmd->add_option("--games", args->games, "Number of games")->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed; the same seed gives the same games")
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "Worker threads (results do not depend on it)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--series", args->series,
                    "Games per series: the same two bots play a series and may learn over it; "
                    "figures are also given by game of the series")
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--save", args->save, "Write every game's record to FILE (one JSON per line)");
    add_classic_flags(*cmd, args->flags);
    cmd->callback([args, &run] { run = [args] { return run_sim(*args); }; });
}

}  // namespace

void add_sim_classic(CLI::App& sim, Runner& run) {
    add_sim_classic_game(sim, run, "classic");
    add_sim_classic_game(sim, run, "salvo");
}

}  // namespace broadside::cli

// `broadside bench shooter`: one shooter against fleets that never fire back, placed uniformly
// at random or by a placer bot, one game at a time or in series the shooter learns over.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "ai/classic/bots.h"
#include "ai/classic/target_practice.h"
#include "cli/classic/plot.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/histogram.h"
#include "cli/sim_support.h"
#include "core/stats.h"

namespace broadside::cli {

namespace {

struct BenchArgs {
    std::string bot = "density";
    std::string game = "classic";
    long games = 1000;
    std::uint64_t seed = 1;
    int threads = 1;
    bool json = false;
    std::string plot;                // an SVG of the shots-to-sink distribution, if named
    std::string placer = "uniform";  // or a bot name: the target fleet is that bot's place()
    long series = 1;                 // games per series (learning carries over within one)
    std::string per_game;            // a CSV of each fleet's shots and volleys, if named
    ClassicFlags flags;
};

struct PairedArgs {
    std::string first, second;
    bool json = false;
};

int run_shooter_bench(const BenchArgs& args) {
    auto options = classic_options(args.game, args.flags);
    auto bot = classic::make_bot(args.bot);
    if (!bot) throw UsageError(bot.error().message);
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    if (args.series < 1) throw UsageError("--series must be at least 1.");
    const bool uniform = args.placer == "uniform";
    if (!uniform) {
        if (auto p = classic::make_bot(args.placer); !p) {
            throw UsageError("Unknown placer \"" + args.placer + "\": use uniform or a bot name. " +
                             p.error().message);
        }
    }

    // Game i always uses derive_seed(seed, i), whichever thread plays it, and a series always
    // runs on one thread with bots of its own, so the shots do not depend on --threads (the
    // times do: threads share the cores).
    std::vector<classic::PracticeResult> results(static_cast<std::size_t>(args.games));
    OutputFile plot_file;
    if (!args.plot.empty()) plot_file = open_output_file(args.plot, "--plot");
    OutputFile per_game_file;
    if (!args.per_game.empty()) per_game_file = open_output_file(args.per_game, "--per-game");
    run_series(args.games, args.series, args.threads, [&](int) {
        auto shooter = std::shared_ptr<classic::Bot>(classic::make_bot(args.bot).value());
        std::shared_ptr<classic::Bot> placer;
        if (!uniform)
            placer = std::shared_ptr<classic::Bot>(classic::make_bot(args.placer).value());
        return [&, shooter, placer](long i, long position) {
            if (position == 0) {
                shooter->new_series();
                if (placer) placer->new_series();
            }
            results[static_cast<std::size_t>(i)] = classic::target_practice(
                options, *shooter, derive_seed(args.seed, static_cast<std::uint64_t>(i)), true,
                placer.get());
        };
    });
    // Shots by position within the series: how learning moves them.
    struct Block {
        long first, last;
        Distribution shots;
    };
    std::vector<Block> blocks;
    if (args.series > 1) {
        for (const auto& [first, last] : series_blocks(args.series)) {
            std::vector<double> in_block;
            for (long i = 0; i < args.games; ++i) {
                const long position = i % args.series + 1;
                if (position >= first && position <= last) {
                    in_block.push_back(results[static_cast<std::size_t>(i)].shots);
                }
            }
            if (!in_block.empty()) blocks.push_back({first, last, summarize(in_block)});
        }
    }
    std::vector<double> shots, volleys, ms_per_shot;
    for (const auto& r : results) {
        shots.push_back(r.shots);
        volleys.push_back(r.volleys);
        ms_per_shot.insert(ms_per_shot.end(), r.ms_per_shot.begin(), r.ms_per_shot.end());
    }
    if (!args.per_game.empty()) {
        // Game i's fleet is the same for every shooter given the same seed and options: two
        // files of the same seed pair up line by line (`bench paired`).
        per_game_file << "game,shots,volleys\n";
        for (std::size_t i = 0; i < results.size(); ++i) {
            per_game_file << i << ',' << results[i].shots << ',' << results[i].volleys << '\n';
        }
        close_output_file(per_game_file, args.per_game);
    }
    const auto s = summarize(shots);
    const auto v = summarize(volleys);
    const auto t = summarize(ms_per_shot);
    if (!args.plot.empty()) {
        plot_file << shots_svg(shots, "shooter " + args.bot + ", " + args.game +
                                          (options->no_touch ? " (no_touch)" : "") + ", seed " +
                                          std::to_string(args.seed));
        close_output_file(plot_file, args.plot);
    }
    if (args.json) {
        nlohmann::json j{{"bot", args.bot},
                         {"game", args.game},
                         {"games", args.games},
                         {"seed", args.seed},
                         {"placer", args.placer},
                         {"series", args.series},
                         {"no_touch", options->no_touch},
                         {"mean_shots", s.mean},
                         {"mean_shots_ci", {s.mean_ci.low, s.mean_ci.high}},
                         {"median_shots", s.median},
                         {"p10_shots", s.p10},
                         {"p90_shots", s.p90},
                         {"max_shots", s.max},
                         {"min_shots", s.min},
                         {"mean_volleys", v.mean},
                         {"mean_ms_per_shot", t.mean},
                         {"p99_ms_per_shot", t.p99},
                         {"p999_ms_per_shot", t.p999},
                         {"max_ms_per_shot", t.max},
                         {"histogram", to_json(make_histogram(shots))}};
        if (!blocks.empty()) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& b : blocks) {
                list.push_back({{"first", b.first},
                                {"last", b.last},
                                {"games", b.shots.count},
                                {"mean_shots", b.shots.mean},
                                {"mean_shots_ci", {b.shots.mean_ci.low, b.shots.mean_ci.high}}});
            }
            j["series_blocks"] = list;
        }
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    const std::string against =
        uniform ? "uniformly random fleets" : "fleets placed by " + args.placer;
    std::printf("shooter %s, %s%s, %ld games against %s, seed %llu", args.bot.c_str(),
                args.game.c_str(), options->no_touch ? " (no_touch)" : "", args.games,
                against.c_str(), static_cast<unsigned long long>(args.seed));
    if (args.series > 1) std::printf(", in series of %ld games", args.series);
    std::printf("\n\n");
    std::printf(
        "shots to sink the fleet: mean %.2f (95%% CI %.2f to %.2f), median %.1f, "
        "10th percentile %.0f, 90th percentile %.0f, max %.0f\n",
        s.mean, s.mean_ci.low, s.mean_ci.high, s.median, s.p10, s.p90, s.max);
    if (options->salvo) std::printf("salvos to sink the fleet: mean %.2f\n", v.mean);
    std::printf(
        "time per shot: mean %.4f ms, 99th percentile %.4f ms, 99.9th percentile %.4f ms, max "
        "%.4f ms\n\n",
        t.mean, t.p99, t.p999, t.max);
    if (!blocks.empty()) {
        std::printf("by game of the series:\n");
        for (const auto& b : blocks) {
            std::printf(
                "  games %4ld to %4ld: mean %.2f shots (95%% CI %.2f to %.2f), %lld games\n",
                b.first, b.last, b.shots.mean, b.shots.mean_ci.low, b.shots.mean_ci.high,
                static_cast<long long>(b.shots.count));
        }
        std::printf("\n");
    }
    std::cout << render_histogram(make_histogram(shots));
    return kExitOk;
}

// One --per-game file: shots and volleys by game index.
std::vector<std::pair<double, double>> read_per_game(const std::string& path) {
    std::istringstream in(read_input_file(path, "Cannot read "));
    std::string line;
    std::getline(in, line);
    if (line != "game,shots,volleys") {
        throw UsageError(path +
                         " is not a file of `bench shooter --per-game` (its first line "
                         "should be game,shots,volleys).");
    }
    std::vector<std::pair<double, double>> rows;
    while (std::getline(in, line)) {
        long game = 0;
        double shots = 0, volleys = 0;
        if (std::sscanf(line.c_str(), "%ld,%lf,%lf", &game, &shots, &volleys) != 3 ||
            game != static_cast<long>(rows.size())) {
            throw UsageError(path + ", line " + std::to_string(rows.size() + 2) + ": \"" + line +
                             "\" is not game,shots,volleys in game order.");
        }
        rows.emplace_back(shots, volleys);
    }
    return rows;
}

// The paired difference second - first over the same fleets: its mean and 95% interval (the
// normal approximation; thousands of games), and how often each was better.
int run_paired(const PairedArgs& args) {
    const auto a = read_per_game(args.first);
    const auto b = read_per_game(args.second);
    if (a.size() != b.size() || a.empty()) {
        throw UsageError("The two files hold " + std::to_string(a.size()) + " and " +
                         std::to_string(b.size()) +
                         " games: pair runs of the same --games, --seed and options.");
    }
    auto paired = [&](bool volleys) {
        std::vector<double> d;
        for (std::size_t i = 0; i < a.size(); ++i) {
            d.push_back(volleys ? b[i].second - a[i].second : b[i].first - a[i].first);
        }
        double mean = 0;
        for (double x : d) mean += x;
        mean /= static_cast<double>(d.size());
        double var = 0;
        for (double x : d) var += (x - mean) * (x - mean);
        const double n = static_cast<double>(d.size());
        const double se = d.size() > 1 ? std::sqrt(var / (n - 1) / n) : 0.0;
        long better = 0, worse = 0;
        for (double x : d) {
            better += x < 0;
            worse += x > 0;
        }
        return nlohmann::json{{"mean_difference", mean},
                              {"standard_error", se},
                              {"ci95", {mean - 1.96 * se, mean + 1.96 * se}},
                              {"second_fewer", better},
                              {"second_more", worse},
                              {"ties", static_cast<long>(d.size()) - better - worse}};
    };
    const nlohmann::json shots = paired(false), volleys = paired(true);
    if (args.json) {
        std::cout
            << nlohmann::json{{"games", a.size()}, {"shots", shots}, {"volleys", volleys}}.dump()
            << "\n";
        return kExitOk;
    }
    auto line = [](const char* what, const nlohmann::json& j) {
        std::printf(
            "%s, second minus first: %+.3f (95%% CI %+.3f to %+.3f, standard error "
            "%.3f); second fewer in %ld games, more in %ld, tied in %ld\n",
            what, j["mean_difference"].get<double>(), j["ci95"][0].get<double>(),
            j["ci95"][1].get<double>(), j["standard_error"].get<double>(),
            j["second_fewer"].get<long>(), j["second_more"].get<long>(), j["ties"].get<long>());
    };
    std::printf("%zu games paired\n", a.size());
    line("shots", shots);
    line("volleys", volleys);
    return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, Runner& run) {
    auto* bench = app.add_subcommand("bench", "Measure bots");
    require_named_subcommand(*bench, "command");
    auto args = std::make_shared<BenchArgs>();
    auto* shooter = bench->add_subcommand(
        "shooter", "One shooter against fleets that never fire back: shots to sink, time per shot");
    shooter->add_option("--bot", args->bot, "The shooter")->capture_default_str();
    shooter->add_option("--game", args->game, "classic or salvo")
        ->check(CLI::IsMember({"classic", "salvo"}))
        ->capture_default_str();
    shooter->add_option("--games", args->games, "Number of fleets to sink")->capture_default_str();
    shooter->add_option("--seed", args->seed, "Seed")->capture_default_str();
    shooter
        ->add_option("--threads", args->threads,
                     "Worker threads (the shots do not depend on it; times per shot do)")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    shooter
        ->add_option("--placer", args->placer,
                     "Who places the target fleets: uniform, or any bot's placement by name")
        ->capture_default_str();
    shooter
        ->add_option("--series", args->series,
                     "Games per series: the shooter (and placer) learn over a series; figures "
                     "are also given by game of the series")
        ->capture_default_str();
    shooter->add_flag("--json", args->json, "Print one JSON object");
    shooter->add_option("--plot", args->plot,
                        "Write the shots-to-sink distribution to this file as an SVG chart");
    shooter->add_option("--per-game", args->per_game,
                        "Write each fleet's shots and volleys to this CSV file (game,shots,"
                        "volleys), to pair two shooters on the same fleets with bench paired");
    add_classic_flags(*shooter, args->flags);
    shooter->callback([args, &run] { run = [args] { return run_shooter_bench(*args); }; });
    auto paired_args = std::make_shared<PairedArgs>();
    auto* paired = bench->add_subcommand(
        "paired",
        "Compare two shooters on the same fleets: two --per-game files of the same seed, the "
        "mean difference with its 95% interval");
    paired->add_option("first", paired_args->first, "The first --per-game file")->required();
    paired->add_option("second", paired_args->second, "The second --per-game file")->required();
    paired->add_flag("--json", paired_args->json, "Print one JSON object");
    paired->callback(
        [paired_args, &run] { run = [paired_args] { return run_paired(*paired_args); }; });
}

}  // namespace broadside::cli

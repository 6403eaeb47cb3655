// `broadside bench shooter`: one shooter against uniformly random fleets that never fire back.
#include <fstream>
#include <iostream>

#include "ai/classic/bots.h"
#include "ai/classic/target_practice.h"
#include "cli/classic_plot.h"
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
    std::string plot;  // an SVG of the shots-to-sink distribution, if named
    ClassicFlags flags;
};

int run_shooter_bench(const BenchArgs& args) {
    auto options = classic_options(args.game, args.flags);
    auto bot = classic::make_bot(args.bot);
    if (!bot) throw UsageError(bot.error().message);
    if (args.games < 1) throw UsageError("--games must be at least 1.");

    // Game i always uses derive_seed(seed, i), whichever thread plays it, so the shots do not
    // depend on --threads (the times do: threads share the cores).
    std::vector<classic::PracticeResult> results(static_cast<std::size_t>(args.games));
    run_games(args.games, args.threads, [&](int) {
        auto shooter = std::move(classic::make_bot(args.bot).value());
        return [&, shooter = std::shared_ptr<classic::Bot>(std::move(shooter))](long i) {
            results[static_cast<std::size_t>(i)] = classic::target_practice(
                options, *shooter, derive_seed(args.seed, static_cast<std::uint64_t>(i)), true);
        };
    });
    std::vector<double> shots, volleys, ms_per_shot;
    for (const auto& r : results) {
        shots.push_back(r.shots);
        volleys.push_back(r.volleys);
        ms_per_shot.insert(ms_per_shot.end(), r.ms_per_shot.begin(), r.ms_per_shot.end());
    }
    const auto s = summarize(shots);
    const auto v = summarize(volleys);
    const auto t = summarize(ms_per_shot);
    if (!args.plot.empty()) {
        std::ofstream file(args.plot);
        if (!file) throw UsageError("Cannot write the plot to " + args.plot + ".");
        file << shots_svg(shots, "shooter " + args.bot + ", " + args.game +
                                     (options->no_touch ? " (no_touch)" : "") + ", seed " +
                                     std::to_string(args.seed));
    }
    if (args.json) {
        nlohmann::json j{{"bot", args.bot},
                         {"game", args.game},
                         {"games", args.games},
                         {"seed", args.seed},
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
                         {"max_ms_per_shot", t.max},
                         {"histogram", to_json(make_histogram(shots))}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("shooter %s, %s%s, %ld games against uniformly random fleets, seed %llu\n\n",
                args.bot.c_str(), args.game.c_str(), options->no_touch ? " (no_touch)" : "",
                args.games, static_cast<unsigned long long>(args.seed));
    std::printf(
        "shots to sink the fleet: mean %.2f (95%% CI %.2f to %.2f), median %.1f, "
        "10th percentile %.0f, 90th percentile %.0f, max %.0f\n",
        s.mean, s.mean_ci.low, s.mean_ci.high, s.median, s.p10, s.p90, s.max);
    if (options->salvo) std::printf("salvos to sink the fleet: mean %.2f\n", v.mean);
    std::printf("time per shot: mean %.4f ms, 99th percentile %.4f ms, max %.4f ms\n\n", t.mean,
                t.p99, t.max);
    std::cout << render_histogram(make_histogram(shots));
    return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, Runner& run) {
    auto* bench = app.add_subcommand("bench", "Measure bots");
    bench->require_subcommand(1);
    auto args = std::make_shared<BenchArgs>();
    auto* shooter = bench->add_subcommand(
        "shooter", "One shooter against uniformly random fleets: shots to sink, time per shot");
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
    shooter->add_flag("--json", args->json, "Print one JSON object");
    shooter->add_option("--plot", args->plot,
                        "Write the shots-to-sink distribution to this file as an SVG chart");
    add_classic_flags(*shooter, args->flags);
    shooter->callback([args, &run] { run = [args] { return run_shooter_bench(*args); }; });
}

}  // namespace broadside::cli

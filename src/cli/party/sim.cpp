// `broadside sim party`: whole party matches with bots placing uniformly at random, through the
// typed rules (no JSON), reporting how matches are decided.
#include <iostream>

#include "ai/party/bot.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/sim_support.h"
#include "core/stats.h"
#include "games/party/codec.h"
#include "games/party/rules.h"

namespace broadside::cli {

namespace {

struct SimArgs {
    int players = 2;
    long games = 10'000;
    std::uint64_t seed = 1;
    bool json = false;
};

int run_sim(const SimArgs& args) {
    using namespace party;
    if (args.players < 1 || args.players > kMaxPlayers) {
        throw UsageError("--players must be between 1 and " + std::to_string(kMaxPlayers) + ".");
    }
    if (args.games < 1) throw UsageError("--games must be at least 1.");
    const RandomPlacer placer;
    Options options;
    options.players = args.players;
    std::array<long, 5> by_finish{};  // indexed by Finish
    long shared = 0, seat1_wins = 0;
    std::vector<double> winners_per_game, most_afloat, supers_fired;
    std::array<long, kShips + 1> afloat_hist{};
    std::atomic<long> done{0};
    Progress progress(done, args.games);
    for (long g = 0; g < args.games; ++g, ++done) {
        // Match i's seed is derive_seed(seed, i), as in every sim.
        Rng rng(derive_seed(args.seed, static_cast<std::uint64_t>(g)));
        State s = new_game(options);
        for (int p = 0; p < args.players; ++p) (void)place_fleet(s, p, placer.layout(rng));
        TorpedoReport report;
        while (s.phase != Phase::kOver) (void)fire_torpedo(s, draw_torpedo(s, rng), report);
        ++by_finish[static_cast<std::size_t>(s.finish)];
        shared += s.winners.size() > 1 ? 1 : 0;
        for (int w : s.winners) seat1_wins += w == 0 ? 1 : 0;
        winners_per_game.push_back(static_cast<double>(s.winners.size()));
        most_afloat.push_back(s.most);
        supers_fired.push_back(std::max(0, s.fired_count - kTorpedoes));
        for (auto a : s.afloat) ++afloat_hist[a];
    }
    const auto n = args.games;
    auto rate = [n](long k) { return static_cast<double>(k) / static_cast<double>(n); };
    const long tiebreaks = n - by_finish[static_cast<std::size_t>(Finish::kMostAfloat)];
    const auto winners = summarize(winners_per_game);
    const auto most = summarize(most_afloat);
    const double total_players = static_cast<double>(n) * args.players;
    double mean_afloat = 0;
    for (std::size_t k = 0; k < afloat_hist.size(); ++k) {
        mean_afloat += static_cast<double>(k) * static_cast<double>(afloat_hist[k]);
    }
    mean_afloat /= total_players;

    if (args.json) {
        nlohmann::json finishes = nlohmann::json::object();
        for (auto f : {Finish::kMostAfloat, Finish::kLastStanding, Finish::kEliminatedTogether,
                       Finish::kSurvivedAll}) {
            const long k = by_finish[static_cast<std::size_t>(f)];
            const auto ci = wilson_interval(k, n);
            finishes[finish_name(f)] = {
                {"games", k}, {"rate", rate(k)}, {"ci95", {ci.low, ci.high}}};
        }
        nlohmann::json hist = nlohmann::json::array();
        for (auto k : afloat_hist) hist.push_back(static_cast<double>(k) / total_players);
        const auto tci = wilson_interval(tiebreaks, n);
        const auto sci = wilson_interval(shared, n);
        std::cout << nlohmann::json{{"game", "party"},
                                    {"players", args.players},
                                    {"games", n},
                                    {"seed", args.seed},
                                    {"tiebreak_rate", rate(tiebreaks)},
                                    {"tiebreak_rate_ci", {tci.low, tci.high}},
                                    {"shared_win_rate", rate(shared)},
                                    {"shared_win_rate_ci", {sci.low, sci.high}},
                                    {"finishes", finishes},
                                    {"mean_winners", winners.mean},
                                    {"mean_most_afloat", most.mean},
                                    {"mean_afloat", mean_afloat},
                                    {"afloat_distribution", hist},
                                    {"mean_super_torpedoes", summarize(supers_fired).mean},
                                    {"seat1_win_share", rate(seat1_wins)}}
                         .dump(2)
                  << "\n";
        return kExitOk;
    }
    std::cout << "party: " << args.players << " player(s) placing at random, " << n
              << " matches, seed " << args.seed << "\n\n";
    auto line = [&](const std::string& what, long k) {
        const auto ci = wilson_interval(k, n);
        std::cout << "  " << what << std::string(what.size() < 40 ? 40 - what.size() : 1, ' ')
                  << percent(rate(k)) << "  (95% CI " << percent(ci.low) << " to "
                  << percent(ci.high) << ")\n";
    };
    line("decided by the count (one leader)", by_finish[1]);
    line("tiebreak, one player left standing", by_finish[2]);
    line("tiebreak, last ones out together", by_finish[3]);
    line("tiebreak, still in after six", by_finish[4]);
    line("won by more than one player", shared);
    std::cout << "\n  ships afloat per player: mean " << fixed(mean_afloat, 4)
              << "; the leader's: mean " << fixed(most.mean, 3) << "; winners per match: mean "
              << fixed(winners.mean, 3) << "\n";
    return kExitOk;
}

}  // namespace

void add_sim_party(CLI::App& sim, Runner& run) {
    auto args = std::make_shared<SimArgs>();
    auto* cmd = sim.add_subcommand("party", "Party: whole matches with random fleets");
    cmd->add_option("--players", args->players, "Players per match")->capture_default_str();
    cmd->add_option("--games", args->games, "Number of matches")->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed; the same seed gives the same matches")
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->callback([args, &run] { run = [args] { return run_sim(*args); }; });
}

}  // namespace broadside::cli

#include <array>

#include "ai/crew/bot.h"
#include "ai/crew/race_tables.h"
#include "games/crew/solver.h"

namespace broadside::crew {

namespace {

const TurnPlan<Rational>& optimal_plan(Reroll rule) {
    static const std::array<TurnPlan<Rational>, 3> plans{
        plan_turn<Rational>(Reroll::kEach, score_utility()),
        plan_turn<Rational>(Reroll::kBoth, score_utility()),
        plan_turn<Rational>(Reroll::kNone, score_utility())};
    return plans[static_cast<std::size_t>(rule)];
}

CrewChoice optimal_choice(const Observation& obs) {
    const Reroll rule = obs.options().crew_reroll;
    return optimal_plan(rule).best(obs.turn().crew, obs.throws_left(), rule);
}

CrewChoice pick(const Observation& obs, const RaceTables::Choices& table) {
    const auto crew = obs.turn().crew;
    const auto index = table[static_cast<std::size_t>(obs.throws_left() - 1)]
                            [static_cast<std::size_t>(crew[0])][static_cast<std::size_t>(crew[1])];
    return crew_choices(crew, obs.options().crew_reroll)[static_cast<std::size_t>(index)];
}

}  // namespace

Action Bot::act(const Observation& obs) {
    if (obs.turn().held < kQualified) return throw_action();
    return choose(obs);
}

std::vector<std::string> bot_names() {
    return {"race", "optimal", "cautious"};
}

std::string default_bot_name() {
    return "race";
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name) {
    if (name == "optimal") return std::unique_ptr<Bot>(std::make_unique<OptimalBot>());
    if (name == "cautious") return std::unique_ptr<Bot>(std::make_unique<CautiousBot>());
    if (name == "race") return std::unique_ptr<Bot>(std::make_unique<RaceBot>());
    return make_error("unknown_bot",
                      "Unknown bot \"" + name + "\"; the crew bots are race, optimal, cautious.");
}

CrewChoice OptimalBot::choose(const Observation& obs) {
    return optimal_choice(obs);
}

CrewChoice CautiousBot::choose(const Observation& obs) {
    const auto crew = obs.turn().crew;
    const int sum = crew[0] + crew[1];
    switch (obs.options().crew_reroll) {
        case Reroll::kNone: return {true, {}};
        case Reroll::kBoth: return sum >= 7 ? CrewChoice{true, {}} : CrewChoice{false, {}};
        case Reroll::kEach: break;
    }
    if (sum >= 8) return {true, {}};
    const int high = std::max(crew[0], crew[1]);
    if (high >= 4) return {false, {high}};
    return {false, {}};
}

CrewChoice RaceBot::choose(const Observation& obs) {
    const Options& o = obs.options();
    if (obs.players() == 1) return optimal_choice(obs);
    const int me = obs.seat();
    const auto& round = obs.round();
    const int my_position = obs.turn_index();
    // With more than two players, the game is approximated by a duel with the strongest rival
    // (docs/ai.md): the other seat with the highest total (in a playoff, playoff score).
    int rival_score = -1;
    bool rival_played = false;
    for (std::size_t i = 0; i < round.seats.size(); ++i) {
        const int seat = round.seats[i];
        if (seat == me) continue;
        const bool played = static_cast<int>(i) < my_position;
        const int score = round.playoff ? (played ? round.scores[i] : 0)
                                        : obs.totals()[static_cast<std::size_t>(seat)];
        if (score > rival_score) {
            rival_score = score;
            rival_played = played;
        }
    }
    if (!round.playoff && o.mode == Mode::kTarget) {
        // The rival may have left the round order only in a playoff, so it is in this round.
        if (o.target > kMaxRaceTarget) return optimal_choice(obs);
        const auto tables = RaceTables::get(o.crew_reroll, Mode::kTarget, o.target);
        const int mine = obs.totals()[static_cast<std::size_t>(me)];
        if (obs.target_reached() || rival_score >= o.target) {
            return pick(obs, tables->final_turn_choices(rival_score - mine));
        }
        return pick(obs, tables->target_choices(!rival_played, mine, rival_score));
    }
    const auto tables =
        RaceTables::get(o.crew_reroll, o.mode, o.mode == Mode::kRounds ? o.rounds : o.target);
    if (round.playoff) {
        return pick(obs, tables->rounds_choices(rival_played ? 1 : 2, -rival_score));
    }
    const int my_turns_left = o.rounds - round.number + 1;
    const int k = 2 * my_turns_left - (rival_played ? 1 : 0);
    const int d = obs.totals()[static_cast<std::size_t>(me)] - rival_score;
    return pick(obs, tables->rounds_choices(k, d));
}

}  // namespace broadside::crew

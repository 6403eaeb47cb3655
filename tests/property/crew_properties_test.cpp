// Invariants of Ship, Captain and Crew over random games: every game ends; totals are the sums
// of the regular rounds; every turn scores 0 or 2 to 12; replaying the record is exact; no
// action, however odd, crashes the engine or changes anything when refused.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "match/match.h"
#include "support/property_cases.h"

namespace broadside {
namespace {

json random_options(int players) {
    return {{"players", players},
            {"mode", *rc::gen::element<std::string>("rounds", "target")},
            {"rounds", *rc::gen::inRange(1, 4)},
            {"target", *rc::gen::inRange(5, 40)},
            {"stake", *rc::gen::inRange(0, 10)},
            {"crew_reroll", *rc::gen::element<std::string>("each", "both", "none")}};
}

// Each run must reach a "no crew" turn (scored 0) (docs/testing.md, "Classified properties"); the
// output also shows playoffs (about 5% of cases: too rare to require of 100) and solo games.
BROADSIDE_PROP(CrewProperties, RandomGamesEndReplayExactlyAndAddUp, ({"no crew turn"})) {
    const int players = *rc::gen::inRange(1, 6);
    const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    auto m = Match::create("crew", random_options(players), seed);
    RC_ASSERT(m.ok());
    Rng chooser(seed ^ 0x5eedULL);
    int guard = 0;
    while (!m->is_over()) {
        RC_ASSERT(++guard < 20'000);
        const int seat = m->seats_to_act().front();
        const json choices = m->legal_actions(seat)["choices"];
        RC_ASSERT(!choices.empty());
        const json action = choices[chooser.below(static_cast<std::uint32_t>(choices.size()))];
        RC_ASSERT(m->act(seat, action).ok());
    }
    const json record = m->record().value();
    std::vector<int> sums(static_cast<std::size_t>(players), 0);
    bool no_crew = false, playoff = false;
    for (const auto& e : record["events"]) {
        if (e["type"] == "turn_over") {
            const int score = e["score"].get<int>();
            RC_ASSERT(score == 0 || (score >= 2 && score <= 12));
            no_crew = no_crew || score == 0;
        }
    }
    for (const auto& round : record["reveal"]["tally"]) {
        playoff = playoff || round["playoff"].get<bool>();
        if (round["playoff"].get<bool>()) continue;
        for (std::size_t i = 0; i < round["seats"].size(); ++i)
            sums[round["seats"][i].get<std::size_t>()] += round["scores"][i].get<int>();
    }
    RC_ASSERT(record["result"]["totals"].get<std::vector<int>>() == sums);
    test::reach("no crew turn", no_crew);
    test::reach("playoff", playoff);
    test::reach("solo", players == 1);
    auto again = replay(record);
    RC_ASSERT(again.ok());
    RC_ASSERT(again->record().value() == record);
}

// Must reach both refused actions and odd ones that were legal after all.
BROADSIDE_PROP(CrewProperties, RefusedActionsChangeNothing, ({"refused", "accepted"})) {
    auto m = Match::create("crew", {{"players", 2}}, *rc::gen::inRange<std::uint64_t>(0, 1000));
    RC_ASSERT(m.ok());
    test::CaseTags tags;
    for (int step = 0; step < 20 && !m->is_over(); ++step) {
        const int seat = m->seats_to_act().front();
        const json before = m->observation(seat);
        const auto events = m->last_event_number();
        const json odd = *rc::gen::element<json>(
            json(nullptr), json("stop"), json{{"type", "stop"}}, json{{"type", "throw"}},
            json{{"type", "throw"}, {"keep", {*rc::gen::inRange(-3, 10)}}},
            json{{"type", "throw"}, {"keep", {1, 2, 3}}}, json{{"type", "dance"}},
            json{{"type", "throw"}, {"keep", json::object()}});
        const int who = *rc::gen::inRange(-1, 3);
        auto r = m->act(who, odd);
        tags.note(r ? "accepted" : "refused");
        if (!r) {
            RC_ASSERT(m->observation(seat) == before);
            RC_ASSERT(m->last_event_number() == events);
        }
    }
    tags.tag();
}

}  // namespace
}  // namespace broadside

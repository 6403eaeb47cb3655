// Invariants of the party game over random matches: every match ends, the winners are right,
// replay is exact, and no seat learns another's fleet.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "ai/party/bot.h"
#include "games/party/instance.h"
#include "match/match.h"

namespace broadside::party {
namespace {

// Plays a whole match through the match layer: bots place, the host fires.
Match play_match(int players, std::uint64_t seed, const std::string& host) {
    auto m = Match::create("party", {{"players", players}, {"host", host}}, seed);
    RC_ASSERT(m.ok());
    const RandomPlacer placer;
    for (int seat = 1; seat <= players; ++seat) {
        Rng rng(bot_seed(seed, seat));
        RC_ASSERT(m->act(seat, bot_action(m->legal_actions(seat), placer, rng)).ok());
    }
    int presses = 0;
    while (!m->is_over()) {
        RC_ASSERT(m->act(0, {{"type", "fire"}}).ok());
        RC_ASSERT(++presses <= kCells);
    }
    return std::move(*m);
}

RC_GTEST_PROP(PartyProperties, EveryMatchEndsWithRightfulWinners, ()) {
    const int players = *rc::gen::inRange(1, 40);
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    const auto m = play_match(players, seed, *rc::gen::element<std::string>("person", "auto"));
    const auto& s = dynamic_cast<const PartyGame&>(m.instance()).state();
    RC_ASSERT(s.phase == Phase::kOver);
    RC_ASSERT(!s.winners.empty());
    RC_ASSERT(s.fired_count >= kTorpedoes && s.fired_count <= kCells);
    for (int w : s.winners) RC_ASSERT(s.afloat[static_cast<std::size_t>(w)] == s.most);
    int leaders = 0;
    for (auto a : s.afloat) leaders += a == s.most;
    if (s.finish == Finish::kMostAfloat) {
        RC_ASSERT(leaders == 1);
        RC_ASSERT(s.fired_count == kTorpedoes);
    } else {
        RC_ASSERT(leaders >= 2);
        RC_ASSERT(static_cast<int>(s.tied.size()) == leaders);
    }
    // A winner of a tiebreak was never eliminated before the last elimination.
    int last = 0;
    for (int p : s.tied) last = std::max<int>(last, s.eliminated_by[static_cast<std::size_t>(p)]);
    for (int w : s.winners) {
        const int by = s.eliminated_by[static_cast<std::size_t>(w)];
        RC_ASSERT(by == 0 || by == last);
    }
}

RC_GTEST_PROP(PartyProperties, ReplayFromTheRecordIsExact, ()) {
    const int players = *rc::gen::inRange(1, 12);
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    const auto m = play_match(players, seed, "person");
    auto record = m.record();
    RC_ASSERT(record.ok());
    auto again = replay(*record);
    RC_ASSERT(again.ok());
    RC_ASSERT(again->result() == m.result());
}

RC_GTEST_PROP(PartyProperties, NoSeatLearnsAnotherSeatsFleet, ()) {
    // Two matches that differ only in player 2's fleet: before the torpedoes (which announce
    // public results), every other seat's observation and events are the same.
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    const RandomPlacer placer;
    Rng rng(seed);
    const auto fleet1 = placer.place_action(rng);
    const auto fleet2a = placer.place_action(rng);
    const auto fleet2b = placer.place_action(rng);
    std::vector<Match> matches;
    for (const auto& f2 : {fleet2a, fleet2b}) {
        auto m = Match::create("party", {{"players", 3}}, seed);
        RC_ASSERT(m.ok());
        RC_ASSERT(m->act(1, fleet1).ok());
        RC_ASSERT(m->act(2, f2).ok());
        matches.push_back(std::move(*m));
    }
    for (int seat : {-1, 0, 1, 3}) {
        if (seat >= 0) RC_ASSERT(matches[0].observation(seat) == matches[1].observation(seat));
        RC_ASSERT(matches[0].events_for(seat) == matches[1].events_for(seat));
    }
    // And the host never sees a fleet, at any point.
    const auto done = play_match(3, seed, "person");
    RC_ASSERT(!done.observation(0).contains("my_fleet"));
    for (const auto& e : done.events_for(0)) RC_ASSERT(!e.contains("ships"));
}

RC_GTEST_PROP(PartyProperties, TorpedoEventsAccountForEveryPlayer, ()) {
    const int players = *rc::gen::inRange(1, 30);
    const auto m = play_match(players, *rc::gen::arbitrary<std::uint32_t>(), "auto");
    for (const auto& e : m.events_for(-1)) {
        if (e["type"] != "torpedo") continue;
        const std::string results = e["results"];
        RC_ASSERT(results.size() == static_cast<std::size_t>(players) + 1);
        const auto& c = e["counts"];
        RC_ASSERT(c["miss"].get<int>() + c["hit"].get<int>() + c["sunk"].get<int>() == players);
        RC_ASSERT(std::count(results.begin(), results.end(), 's') == c["sunk"].get<int>());
    }
}

}  // namespace
}  // namespace broadside::party

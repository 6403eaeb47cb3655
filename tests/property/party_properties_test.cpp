// Invariants of the party game over random matches: every match ends, the winners are right,
// replay is exact, and no seat learns another's fleet.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "ai/party/bot.h"
#include "games/party/instance.h"
#include "match/match.h"
#include "support/property_cases.h"

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

// Tags a finished match with how it ended (docs/testing.md, "Classified properties"): after a
// tiebreak of super torpedoes, and with a shared win.
void classify(const Match& m) {
    const auto& s = dynamic_cast<const PartyGame&>(m.instance()).state();
    test::reach("tiebreak", s.finish != Finish::kMostAfloat);
    test::reach("shared win", s.winners.size() > 1);
}

BROADSIDE_PROP(PartyProperties, EveryMatchEndsWithRightfulWinners, ({"tiebreak"})) {
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
    classify(m);
}

BROADSIDE_PROP(PartyProperties, ReplayFromTheRecordIsExact, ({"tiebreak"})) {
    const int players = *rc::gen::inRange(1, 12);
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    const auto m = play_match(players, seed, "person");
    auto record = m.record();
    RC_ASSERT(record.ok());
    auto again = replay(*record);
    RC_ASSERT(again.ok());
    RC_ASSERT(again->result() == m.result());
    classify(m);
}

BROADSIDE_PROP(PartyProperties, NoSeatLearnsAnotherSeatsFleet, ({"tiebreak"})) {
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
    classify(done);
}

BROADSIDE_PROP(PartyProperties, TorpedoEventsAccountForEveryPlayer, ({"tiebreak"})) {
    const int players = *rc::gen::inRange(1, 30);
    const auto m = play_match(players, *rc::gen::arbitrary<std::uint32_t>(), "auto");
    for (const auto& e : m.full_events()) {
        if (e["type"] != "torpedo") continue;
        const std::string results = e["results"];
        RC_ASSERT(results.size() == static_cast<std::size_t>(players) + 1);
        const auto& c = e["counts"];
        RC_ASSERT(c["miss"].get<int>() + c["hit"].get<int>() + c["sunk"].get<int>() == players);
        RC_ASSERT(std::count(results.begin(), results.end(), 's') == c["sunk"].get<int>());
        int counted = 0;
        for (const auto& k : e["afloat_counts"]) counted += k.get<int>();
        RC_ASSERT(counted == players);
    }
    classify(m);
}

BROADSIDE_PROP(PartyProperties, EachSeatHearsExactlyItsOwnResultAndNobodyElses, ({"tiebreak"})) {
    // Protocol 2: a seat's torpedo event is the public part plus its own result, which is the
    // record's letter for that seat; nobody's view carries the results of others.
    const int players = *rc::gen::inRange(1, 20);
    const auto m = play_match(players, *rc::gen::arbitrary<std::uint32_t>(), "person");
    const auto full = m.full_events();
    for (int seat = -1; seat <= players; ++seat) {
        const auto seen = m.events_for(seat);
        RC_ASSERT(seen.size() <= full.size());
        for (const auto& e : seen) {
            RC_ASSERT(!e.contains("results"));
            if (e["type"] != "torpedo") continue;
            const auto& record = full[static_cast<std::size_t>(e["n"].get<int>() - 1)];
            const char letter =
                record["results"].get<std::string>()[static_cast<std::size_t>(std::max(seat, 0))];
            if (seat >= 1) {
                const std::string word = letter == 'm' ? "miss" : (letter == 'h' ? "hit" : "sunk");
                RC_ASSERT(e["you"] == word);
            } else {
                RC_ASSERT(!e.contains("you"));
            }
        }
    }
    classify(m);
}

// Must reach both the lone player removed (no match can start) and a match played out.
BROADSIDE_PROP(PartyProperties, OpenSeatingReplaysWithJoinsRemovalsAndRandomFleets,
               ({"only player removed", "played out"})) {
    // Players join in batches, some place, one is removed, the host starts (the rest get random
    // fleets from the match's generator): the record replays exactly and the scoreboard's
    // counts match the players still in.
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    auto m = Match::create("party", {{"players", 0}, {"seating", "open"}}, seed);
    RC_ASSERT(m.ok());
    RC_ASSERT(m->act(0, {{"type", "fire"}}).error().code == "no_players");
    const int batches = *rc::gen::inRange(1, 5);
    int players = 0;
    for (int b = 0; b < batches; ++b) {
        const int count = *rc::gen::inRange(1, 6);
        RC_ASSERT(m->act(0, {{"type", "seat_players"}, {"count", count}}).ok());
        players += count;
    }
    RC_ASSERT(m->seat_count() == players + 1);
    const RandomPlacer placer;
    Rng rng(seed);
    int placed = 0;
    for (int seat = 1; seat <= players; ++seat) {
        if (*rc::gen::arbitrary<bool>()) {
            RC_ASSERT(m->act(seat, placer.place_action(rng)).ok());
            ++placed;
        }
    }
    const int removed_seat = *rc::gen::inRange(1, players + 1);
    RC_ASSERT(m->act(0, {{"type", "remove"}, {"seat", removed_seat}}).ok());
    test::reach("only player removed", players == 1);
    if (players == 1) {
        RC_ASSERT(m->act(0, {{"type", "fire"}}).error().code == "no_players");
        return;
    }
    RC_ASSERT(m->act(0, {{"type", "fire"}}).ok());
    RC_ASSERT(m->act(0, {{"type", "seat_players"}}).error().code == "wrong_phase");
    const auto obs = m->observation(0);
    int counted = 0;
    for (const auto& k : obs["scoreboard"]["afloat_counts"]) counted += k.get<int>();
    RC_ASSERT(counted == players - 1);
    while (!m->is_over()) RC_ASSERT(m->act(0, {{"type", "fire"}}).ok());
    const auto& s = dynamic_cast<const PartyGame&>(m->instance()).state();
    for (int w : s.winners) RC_ASSERT(w != removed_seat - 1);
    auto record = m->record();
    RC_ASSERT(record.ok());
    auto again = replay(*record);
    RC_ASSERT(again.ok());
    RC_ASSERT(again->result() == m->result());
    test::reach("played out", true);
    test::reach("every fleet random", placed == 0);
    classify(*m);
}

BROADSIDE_PROP(PartyProperties, PlacementsReachOtherSeatsAsOneSkippedRun, ({"tiebreak"})) {
    // Numbers stay gap-free: a seat's events cover 1..N exactly, with the others' placements
    // folded into "skipped" entries.
    const int players = *rc::gen::inRange(2, 30);
    const auto m = play_match(players, *rc::gen::arbitrary<std::uint32_t>(), "person");
    for (int seat = -1; seat <= players; ++seat) {
        std::int64_t next = 1;
        int skipped = 0;
        for (const auto& e : m.events_for(seat)) {
            if (e["type"] == "skipped") {
                RC_ASSERT(e["from"].get<std::int64_t>() == next);
                next = e["n"].get<std::int64_t>() + 1;
                ++skipped;
            } else {
                RC_ASSERT(e["n"].get<std::int64_t>() == next);
                ++next;
            }
        }
        RC_ASSERT(next == m.last_event_number() + 1);
        RC_ASSERT(skipped <= 2);  // before and after its own placement
    }
    classify(m);
}

}  // namespace
}  // namespace broadside::party

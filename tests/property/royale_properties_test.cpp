// Invariants of Battleship Royale over random games (RapidCheck): every game ends with a
// winner; no seat ever sees another seat's unsunk cards or anyone else's discards before the
// end, in its observation, its legal actions or its events; event numbers have no gaps for any
// seat; replay from the record is exact; random JSON actions never change the state.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "ai/royale/bot.h"
#include "ai/royale/self_play.h"
#include "games/royale/instance.h"
#include "match/match.h"
#include "support/property_cases.h"

namespace broadside::royale {
namespace {

using nlohmann::json;

json any_options() {
    json o{{"mode", *rc::gen::element<std::string>("standard", "advanced")},
           {"players", *rc::gen::inRange(2, 7)}};
    if (*rc::gen::arbitrary<bool>()) o["first"] = *rc::gen::inRange(0, o["players"].get<int>());
    return o;
}

// Per seat, the card ids it must not see now: other seats' cards not yet sunk (the dealt ones
// during the discards, the kept ones afterwards) and their discards.
std::vector<std::set<std::string>> secrets(const Match& m) {
    const json hands = m.instance().reveal()["hands"];
    std::set<std::string> sunk;  // claimed cards are public
    const json observation = m.observation(0);
    for (const auto& s : observation["seats"])
        for (const auto& c : s["claimed"]) sunk.insert(c["id"].get<std::string>());
    std::vector<std::set<std::string>> out(static_cast<std::size_t>(m.seat_count()));
    for (int q = 0; q < m.seat_count(); ++q) {
        std::set<std::string> hidden;
        for (const auto& id : hands[q]["dealt"])
            if (!sunk.count(id.get<std::string>())) hidden.insert(id.get<std::string>());
        for (const auto& id : hands[q]["discarded"]) hidden.insert(id.get<std::string>());
        for (int seat = 0; seat < m.seat_count(); ++seat)
            if (seat != q) out[static_cast<std::size_t>(seat)].insert(hidden.begin(), hidden.end());
    }
    return out;
}

// The events after `before` as `seat` sees them, and (when `whole`) its observation and legal
// actions, name none of `hidden`.
void check_no_leak(const Match& m, int seat, std::int64_t before,
                   const std::set<std::string>& hidden, bool whole = true) {
    std::string text = whole ? m.observation(seat).dump() + m.legal_actions(seat).dump() : "";
    for (const auto& e : m.events_for(seat, before)) text += e.dump();
    for (const auto& id : hidden) {
        if (text.find("\"" + id + "\"") != std::string::npos) {
            RC_FAIL("seat " + std::to_string(seat) + " sees " + id + " in " + text);
        }
    }
}

struct Played {
    Match match;
    int actions = 0;
};

// Plays a whole game through the match layer with bots that read only observations; checks
// the secrets of every seat after every action.
Played play(const json& options, std::uint64_t seed, bool check_leaks) {
    auto created = Match::create("royale", options, seed);
    RC_ASSERT(created.ok());
    Match m = std::move(*created);
    const auto& game = dynamic_cast<const RoyaleGame&>(m.instance());
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Rng> rngs;
    for (int s = 0; s < m.seat_count(); ++s) {
        bots.push_back(
            std::move(make_bot(*rc::gen::element<std::string>("random", "royale")).value()));
        rngs.emplace_back(bot_seed(seed, s));
    }
    if (check_leaks) {  // the deal, logged before any action
        const auto hidden = secrets(m);
        for (int s = 0; s < m.seat_count(); ++s) {
            check_no_leak(m, s, 0, hidden[static_cast<std::size_t>(s)]);
        }
    }
    int actions = 0;
    while (!m.is_over()) {
        RC_ASSERT(++actions < 2000);
        const auto to_act = m.seats_to_act();
        RC_ASSERT(!to_act.empty());
        // Simultaneous discards in any order.
        const int seat = to_act[*rc::gen::inRange<std::size_t>(0, to_act.size())];
        const Observation obs = game.observe_seat(seat);
        const json action = to_json(bots[seat]->choose(obs, rngs[seat]), obs.deck());
        const auto before = m.last_event_number();
        auto r = m.act(seat, action);
        RC_ASSERT(r.ok());
        if (check_leaks && !m.is_over()) {
            // Every seat's new events; the observations of the seat that acted and of one
            // other seat in turn (building every observation after every action is slow under
            // the sanitizers, and over a game every seat is covered many times).
            const auto hidden = secrets(m);
            const int other = actions % m.seat_count();
            for (int s = 0; s < m.seat_count(); ++s) {
                check_no_leak(m, s, before, hidden[static_cast<std::size_t>(s)],
                              s == seat || s == other);
            }
        }
    }
    return {std::move(m), actions};
}

// Tags a finished game with what it reached (docs/testing.md, "Classified properties"): a sunk
// card that earned bonus shots or a bonus sonar, a shared win, the Advanced mode.
void classify(const Match& m, const json& options) {
    bool shots = false, sonar = false;
    for (const auto& e : m.events_for(-1)) {
        if (e["type"] != "sunk") continue;
        shots = shots || e.value("bonus_shots", 0) > 0;
        sonar = sonar || e.value("bonus_sonar", 0) > 0;
    }
    test::reach("bonus shots", shots);
    test::reach("bonus sonar", sonar);
    test::reach("shared win", m.result()["winners"].size() > 1);
    test::reach("advanced", options["mode"] == "advanced");
}

BROADSIDE_PROP(RoyaleProperties, RandomGamesEndWithAWinnerAndLeakNoSecrets,
               ({"bonus shots", "bonus sonar", "advanced"})) {
    const json options = any_options();
    const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    auto played = play(options, seed, true);
    const json result = played.match.result();
    RC_ASSERT(!result["winners"].empty());
    RC_ASSERT(result["elimination_order"].size() + (result["winners"].size() == 1 ? 1 : 0) ==
              static_cast<std::size_t>(options["players"].get<int>()));
    classify(played.match, options);
}

BROADSIDE_PROP(RoyaleProperties, EventNumbersHaveNoGapsForAnySeat, ({"bonus shots", "advanced"})) {
    const json options = any_options();
    auto played = play(options, *rc::gen::inRange<std::uint64_t>(0, 1'000'000), false);
    const Match& m = played.match;
    for (int seat = -1; seat < m.seat_count(); ++seat) {
        const auto events = m.events_for(seat);
        RC_ASSERT(static_cast<std::int64_t>(events.size()) == m.last_event_number());
        for (std::size_t i = 0; i < events.size(); ++i) {
            RC_ASSERT(events[i]["n"] == static_cast<std::int64_t>(i + 1));
            RC_ASSERT(events[i].contains("type"));
        }
    }
    classify(m, options);
}

BROADSIDE_PROP(RoyaleProperties, ReplayFromTheRecordIsExact, ({"bonus shots", "advanced"})) {
    const json options = any_options();
    auto played = play(options, *rc::gen::inRange<std::uint64_t>(0, 1'000'000), false);
    auto record = played.match.record();
    RC_ASSERT(record.ok());
    auto replayed = replay(json::parse(record->dump()));
    RC_ASSERT(replayed.ok());
    RC_ASSERT(replayed->record_unchecked() == *record);
    classify(played.match, options);
}

BROADSIDE_PROP(RoyaleProperties, TypedSelfPlayReplaysThroughTheMatchLayer,
               ({"bonus shots", "advanced"})) {
    const json options = any_options();
    const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1'000'000);
    auto typed = std::make_shared<const Options>(parse_options(options).value());
    auto a = std::move(make_bot("royale").value());
    auto b = std::move(make_bot("random").value());
    std::vector<Bot*> bots;
    for (int s = 0; s < typed->players; ++s) bots.push_back(s % 2 ? b.get() : a.get());
    const auto summary = play_game(typed, bots, seed, true);
    auto m = Match::create("royale", options, seed);
    RC_ASSERT(m.ok());
    for (const auto& [seat, action] : summary.actions) {
        RC_ASSERT(m->act(seat, to_json(action, *typed->deck)).ok());
    }
    RC_ASSERT(m->is_over());
    RC_ASSERT(m->result()["winners"] == json(summary.winners));
    classify(*m, options);
}

// Tags whether any of the junk turned out legal ("accepted"); in practice none does (the junk is
// tried before any discard, where none of it fits), so only "refused" is required.
BROADSIDE_PROP(RoyaleProperties, RejectedActionsChangeNothing, ({"refused"})) {
    auto created = Match::create("royale", any_options(), *rc::gen::inRange<std::uint64_t>(0, 999));
    RC_ASSERT(created.ok());
    Match m = std::move(*created);
    test::CaseTags tags;
    const auto junk = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 12));
    for (int k : junk) {
        static const std::vector<json> actions{json(nullptr),
                                               json({{"type", "fire"}}),
                                               json({{"type", "fire"}, {"cell", "Z99"}}),
                                               json({{"type", "discard"}, {"cards", {"nope"}}}),
                                               json({{"type", "discard"}, {"cards", {"S01"}}}),
                                               json({{"type", "sonar"}, {"line", "K"}}),
                                               json({{"type", "bonus"}, {"cell", "A1"}}),
                                               json({{"type", "end"}}),
                                               json({{"type", "roll"}}),
                                               json({{"type", "fly"}}),
                                               json("fire"),
                                               json({{"type", "fire"}, {"cells", {"A1", "A1"}}})};
        const json before = m.record_unchecked();
        for (int seat = 0; seat < m.seat_count(); ++seat) {
            auto r = m.act(seat, actions[static_cast<std::size_t>(k)]);
            if (!r.ok()) RC_ASSERT(m.record_unchecked() == before);
            tags.note(r.ok() ? "accepted" : "refused");
            if (r.ok()) break;  // a legal one (e.g. roll at an Advanced turn start) moves on
        }
    }
    tags.tag();
}

}  // namespace
}  // namespace broadside::royale

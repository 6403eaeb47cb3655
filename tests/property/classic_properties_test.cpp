// Invariants of classic and Salvo over random games, random options and random action sequences
// (RapidCheck; each property runs its default 100 cases, on boards of at most 10x10 so that the
// sanitizer build stays fast). A failing case prints the generated inputs; rerun it with
// RC_PARAMS="reproduce=..." as RapidCheck says.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "cli/classic/records.h"
#include "core/fleet_sampler.h"
#include "match/match.h"
#include "support/property_cases.h"
#include "support/test_support.h"

namespace broadside {
namespace {

using classic::Options;

struct GameSetup {
    std::string game;  // "classic" or "salvo"
    json options;
    BoardSize board;
    std::vector<ShipSpec> fleet;
    bool no_touch = false;
    bool hit_only = false;
    std::uint64_t seed = 0;
};

// Random options that always have a legal layout: small fleets (ship names that can never be
// mistaken for cells), or the classic fleet on boards big enough for it; no_touch only on boards
// of at least 7x7, where up to four ships of length four always fit apart.
GameSetup any_setup(int max_side = 10) {
    GameSetup s;
    s.game = *rc::gen::element<std::string>("classic", "salvo");
    s.no_touch = *rc::gen::arbitrary<bool>();
    const int min_side = s.no_touch ? 7 : 5;
    s.board = {*rc::gen::inRange(min_side, max_side + 1),
               *rc::gen::inRange(min_side, max_side + 1)};
    s.hit_only = *rc::gen::arbitrary<bool>();
    const bool classic_fleet_fits = std::min(s.board.rows, s.board.cols) >= 8;
    if (classic_fleet_fits && *rc::gen::arbitrary<bool>()) {
        s.fleet = classic_fleet();
    } else {
        const int ships = *rc::gen::inRange(1, 5);
        for (int i = 0; i < ships; ++i) {
            s.fleet.push_back({"Boat-" + std::to_string(i + 1), *rc::gen::inRange(1, 5)});
        }
    }
    json fleet = json::array();
    for (const auto& ship : s.fleet)
        fleet.push_back({{"name", ship.name}, {"length", ship.length}});
    s.options = {{"rows", s.board.rows},
                 {"cols", s.board.cols},
                 {"fleet", fleet},
                 {"no_touch", s.no_touch},
                 {"announce", s.hit_only ? "hit-only" : "ship"},
                 {"first", *rc::gen::element<json>(0, 1, "random")}};
    s.seed = *rc::gen::arbitrary<std::uint64_t>();
    return s;
}

std::shared_ptr<const Options> typed_options(const GameSetup& s) {
    auto o = classic::parse_options(s.options, s.game == "salvo");
    if (!o) throw std::logic_error("generated bad options: " + o.error().message);
    return std::make_shared<const Options>(std::move(o.value()));
}

// The cells of a placed fleet, from the placement texts.
Bitboard fleet_cells(const json& ships, const std::vector<ShipSpec>& fleet, BoardSize board) {
    Bitboard cells;
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        const auto p = parse_placement(ships[i].get<std::string>(), board);
        cells |= *ship_cells(p.value(), fleet[i].length, board);
    }
    return cells;
}

// Tags a case with the rule variants it drew (docs/testing.md, "Classified properties").
void classify(const GameSetup& s) {
    test::reach("salvo", s.game == "salvo");
    test::reach("hit-only", s.hit_only);
    test::reach("no-touch", s.no_touch);
}

BROADSIDE_PROP(ClassicProperties, EveryRandomGameEndsWithExactlyOneWinnerAndReplaysExactly,
               ({"salvo", "hit-only", "no-touch", "second seat wins"})) {
    const GameSetup s = any_setup();
    const auto options = typed_options(s);
    auto a = std::move(classic::make_bot("random").value());
    auto b = std::move(classic::make_bot("random").value());
    const classic::GameSummary game = classic::play_game(options, {a.get(), b.get()}, s.seed, true);
    RC_ASSERT(game.winner == 0 || game.winner == 1);
    RC_ASSERT(game.turns >= 1);

    // The same game through the match layer, then replayed from its record.
    const json record = cli::classic_record(s.game, s.options, s.seed, game.actions);
    RC_ASSERT(record["over"] == true);
    RC_ASSERT(record["result"]["winner"] == game.winner);
    RC_ASSERT(record["result"]["shots"] == json(game.shots));
    RC_ASSERT(record["reveal"]["first"] == game.first);
    auto replayed = replay(record);
    RC_ASSERT(replayed.ok());
    RC_ASSERT(replayed->record().value() == record);

    // Exactly one winner: every ship of the loser is sunk, and the winner has one afloat.
    const int loser = 1 - game.winner;
    const json loser_fleet = replayed->observation(loser)["my_fleet"];
    const json winner_fleet = replayed->observation(game.winner)["my_fleet"];
    RC_ASSERT(std::all_of(loser_fleet.begin(), loser_fleet.end(),
                          [](const json& ship) { return ship["sunk"].get<bool>(); }));
    RC_ASSERT(std::any_of(winner_fleet.begin(), winner_fleet.end(),
                          [](const json& ship) { return !ship["sunk"].get<bool>(); }));
    RC_ASSERT(replayed->observation(0)["winner"] == game.winner);
    RC_ASSERT(replayed->observation(1)["winner"] == game.winner);
    classify(s);
    test::reach("second seat wins", game.winner == 1);
}

// Drives a Match with random legal actions, remembering the ground truth the tests check
// observations against (which the match itself never hands out before the end).
class Driver {
public:
    explicit Driver(const GameSetup& s)
        : setup_(s),
          match_(std::move(Match::create(s.game, s.options, s.seed).value())),
          rng_(derive_seed(s.seed, 99)),
          sampler_(s.fleet, s.board, s.no_touch) {}

    Match& match() { return match_; }
    const GameSetup& setup() const { return setup_; }
    const Bitboard& fleet(int seat) const { return fleet_[seat]; }
    const Bitboard& fired_by(int seat) const { return fired_by_[seat]; }

    // A legal action for `seat`, which must be one of the seats to act.
    json legal_action(int seat) {
        const json legal = match_.legal_actions(seat);
        if (legal["type"] == "place") {
            json ships = json::array();
            const std::vector<Placement> layout = sampler_.sample(rng_).value();
            for (const auto& p : layout) ships.push_back(to_string(p));
            return {{"type", "place"}, {"ships", ships}};
        }
        std::vector<std::string> open = legal["cells"];
        rng_.shuffle(std::span<std::string>(open));
        open.resize(legal["count"].get<std::size_t>());
        return {{"type", "fire"}, {"cells", open}};
    }

    // Applies an action and, if accepted, updates the ground truth.
    Result<std::vector<json>> act(int seat, const json& action) {
        auto r = match_.act(seat, action);
        if (r && action["type"] == "place") {
            fleet_[seat] = fleet_cells(action["ships"], setup_.fleet, setup_.board);
        } else if (r) {
            const json cells =
                action.contains("cells") ? action["cells"] : json::array({action["cell"]});
            for (const auto& c : cells) {
                fired_by_[seat].set(cell_index(
                    parse_cell(c.get<std::string>(), setup_.board).value(), setup_.board));
            }
        }
        return r;
    }

    Rng& rng() { return rng_; }

private:
    GameSetup setup_;
    Match match_;
    Rng rng_;
    FleetSampler sampler_;
    std::array<Bitboard, 2> fleet_{};
    std::array<Bitboard, 2> fired_by_{};
};

// Which ocean a part of a message is about, from the point of view of the seat receiving it.
enum class Ocean { kOwn, kEnemy };

// Checks what one seat is shown against the ground truth, and lists every problem found.
class LeakChecker {
public:
    LeakChecker(const Driver& d, int seat) : d_(d), seat_(seat) {}

    // The observation: "my_fleet" and "incoming" describe the seat's own ocean; everything else
    // (targets, enemy_fleet, ...) is about the enemy's and must only mention cells it fired at.
    void observation(const json& obs) {
        for (const auto& [key, value] : obs.items()) {
            walk(value, key == "my_fleet" || key == "incoming" ? Ocean::kOwn : Ocean::kEnemy);
        }
        if (d_.setup().hit_only && obs.contains("targets")) {
            for (const auto& hit : obs["targets"]["hits"]) {
                if (hit["ship"].is_null()) continue;
                // With hit-only announcements a ship is named only at the shot that sank it.
                bool sinking = false;
                for (const auto& ship : obs["enemy_fleet"]) {
                    sinking =
                        sinking || (ship["name"] == hit["ship"] && ship["sunk_by"] == hit["cell"]);
                }
                if (!sinking) problem("hit-only target grid names a ship at " + hit.dump());
            }
        }
    }

    void event(const json& e) {
        const std::string type = e.value("type", "");
        const bool mine = e.contains("seat") && e["seat"] == seat_;
        if (type == "fleet_placed") {
            if (!mine && (e.contains("ships") || e.value("redacted", false) != true)) {
                problem("the opponent's fleet_placed is not redacted: " + e.dump());
            }
            walk(e, mine ? Ocean::kOwn : Ocean::kEnemy);
        } else if (type == "shots") {
            walk(e, mine ? Ocean::kEnemy : Ocean::kOwn);
            if (mine && d_.setup().hit_only) {
                for (const auto& shot : e["shots"]) {
                    if (shot.contains("ship") != (shot["result"] == "sunk")) {
                        problem("hit-only report names a ship on a hit: " + shot.dump());
                    }
                }
            }
        } else {
            walk(e, Ocean::kEnemy);
        }
    }

    const std::vector<std::string>& problems() const { return problems_; }

private:
    void problem(std::string what) {
        problems_.push_back("seat " + std::to_string(seat_) + ": " + std::move(what));
    }
    void text(const std::string& s, Ocean ocean) {
        const BoardSize b = d_.setup().board;
        const int other = 1 - seat_;
        if (auto p = parse_placement(s, b)) {
            // Placements are only ever shown to their owner.
            if (ocean != Ocean::kOwn || !d_.fleet(seat_).test(cell_index(p->start, b))) {
                problem("shown a placement that is not its own: " + s);
            }
            return;
        }
        auto c = parse_cell(s, b);
        if (!c) return;
        const int i = cell_index(*c, b);
        if (ocean == Ocean::kEnemy) {
            if (d_.fleet(other).without(d_.fired_by(seat_)).test(i)) {
                problem("shown " + s + ", an enemy ship cell it has not hit");
            } else if (!d_.fired_by(seat_).test(i)) {
                problem("told about " + s + " on the enemy ocean without firing there");
            }
        } else if (!d_.fleet(seat_).test(i) && !d_.fired_by(other).test(i)) {
            problem("told about " + s + " on its own ocean: neither its ship nor a shot");
        }
    }
    void walk(const json& j, Ocean ocean) {
        if (j.is_string()) {
            text(j.get<std::string>(), ocean);
        } else if (j.is_object()) {
            for (const auto& [key, value] : j.items()) {
                text(key, ocean);
                walk(value, ocean);
            }
        } else if (j.is_array()) {
            for (const auto& v : j) walk(v, ocean);
        }
    }

    const Driver& d_;
    int seat_;
    std::vector<std::string> problems_;
};

std::vector<std::string> problems_seen(const Driver& d, int seat, const json& obs,
                                       const std::vector<json>& events) {
    LeakChecker check(d, seat);
    check.observation(obs);
    for (const auto& e : events) check.event(e);
    return check.problems();
}

void check_everything_a_seat_sees(Driver& d, std::array<std::int64_t, 2>& seen) {
    for (int seat : {0, 1}) {
        const auto problems = problems_seen(d, seat, d.match().observation(seat),
                                            d.match().events_for(seat, seen[seat]));
        if (!problems.empty()) RC_FAIL(problems.front());
        seen[seat] = d.match().last_event_number();
    }
}

BROADSIDE_PROP(ClassicProperties, ASeatNeverSeesAnOpponentShipCellItHasNotHit,
               ({"salvo", "hit-only", "no-touch"})) {
    const GameSetup setup = any_setup(8);
    classify(setup);
    Driver d(setup);
    std::array<std::int64_t, 2> seen{0, 0};
    check_everything_a_seat_sees(d, seen);
    while (!d.match().is_over()) {
        const int seat = d.match().seats_to_act().front();
        auto r = d.act(seat, d.legal_action(seat));
        RC_ASSERT(r.ok());
        check_everything_a_seat_sees(d, seen);
    }
    // Once more over the whole log, as a reconnecting client would ask for it.
    for (int seat : {0, 1}) {
        const auto problems = problems_seen(d, seat, json::object(), d.match().events_for(seat));
        if (!problems.empty()) RC_FAIL(problems.front());
    }
}

// Negative controls: the checker above must notice each kind of leak it is there to catch.
class LeakCheckerControl : public ::testing::Test {
protected:
    LeakCheckerControl() : d_(make_setup()) {
        const json actions[][2] = {
            {0,
             {{"type", "place"},
              {"ships", {"A1 right", "B1 right", "C1 right", "D1 right", "E1 right"}}}},
            {1,
             {{"type", "place"},
              {"ships", {"A6 right", "B7 right", "C8 right", "D8 right", "E9 right"}}}},
            {0, {{"type", "fire"}, {"cells", {"A6"}}}},  // hits seat 1's carrier
            {1, {{"type", "fire"}, {"cells", {"J1"}}}}};
        for (const auto& [seat, action] : actions) {
            EXPECT_TRUE(d_.act(seat.get<int>(), action).ok()) << action.dump();
        }
    }
    static GameSetup make_setup() {
        GameSetup s;
        s.game = "classic";
        s.board = {10, 10};
        s.fleet = classic_fleet();
        s.hit_only = true;
        s.options = {{"announce", "hit-only"}, {"first", 0}};
        s.seed = 1;
        return s;
    }
    std::vector<std::string> problems(const json& obs, const std::vector<json>& events = {}) {
        return problems_seen(d_, 0, obs, events);
    }
    Driver d_;
};

TEST_F(LeakCheckerControl, FindsNothingInTheRealObservationAndEvents) {
    ASSERT_EQ(d_.match().last_event_number(), 5);
    EXPECT_EQ(problems(d_.match().observation(0), d_.match().events_for(0)),
              std::vector<std::string>{});
}

TEST_F(LeakCheckerControl, CatchesAnUnhitEnemyShipCellInTheObservation) {
    json obs = d_.match().observation(0);
    obs["targets"]["misses"].push_back("A7");  // seat 1's carrier, not fired at
    EXPECT_FALSE(problems(obs).empty());
    json hint = d_.match().observation(0);
    hint["enemy_fleet"][0]["hint"] = {"B7"};  // anywhere outside the seat's own ocean
    EXPECT_FALSE(problems(hint).empty());
}

TEST_F(LeakCheckerControl, CatchesAnUnredactedOpponentPlacement) {
    const json record = d_.match().record_unchecked();
    std::vector<json> events = d_.match().events_for(0);
    events[1] = record["events"][1];  // seat 1's fleet_placed, with its ships
    EXPECT_FALSE(problems(json::object(), events).empty());
}

TEST_F(LeakCheckerControl, CatchesAShipNamedOnAHitUnderHitOnly) {
    json obs = d_.match().observation(0);
    ASSERT_EQ(obs["targets"]["hits"].size(), 1U);
    obs["targets"]["hits"][0]["ship"] = "Carrier";
    EXPECT_FALSE(problems(obs).empty());
    std::vector<json> events = d_.match().events_for(0);
    ASSERT_EQ(events[3]["type"], "shots");
    events[3]["shots"][0]["ship"] = "Carrier";
    EXPECT_FALSE(problems(json::object(), events).empty());
}

// Random JSON shaped like actions: right and wrong keys, types and cell texts.
json any_json(int depth) {
    switch (*rc::gen::inRange(0, depth > 0 ? 8 : 6)) {
        case 0: return nullptr;
        case 1: return *rc::gen::arbitrary<bool>();
        case 2: return *rc::gen::arbitrary<int>();
        case 3: return *rc::gen::inRange(-1000, 1000) / 7.0;
        case 4: return *rc::gen::container<std::string>(rc::gen::inRange<char>(32, 127));
        case 5:
            return *rc::gen::element<std::string>("fire", "place", "A1", " b 7 ", "J10", "Z26",
                                                  "A0", "", "A1 right", "c3 down", "K1 down",
                                                  "A1 diagonal", "1A");
        case 6: {
            json a = json::array();
            for (int n = *rc::gen::inRange(0, 6); n > 0; --n) a.push_back(any_json(depth - 1));
            return a;
        }
        default: {
            json o = json::object();
            for (int n = *rc::gen::inRange(0, 4); n > 0; --n) {
                const std::string key =
                    *rc::gen::element<std::string>("type", "cells", "cell", "ships", "seat", "x");
                o[key] = any_json(depth - 1);
            }
            return o;
        }
    }
}

struct Snapshot {
    std::array<json, 2> obs, legal;
    std::array<std::vector<json>, 3> events;
    json record;
    std::int64_t last = 0;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const Match& m) {
    Snapshot s;
    for (int seat : {0, 1}) {
        s.obs[seat] = m.observation(seat);
        s.legal[seat] = m.legal_actions(seat);
    }
    for (int seat : {0, 1, -1}) s.events[static_cast<std::size_t>(seat + 1)] = m.events_for(seat);
    s.record = m.record_unchecked();
    s.last = m.last_event_number();
    return s;
}

// A plausible mistake for `seat` now: one of the ways a real client gets an action wrong.
json wrong_action(Driver& d, int seat, int kind) {
    const BoardSize b = d.setup().board;
    const json legal = d.match().legal_actions(seat);
    const Bitboard fired = d.fired_by(seat);
    switch (kind) {
        case 0: {  // a cell already fired at, if any
            if (fired.empty()) return {{"type", "fire"}, {"cells", {"A1", "A1"}}};
            std::vector<std::string> cells{to_string(cell_at(fired.nth_set(0), b))};
            return {{"type", "fire"}, {"cells", cells}};
        }
        case 1:  // off the board
            return {{"type", "fire"}, {"cells", {to_string(Cell{b.rows, 0})}}};
        case 2:  // one shot too many
            if (legal.is_object() && legal["type"] == "fire") {
                std::vector<std::string> cells = legal["cells"];
                cells.resize(std::min(cells.size(), legal["count"].get<std::size_t>() + 1));
                if (cells.size() == legal["count"].get<std::size_t>()) cells.push_back(cells[0]);
                return {{"type", "fire"}, {"cells", cells}};
            }
            return {{"type", "fire"}, {"cells", json::array()}};
        case 3:  // a diagonal ship, or a fleet placed again
            return d.match().observation(seat)["placed"] == false
                       ? json{{"type", "place"}, {"ships", {"A1 diagonal"}}}
                       : json{{"type", "place"}, {"ships", {"A1 right"}}};
        default:  // a duplicate in a volley
            if (legal.is_object() && legal["type"] == "fire" && legal["count"].get<int>() > 1) {
                std::vector<std::string> cells = legal["cells"];
                cells.resize(legal["count"].get<std::size_t>());
                cells.back() = cells.front();
                return {{"type", "fire"}, {"cells", cells}};
            }
            return {{"type", "fire"}, {"cell", 7}};
    }
}

// Must reach both refused and accepted actions, and a game played to its end.
BROADSIDE_PROP(ClassicProperties, AnyActionSequenceNeverCrashesAndRejectionsChangeNothing,
               ({"refused", "accepted", "salvo"})) {
    const GameSetup setup = any_setup(7);
    classify(setup);
    Driver d(setup);
    test::CaseTags tags;
    // Each step: 0 a legal action, 1 a plausible mistake, 2 random JSON; and which seat acts.
    const auto steps = *rc::gen::container<std::vector<std::pair<int, int>>>(
        rc::gen::pair(rc::gen::inRange(0, 3), rc::gen::inRange(-1, 3)));
    for (const auto& [kind, seat_choice] : steps) {
        const auto to_act = d.match().seats_to_act();
        json action;
        int seat = seat_choice;
        if (kind == 0 && !to_act.empty()) {
            seat = to_act.front();
            action = d.legal_action(seat);
        } else if (kind == 1) {
            action =
                wrong_action(d, seat_choice < 0 ? 0 : seat_choice % 2, *rc::gen::inRange(0, 5));
        } else {
            action = any_json(2);
        }
        const Snapshot before = snapshot(d.match());
        auto r = d.act(seat, action);
        tags.note(r ? "accepted" : "refused");
        if (r) {
            RC_ASSERT(d.match().last_event_number() > before.last);
            RC_ASSERT(d.match().record_unchecked()["actions"].size() ==
                      before.record["actions"].size() + 1);
        } else {
            RC_ASSERT(!r.error().code.empty());
            RC_ASSERT(!r.error().message.empty());
            RC_ASSERT(snapshot(d.match()) == before);
        }
    }
    // Whatever happened, the record replays.
    auto again = replay(d.match().record_unchecked());
    RC_ASSERT(again.ok());
    RC_ASSERT(again->record_unchecked() == d.match().record_unchecked());
    tags.tag();
    test::reach("game over", d.match().is_over());
}

// `broadside sim` plays game i with a seed derived from (seed, i) whichever thread plays it, so
// the report must not depend on --threads.
TEST(ClassicProperties, SimReportDoesNotDependOnThreads) {
    using broadside::testing::run_broadside;
    const std::vector<std::vector<std::string>> configs{
        {"classic", "--games", "30", "--seed", "3"},
        {"salvo", "--games", "31", "--seed", "4"},
        {"classic", "--games", "17", "--seed", "5", "--no-touch", "--announce", "hit-only"},
        {"salvo", "--games", "20", "--seed", "6", "--options", R"({"rows":8,"cols":9})"}};
    for (const auto& config : configs) {
        std::string last;
        for (const char* threads : {"1", "2", "3"}) {
            std::vector<std::string> args{"sim"};
            args.insert(args.end(), config.begin(), config.end());
            for (const char* extra : {"--bots", "random,random", "--json", "--threads"}) {
                args.push_back(extra);
            }
            args.push_back(threads);
            const auto r = run_broadside(args);
            ASSERT_EQ(r.exit_code, 0) << r.err;
            ASSERT_FALSE(r.out.empty());
            if (!last.empty()) {
                EXPECT_EQ(r.out, last) << config[0] << " --threads " << threads;
            }
            last = r.out;
        }
    }
}

}  // namespace
}  // namespace broadside

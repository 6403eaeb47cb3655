// The party game's rules (seed 004 and issue 7), one test per checkable sentence, named for it.
// Torpedo orders are scripted through the typed rules; the match-level behaviour (seats, events,
// secrets) goes through the GameInstance interface as the protocol drives it.
#include <gtest/gtest.h>

#include <limits>

#include <set>

#include "games/party/codec.h"
#include "games/party/events.h"
#include "games/party/instance.h"
#include "games/party/observation.h"
#include "unit/party_test_support.h"

namespace broadside::party {
namespace {

using namespace test;

std::unique_ptr<GameInstance> make_game(const json& options, Rng& rng) {
    const auto def = party_definition();
    auto normalized = def.normalize_options(options);
    EXPECT_TRUE(normalized.ok());
    return def.create(normalized.value(), rng);
}

json place(const std::vector<std::string>& ships) {
    return {{"type", "place"}, {"ships", ships}};
}

TEST(PartyRules, TheSeaIsSixBySixWithColumnsAToFAndRowsOneToSix) {
    EXPECT_EQ(cell("A1"), 0);
    EXPECT_EQ(cell("F1"), 5);   // F is a column: the end of row 1
    EXPECT_EQ(cell("A6"), 30);  // 6 is a row: the start of the last row
    EXPECT_EQ(cell("F6"), 35);
    EXPECT_EQ(cell(" d 3"), cell("D3"));
    EXPECT_EQ(cell_name(cell("D3")), "D3");
    EXPECT_EQ(parse_cell("G1").error().code, "off_board");
    EXPECT_EQ(parse_cell("A7").error().code, "off_board");
    EXPECT_EQ(parse_cell("A0").error().code, "off_board");
    EXPECT_EQ(parse_cell("3D").error().code, "bad_cell");
    for (int i = 0; i < kCells; ++i) EXPECT_EQ(cell(cell_name(i)), i);
}

TEST(PartyRules, EachPlayerPlacesSixShipsOfTheSeedsLengths) {
    Rng rng(1);
    auto g = make_game({}, rng);
    const auto legal = g->legal_actions(1);
    ASSERT_EQ(legal["type"], "place");
    const std::vector<std::pair<std::string, int>> expected{
        {"Aircraft Carrier", 5}, {"Battleship", 4}, {"Cruiser", 3},
        {"Submarine", 3},        {"Destroyer", 2},  {"Patrol Boat", 1}};
    ASSERT_EQ(legal["ships"].size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(legal["ships"][i]["name"], expected[i].first);
        EXPECT_EQ(legal["ships"][i]["length"], expected[i].second);
    }
    EXPECT_EQ(g->act(1, place({"A1 right", "A2 right", "A3 right", "A4 right", "A5 right"}), rng)
                  .error()
                  .code,
              "bad_placement");
}

TEST(PartyRules, ShipsLieHorizontallyAlongARowOrVerticallyDownAColumn) {
    EXPECT_EQ(ship_mask(*parse_placement("A1 right"), 0),
              (CellMask{1} << cell("A1")) | (CellMask{1} << cell("B1")) |
                  (CellMask{1} << cell("C1")) | (CellMask{1} << cell("D1")) |
                  (CellMask{1} << cell("E1")));
    EXPECT_EQ(ship_mask(*parse_placement("A1 down"), 0),
              (CellMask{1} << cell("A1")) | (CellMask{1} << cell("A2")) |
                  (CellMask{1} << cell("A3")) | (CellMask{1} << cell("A4")) |
                  (CellMask{1} << cell("A5")));
    EXPECT_EQ(parse_placement("A1 diagonal").error().code, "bad_placement");
}

TEST(PartyRules, ShipsMustStayInsideTheSea) {
    Rng rng(1);
    auto g = make_game({}, rng);
    const auto r = g->act(
        1, place({"C1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"}), rng);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "off_board");
    EXPECT_EQ(g->seats_to_act(), (std::vector<int>{1, 2}));  // nothing changed
}

TEST(PartyRules, ShipsMayNotOverlap) {
    Rng rng(1);
    auto g = make_game({}, rng);
    const auto r = g->act(
        1, place({"A1 right", "A1 down", "A3 right", "A4 right", "A5 right", "A6 right"}), rng);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "overlap");
    EXPECT_TRUE(g->observation(1)["my_fleet"].is_null());
}

TEST(PartyRules, PlacementsAreSecret) {
    Rng rng(1);
    auto g = make_game({{"players", 2}}, rng);
    auto r = g->act(1, place(kRows), rng);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 1U);
    const auto& e = (*r)[0];
    EXPECT_EQ(e.audience, std::vector<int>{1});
    EXPECT_FALSE(e.redacted.contains("ships"));
    EXPECT_TRUE(e.content.contains("ships"));
    for (int seat : {0, 2}) {
        const auto obs = g->observation(seat);
        EXPECT_TRUE(!obs.contains("my_fleet") || obs["my_fleet"].is_null()) << obs.dump();
        EXPECT_EQ(obs.dump().find("A2 right"), std::string::npos);
    }
    EXPECT_EQ(g->observation(1)["my_fleet"][1]["placement"], "A2 right");
}

TEST(PartyRules, PlacementsAreFixedBeforeTheFirstTorpedo) {
    Rng rng(1);
    auto g = make_game({{"players", 2}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    EXPECT_EQ(g->act(0, {{"type", "fire"}}, rng).error().code, "not_your_turn");  // 2 not placed
    EXPECT_EQ(g->act(1, place(kColumns), rng).error().code, "already_placed");
    ASSERT_TRUE(g->act(2, place(kColumns), rng).ok());
    EXPECT_EQ(g->seats_to_act(), std::vector<int>{0});
    ASSERT_TRUE(g->act(0, {{"type", "fire"}}, rng).ok());
    EXPECT_EQ(g->act(2, place(kRows), rng).error().code, "already_placed");
    EXPECT_EQ(g->observation(1)["my_fleet"][0]["placement"], "A1 right");
}

TEST(PartyRules, TheTwoEditionsAreTheSameGameWithThemedNamesAndColours) {
    std::vector<json> events[2];
    json fleets[2];
    const char* editions[2] = {"rainbow", "european"};
    for (int i = 0; i < 2; ++i) {
        Rng rng(42);
        auto g = make_game({{"players", 2}, {"edition", editions[i]}}, rng);
        ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
        ASSERT_TRUE(g->act(2, place(kColumns), rng).ok());
        while (!g->is_over()) {
            auto fired = g->act(0, {{"type", "fire"}}, rng);
            ASSERT_TRUE(fired.ok());
            for (auto& e : *fired) {
                events[i].push_back(e.content);
            }
        }
        fleets[i] = g->observation(1)["my_fleet"];
        EXPECT_EQ(g->observation(1)["edition"], editions[i]);
    }
    EXPECT_EQ(events[0], events[1]);
    EXPECT_NE(fleets[0][0]["theme"], fleets[1][0]["theme"]);
    EXPECT_NE(fleets[0][0]["colour"], fleets[1][0]["colour"]);
    EXPECT_EQ(fleets[0][0]["name"], fleets[1][0]["name"]);
    EXPECT_EQ(fleets[0][0]["cells"], fleets[1][0]["cells"]);
    // The themes of docs/rules/party.md, ship by ship in fleet order.
    const std::vector<std::pair<std::string, std::string>> themes[2] = {
        {{"Red Aircraft Carrier", "red"},
         {"Orange Battleship", "orange"},
         {"Yellow Cruiser", "yellow"},
         {"Green Submarine", "green"},
         {"Blue Destroyer", "blue"},
         {"Violet Patrol Boat", "violet"}},
        {{"British Aircraft Carrier", "navy blue"},
         {"French Battleship", "blue"},
         {"German Cruiser", "gold"},
         {"Italian Submarine", "green"},
         {"Spanish Destroyer", "red"},
         {"Dutch Patrol Boat", "orange"}}};
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(fleets[i].size(), 6U);
        for (std::size_t ship = 0; ship < 6; ++ship) {
            EXPECT_EQ(fleets[i][ship]["theme"], themes[i][ship].first) << editions[i];
            EXPECT_EQ(fleets[i][ship]["colour"], themes[i][ship].second) << editions[i];
        }
    }
}

TEST(PartyRules, ShipsMayTouch) {
    // Six ships on six neighbouring rows, every one touching the next: accepted.
    Rng rng(3);
    auto g = make_game({{"players", 1}}, rng);
    EXPECT_TRUE(g->act(1, place(kRows), rng).ok());
}

TEST(PartyRules, TheHostFiresThirtyTorpedoesDrawnWithoutReplacementOneAtATime) {
    Rng rng(7);
    // One player: no tiebreak, so exactly the 30 regular torpedoes are fired.
    auto g = make_game({{"players", 1}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    std::set<std::string> cells;
    int torpedoes = 0;
    while (!g->is_over()) {
        auto r = g->act(0, {{"type", "fire"}}, rng);
        ASSERT_TRUE(r.ok());
        ASSERT_EQ((*r)[0].content["type"], "torpedo");  // one torpedo per press
        cells.insert((*r)[0].content["cell"].get<std::string>());
        EXPECT_EQ((*r)[0].content["number"], ++torpedoes);
    }
    EXPECT_EQ(torpedoes, 30);
    EXPECT_EQ(cells.size(), 30U);  // no cell twice
    EXPECT_EQ(g->observation(0)["torpedoes_left"], 6);
}

TEST(PartyRules, TheDrawIsUniformOverTheCellsNotYetFired) {
    // Each cell should be the first torpedo about 1/36 of the time.
    std::array<int, kCells> first{};
    State s = placed_game({kRows});
    const int n = 36'000;
    Rng rng(3);
    for (int i = 0; i < n; ++i) ++first[static_cast<std::size_t>(draw_torpedo(s, rng))];
    for (int c : first) {
        EXPECT_GT(c, 1000 - 200);
        EXPECT_LT(c, 1000 + 200);
    }
    TorpedoReport r;
    ASSERT_TRUE(fire_torpedo(s, cell("A1"), r).ok());
    for (int i = 0; i < 2000; ++i) EXPECT_NE(draw_torpedo(s, rng), cell("A1"));
}

TEST(PartyRules, EachTorpedoReportsMissHitOrSunkForEveryPlayer) {
    State s = placed_game({kRows, kColumns});
    auto r = fire_ok(s, "F6");  // open sea for both
    EXPECT_EQ(s.last[0], Outcome::kMiss);
    EXPECT_EQ(s.last[1], Outcome::kMiss);
    EXPECT_EQ(r.misses, 2);
    r = fire_ok(s, "B1");  // rows: Carrier hit; columns: Battleship hit
    EXPECT_EQ(s.last[0], Outcome::kHit);
    EXPECT_EQ(s.last[1], Outcome::kHit);
    r = fire_ok(s, "A6");  // rows: the Patrol Boat's one segment; columns: open sea
    EXPECT_EQ(s.last[0], Outcome::kSunk);
    EXPECT_EQ(s.last[1], Outcome::kMiss);
    EXPECT_EQ(r.sinkings, 1);
    EXPECT_EQ(r.misses, 1);
    EXPECT_EQ(s.afloat[0], 5);
    EXPECT_EQ(s.afloat[1], 6);
}

TEST(PartyRules, EachSeatGetsItsOwnResultAndTheRecordEveryResult) {
    State s = placed_game({kRows, kColumns});
    const auto r = fire_ok(s, "A6");
    const auto e = torpedo_event(s, r);
    EXPECT_EQ(e.content["results"], "-sm");  // the record: one letter per seat
    EXPECT_EQ(e.content["counts"]["sunk"], 1);
    EXPECT_EQ(e.content["counts"]["miss"], 1);
    EXPECT_EQ(e.content["counts"]["hit"], 0);
    // What a seat receives: the public part without anyone's result, plus its own.
    EXPECT_FALSE(e.redacted.contains("results"));
    EXPECT_EQ(e.redacted["afloat_counts"], json({0, 0, 0, 0, 0, 1, 1}));
    EXPECT_EQ(e.redacted["leaders"], json({2}));
    ASSERT_NE(e.personal, nullptr);
    json one = e.redacted;
    e.personal->add_to(one, 1);
    EXPECT_EQ(one["you"], "sunk");
    EXPECT_EQ(one["you_afloat"], 5);
    json two = e.redacted;
    e.personal->add_to(two, 2);
    EXPECT_EQ(two["you"], "miss");
    EXPECT_EQ(two["you_afloat"], 6);
    json host = e.redacted;
    e.personal->add_to(host, 0);
    EXPECT_EQ(host, e.redacted);
    json spectator = e.redacted;
    e.personal->add_to(spectator, -1);
    EXPECT_EQ(spectator, e.redacted);
}

TEST(PartyRules, AShipIsSunkOnlyWhenItsLastSegmentIsHitAndDamagedShipsStayAfloat) {
    State s = placed_game({kRows});
    for (const char* c : {"A1", "B1", "C1", "D1"}) {
        fire_ok(s, c);
        EXPECT_EQ(s.last[0], Outcome::kHit) << c;
        EXPECT_EQ(s.afloat[0], 6) << "a damaged ship remains afloat";
        EXPECT_FALSE(ship_sunk(s, 0, 0));
    }
    fire_ok(s, "E1");
    EXPECT_EQ(s.last[0], Outcome::kSunk);
    EXPECT_EQ(s.afloat[0], 5);
    EXPECT_TRUE(ship_sunk(s, 0, 0));
}

TEST(PartyRules, AfterThirtyTorpedoesTheMostShipsAfloatWins) {
    // Rows keeps its Carrier (E1 unfired); columns keeps nothing of its fleet.
    State s = placed_game({kRows, kColumns});
    // E1 is in both fleets (rows' Carrier, columns' Destroyer): one ship afloat each, a tie.
    fire_all_but(s, {"E1", "F6", "E6", "D6", "C6", "B6"});
    EXPECT_EQ(s.phase, Phase::kTiebreak);

    State t = placed_game({kRows, kColumns});
    fire_all_but(t, {"D2", "F6", "E6", "D6", "C6", "B6"});  // D2: rows' Battleship, columns' D
    EXPECT_EQ(t.afloat[0], 1);
    EXPECT_EQ(t.afloat[1], 1);
    EXPECT_EQ(t.phase, Phase::kTiebreak);

    State u = placed_game({kRows, kColumns});
    fire_all_but(u, {"A6", "B5", "F6", "E6", "D6", "C6"});  // only rows' ships
    EXPECT_EQ(u.phase, Phase::kOver);
    EXPECT_EQ(u.afloat[0], 2);
    EXPECT_EQ(u.afloat[1], 0);
    EXPECT_EQ(u.winners, std::vector<int>{0});
    EXPECT_EQ(u.finish, Finish::kMostAfloat);
    EXPECT_EQ(u.fired_count, kTorpedoes);  // no super torpedoes without a tie
    TorpedoReport r;
    EXPECT_EQ(fire_torpedo(u, cell("A6"), r).error().code, "wrong_phase");
}

TEST(PartyRules, OnePlayerAloneWinsAfterThirtyTorpedoes) {
    Rng rng(5);
    auto g = make_game({{"players", 1}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    while (!g->is_over()) ASSERT_TRUE(g->act(0, {{"type", "fire"}}, rng).ok());
    EXPECT_EQ(g->result()["winners"], json::array({1}));
    EXPECT_EQ(g->result()["how"], "most_afloat");
    EXPECT_EQ(g->result()["torpedoes"], 30);
}

TEST(PartyRules, AnyNumberOfPlayersUpToThousandsInOneMatch) {
    Options o;
    o.players = 3000;
    State s = new_game(o);
    for (int p = 0; p < o.players; ++p) {
        ASSERT_TRUE(place_fleet(s, p, layout_of(p % 2 ? kRows : kColumns)).ok());
    }
    Rng rng(9);
    TorpedoReport r;
    while (s.phase != Phase::kOver) ASSERT_TRUE(fire_torpedo(s, draw_torpedo(s, rng), r).ok());
    // Two fleets repeated: the 1500 with the same fleet always share one fate.
    EXPECT_TRUE(s.winners.size() == 1500 || s.winners.size() == 3000);
    EXPECT_EQ(parse_options({{"players", 100000}}).value().players, 100000);
    EXPECT_EQ(parse_options({{"players", 0}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"players", 100001}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"players", 4294967298ULL}}).error().code, "bad_option");
    EXPECT_EQ(parse_options({{"players", "4"}}).error().code, "bad_option");
}

TEST(PartyRules, TheHostCanBeAPersonWhoPressesFire) {
    Rng rng(2);
    auto g = make_game({{"players", 2}, {"host", "person"}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    auto r = g->act(2, place(kColumns), rng);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->back().content["type"], "firing_starts");
    EXPECT_EQ(g->legal_actions(0)["type"], "fire");
    EXPECT_TRUE(g->legal_actions(1).is_null());
    EXPECT_EQ(g->act(1, {{"type", "fire"}}, rng).error().code, "not_your_turn");
    EXPECT_EQ(g->act(0, {{"type", "fire"}, {"cell", "A1"}}, rng).error().code, "bad_action");
    EXPECT_EQ(g->act(0, place(kRows), rng).error().code, "not_your_turn");
    EXPECT_TRUE(g->act(0, {{"type", "fire"}}, rng).ok());
}

TEST(PartyRules, TheHostCanBeAutomatic) {
    Rng rng(2);
    auto g = make_game({{"players", 2}, {"host", "auto"}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    EXPECT_EQ(g->act(0, {{"type", "fire"}}, rng).error().code, "not_your_turn");
    auto r = g->act(2, place(kColumns), rng);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(g->is_over());
    int torpedoes = 0;
    for (const auto& e : *r) torpedoes += e.content["type"] == "torpedo" ? 1 : 0;
    EXPECT_EQ(torpedoes, 30);
    EXPECT_EQ(r->back().content["type"], "game_over");
    EXPECT_TRUE(g->seats_to_act().empty());
}

TEST(PartyRules, BadInputIsAnErrorThatChangesNothing) {
    Rng rng(2);
    auto g = make_game({{"players", 2}}, rng);
    const auto before = g->observation(1);
    EXPECT_EQ(g->act(3, place(kRows), rng).error().code, "bad_seat");
    EXPECT_EQ(g->act(-1, place(kRows), rng).error().code, "bad_seat");
    EXPECT_EQ(g->act(1, json("fire"), rng).error().code, "bad_action");
    EXPECT_EQ(g->act(1, {{"type", "dance"}}, rng).error().code, "unknown_action");
    // Not the action's form is `bad_action`, as in every game (docs/protocol.md).
    EXPECT_EQ(g->act(1, {{"type", "place"}, {"ships", {1, 2}}}, rng).error().code, "bad_action");
    EXPECT_EQ(g->act(1, {{"type", "place"}}, rng).error().code, "bad_action");
    EXPECT_EQ(g->act(1, {{"type", "place"}, {"ships", "A1 right"}}, rng).error().code,
              "bad_action");
    EXPECT_EQ(g->observation(1), before);
    EXPECT_EQ(party_definition().normalize_options({{"colour", "red"}}).error().code,
              "unknown_option");
    EXPECT_EQ(party_definition().normalize_options({{"edition", "asian"}}).error().code,
              "bad_option");
    EXPECT_EQ(party_definition().normalize_options({{"host", "robot"}}).error().code, "bad_option");
}

TEST(PartyRules, PlayersSeeTheirBoardWithEveryTorpedoAndTheScoreboard) {
    Rng rng(11);
    auto g = make_game({{"players", 2}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    ASSERT_TRUE(g->act(2, place(kColumns), rng).ok());
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(g->act(0, {{"type", "fire"}}, rng).ok());
    const auto mine = g->observation(1);
    EXPECT_EQ(mine["role"], "player");
    EXPECT_EQ(mine["torpedoes"].size(), 10U);
    EXPECT_EQ(mine["scoreboard"]["afloat"].size(), 3U);  // a small table lists every seat
    EXPECT_TRUE(mine["scoreboard"]["afloat"][0].is_null());
    int counted = 0;
    for (const auto& c : mine["scoreboard"]["afloat_counts"]) counted += c.get<int>();
    EXPECT_EQ(counted, 2);
    int hits = 0;
    for (const auto& ship : mine["my_fleet"]) hits += static_cast<int>(ship["hits"].size());
    CellMask fleet = 0;
    for (int i = 0; i < kShips; ++i) {
        fleet |= ship_mask(layout_of(kRows)[static_cast<std::size_t>(i)], i);
    }
    int expected_hits = 0;
    for (const auto& t : mine["torpedoes"])
        expected_hits += static_cast<int>((fleet >> cell(t.get<std::string>())) & 1);
    EXPECT_EQ(hits, expected_hits);  // every torpedo on a ship is marked on it
    const auto host = g->observation(0);
    EXPECT_EQ(host["role"], "host");
    EXPECT_FALSE(host.contains("my_fleet"));
    EXPECT_EQ(host["torpedoes"], mine["torpedoes"]);
    EXPECT_EQ(host["scoreboard"], mine["scoreboard"]);
}

}  // namespace
}  // namespace broadside::party

namespace broadside::party {
namespace {

TEST(PartyRules, OpenSeatingRefusesBadHostActionsAndChangesNothing) {
    Rng rng(3);
    auto g = make_game({{"players", 0}, {"seating", "open"}}, rng);
    for (const json& bad : {json{{"type", "seat_players"}, {"count", 0}},
                            json{{"type", "seat_players"}, {"count", "two"}},
                            json{{"type", "remove"}}, json{{"type", "remove"}, {"seat", 0}}}) {
        auto r = g->act(0, bad, rng);
        ASSERT_FALSE(r.ok()) << bad.dump();
        EXPECT_TRUE(r.error().code == "bad_action" || r.error().code == "bad_seat") << bad.dump();
        EXPECT_EQ(g->seat_count(), 1) << bad.dump();
    }
    // A count of 0 as it comes off the wire (parsed JSON holds it unsigned) is malformed too, not
    // `too_many_players`.
    for (const char* text :
         {R"({"type": "seat_players", "count": 0})", R"({"type": "seat_players", "count": -1})"}) {
        auto r = g->act(0, json::parse(text), rng);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error().code, "bad_action") << text;
        EXPECT_EQ(g->seat_count(), 1) << text;
    }
    // `seat_players` past 100,000 players is `too_many_players`, however large the count.
    for (const json& count : {json(100'001), json(std::uint64_t{1} << 40),
                              json(std::numeric_limits<std::uint64_t>::max())}) {
        auto r = g->act(0, {{"type", "seat_players"}, {"count", count}}, rng);
        ASSERT_FALSE(r.ok()) << count.dump();
        EXPECT_EQ(r.error().code, "too_many_players") << count.dump();
        EXPECT_EQ(g->seat_count(), 1) << count.dump();
    }
    ASSERT_TRUE(g->act(0, {{"type", "seat_players"}, {"count", 2}}, rng).ok());
    EXPECT_EQ(g->act(0, {{"type", "seat_players"}, {"count", 99'999}}, rng).error().code,
              "too_many_players");
    EXPECT_EQ(g->seat_count(), 3);
    g = make_game({{"players", 0}, {"seating", "open"}}, rng);
    // Only the host seats or removes players; a player cannot.
    ASSERT_TRUE(g->act(0, {{"type", "seat_players"}, {"count", 2}}, rng).ok());
    EXPECT_EQ(g->act(1, {{"type", "seat_players"}}, rng).error().code, "not_your_turn");
    EXPECT_EQ(g->act(1, {{"type", "remove"}, {"seat", 2}}, rng).error().code, "not_your_turn");
    EXPECT_EQ(g->act(0, {{"type", "remove"}, {"seat", 9}}, rng).error().code, "bad_seat");
    ASSERT_TRUE(g->act(0, {{"type", "remove"}, {"seat", 2}}, rng).ok());
    EXPECT_EQ(g->act(0, {{"type", "remove"}, {"seat", 2}}, rng).error().code, "already_removed");
    EXPECT_EQ(g->act(2, place(kRows), rng).error().code, "removed");
    EXPECT_EQ(g->seat_count(), 3);
}

int count_of(const std::vector<GameEvent>& events, const std::string& type) {
    int n = 0;
    for (const auto& e : events) n += e.content.value("type", "") == type ? 1 : 0;
    return n;
}

TEST(PartyRemoval, RemovingEveryPlayerBeforeTheyPlaceStillLetsTheMatchEndWithNoWinner) {
    // Fixed seating waits for everyone still in to place; with nobody left, firing starts (it
    // used to wait for "0 player(s)" forever) and the torpedoes find no one.
    Rng rng(6);
    auto g = make_game({{"players", 2}}, rng);
    ASSERT_TRUE(g->act(0, {{"type", "remove"}, {"seat", 1}}, rng).ok());
    const auto last = g->act(0, {{"type", "remove"}, {"seat", 2}}, rng);
    ASSERT_TRUE(last.ok());
    EXPECT_EQ(count_of(last.value(), "firing_starts"), 1);
    EXPECT_EQ(g->seats_to_act(), std::vector<int>{0});
    for (int torpedo = 1; torpedo <= 30 && !g->is_over(); ++torpedo) {
        ASSERT_TRUE(g->act(0, {{"type", "fire"}}, rng).ok()) << torpedo;
    }
    ASSERT_TRUE(g->is_over());
    EXPECT_EQ(g->result()["winners"], json::array());
}

TEST(PartyRemoval, UnderAnAutomaticHostTheRemovalThatStartsFiringEndsWithOneGameOver) {
    Rng rng(6);
    auto g = make_game({{"players", 2}, {"host", "auto"}}, rng);
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    const auto r = g->act(0, {{"type", "remove"}, {"seat", 2}}, rng);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(g->is_over());
    EXPECT_EQ(count_of(r.value(), "firing_starts"), 1);
    EXPECT_EQ(count_of(r.value(), "torpedo"), 30);
    EXPECT_EQ(count_of(r.value(), "game_over"), 1);
    EXPECT_EQ(r.value().back().content["type"], "game_over");
    // And with nobody left at all, the same single end.
    auto empty = make_game({{"players", 1}, {"host", "auto"}}, rng);
    const auto gone = empty->act(0, {{"type", "remove"}, {"seat", 1}}, rng);
    ASSERT_TRUE(gone.ok());
    EXPECT_TRUE(empty->is_over());
    EXPECT_EQ(count_of(gone.value(), "game_over"), 1);
    EXPECT_EQ(empty->result()["winners"], json::array());
}

// With open seating, firing starts at the host's first `fire` (docs/rules/party.md, the host):
// under an automatic host the last placement fires nothing, and that `fire` fires all 30.
TEST(PartyRules, AnAutomaticHostWithOpenSeatingFiresEverythingAtItsFirstFire) {
    Rng rng(2);
    auto g = make_game({{"players", 0}, {"seating", "open"}, {"host", "auto"}}, rng);
    ASSERT_TRUE(g->act(0, {{"type", "seat_players"}, {"count", 2}}, rng).ok());
    ASSERT_TRUE(g->act(1, place(kRows), rng).ok());
    const auto placed = g->act(2, place(kColumns), rng);
    ASSERT_TRUE(placed.ok());
    EXPECT_EQ(count_of(placed.value(), "torpedo"), 0);
    EXPECT_FALSE(g->is_over());
    const auto fired = g->act(0, {{"type", "fire"}}, rng);
    ASSERT_TRUE(fired.ok()) << fired.error().message;
    EXPECT_EQ(count_of(fired.value(), "torpedo"), 30);
    EXPECT_EQ(fired.value().back().content["type"], "game_over");
    EXPECT_TRUE(g->is_over());
}

TEST(PartyRules, FixedSeatingHasNoJoinsAndNeedsAPlayer) {
    EXPECT_EQ(party_definition().normalize_options({{"players", 0}}).error().code, "bad_option");
    EXPECT_EQ(party_definition().normalize_options({{"seating", "crowd"}}).error().code,
              "bad_option");
    Rng rng(4);
    auto g = make_game({{"players", 2}}, rng);
    EXPECT_EQ(g->act(0, {{"type", "seat_players"}}, rng).error().code, "wrong_phase");
}

}  // namespace
}  // namespace broadside::party

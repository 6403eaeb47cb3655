// Secret-leak check through the protocol: in random games, nothing the engine sends a seat names
// a cell of the opponent's fleet that the seat has not hit, and the opponent's placement never
// reaches it before the end. The shared scan (tests/support/leak_scan.h) then runs every game
// through the protocol: each answer a seat or the spectator gets is checked against a Match
// mirrored action by action (the truth the protocol never hands out before the end).
#include <gtest/gtest.h>

#include <set>

#include "core/fleet_sampler.h"
#include "match/match.h"
#include "protocol/engine.h"
#include "client/random_action.h"
#include "support/leak_scan.h"

namespace {

using nlohmann::json;
using namespace broadside;

// Every string in `j` that is a cell name on a 10x10 board.
void collect_cells(const json& j, std::set<std::string>& out) {
    if (j.is_string()) {
        auto c = parse_cell(j.get<std::string>(), BoardSize{10, 10});
        if (c && j.get<std::string>() == to_string(*c)) out.insert(to_string(*c));
    } else if (j.is_structured()) {
        for (const auto& v : j) collect_cells(v, out);
    }
}

struct Secrets {
    std::array<std::set<std::string>, 2> ship_cells;  // per seat, its own fleet's cells
    std::array<std::set<std::string>, 2> hits_by;     // per seat, enemy cells it has hit
    std::array<std::vector<std::string>, 2> placements;
};

// The parts of a message that speak about the enemy's ocean, as seat `seat` receives it.
void check_enemy_info(const json& message, int seat, const Secrets& s, const std::string& what) {
    const int enemy = 1 - seat;
    std::set<std::string> mentioned;
    if (message.contains("observation")) {
        collect_cells(message["observation"]["targets"], mentioned);
        collect_cells(message["observation"]["enemy_fleet"], mentioned);
    }
    if (message.contains("events")) {
        for (const auto& e : message["events"]) {
            if (e["type"] == "fleet_placed" && e["seat"] == enemy) {
                EXPECT_EQ(e.value("redacted", false), true) << what;
                EXPECT_FALSE(e.contains("ships")) << what << ": enemy placement leaked";
            }
            if (e["type"] == "shots" && e["seat"] == seat) collect_cells(e["shots"], mentioned);
        }
    }
    for (const auto& cell : mentioned) {
        if (s.ship_cells[static_cast<std::size_t>(enemy)].count(cell)) {
            EXPECT_TRUE(s.hits_by[static_cast<std::size_t>(seat)].count(cell))
                << what << " names enemy ship cell " << cell << " that seat " << seat
                << " has not hit: " << message.dump();
        }
    }
    const std::string text = message.dump();
    for (const auto& p : s.placements[static_cast<std::size_t>(enemy)]) {
        if (std::find(s.placements[static_cast<std::size_t>(seat)].begin(),
                      s.placements[static_cast<std::size_t>(seat)].end(),
                      p) == s.placements[static_cast<std::size_t>(seat)].end()) {
            EXPECT_EQ(text.find("\"" + p + "\""), std::string::npos)
                << what << " contains the enemy placement " << p;
        }
    }
}

// The spectator (seat -1) sees both sides: what each side names of its enemy's ocean must be a
// cell it has hit, and no placement of either side appears before the end.
void check_spectator(const json& message, const Secrets& s, const std::string& what) {
    std::array<std::set<std::string>, 2> mentioned;  // by the side that fired
    if (message.contains("observation")) {
        const json& obs = message["observation"];
        EXPECT_FALSE(obs.contains("my_fleet")) << what;
        for (const auto& side : obs["sides"]) {
            const auto seat = side["seat"].get<std::size_t>();
            collect_cells(side["targets"], mentioned[seat]);
            collect_cells(side["enemy_fleet"], mentioned[seat]);
        }
    }
    if (message.contains("events")) {
        for (const auto& e : message["events"]) {
            if (e["type"] == "fleet_placed") {
                EXPECT_FALSE(e.contains("ships")) << what;
            }
            if (e["type"] == "shots") {
                collect_cells(e["shots"], mentioned[e["seat"].get<std::size_t>()]);
            }
        }
    }
    for (std::size_t seat = 0; seat < 2; ++seat) {
        for (const auto& cell : mentioned[seat]) {
            if (s.ship_cells[1 - seat].count(cell)) {
                EXPECT_TRUE(s.hits_by[seat].count(cell))
                    << what << " shows the spectator ship cell " << cell << " of seat " << 1 - seat;
            }
        }
    }
    const std::string text = message.dump();
    for (const auto& placements : s.placements) {
        for (const auto& p : placements) {
            EXPECT_EQ(text.find("\"" + p + "\""), std::string::npos) << what << " names " << p;
        }
    }
}

void play_and_check(const std::string& game, const json& options, std::uint64_t seed) {
    protocol::Engine engine([] { return 1; });
    Rng rng(seed);
    auto created =
        engine.handle({{"cmd", "create"}, {"game", game}, {"seed", seed}, {"options", options}});
    ASSERT_EQ(created["type"], "created") << created.dump();
    const json match = created["match"];
    Secrets secrets;
    FleetSampler sampler(classic_fleet(), BoardSize{10, 10}, options.value("no_touch", false));
    for (int seat = 0; seat < 2; ++seat) {
        auto layout = *sampler.sample(rng);
        json ships = json::array();
        for (std::size_t i = 0; i < layout.size(); ++i) {
            ships.push_back(to_string(layout[i]));
            secrets.placements[static_cast<std::size_t>(seat)].push_back(to_string(layout[i]));
            ship_cells(layout[i], classic_fleet()[i].length, BoardSize{10, 10})
                ->for_each([&](int index) {
                    secrets.ship_cells[static_cast<std::size_t>(seat)].insert(
                        to_string(cell_at(index, BoardSize{10, 10})));
                });
        }
        auto r = engine.handle({{"cmd", "act"},
                                {"match", match},
                                {"seat", seat},
                                {"action", {{"type", "place"}, {"ships", ships}}}});
        ASSERT_EQ(r["type"], "acted") << r.dump();
        check_enemy_info(r, seat, secrets, "placement answer");
    }
    for (int turn = 0; turn < 400; ++turn) {
        for (int seat = 0; seat < 2; ++seat) {
            auto obs = engine.handle({{"cmd", "observe"}, {"match", match}, {"seat", seat}});
            check_enemy_info(obs, seat, secrets, "observation");
            auto ev = engine.handle({{"cmd", "events"}, {"match", match}, {"seat", seat}});
            check_enemy_info(ev, seat, secrets, "events");
            auto rec = engine.handle({{"cmd", "record"}, {"match", match}});
            if (!obs["over"].get<bool>()) {
                EXPECT_EQ(rec["error"]["code"], "match_not_over");
            }
        }
        auto watched = engine.handle({{"cmd", "observe"}, {"match", match}, {"seat", -1}});
        ASSERT_EQ(watched["type"], "observation") << watched.dump();
        EXPECT_TRUE(watched["legal"].is_null());
        check_spectator(watched, secrets, "spectator observation");
        check_spectator(engine.handle({{"cmd", "events"}, {"match", match}, {"seat", -1}}), secrets,
                        "spectator events");
        auto any = engine.handle({{"cmd", "observe"}, {"match", match}, {"seat", 0}});
        if (any["over"].get<bool>()) return;
        const int seat = any["to_act"][0].get<int>();
        auto legal = engine.handle({{"cmd", "legal"}, {"match", match}, {"seat", seat}})["legal"];
        std::vector<std::string> open = legal["cells"].get<std::vector<std::string>>();
        rng.shuffle(std::span<std::string>(open));
        open.resize(legal["count"].get<std::size_t>());
        auto r = engine.handle({{"cmd", "act"},
                                {"match", match},
                                {"seat", seat},
                                {"action", {{"type", "fire"}, {"cells", open}}}});
        ASSERT_EQ(r["type"], "acted") << r.dump();
        for (const auto& e : r["events"]) {
            if (e["type"] != "shots") continue;
            for (const auto& shot : e["shots"]) {
                if (shot["result"] != "miss") {
                    secrets.hits_by[static_cast<std::size_t>(seat)].insert(shot["cell"]);
                }
            }
        }
        check_enemy_info(r, seat, secrets, "act answer");
    }
    FAIL() << "the game did not end";
}

TEST(EngineSecrets, NoMessageToASeatNamesAnUnhitEnemyShipCellInClassic) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) play_and_check("classic", json::object(), seed);
}

TEST(EngineSecrets, NoMessageToASeatNamesAnUnhitEnemyShipCellInSalvo) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) play_and_check("salvo", json::object(), seed);
}

TEST(EngineSecrets, NoMessageToASeatNamesAnUnhitEnemyShipCellWithHitOnlyAndNoTouch) {
    const json options{{"announce", "hit-only"}, {"no_touch", true}};
    for (std::uint64_t seed = 1; seed <= 3; ++seed) play_and_check("salvo", options, seed);
}

// Plays `game` through the in-process protocol engine with random legal actions, mirroring each
// action on a Match, and scans every answer (observe, events, legal, act) every viewer gets.
void scan_through_protocol(const std::string& game, const json& options, std::uint64_t seed) {
    SCOPED_TRACE(game + " " + options.dump() + " seed " + std::to_string(seed));
    protocol::Engine engine([] { return 1; });
    auto created =
        engine.handle({{"cmd", "create"}, {"game", game}, {"seed", seed}, {"options", options}});
    ASSERT_EQ(created["type"], "created") << created.dump();
    const json match = created["match"];
    auto mirror = std::move(Match::create(game, options, seed).value());
    Rng rng(seed);
    auto check = [&](int viewer, const json& answer, const std::string& what) {
        if (mirror.is_over()) return;  // the end reveals everything
        const auto found =
            broadside::testing::scan(broadside::testing::hidden_for(mirror, viewer), answer);
        ASSERT_TRUE(found.empty())
            << what << " to viewer " << viewer << " leaks " << found[0] << "\n"
            << answer.dump();
    };
    for (int step = 0; step < 3000 && !mirror.is_over(); ++step) {
        for (int viewer = -1; viewer < mirror.seat_count(); ++viewer) {
            check(viewer, engine.handle({{"cmd", "observe"}, {"match", match}, {"seat", viewer}}),
                  "observe");
            check(viewer, engine.handle({{"cmd", "events"}, {"match", match}, {"seat", viewer}}),
                  "events");
        }
        const auto to_act = mirror.seats_to_act();
        ASSERT_FALSE(to_act.empty());
        const int seat = to_act[rng.below(static_cast<std::uint32_t>(to_act.size()))];
        const json legal =
            engine.handle({{"cmd", "legal"}, {"match", match}, {"seat", seat}})["legal"];
        check(seat, json{{"legal", legal}}, "legal");
        const json action = client::random_action(legal, seat, rng, game);
        const json acted =
            engine.handle({{"cmd", "act"}, {"match", match}, {"seat", seat}, {"action", action}});
        ASSERT_EQ(acted["type"], "acted") << acted.dump();
        ASSERT_TRUE(mirror.act(seat, action).ok());
        check(seat, acted, "act answer");
        if (::testing::Test::HasFatalFailure()) return;
    }
    EXPECT_TRUE(mirror.is_over()) << "the game did not end";
}

TEST(EngineSecrets, EveryGameThroughTheProtocolPassesTheSharedLeakScan) {
    scan_through_protocol("classic", json::object(), 1);
    scan_through_protocol("salvo", {{"announce", "hit-only"}}, 2);
    scan_through_protocol("classic", {{"weapons", "all"}}, 1);
    scan_through_protocol("salvo", {{"weapons", "all"}, {"dice", "3d6"}}, 2);
    scan_through_protocol("royale", {{"players", 2}}, 2);
    scan_through_protocol("royale", {{"players", 3}, {"mode", "advanced"}}, 3);
    scan_through_protocol("royale", {{"players", 6}}, 6);
    scan_through_protocol("party", {{"players", 4}}, 5);
    scan_through_protocol("crew", {{"players", 3}}, 6);
}

}  // namespace

// A Royale deck given by the player is the deck dealt, on every path: `play royale --deck`,
// `sim royale --deck` and a server room's `deck` option. The deck here differs from the built-in
// one where play shows it: only Patrol Boats, with ids P01.., so a hand, a reveal and the length
// of the games all tell which deck was dealt (tests/mutants/deck_file_ignored.patch deals the
// built-in deck while echoing this one, and these tests fail).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// 20 Patrol Boats (two cells each) in rows A to D: A1-A2, A3-A4, ..., D9-D10.
json patrol_boat_deck() {
    json cards = json::array();
    int n = 0;
    for (char r = 'A'; r <= 'D'; ++r) {
        for (int c = 1; c <= 9; c += 2) {
            ++n;
            const std::string id = std::string(n < 10 ? "P0" : "P") + std::to_string(n);
            cards.push_back({{"id", id},
                             {"ship", "Patrol Boat"},
                             {"cells", {r + std::to_string(c), r + std::to_string(c + 1)}}});
        }
    }
    return {{"format", "broadside-royale-deck"},
            {"version", 1},
            {"mode", "standard"},
            {"name", "Patrol Boats only"},
            {"cards", cards}};
}

std::string deck_file() {
    const std::string file = temp_dir() + "/patrol.json";
    std::ofstream(file) << patrol_boat_deck().dump();
    return file;
}

TEST(RoyaleDeckFile, PlayDealsTheHandFromTheDeckFile) {
    const auto r = run_broadside({"play", "royale", "--players", "2", "--seed", "7", "--first", "0",
                                  "--bot", "random", "--deck", deck_file()},
                                 "cards\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The hand as shown: five cards of the file, none of the built-in deck (S01..S30).
    EXPECT_GE(count_of(r.out, " Patrol Boat "), 5) << r.out;
    EXPECT_NE(r.out.find("P0"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Aircraft Carrier"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("S30"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("The deck (20 cards"), std::string::npos) << r.out;
}

TEST(RoyaleDeckFile, SimPlaysShorterGamesWithASmallerFleet) {
    // Fleets of 3 Patrol Boats (6 cells) against the built-in deck's 3 cards of 2 to 5 cells: the
    // same bots with the same seed sink them in far fewer turns.
    auto sim = [](std::vector<std::string> extra) {
        std::vector<std::string> args{"sim",     "royale", "--players", "2", "--bots", "royale",
                                      "--games", "20",     "--seed",    "5", "--json"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_broadside(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return json::parse(r.out);
    };
    const json built_in = sim({});
    const json mine = sim({"--deck", deck_file()});
    EXPECT_EQ(mine["options"]["deck"]["name"], "Patrol Boats only");
    const double a = built_in["mean_turns"].get<double>();
    const double b = mine["mean_turns"].get<double>();
    EXPECT_LT(b, 0.8 * a) << "built-in " << a << ", patrol boats " << b;
}

TEST(RoyaleDeckFile, AServerRoomDealsItsDeckOption) {
    ServerProcess server(temp_dir());
    auto created =
        create_room(server.port(), {{"game", "royale"},
                                    {"options", {{"players", 2}, {"deck", patrol_boat_deck()}}},
                                    {"bots", {{{"seat", 1}, {"level", "easy"}}}}});
    ASSERT_TRUE(created.contains("room")) << created.dump();
    SeatClient me(server.port(), created["room"], created["token"]);
    ASSERT_EQ(me.request({{"cmd", "start"}})["type"], "started");
    ASSERT_EQ(me.request({{"cmd", "resign"}})["type"], "resigned");
    const auto record = me.request({{"cmd", "record"}});
    ASSERT_EQ(record["type"], "record");
    const auto& hands = record["record"]["reveal"]["hands"];
    ASSERT_EQ(hands.size(), 2u) << record["record"]["reveal"].dump();
    for (const auto& hand : hands) {
        ASSERT_EQ(hand["dealt"].size(), 5u) << hand.dump();
        for (const auto& card : hand["dealt"]) {
            const std::string id =
                card.is_string() ? card.get<std::string>() : card["id"].get<std::string>();
            EXPECT_EQ(id[0], 'P') << hand.dump();
        }
    }
    // The seat's own frames name only the file's cards too (its dealt event, its observation).
    bool saw_mine = false;
    for (const auto& f : me.frames(200)) {
        if (f.find("\"P0") != std::string::npos || f.find("\"P1") != std::string::npos)
            saw_mine = true;
        EXPECT_EQ(f.find("\"S0"), std::string::npos) << f;
    }
    EXPECT_TRUE(saw_mine);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

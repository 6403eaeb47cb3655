// Battleship Royale decks and options: the default decks follow every constraint the rules
// imply, the compiled-in copies match data/decks/, and a loaded deck is checked with clear
// errors.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "games/royale/options.h"
#include "match/match.h"

namespace broadside::royale {
namespace {

using nlohmann::json;

json read_json(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str());
}

json deck_file(Mode mode) {
    return read_json(std::string(BROADSIDE_SOURCE_DIR) + "/data/decks/royale-" + to_string(mode) +
                     ".json");
}

std::string deck_error(const json& deck, Mode mode) {
    auto d = parse_deck(deck, mode);
    return d ? std::string("accepted") : d.error().code + ": " + d.error().message;
}

TEST(RoyaleDeck, TheCompiledInDecksAreTheDataFiles) {
    for (Mode mode : {Mode::kStandard, Mode::kAdvanced}) {
        EXPECT_EQ(json::parse(default_deck_text(mode)), deck_file(mode)) << to_string(mode);
    }
}

TEST(RoyaleDeck, StandardHasThirtyShipCardsNoTwoSharingACoordinate) {
    const auto deck = default_deck(Mode::kStandard);
    EXPECT_EQ(deck->cards.size(), 30U);
    EXPECT_EQ(deck->submarine_card_count(), 0);
    Bitboard all;
    for (const auto& c : deck->cards) {
        EXPECT_FALSE(all.intersects(c.mask)) << c.id;
        all |= c.mask;
        EXPECT_EQ(static_cast<int>(c.cells.size()), ship_length(c.ship)) << c.id;
    }
}

TEST(RoyaleDeck, StandardHasTheSeedExamplesDestroyerOnA7ToA9AndNothingOnB9) {
    const auto deck = default_deck(Mode::kStandard);
    bool destroyer = false;
    for (const auto& c : deck->cards) {
        if (c.ship == "Destroyer" && c.cells.front() == Cell{0, 6} && c.cells.back() == Cell{0, 8})
            destroyer = true;
        EXPECT_FALSE(c.mask.test(cell_index(Cell{1, 8}, kBoard))) << c.id << " covers B9";
    }
    EXPECT_TRUE(destroyer);
}

TEST(RoyaleDeck, AdvancedHasSixSubmarinesAndTwentyFourShipCards) {
    const auto deck = default_deck(Mode::kAdvanced);
    EXPECT_EQ(deck->submarine_card_count(), 6);
    EXPECT_EQ(deck->ship_card_count(), 24);
    Bitboard ships, subs;
    bool overlap = false;
    for (const auto& c : deck->cards) {
        Bitboard& layer = c.submarine ? subs : ships;
        EXPECT_FALSE(layer.intersects(c.mask)) << c.id;
        layer |= c.mask;
        if (c.submarine) {
            EXPECT_EQ(c.ship, "Submarine");
        }
        if (!c.submarine) {
            EXPECT_NE(c.ship, "Submarine");  // "keep the Patrol Boat and ..."
        }
    }
    overlap = ships.intersects(subs);
    EXPECT_TRUE(overlap);  // how double hits happen
}

// The mixes docs/rules/royale.md gives, ship by ship, and the cells they leave empty.
TEST(RoyaleDeck, TheDefaultDecksHaveTheDocumentedMixAndEmptyCells) {
    auto count = [](const Deck& deck) {
        std::map<std::string, int> n;
        for (const auto& c : deck.cards)
            if (!c.submarine) ++n[c.ship];
        return n;
    };
    const auto standard = default_deck(Mode::kStandard);
    EXPECT_EQ(count(*standard), (std::map<std::string, int>{{"Patrol Boat", 7},
                                                            {"Destroyer", 6},
                                                            {"Submarine", 6},
                                                            {"Battleship", 6},
                                                            {"Aircraft Carrier", 5}}));
    Bitboard covered;
    for (const auto& c : standard->cards) covered |= c.mask;
    EXPECT_EQ(covered.count(), 99);
    const auto advanced = default_deck(Mode::kAdvanced);
    EXPECT_EQ(
        count(*advanced),
        (std::map<std::string, int>{
            {"Patrol Boat", 6}, {"Destroyer", 6}, {"Battleship", 6}, {"Aircraft Carrier", 6}}));
    Bitboard any;
    for (const auto& c : advanced->cards) any |= c.mask;
    for (const char* empty : {"H10", "I7"}) {
        EXPECT_FALSE(any.test(cell_index(parse_cell(empty, kBoard).value(), kBoard))) << empty;
    }
}

TEST(RoyaleOptions, AdvancedNeedsASubmarineCardForEveryPlayer) {
    json d = deck_file(Mode::kAdvanced);
    json fewer = json::array();
    int subs = 0;
    for (const auto& c : d["cards"]) {
        if (c.value("submarine", false) && ++subs > 3) continue;  // keep 3 of the 6
        fewer.push_back(c);
    }
    d["cards"] = fewer;
    EXPECT_TRUE(parse_options({{"mode", "advanced"}, {"players", 3}, {"deck", d}}).ok());
    auto o = parse_options({{"mode", "advanced"}, {"players", 4}, {"deck", d}});
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code, "bad_option");
    EXPECT_NE(o.error().message.find("every player takes a Submarine card"), std::string::npos)
        << o.error().message;
}

TEST(RoyaleDeck, OverlappingShipCardsAreRejectedNamingBoth) {
    json d = deck_file(Mode::kStandard);
    d["cards"][1]["cells"] = {"A7", "A8",
                              "A9"};  // S02 onto S05's coordinates... S02 is a Destroyer
    const auto err = deck_error(d, Mode::kStandard);
    EXPECT_NE(err.find("bad_deck"), std::string::npos) << err;
    EXPECT_NE(err.find("S02"), std::string::npos) << err;
    EXPECT_NE(err.find("S05"), std::string::npos) << err;
}

TEST(RoyaleDeck, OverlappingSubmarineCardsAreRejectedButASubmarineMayOverlapAShip) {
    json d = deck_file(Mode::kAdvanced);
    EXPECT_EQ(deck_error(d, Mode::kAdvanced), "accepted");
    // U1 onto U2's coordinates.
    for (auto& c : d["cards"]) {
        if (c["id"] == "U1") c["cells"] = {"B4", "B5", "B6"};
    }
    EXPECT_NE(deck_error(d, Mode::kAdvanced).find("Submarine"), std::string::npos);
}

TEST(RoyaleDeck, CardsAreStraightLinesOfTheirShipsLength) {
    json d = deck_file(Mode::kStandard);
    d["cards"][0]["cells"] = {"A1", "B2", "C3"};
    EXPECT_NE(deck_error(d, Mode::kStandard).find("straight line"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["cells"] = {"A1", "B1"};
    EXPECT_NE(deck_error(d, Mode::kStandard).find("covers 3"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["cells"] = {"A1", "C1", "D1"};
    EXPECT_NE(deck_error(d, Mode::kStandard).find("straight line"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["cells"] = {"K1", "K2", "K3"};
    EXPECT_NE(deck_error(d, Mode::kStandard).find("off the board"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["ship"] = "Cruiser";
    EXPECT_NE(deck_error(d, Mode::kStandard).find("unknown ship"), std::string::npos);
}

TEST(RoyaleDeck, EveryAdvancedShipCardPrintsABonusAndStandardCardsDoNot) {
    json d = deck_file(Mode::kAdvanced);
    d["cards"][0].erase("bonus");
    EXPECT_NE(deck_error(d, Mode::kAdvanced).find("bonus"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["bonus"] = 2;
    EXPECT_NE(deck_error(d, Mode::kStandard).find("bonus"), std::string::npos);
    d = deck_file(Mode::kStandard);
    d["cards"][0]["submarine"] = true;
    EXPECT_NE(deck_error(d, Mode::kStandard).find("Advanced"), std::string::npos);
}

TEST(RoyaleDeck, IdsAreUniqueAndTheModeMustMatch) {
    json d = deck_file(Mode::kStandard);
    d["cards"][1]["id"] = d["cards"][0]["id"];
    EXPECT_NE(deck_error(d, Mode::kStandard).find("two cards have the id"), std::string::npos);
    EXPECT_NE(deck_error(deck_file(Mode::kStandard), Mode::kAdvanced).find("standard"),
              std::string::npos);
}

TEST(RoyaleDeck, AnIdThatReadsAsACoordinateIsRejected) {
    json d = deck_file(Mode::kStandard);
    d["cards"][0]["id"] = "A10";
    EXPECT_NE(deck_error(d, Mode::kStandard).find("reads as a coordinate"), std::string::npos);
}

TEST(RoyaleOptions, DefaultsAreStandardFourPlayersRandomStartDefaultDeck) {
    auto o = parse_options(json::object());
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(
        to_json(*o),
        json({{"mode", "standard"}, {"players", 4}, {"first", "random"}, {"deck", "default"}}));
}

TEST(RoyaleOptions, BadOptionsAreNamed) {
    EXPECT_EQ(parse_options({{"colour", "red"}}).error().code, "unknown_option");
    for (const json& bad :
         {json({{"players", 1}}), json({{"players", 7}}), json({{"players", 4294967298ULL}}),
          json({{"players", "six"}}), json({{"mode", "expert"}}),
          json({{"players", 3}, {"first", 3}}), json({{"first", -1}}), json({{"deck", 5}})}) {
        auto o = parse_options(bad);
        ASSERT_FALSE(o.ok()) << bad.dump();
        EXPECT_EQ(o.error().code, "bad_option") << bad.dump();
    }
}

TEST(RoyaleOptions, ADeckTooSmallToDealIsRejected) {
    json d = deck_file(Mode::kStandard);
    d["cards"] = json(std::vector<json>(d["cards"].begin(), d["cards"].begin() + 20));
    EXPECT_TRUE(parse_options({{"players", 4}, {"deck", d}}).ok());  // 4 x 5 = 20
    auto o = parse_options({{"players", 6}, {"deck", d}});           // 6 x 4 = 24
    ASSERT_FALSE(o.ok());
    EXPECT_NE(o.error().message.find("24 ship cards"), std::string::npos) << o.error().message;
}

TEST(RoyaleOptions, ACustomDeckIsPlayedAndKeptInTheNormalizedOptions) {
    json d = deck_file(Mode::kStandard);
    d["name"] = "transcribed";
    auto m = Match::create("royale", {{"players", 2}, {"deck", d}, {"first", 0}}, 5);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->options()["deck"], d);
    auto again = parse_options(m->options());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(to_json(*again), m->options());
    json bad = d;
    bad["cards"][0]["cells"] = {"A1"};
    auto rejected = Match::create("royale", {{"deck", bad}}, 5);
    ASSERT_FALSE(rejected.ok());
    EXPECT_EQ(rejected.error().code, "bad_option");
}

}  // namespace
}  // namespace broadside::royale

#pragma once
// Fixed fleets and scripted torpedo orders for the party tests.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/party/rules.h"

namespace broadside::party::test {

// Along the rows: A1-E1, A2-D2, A3-C3, A4-C4, A5-B5, A6.
inline const std::vector<std::string> kRows{"A1 right", "A2 right", "A3 right",
                                            "A4 right", "A5 right", "A6 right"};
// Down the columns: A1-A5, B1-B4, C1-C3, D1-D3, E1-E2, F1.
inline const std::vector<std::string> kColumns{"A1 down", "B1 down", "C1 down",
                                               "D1 down", "E1 down", "F1 down"};

inline Layout layout_of(const std::vector<std::string>& texts) {
    auto l = parse_layout(texts);
    EXPECT_TRUE(l.ok()) << (l.ok() ? "" : l.error().message);
    return l.value();
}

inline int cell(const std::string& text) {
    return parse_cell(text).value();
}

// A game with these fleets placed, in the firing phase.
inline State placed_game(const std::vector<std::vector<std::string>>& fleets) {
    Options o;
    o.players = static_cast<int>(fleets.size());
    State s = new_game(o);
    for (std::size_t p = 0; p < fleets.size(); ++p) {
        EXPECT_TRUE(place_fleet(s, static_cast<int>(p), layout_of(fleets[p])).ok());
    }
    return s;
}

inline TorpedoReport fire_ok(State& s, const std::string& c) {
    TorpedoReport r;
    const auto st = fire_torpedo(s, cell(c), r);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return r;
}

// Fires the 30 regular torpedoes at every cell except `unfired` (six cells), in cell order.
inline void fire_all_but(State& s, const std::vector<std::string>& unfired) {
    EXPECT_EQ(unfired.size(), 6U);
    CellMask keep = 0;
    for (const auto& c : unfired) keep |= CellMask{1} << cell(c);
    for (int i = 0; i < kCells; ++i) {
        if (keep >> i & 1) continue;
        TorpedoReport r;
        EXPECT_TRUE(fire_torpedo(s, i, r).ok());
    }
}

}  // namespace broadside::party::test

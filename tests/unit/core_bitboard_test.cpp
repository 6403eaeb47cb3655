// Bitboards: sets of cells, one bit per cell index, on boards up to 26x26.
#include <gtest/gtest.h>

#include <vector>

#include "core/bitboard.h"

namespace broadside {
namespace {

Bitboard of(std::initializer_list<int> indices) {
    Bitboard b;
    for (int i : indices) b.set(i);
    return b;
}

std::vector<int> members(const Bitboard& b) {
    std::vector<int> out;
    b.for_each([&](int i) { out.push_back(i); });
    return out;
}

TEST(Bitboard, HoldsEveryCellOfThe26x26Board) {
    EXPECT_GE(Bitboard::kWords * 64, kMaxCells);
    EXPECT_LT((Bitboard::kWords - 1) * 64, kMaxCells);
}

TEST(Bitboard, StartsEmpty) {
    Bitboard b;
    EXPECT_TRUE(b.empty());
    EXPECT_EQ(b.count(), 0);
    EXPECT_TRUE(members(b).empty());
    EXPECT_EQ(b.nth_set(0), -1);
}

TEST(Bitboard, SetTestResetAcrossWordBoundaries) {
    Bitboard b;
    for (int i : {0, 1, 63, 64, 65, 127, 128, 640, kMaxCells - 1}) {
        EXPECT_FALSE(b.test(i)) << i;
        b.set(i);
        EXPECT_TRUE(b.test(i)) << i;
    }
    EXPECT_EQ(b.count(), 9);
    EXPECT_FALSE(b.test(2));
    EXPECT_FALSE(b.test(62));
    b.reset(64);
    EXPECT_FALSE(b.test(64));
    EXPECT_TRUE(b.test(63));
    EXPECT_TRUE(b.test(65));
    EXPECT_EQ(b.count(), 8);
    b.set(1);  // setting twice changes nothing
    EXPECT_EQ(b.count(), 8);
    b.reset(2);  // resetting a clear bit changes nothing
    EXPECT_EQ(b.count(), 8);
}

TEST(Bitboard, ForEachVisitsSetBitsInIncreasingOrder) {
    const Bitboard b = of({kMaxCells - 1, 64, 3, 63, 200, 0});
    EXPECT_EQ(members(b), (std::vector<int>{0, 3, 63, 64, 200, kMaxCells - 1}));
}

TEST(Bitboard, NthSetCountsFromZeroAcrossWords) {
    const Bitboard b = of({5, 63, 64, 130, kMaxCells - 1});
    EXPECT_EQ(b.nth_set(0), 5);
    EXPECT_EQ(b.nth_set(1), 63);
    EXPECT_EQ(b.nth_set(2), 64);
    EXPECT_EQ(b.nth_set(3), 130);
    EXPECT_EQ(b.nth_set(4), kMaxCells - 1);
    EXPECT_EQ(b.nth_set(5), -1);
}

TEST(Bitboard, UnionIntersectionAndDifference) {
    const Bitboard a = of({1, 2, 3, 100});
    const Bitboard b = of({3, 4, 100, 600});
    EXPECT_EQ(members(a | b), (std::vector<int>{1, 2, 3, 4, 100, 600}));
    EXPECT_EQ(members(a & b), (std::vector<int>{3, 100}));
    EXPECT_EQ(members(a.without(b)), (std::vector<int>{1, 2}));
    EXPECT_EQ(members(b.without(a)), (std::vector<int>{4, 600}));
    Bitboard c = a;
    c |= b;
    EXPECT_EQ(c, a | b);
    c &= a;
    EXPECT_EQ(c, a);
}

TEST(Bitboard, IntersectsOnlyWhenACellIsShared) {
    EXPECT_TRUE(of({1, 300}).intersects(of({300})));
    EXPECT_FALSE(of({1, 300}).intersects(of({2, 301})));
    EXPECT_FALSE(Bitboard{}.intersects(Bitboard{}));
}

TEST(Bitboard, ContainsAllIsTheSubsetRelation) {
    EXPECT_TRUE(of({1, 2, 500}).contains_all(of({1, 500})));
    EXPECT_TRUE(of({1, 2}).contains_all(Bitboard{}));
    EXPECT_FALSE(of({1, 2}).contains_all(of({1, 3})));
    EXPECT_FALSE(Bitboard{}.contains_all(of({0})));
}

TEST(Bitboard, AllHasExactlyTheBoardsCells) {
    for (const BoardSize b :
         {BoardSize{5, 5}, BoardSize{10, 10}, BoardSize{7, 13}, BoardSize{26, 26}}) {
        const Bitboard all = Bitboard::all(b);
        EXPECT_EQ(all.count(), b.cells());
        EXPECT_TRUE(all.test(b.cells() - 1));
        if (b.cells() < kMaxCells) {
            EXPECT_FALSE(all.test(b.cells()));
        }
    }
}

TEST(Bitboard, EqualityComparesContents) {
    EXPECT_EQ(of({1, 64}), of({64, 1}));
    EXPECT_NE(of({1, 64}), of({1, 65}));
    Bitboard b = of({7});
    b.reset(7);
    EXPECT_EQ(b, Bitboard{});
}

}  // namespace
}  // namespace broadside

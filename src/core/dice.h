#pragma once
// The dice of the Battleship family, all rolled from the match's generator.
#include <array>
#include <string>

#include "core/error.h"
#include "core/rng.h"

namespace broadside {

inline int roll_d6(Rng& rng) {
    return rng.between(1, 6);
}
inline int roll_d20(Rng& rng) {
    return rng.between(1, 20);
}

// Three six-sided dice; the weapons rules use their sum (3..18).
struct ThreeD6 {
    std::array<int, 3> faces{};
    int total() const { return faces[0] + faces[1] + faces[2]; }
};
ThreeD6 roll_3d6(Rng& rng);

// Battleship Royale's die: faces 1, 1, 2, 2, 3, 3.
inline constexpr std::array<int, 6> kRoyaleDieFaces{1, 1, 2, 2, 3, 3};
inline int roll_royale_die(Rng& rng) {
    return kRoyaleDieFaces[rng.below(6)];
}

// The dice kind used by the optional weapons rules.
enum class DiceKind { kD20, k3D6 };
Result<DiceKind> parse_dice_kind(const std::string& text);
std::string to_string(DiceKind kind);

}  // namespace broadside

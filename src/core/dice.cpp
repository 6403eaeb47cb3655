#include "core/dice.h"

namespace broadside {

ThreeD6 roll_3d6(Rng& rng) {
    return ThreeD6{{roll_d6(rng), roll_d6(rng), roll_d6(rng)}};
}

Result<DiceKind> parse_dice_kind(const std::string& text) {
    if (text == "d20") return DiceKind::kD20;
    if (text == "3d6") return DiceKind::k3D6;
    return make_error("bad_option", "Unknown dice kind \"" + text + "\": use d20 or 3d6.");
}

std::string to_string(DiceKind kind) {
    return kind == DiceKind::kD20 ? "d20" : "3d6";
}

}  // namespace broadside

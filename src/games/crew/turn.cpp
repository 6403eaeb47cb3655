#include "games/crew/turn.h"

#include <algorithm>

namespace broadside::crew {

std::string held_name(int index) {
    static const std::array<std::string, 3> names{"ship", "captain", "mate"};
    return names[static_cast<std::size_t>(index)];
}

SetAside set_aside(int held, std::span<const int> faces) {
    SetAside out;
    out.held = held;
    out.rest.assign(faces.begin(), faces.end());
    while (out.held < kQualified) {
        const int wanted = kSetAsideFace[static_cast<std::size_t>(out.held)];
        auto it = std::find(out.rest.begin(), out.rest.end(), wanted);
        if (it == out.rest.end()) break;
        out.rest.erase(it);
        ++out.held;
        ++out.newly;
    }
    return out;
}

std::vector<CrewChoice> crew_choices(std::array<int, 2> crew, Reroll rule) {
    std::vector<CrewChoice> choices{{true, {}}};
    if (rule == Reroll::kNone) return choices;
    choices.push_back({false, {}});
    if (rule == Reroll::kEach) {
        choices.push_back({false, {crew[0]}});
        if (crew[1] != crew[0]) choices.push_back({false, {crew[1]}});
    }
    return choices;
}

}  // namespace broadside::crew

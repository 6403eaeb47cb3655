#pragma once
// The fleet the player is placing, ship by ship, before it goes to the match as one action.
// Each ship is checked against the ones already placed, so a mistake is caught at once.
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "core/ship.h"

namespace broadside::cli {

class FleetDraft {
public:
    FleetDraft(std::vector<ShipSpec> fleet, BoardSize board, bool no_touch);

    const std::vector<ShipSpec>& fleet() const { return fleet_; }
    bool complete() const { return layout_.size() == fleet_.size(); }
    std::size_t placed() const { return layout_.size(); }
    const ShipSpec& next() const { return fleet_[layout_.size()]; }
    const std::vector<Placement>& layout() const { return layout_; }
    std::vector<std::string> placements() const;  // "A1 right", one per ship placed so far

    // Places the next ship from text such as "A1 right"; an error says what is wrong.
    Status add(const std::string& text);
    // Takes back the last ship; false when there is none.
    bool undo();
    // Places the remaining ships uniformly at random among the layouts that keep the ships
    // already placed (rejection sampling, like FleetSampler, so the choice is exactly uniform);
    // when almost no draw fits, by randomized search around them (legal, not exactly uniform).
    // An error only when the search finds no room either.
    Status fill_randomly(Rng& rng);
    void clear() { layout_.clear(); }

private:
    // Appends `more` (the remaining ships) if the whole layout is then legal.
    bool take(const std::vector<Placement>& more);

    std::vector<ShipSpec> fleet_;
    BoardSize board_;
    bool no_touch_;
    std::vector<Placement> layout_;
};

}  // namespace broadside::cli

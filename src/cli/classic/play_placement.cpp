#include "cli/classic/play_placement.h"

#include "core/fleet_sampler.h"

namespace broadside::cli {

FleetDraft::FleetDraft(std::vector<ShipSpec> fleet, BoardSize board, bool no_touch)
    : fleet_(std::move(fleet)), board_(board), no_touch_(no_touch) {}

std::vector<std::string> FleetDraft::placements() const {
    std::vector<std::string> out;
    for (const auto& p : layout_) out.push_back(to_string(p));
    return out;
}

Status FleetDraft::add(const std::string& text) {
    if (complete()) return make_error("already_placed", "Every ship is already placed.");
    auto p = parse_placement(text, board_);
    if (!p) return p.error();
    std::vector<ShipSpec> so_far(fleet_.begin(),
                                 fleet_.begin() + static_cast<std::ptrdiff_t>(layout_.size() + 1));
    std::vector<Placement> candidate = layout_;
    candidate.push_back(*p);
    if (auto st = validate_layout(so_far, candidate, board_, no_touch_); !st) return st;
    layout_ = std::move(candidate);
    return Status::ok_status();
}

bool FleetDraft::undo() {
    if (layout_.empty()) return false;
    layout_.pop_back();
    return true;
}

Status FleetDraft::fill_randomly(Rng& rng) {
    if (complete()) return Status::ok_status();
    const std::vector<ShipSpec> rest(fleet_.begin() + static_cast<std::ptrdiff_t>(layout_.size()),
                                     fleet_.end());
    const FleetSampler sampler(rest, board_, no_touch_);
    // Uniform layouts of the remaining ships, kept only if they fit around the placed ones:
    // conditioning a uniform draw on legality keeps it uniform.
    constexpr long kDrawsARound = 1000;
    for (long round = 0; round < FleetSampler::kUniformAttempts / kDrawsARound; ++round) {
        auto more = sampler.sample(rng, kDrawsARound);
        if (!more) continue;
        if (take(*more)) return Status::ok_status();
    }
    // Under one draw in a million fits: search around the placed ships instead (legal, not
    // exactly uniform), as bots do for fleets that tight (docs/rules/classic.md).
    Bitboard occupied;
    for (std::size_t i = 0; i < layout_.size(); ++i) {
        occupied |= ship_cells(layout_[i], fleet_[i].length, board_).value_or(Bitboard{});
    }
    if (auto more = sampler.search(rng, 20'000'000, occupied); more && take(*more)) {
        return Status::ok_status();
    }
    return make_error("no_room",
                      "The remaining ships do not fit around the ones you placed; "
                      "type undo to take some back, or place them yourself.");
}

bool FleetDraft::take(const std::vector<Placement>& more) {
    std::vector<Placement> candidate = layout_;
    candidate.insert(candidate.end(), more.begin(), more.end());
    if (!validate_layout(fleet_, candidate, board_, no_touch_)) return false;
    layout_ = std::move(candidate);
    return true;
}

}  // namespace broadside::cli

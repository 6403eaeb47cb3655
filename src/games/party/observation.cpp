#include "games/party/observation.h"

#include <algorithm>
#include <bit>

#include "games/party/codec.h"
#include "games/party/events.h"
#include "games/party/rules.h"

namespace broadside::party {

namespace {

nlohmann::json cells_json(CellMask m) {
    nlohmann::json j = nlohmann::json::array();
    for (; m; m &= m - 1) j.push_back(cell_name(std::countr_zero(m)));
    return j;
}

nlohmann::json my_fleet(const State& s, int player) {
    const auto p = static_cast<std::size_t>(player);
    if (!s.placed[p]) return nullptr;
    const auto& themes = ship_themes(s.options.edition);
    nlohmann::json fleet = nlohmann::json::array();
    for (int ship = 0; ship < kShips; ++ship) {
        const auto i = static_cast<std::size_t>(ship);
        const CellMask m = s.masks[p][i];
        fleet.push_back({{"name", ship_names()[i]},
                         {"theme", themes[i].name},
                         {"colour", themes[i].colour},
                         {"length", kShipLengths[i]},
                         {"placement", placement_name(s.layouts[p][i])},
                         {"cells", cells_json(m)},
                         {"hits", cells_json(m & s.fired_mask)},
                         {"sunk", ship_sunk(s, player, ship)},
                         {"destroyed_by_super_torpedo", ship_destroyed_by_super(s, player, ship)}});
    }
    return fleet;
}

}  // namespace

nlohmann::json public_view(const State& s) {
    nlohmann::json torpedoes = nlohmann::json::array();
    nlohmann::json supers = nlohmann::json::array();
    for (int i = 0; i < s.fired_count; ++i) {
        (i < kTorpedoes ? torpedoes : supers)
            .push_back(cell_name(s.fired[static_cast<std::size_t>(i)]));
    }
    // Counts always. Lists of seats follow the one rule of the party's events (protocol 2,
    // docs/protocol.md): given when they hold at most kListedPlayers seats, null when longer;
    // the per-seat table `afloat` only at tables of up to kListedPlayers players. So a view
    // costs the same whatever the number of players.
    nlohmann::json scoreboard{
        {"players", s.players - s.removed_count},
        {"placed", active_players(s)},
        {"afloat_counts", std::vector<int>(s.afloat_counts.begin(), s.afloat_counts.end())},
        {"leaders", seats_json(s.leaders)},
        {"most", s.most < 0 ? nlohmann::json(nullptr) : nlohmann::json(s.most)},
        {"tied_count", s.tied.size()},
        {"remaining_count", s.remaining.size()},
        {"eliminated_count", s.eliminated_count},
        {"removed_count", s.removed_count}};
    nlohmann::json eliminated = nlohmann::json::array();
    for (int p : s.tied) {
        const auto by = s.eliminated_by[static_cast<std::size_t>(p)];
        if (by) eliminated.push_back({{"seat", p + 1}, {"super_torpedo", by}});
    }
    if (s.players <= kListedPlayers) scoreboard["afloat"] = afloat_json(s);
    scoreboard["tied"] = listed_seats(s.tied);
    scoreboard["remaining"] = listed_seats(s.remaining);
    scoreboard["eliminated"] =
        eliminated.size() <= static_cast<std::size_t>(kListedPlayers) ? eliminated : nullptr;
    std::vector<int> winners = s.winners;
    std::sort(winners.begin(), winners.end());
    return {{"game", "party"},
            {"edition", edition_key(s.options.edition)},
            {"phase", phase_name(s.phase)},
            {"players", s.players},
            {"seating", s.options.seating == Seating::kOpen ? "open" : "fixed"},
            {"host", s.options.host == Host::kPerson ? "person" : "auto"},
            {"torpedoes", torpedoes},
            {"super_torpedoes", supers},
            {"torpedoes_left", kCells - s.fired_count},
            {"scoreboard", scoreboard},
            {"winners", listed_seats(winners)},
            {"winners_count", winners.size()},
            {"how", s.finish == Finish::kNone ? nlohmann::json(nullptr)
                                              : nlohmann::json(finish_name(s.finish))}};
}

nlohmann::json observe(const State& s, int seat) {
    nlohmann::json j = public_view(s);
    j["seat"] = seat;
    if (seat <= 0 || seat > s.players) {
        j["role"] = seat == 0 ? "host" : "spectator";
        return j;
    }
    const int player = seat - 1;
    const auto p = static_cast<std::size_t>(player);
    j["role"] = "player";
    j["removed"] = s.removed[p] != 0;
    j["my_fleet"] = my_fleet(s, player);
    const bool counts = s.placed[p] && !s.removed[p];
    j["my_afloat"] = counts ? nlohmann::json(static_cast<int>(s.afloat[p])) : nullptr;
    // Rank: one more than the players with more ships afloat (ties share a rank).
    int ahead = 0;
    for (int k = s.afloat[p] + 1; k <= kShips; ++k) {
        ahead += s.afloat_counts[static_cast<std::size_t>(k)];
    }
    j["my_rank"] = counts ? nlohmann::json(ahead + 1) : nullptr;
    const bool regular_fired = s.fired_count > 0 && s.fired_count <= kTorpedoes;
    j["my_last_result"] =
        regular_fired && counts ? nlohmann::json(outcome_name(s.last[p])) : nlohmann::json(nullptr);
    j["my_tied"] = std::binary_search(s.tied.begin(), s.tied.end(), player);
    j["my_eliminated_by"] = s.eliminated_by[p] ? nlohmann::json(s.eliminated_by[p]) : nullptr;
    j["my_won"] = std::find(s.winners.begin(), s.winners.end(), player) != s.winners.end();
    return j;
}

}  // namespace broadside::party

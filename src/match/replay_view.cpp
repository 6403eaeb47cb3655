#include "match/replay_view.h"

#include <string>

#include "match/match.h"

namespace broadside {

Result<json> replay_view(const json& record, int seat) {
    auto checked = replay(record);
    if (!checked) return checked.error();
    if (seat < -1 || seat >= checked->seat_count()) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; seats are 0 to " +
                                          std::to_string(checked->seat_count() - 1) +
                                          ", or -1 for the public view.");
    }
    // replay() checked every action; a fresh match steps through them again, stopping to look.
    auto fresh =
        Match::create(checked->game(), record.value("options", json::object()), checked->seed());
    if (!fresh) return fresh.error();
    Match& m = *fresh;
    json view = {{"game", m.game()},
                 {"options", m.options()},
                 {"seats", m.seat_count()},
                 {"seat", seat},
                 {"over", checked->is_over()},
                 {"result", checked->is_over() ? checked->result() : json(nullptr)}};
    view["start"] = {{"observation", m.observation(seat)}, {"events", m.events_for(seat, 0)}};
    json steps = json::array();
    for (const auto& a : record["actions"]) {
        const std::int64_t before = m.last_event_number();
        const int actor = a["seat"].get<int>();
        auto acted = m.act(actor, a["action"]);
        if (!acted) return acted.error();  // cannot happen: replay() applied the same action
        steps.push_back({{"seat", actor},
                         {"observation", m.observation(seat)},
                         {"events", m.events_for(seat, before)}});
    }
    view["steps"] = std::move(steps);
    return view;
}

}  // namespace broadside

#include "protocol/replies.h"

namespace broadside::protocol {

using nlohmann::json;

json observation_reply(const Match& match, int seat, json legal, json to_act) {
    return {{"type", "observation"},
            {"seat", seat},
            {"observation", match.observation(seat)},
            {"legal", seat >= 0 ? std::move(legal) : json(nullptr)},
            {"to_act", std::move(to_act)},
            {"over", match.is_over()},
            {"last_event", match.last_event_number()}};
}

json legal_reply(int seat, json legal, json to_act) {
    return {{"type", "legal"},
            {"seat", seat},
            {"legal", std::move(legal)},
            {"to_act", std::move(to_act)}};
}

json events_reply(const Match& match, int seat, std::int64_t after) {
    return {{"type", "events"},
            {"events", match.events_for(seat, after)},
            {"last_event", match.last_event_number()}};
}

json acted_reply(const Match& match, int seat, std::vector<json> events, json to_act, bool over) {
    json reply{{"type", "acted"},
               {"seat", seat},
               {"events", std::move(events)},
               {"to_act", std::move(to_act)},
               {"over", over}};
    if (over) reply["result"] = match.result();
    return reply;
}

}  // namespace broadside::protocol

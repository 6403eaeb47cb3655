#include "games/crew/codec.h"

namespace broadside::crew {

Result<Action> parse_action(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        return make_error("bad_action",
                          "An action is an object with a \"type\": \"throw\" or \"stop\".");
    }
    const auto type = j["type"].get<std::string>();
    if (type == "stop") {
        if (j.size() != 1) return make_error("bad_action", "A stop action has only a \"type\".");
        return stop_action();
    }
    if (type == "throw") {
        Action t = throw_action();
        for (const auto& [key, value] : j.items()) {
            if (key == "type") continue;
            if (key != "keep") {
                return make_error("bad_action",
                                  "A throw action has a \"type\" and optionally "
                                  "\"keep\", not \"" +
                                      key + "\".");
            }
            if (!value.is_array() || value.size() > 2) {
                return make_error("bad_action",
                                  "\"keep\" is a list of the crew dice kept, e.g. [4].");
            }
            for (const auto& f : value) {
                if (!f.is_number_integer() || f.get<std::int64_t>() < 1 ||
                    f.get<std::int64_t>() > 6) {
                    return make_error("bad_action", "Each kept die is a face from 1 to 6.");
                }
                t.keep.push_back(f.get<int>());
            }
        }
        return t;
    }
    return make_error("unknown_action", "Unknown action type \"" + type +
                                            "\"; this game takes \"throw\" and \"stop\".");
}

nlohmann::json to_json(const Action& a) {
    if (a.stop) return {{"type", "stop"}};
    nlohmann::json j{{"type", "throw"}};
    if (!a.keep.empty()) j["keep"] = a.keep;
    return j;
}

}  // namespace broadside::crew

#include "protocol/errors.h"

#include "protocol/raw_id.h"

namespace broadside::protocol {

using nlohmann::json;

json error_response(const std::string& code, const std::string& message) {
    return {{"type", "error"}, {"error", {{"code", code}, {"message", message}}}};
}

bool is_turn_error(const std::string& code) {
    return code == "bad_seat" || code == "not_your_turn" || code == "game_over";
}

json action_refused(const std::string& code, const std::string& message) {
    if (is_turn_error(code)) return error_response(code, message);
    json response = error_response("illegal_action", message);
    response["error"]["reason"] = code;
    return response;
}

std::string error_text(const std::string& code, const std::string& message,
                       std::optional<std::string_view> raw_id) {
    return dump_with_id(error_response(code, message), raw_id);
}

}  // namespace broadside::protocol

#pragma once
// The one builder of error responses, for `broadside engine` and `broadside serve` alike
// (docs/protocol.md, "Errors"): {"type": "error", "error": {"code", "message"}}, with "reason"
// for a refused action. Whoever answers a request with an error builds it here, so the shape
// cannot drift between the engine, the lobby, the rooms, the frame checks and HTTP.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace broadside::protocol {

// {"type": "error", "error": {"code": code, "message": message}}.
nlohmann::json error_response(const std::string& code, const std::string& message);

// Whether a rejected action's code is about who acts ("bad_seat", "not_your_turn", "game_over"),
// reported as it is; every other rejection is "illegal_action" with the game's code as reason.
bool is_turn_error(const std::string& code);

// The answer to an action the match refused with `code`: that code when it is about who acts,
// else "illegal_action" with the game's code as "reason" (as the engine and the rooms answer).
nlohmann::json action_refused(const std::string& code, const std::string& message);

// error_response(code, message) as text, with `"id": raw` first when the request had one
// (dump_with_id: the id exactly as the client wrote it).
std::string error_text(const std::string& code, const std::string& message,
                       std::optional<std::string_view> raw_id);

}  // namespace broadside::protocol

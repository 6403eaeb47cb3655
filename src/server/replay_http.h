#pragma once
// POST /api/replay?seat=N (docs/server.md, "HTTP"): a finished game's record in the body, every
// step of it as seat N saw it out (match/replay_view.h), for the browser's replay page. Kept
// apart from the sockets: a request's target and body in, a status and a JSON body out.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace broadside::server {

// The largest record the endpoint takes; every other request's body stays at 16 KiB.
inline constexpr std::size_t kReplayBodyLimit = 2 * 1024 * 1024;
inline constexpr std::size_t kRequestBodyLimit = 16 * 1024;

// Whether a request target is the endpoint: its path exactly /api/replay, with or without a
// query (so /api/replayX, which is no endpoint, keeps the small limit).
bool is_replay_target(std::string_view target);

// Returns the HTTP status (200, or 400 with {"error": {"code", "message"}}) and the body.
std::pair<int, std::string> replay_answer(const std::string& target, const std::string& body);

}  // namespace broadside::server

#pragma once
// What the server does with one WebSocket message before anything about rooms: the framing
// every connection checks (text frames only, no NUL byte, not nested too deep, one JSON object,
// the raw "id"), with no socket in sight, so that the fuzzer and the tests reach it without
// Beast. What the message says is not looked at here: the hello is checked by
// protocol/hello.h, the fields by protocol/fields.h; the rate limit stays with the connection
// (it is about time, not about the text).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace broadside::server {

// Arrays and objects nested deeper than this are refused before they are parsed: the rooms copy
// requests, and nlohmann::json copies recursively, so a frame of a few hundred kilobytes nested
// all the way down would overflow the stack (found by fuzz/ws_message_fuzz.cpp). No request
// needs more than a handful of levels.
inline constexpr std::size_t kMaxFrameDepth = 64;

// A message refused before it reaches the lobby or a room.
struct FrameError {
    std::string code;
    std::string message;
    std::optional<std::string> raw_id;  // the request's "id" to echo, as written, when known
    bool close = false;                 // the connection closes once the error is sent
    std::string close_reason;           // for the close frame, when `close`
};

// A frame is either refused (`error`) or a request to hand on with its raw "id" ("" for none).
struct DecodedFrame {
    std::optional<FrameError> error;
    nlohmann::json request;
    std::string raw_id;
};

DecodedFrame decode_frame(std::string_view text, bool binary);

// The error as the text sent to the client: {"id": raw, "type": "error", "error": {...}}.
std::string frame_error_text(const FrameError& error);

}  // namespace broadside::server

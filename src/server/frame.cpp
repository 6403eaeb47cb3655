#include "server/frame.h"

#include "protocol/errors.h"
#include "protocol/raw_id.h"

namespace broadside::server {

using nlohmann::json;

namespace {

DecodedFrame refuse(std::string code, std::string message,
                    std::optional<std::string_view> raw_id = std::nullopt) {
    DecodedFrame out;
    out.error = FrameError{std::move(code), std::move(message), std::nullopt, false, {}};
    if (raw_id) out.error->raw_id = std::string(*raw_id);
    return out;
}

}  // namespace

DecodedFrame decode_frame(std::string_view text, bool binary) {
    if (binary) return refuse("bad_frame", "Send JSON as text frames, not binary ones.");
    if (text.find('\0') != std::string_view::npos) {
        return refuse("malformed_json", "The message contains a NUL byte: it is not a JSON text.");
    }
    if (protocol::nested_deeper_than(text, kMaxFrameDepth)) {
        return refuse("bad_request", "The message nests arrays and objects more than " +
                                         std::to_string(kMaxFrameDepth) + " levels deep.");
    }
    json request = json::parse(text, nullptr, false);
    if (request.is_discarded()) {
        return refuse("malformed_json",
                      "The message is not JSON; each message is one JSON object.");
    }
    // Valid JSON of another kind ([1,2,3], "hello", 7) is a request of the wrong shape, not
    // broken JSON: the same code as `broadside engine` gives it (docs/protocol.md, "Errors").
    if (!request.is_object()) {
        return refuse("bad_request",
                      "Each message is one JSON object, such as {\"cmd\": \"hello\"}.");
    }
    const auto raw = protocol::find_raw_id(text);
    DecodedFrame out;
    out.request = std::move(request);
    if (raw) out.raw_id = std::string(*raw);
    return out;
}

std::string frame_error_text(const FrameError& error) {
    std::optional<std::string_view> id;
    if (error.raw_id) id = *error.raw_id;
    return protocol::error_text(error.code, error.message, id);
}

}  // namespace broadside::server

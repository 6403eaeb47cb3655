#include "protocol/hello.h"

namespace broadside::protocol {

using nlohmann::json;

std::optional<HelloRefusal> hello_refusal(const json& request, int oldest) {
    if (!request.is_object() || request.value("cmd", json()) != "hello") {
        return HelloRefusal{
            "hello_first",
            "Send {\"cmd\": \"hello\", \"protocol\": " + std::to_string(kProtocolVersion) +
                "} first (in a room, with your \"token\" to take back your seat).",
            false};
    }
    const json& version = request.contains("protocol") ? request["protocol"] : json();
    if (version.is_number_integer() && version.get<std::int64_t>() >= oldest &&
        version.get<std::int64_t>() <= kProtocolVersion) {
        return std::nullopt;
    }
    const std::string served = oldest < kProtocolVersion ? std::to_string(oldest) + " to " +
                                                               std::to_string(kProtocolVersion)
                                                         : std::to_string(kProtocolVersion);
    return HelloRefusal{"unsupported_protocol",
                        "This server speaks protocol " + served + " here; your client sent " +
                            (request.contains("protocol") ? version.dump() : std::string("none")) +
                            ". Send \"protocol\": " + std::to_string(kProtocolVersion) +
                            " in hello, and update the client if it speaks another version.",
                        true};
}

}  // namespace broadside::protocol

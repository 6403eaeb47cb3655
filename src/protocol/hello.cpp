#include "protocol/hello.h"

#include "protocol/fields.h"

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
    // A hello's fields are checked like every command's (docs/server.md, "Field types"): a
    // missing or mistyped "protocol" is `bad_request`, which keeps the connection (the client may
    // say hello again); only a whole number outside the versions served closes it.
    if (auto problem =
            field_problem(Endpoint::kLobby,
                          {{"cmd", "hello"}, {"protocol", request.value("protocol", json())}})) {
        return HelloRefusal{"bad_request", *problem, false};
    }
    const json& version = request["protocol"];
    if (version.is_number_integer() && version.get<std::int64_t>() >= oldest &&
        version.get<std::int64_t>() <= kProtocolVersion) {
        return std::nullopt;
    }
    const std::string served = oldest < kProtocolVersion ? std::to_string(oldest) + " to " +
                                                               std::to_string(kProtocolVersion)
                                                         : std::to_string(kProtocolVersion);
    return HelloRefusal{"unsupported_protocol",
                        "This server speaks protocol " + served + " here; your client sent " +
                            version.dump() +
                            ". Send \"protocol\": " + std::to_string(kProtocolVersion) +
                            " in hello, and update the client if it speaks another version.",
                        true};
}

}  // namespace broadside::protocol

#pragma once
// The one check of `hello` for `broadside serve`: until a connection's hello is accepted, every
// message it sends is checked here (frame decoding checks only the framing). The lobby and the
// rooms then answer the hello itself (the welcome, the token's seat).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/version.h"

namespace broadside::protocol {

struct HelloRefusal {
    std::string code;     // `hello_first`, `bad_request` or `unsupported_protocol`
    std::string message;  // for the player
    bool close = false;   // the connection closes once the error is sent
};

// Why `request`, sent before any hello was accepted, cannot be one: it is not a hello
// (`hello_first`), its "protocol" is missing or not a whole number (`bad_request`), or it names
// no protocol from `oldest` to kProtocolVersion (`unsupported_protocol`, which closes the
// connection). Nothing: it is an acceptable hello.
// `oldest` is kOldestProtocol, or a game's own (GameTraits::oldest_protocol) in its rooms.
std::optional<HelloRefusal> hello_refusal(const nlohmann::json& request,
                                          int oldest = kOldestProtocol);

}  // namespace broadside::protocol

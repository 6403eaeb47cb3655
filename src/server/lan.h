#pragma once
// The machine's address on the local network, for `serve --lan`: the first IPv4 address of an
// interface that is up and not loopback, private ranges (192.168/16, 10/8, 172.16/12) first.
#include <optional>
#include <string>

namespace broadside::server {

std::optional<std::string> lan_address();

}  // namespace broadside::server

#pragma once
// One lobby question to another node of a cluster (docs/scaling.md, "Your rooms on every
// node"): this node opens the other's lobby WebSocket (/ws), says hello, asks its questions one
// after another, and hands back the answers. The other node answers from its own memory, as it
// would a client.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <nlohmann/json.hpp>

namespace broadside::server {

// "http://host:port" -> {host, port} ("80" when no port is given; brackets of an IPv6 literal
// removed). The host is empty when the URL has none.
std::pair<std::string, std::string> node_host_and_port(const std::string& url);

// Asks the node advertised at `node_url` each of `questions` in turn, on one connection; `done`
// runs once, on a strand of `executor`, with one answer per question: null for each that was
// not answered within `timeout_ms` in all (a dead, paused or unreachable node answers none).
void ask_node(boost::asio::any_io_executor executor, std::string node_url,
              std::vector<nlohmann::json> questions, int timeout_ms,
              std::function<void(std::vector<nlohmann::json>)> done);

}  // namespace broadside::server

#pragma once
// Talking to another node in a cluster (docs/scaling.md): this node opens the other's lobby
// WebSocket (/ws) or a room's (/ws/CODE), says hello, and asks as a client would. Three uses:
// - `ask_node`: questions answered at once from the other node's memory (`my_rooms` for the
//   rooms it owns: "Your rooms on every node");
// - `forward_lobby_request`: a request answered later (`quick`, passed on to the matchmaker:
//   "Quick match on every node"), whose connection stays open until the final answer;
// - `open_upstream`: a party phone's requests, from the edge that serves it to the room's owner
//   ("A party over every node").
// Beast lives in this one translation unit for all three.
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <nlohmann/json.hpp>

namespace broadside::server {

// Whether another node's refusal of a WebSocket upgrade is its decision about the client whose
// address this node passed on in X-Forwarded-For (a 4xx other than 404: its per-address caps),
// to be passed on to the client. A 404 (the room moved or left meanwhile) or a 5xx (the node is
// shutting down) is no decision about the client: the caller asks again, as for no answer.
inline bool refusal_is_about_the_client(unsigned status) {
    return status >= 400 && status < 500 && status != 404;
}

// "http://host:port" -> {host, port} ("80" when no port is given; brackets of an IPv6 literal
// removed). The host is empty when the URL has none.
std::pair<std::string, std::string> node_host_and_port(const std::string& url);

// Asks the node advertised at `node_url` each of `questions` in turn, on one connection; `done`
// runs once, on a strand of `executor`, with one answer per question: null for each that was
// not answered within `timeout_ms` in all (a dead, paused or unreachable node answers none).
void ask_node(boost::asio::any_io_executor executor, std::string node_url,
              std::vector<nlohmann::json> questions, int timeout_ms,
              std::function<void(std::vector<nlohmann::json>)> done);

class LobbyForward {
public:
    virtual ~LobbyForward() = default;
    // The client left: closes the connection, so the other node forgets the request (a waiting
    // quick match leaves the queue). Nothing more is passed on.
    virtual void cancel() = 0;
    // Its final answer was passed on, or it was lost or cancelled: nothing more will come.
    virtual bool finished() const = 0;
};

// Opens the lobby of the node at `node_url` with X-Forwarded-For `client` (so that node's
// per-address caps count the client, not this node), says hello and sends `request`. `on_answer`
// gets each answer to it (`waiting`, then the final one), without its id; a refusal of the
// upgrade that is about the client (refusal_is_about_the_client) is the final answer, the other
// node's JSON error (code `refused`). `on_lost` runs instead, once, if the connection fails or
// closes before a final answer (a node that died, drained, stopped answering pings, or was not
// greeted within `connect_timeout_ms`). Both run on a strand of `executor`.
std::shared_ptr<LobbyForward> forward_lobby_request(boost::asio::any_io_executor executor,
                                                    std::string node_url, nlohmann::json request,
                                                    std::string client, int connect_timeout_ms,
                                                    std::function<void(nlohmann::json)> on_answer,
                                                    std::function<void()> on_lost);

// A phone's requests passed on by a party's edge node to the room's owner (docs/scaling.md, "A
// party over every node"): one connection to the owner's /ws/CODE per phone that acts, said
// hello with the phone's token and `"quiet": true` (the owner sends it answers and notices, not
// the room's broadcasts, which the edge's replica sends). Not a relay: the phone never reads
// from it directly.
class UpstreamLink {
public:
    virtual ~UpstreamLink() = default;
    // Queued until the owner's welcome, then sent in order. From any thread.
    virtual void send_request(nlohmann::json request) = 0;
    // Closes it; nothing more is passed back. From any thread.
    virtual void cancel() = 0;
};

// Opens `path` ("/ws/CODE") on the node at `owner_url` with X-Forwarded-For `client`, says hello
// with `hello`'s fields; `on_message` gets every answer (with its id) and every notice, and
// `on_lost` once if the connection fails, is refused, or ends (not after cancel()): why, and
// the owner's JSON error when it refused the WebSocket for the client's address
// (refusal_is_about_the_client; null otherwise). Both run on a strand of `executor`.
std::shared_ptr<UpstreamLink> open_upstream(
    boost::asio::any_io_executor executor, std::string owner_url, std::string path,
    nlohmann::json hello, std::string client, int connect_timeout_ms,
    std::function<void(nlohmann::json)> on_message,
    std::function<void(std::string, nlohmann::json)> on_lost);

}  // namespace broadside::server

#pragma once
// A lobby request answered later, forwarded to another node of a cluster (docs/scaling.md,
// "Quick match on every node"): `quick` is answered `waiting` at once and `matched` when someone
// else asks, so the forward keeps its connection open until that final answer, and passes on
// each answer as it comes.
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <nlohmann/json.hpp>

namespace broadside::server {

class LobbyForward {
public:
    virtual ~LobbyForward() = default;
    // The client left: closes the connection, so the other node forgets the request (a waiting
    // quick match leaves the queue). Nothing more is passed on.
    virtual void cancel() = 0;
    // Its final answer was passed on, or it was lost or cancelled: nothing more will come.
    virtual bool finished() const = 0;
};

// Opens the lobby of the node at `node_url`, says hello and sends `request`. `on_answer` gets each
// answer to it (`waiting`, then the final one); `on_lost` runs instead, once, if the connection
// fails or closes before a final answer (a node that died, drained or never answered within
// `connect_timeout_ms`). Both run on a strand of `executor`.
std::shared_ptr<LobbyForward> forward_lobby_request(boost::asio::any_io_executor executor,
                                                    std::string node_url, nlohmann::json request,
                                                    int connect_timeout_ms,
                                                    std::function<void(nlohmann::json)> on_answer,
                                                    std::function<void()> on_lost);

}  // namespace broadside::server

#pragma once
// A cluster's relay (docs/scaling.md, "Connections to another node's room"): a client reached
// this node for a room another node owns, so this node opens the same room's WebSocket on the
// owner and passes frames both ways, one at a time in each direction. A client that stops reading
// therefore stops the relay reading the owner, whose own send-queue cap then closes the relayed
// connection: the relay never holds more than one message per direction.
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace broadside::server {

struct RelayTarget {
    std::string owner_url;       // "http://host:port", as the owner advertised it
    std::string path;            // "/ws/CODE"
    std::string client_address;  // passed on in X-Forwarded-For
    std::size_t max_client_frame_bytes = 16 * 1024;
    int idle_timeout_seconds = 300;
};

class Relay {
public:
    virtual ~Relay() = default;
    // Accepts the client's WebSocket on `client` (answering `request`) and relays until either
    // side closes; then closes the other. `ended` runs once, when both are closed.
    virtual void start(boost::asio::ip::tcp::socket client,
                       boost::beast::http::request<boost::beast::http::string_body> request,
                       std::function<void()> ended) = 0;
};

// The owner's answer when it refused the WebSocket with a 4xx other than 404: a cap on the
// client's address, which the owner counts from X-Forwarded-For. The owner is alive and has
// decided, so the client gets that answer as it is, at once. A 404 (the room moved or left
// meanwhile) or a 5xx (the owner is shutting down) is no decision about the client: the caller
// looks the room up again, as when the owner does not answer.
struct OwnerRefusal {
    unsigned status = 0;  // 0: the owner did not refuse (it was not reached, or answered otherwise)
    std::string content_type;
    std::string body;
};

// Connects to the owner and opens the room's WebSocket there, within `timeout_ms`; `done` gets
// the relay; or null and the owner's refusal; or null and no refusal when the owner could not be
// reached in time (a dead or paused node: the caller waits for its lease to expire). Runs on
// `executor` (the client's strand).
void open_relay(boost::asio::any_io_executor executor, RelayTarget target, int timeout_ms,
                std::function<void(std::shared_ptr<Relay>, OwnerRefusal)> done);

}  // namespace broadside::server

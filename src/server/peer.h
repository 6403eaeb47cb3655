#pragma once
// A connection as the rooms see it. The network layer implements it; rooms never touch sockets.
#include <string>

namespace broadside::server {

class Peer {
public:
    virtual ~Peer() = default;
    // Queues one text message; thread-safe, never blocks. A peer whose queue is full is closed.
    virtual void send(std::string text) = 0;
    // Closes the connection after what is queued, telling the client why.
    virtual void close(const std::string& reason) = 0;
    // The client's address, for limits and logs (never a secret).
    virtual const std::string& address() const = 0;
};

}  // namespace broadside::server

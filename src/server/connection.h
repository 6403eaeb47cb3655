#pragma once
// One WebSocket connection's life as a state machine with no socket in sight: the send queue, the
// write in flight, the rate limit, the strikes for bad messages and the order of closing. The
// network layer (server_net.cpp) feeds it events and carries out the steps it returns, so every
// ordering of events that a socket can produce (a write that never completes, a reply queued
// while the close is in flight, an overflow during a write, a read error after the close) is
// decided here, where fuzz/connection_fuzz.cpp explores them without Beast.
//
// The rules that keep a stranger from hurting the server:
// - The message being written is owned by the state machine and never touched until its write
//   completes, whatever else happens (overflow, close, the socket failing).
// - At most one write is in flight; the close frame is started only when no write is in flight,
//   and nothing is written after it.
// - Unsent bytes are bounded: past `max_queued_bytes` the connection is aborted once, its queue
//   dropped (not the message in flight), and nothing more is queued for it.
// - Nothing is written or closed before the handshake completes (`opened`).
// - After `finished()` nothing is queued, written or closed.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/frame.h"

namespace broadside::server {

struct ConnectionLimits {
    std::size_t max_queued_bytes = 1 << 20;
    double messages_per_second = 20;
    int message_burst = 60;
    int max_strikes = 50;  // refused messages before the connection is closed
};

// What the network layer must do after an event, in this order: start a write of
// `in_flight()`, start the close handshake, or drop the socket at once.
struct ConnectionStep {
    bool start_write = false;
    bool start_close = false;
    bool abort = false;  // close the socket now (no close frame): the client does not read
};

// A frame read from the client: a request for the lobby or the room, or nothing to hand on
// (the step then says what to send or close).
struct ReadOutcome {
    std::optional<nlohmann::json> request;
    std::string raw_id;
    std::string refused;  // the error code when the frame was refused here
    ConnectionStep step;
    bool keep_reading = true;
};

class Connection {
public:
    using Clock = std::chrono::steady_clock;

    Connection(ConnectionLimits limits, Clock::time_point now);

    // The WebSocket handshake completed: until then nothing is written or closed.
    ConnectionStep opened();
    // A whole message arrived. Applies the rate limit and the frame checks; refusals are queued
    // here as error replies.
    ReadOutcome read(std::string_view text, bool binary, Clock::time_point now);
    // Queues one message for the client.
    ConnectionStep send(std::string text);
    // The write of in_flight() completed (`ok` false: the socket failed or was closed).
    ConnectionStep write_done(bool ok);
    // Close after what is queued, telling the client `reason`.
    ConnectionStep close(std::string reason);
    // The close asked for has not completed in time (the client does not read, or never answers
    // the close frame): drop the socket, unless it is already over.
    ConnectionStep close_timed_out();
    // The connection is over: a read failed, the close handshake ended, or the socket is gone.
    // Returns true the first time only, when the room must be told.
    bool finished();

    // The message whose write is in flight; valid from a step with start_write until write_done.
    const std::string& in_flight() const { return in_flight_; }
    const std::string& close_reason() const { return close_reason_; }
    bool writing() const { return writing_; }
    bool closing() const { return closing_; }
    bool close_started() const { return close_started_; }
    bool aborted() const { return aborted_; }
    bool is_finished() const { return finished_; }
    // A hello was accepted (in a room, the room then holds the connection).
    bool greeted() const { return greeted_; }
    // Unsent bytes: the queue plus the message in flight.
    std::size_t queued_bytes() const { return queued_bytes_ + in_flight_.size(); }
    std::size_t queued_messages() const { return queue_.size() - head_; }
    // How many times the queue overflowed (0 or 1: once aborted, nothing is queued).
    int overflows() const { return overflows_; }

private:
    bool rate_ok(Clock::time_point now);
    ConnectionStep refuse(const FrameError& error);
    ConnectionStep next_step();
    void drop_queue();

    ConnectionLimits limits_;
    // Messages waiting behind the one in flight, from `head_` on. A vector, not a deque: an
    // empty deque still holds a 512-byte block, and ten thousand idle connections hold 5 MB.
    std::vector<std::string> queue_;
    std::size_t head_ = 0;
    std::size_t queued_bytes_ = 0;  // of queue_, not counting in_flight_
    std::string in_flight_;
    bool writing_ = false;
    bool open_ = false;
    bool greeted_ = false;
    bool closing_ = false;
    bool close_started_ = false;
    bool aborted_ = false;
    bool finished_ = false;
    int overflows_ = 0;
    int strikes_ = 0;
    std::string close_reason_;
    double tokens_;
    Clock::time_point refilled_;
};

}  // namespace broadside::server

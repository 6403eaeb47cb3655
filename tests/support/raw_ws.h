#pragma once
// A WebSocket client on a plain POSIX socket, byte by byte under the test's control: it reads
// only when told to (a client that stops reading, or reads one byte a second), with a receive
// buffer as small as asked, so tests can be the hostile strangers a server must survive.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace broadside::testing {

class RawWs {
public:
    // Connects to 127.0.0.1:port and upgrades `target` ("/ws" or "/ws/CODE"). `receive_buffer`
    // (bytes, 0: the system's) is set before connecting, so the window stays that small.
    // `extra_headers` ("Name: value\r\n" lines, e.g. a spoofed X-Forwarded-For) are added to
    // the upgrade request. Throws std::runtime_error when the connection or the upgrade fails
    // (the message holds the server's answer, e.g. "HTTP/1.1 429", and its body).
    RawWs(unsigned short port, const std::string& target, int receive_buffer = 0,
          const std::string& extra_headers = "");
    ~RawWs();
    RawWs(const RawWs&) = delete;
    RawWs& operator=(const RawWs&) = delete;

    // Sends one masked text frame (binary: a binary frame). False once the server has closed or
    // reset the connection. Never blocks longer than `timeout`: false then too.
    bool send(std::string_view text, bool binary = false,
              std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // The next whole text message, reading as needed; nullopt at `timeout` or when closed.
    std::optional<std::string> receive(std::chrono::milliseconds timeout);
    // Reads at most `n` raw bytes, waiting up to `timeout`; returns how many (0: none or closed).
    std::size_t read_bytes(std::size_t n, std::chrono::milliseconds timeout);
    // True once the server closed or reset the connection, found without reading anything.
    bool hung_up() const;
    // Reads and discards everything until the server closes, up to `timeout`: true if it did.
    bool drain_until_closed(std::chrono::milliseconds timeout);
    // Bytes received so far (for the frames' parser and the counts).
    std::size_t bytes_received() const { return received_; }
    // The status code of the server's close frame, once one was read (nullopt: none yet, or a
    // close frame without a code).
    std::optional<int> close_code() const { return close_code_; }

private:
    bool send_all(std::string_view bytes, std::chrono::milliseconds timeout);
    int fd_ = -1;
    std::string pending_;    // bytes read but not yet a whole frame
    std::string fragments_;  // the frames so far of a message sent in fragments
    std::size_t received_ = 0;
    bool closed_ = false;
    std::optional<int> close_code_;
};

}  // namespace broadside::testing

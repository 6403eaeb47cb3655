#include "support/raw_ws.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <stdexcept>

namespace broadside::testing {

namespace {

using Clock = std::chrono::steady_clock;

int millis_left(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

// A client frame: FIN, the opcode, the mask bit and a fixed mask (the server unmasks whatever
// it is; the mask only has to be there).
std::string client_frame(std::string_view payload, bool binary) {
    std::string frame;
    frame.push_back(static_cast<char>(0x80 | (binary ? 0x2 : 0x1)));
    const std::uint64_t n = payload.size();
    if (n < 126) {
        frame.push_back(static_cast<char>(0x80 | n));
    } else if (n <= 0xFFFF) {
        frame.push_back(static_cast<char>(0x80 | 126));
        frame.push_back(static_cast<char>(n >> 8));
        frame.push_back(static_cast<char>(n & 0xFF));
    } else {
        frame.push_back(static_cast<char>(0x80 | 127));
        for (int shift = 56; shift >= 0; shift -= 8) {
            frame.push_back(static_cast<char>((n >> shift) & 0xFF));
        }
    }
    const char mask[4] = {0x12, 0x34, 0x56, 0x78};
    frame.append(mask, 4);
    for (std::size_t i = 0; i < payload.size(); ++i) frame.push_back(payload[i] ^ mask[i % 4]);
    return frame;
}

}  // namespace

RawWs::RawWs(unsigned short port, const std::string& target, int receive_buffer,
             const std::string& extra_headers) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("socket() failed");
    if (receive_buffer > 0) {
        setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd_);
        throw std::runtime_error("cannot connect to port " + std::to_string(port));
    }
    const std::string upgrade = "GET " + target +
                                " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                                "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                "Sec-WebSocket-Version: 13\r\n" +
                                extra_headers + "\r\n";
    if (!send_all(upgrade, std::chrono::seconds(10))) {
        throw std::runtime_error("the upgrade request could not be sent");
    }
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    std::size_t end = std::string::npos;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos) {
        if (read_bytes(4096, std::chrono::milliseconds(millis_left(deadline))) == 0) {
            throw std::runtime_error("no answer to the upgrade: " + pending_);
        }
    }
    const std::string head = pending_.substr(0, end);
    pending_.erase(0, end + 4);
    if (head.rfind("HTTP/1.1 101", 0) != 0) {
        // With whatever of the body has come with the head (a refusal's JSON, usually all).
        read_bytes(4096, std::chrono::milliseconds(200));
        throw std::runtime_error("the server refused the upgrade: " + head + "\r\n\r\n" + pending_);
    }
}

RawWs::~RawWs() {
    if (fd_ >= 0) ::close(fd_);
}

bool RawWs::send_all(std::string_view bytes, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!bytes.empty()) {
        pollfd p{fd_, POLLOUT, 0};
        if (poll(&p, 1, millis_left(deadline)) <= 0) return false;
        if (p.revents & (POLLERR | POLLHUP)) return false;
        const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            return false;
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

bool RawWs::send(std::string_view text, bool binary, std::chrono::milliseconds timeout) {
    return send_all(client_frame(text, binary), timeout);
}

std::size_t RawWs::read_bytes(std::size_t n, std::chrono::milliseconds timeout) {
    if (closed_) return 0;
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return 0;
    std::string chunk(n, '\0');
    const ssize_t got = ::recv(fd_, chunk.data(), n, MSG_DONTWAIT);
    if (got <= 0) {
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
        closed_ = true;
        return 0;
    }
    pending_.append(chunk.data(), static_cast<std::size_t>(got));
    received_ += static_cast<std::size_t>(got);
    return static_cast<std::size_t>(got);
}

std::optional<std::string> RawWs::receive(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        // A whole server frame (never masked) at the front of pending_?
        if (pending_.size() >= 2) {
            const auto b0 = static_cast<unsigned char>(pending_[0]);
            const auto b1 = static_cast<unsigned char>(pending_[1]);
            std::uint64_t length = b1 & 0x7F;
            std::size_t header = 2;
            if (length == 126 && pending_.size() >= 4) {
                length = (static_cast<unsigned char>(pending_[2]) << 8) |
                         static_cast<unsigned char>(pending_[3]);
                header = 4;
            } else if (length == 127 && pending_.size() >= 10) {
                length = 0;
                for (int i = 2; i < 10; ++i) {
                    length = (length << 8) | static_cast<unsigned char>(pending_[i]);
                }
                header = 10;
            }
            const bool sized = (b1 & 0x7F) < 126 || header > 2;
            if (sized && pending_.size() >= header + length) {
                std::string payload = pending_.substr(header, length);
                pending_.erase(0, header + length);
                const int opcode = b0 & 0x0F;
                const bool last = (b0 & 0x80) != 0;
                if (opcode == 0x1 || opcode == 0x2 || opcode == 0x0) {
                    // A long message may come in fragments (a first frame, then continuations).
                    fragments_ += payload;
                    if (!last) continue;
                    std::string message = std::move(fragments_);
                    fragments_.clear();
                    return message;
                }
                if (opcode == 0x8) {
                    closed_ = true;
                    if (payload.size() >= 2) {
                        close_code_ = (static_cast<unsigned char>(payload[0]) << 8) |
                                      static_cast<unsigned char>(payload[1]);
                    }
                }
                continue;  // ping, pong, close: not messages
            }
        }
        if (closed_) return std::nullopt;
        const int left = millis_left(deadline);
        if (left == 0) return std::nullopt;
        read_bytes(65536, std::chrono::milliseconds(left));
    }
}

bool RawWs::hung_up() const {
    if (closed_) return true;
    pollfd p{fd_, POLLRDHUP, 0};
    if (poll(&p, 1, 0) <= 0) return false;
    return (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

bool RawWs::drain_until_closed(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!closed_) {
        const int left = millis_left(deadline);
        if (left == 0) return false;
        read_bytes(65536, std::chrono::milliseconds(left));
        pending_.clear();
    }
    return true;
}

}  // namespace broadside::testing

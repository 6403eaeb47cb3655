#include "seats/line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace broadside::seats {

bool LineReader::fill(int timeout_ms, bool& timed_out) {
    if (timeout_ms >= 0) {
        pollfd p{fd_, POLLIN, 0};
        int r = 0;
        do {
            r = poll(&p, 1, timeout_ms);
        } while (r < 0 && errno == EINTR);
        if (r == 0) {
            timed_out = true;
            return false;
        }
    }
    char chunk[65536];
    ssize_t n = 0;
    do {
        n = read(fd_, chunk, sizeof chunk);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) {
        eof_ = true;
        return false;
    }
    if (pos_ > 0) {
        buffer_.erase(0, pos_);
        pos_ = 0;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
}

std::optional<Line> LineReader::next() {
    bool timed_out = false;
    return next_within(-1, timed_out);
}

std::optional<Line> LineReader::next_within(int timeout_ms, bool& timed_out) {
    timed_out = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    Line line;
    bool discarding = false;
    for (;;) {
        const auto nl = buffer_.find('\n', pos_);
        if (nl != std::string::npos) {
            if (!discarding) line.text = buffer_.substr(pos_, nl - pos_);
            pos_ = nl + 1;
            if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
            if (line.text.size() > max_) {
                line.too_long = true;
                line.text.resize(max_);
            }
            return line;
        }
        if (buffer_.size() - pos_ > max_) {
            // Too long already: keep the start for the error message, drop the rest as it comes.
            if (!discarding) line.text = buffer_.substr(pos_, max_);
            discarding = true;
            line.too_long = true;
            buffer_.clear();
            pos_ = 0;
        }
        if (eof_) {
            if (discarding) return line;
            if (pos_ >= buffer_.size()) return std::nullopt;
            line.text = buffer_.substr(pos_);
            pos_ = buffer_.size();
            return line;
        }
        int wait = -1;
        if (timeout_ms >= 0) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  deadline - std::chrono::steady_clock::now())
                                  .count();
            wait = static_cast<int>(left < 0 ? 0 : left);
        }
        if (!fill(wait, timed_out) && timed_out) return std::nullopt;
    }
}

}  // namespace broadside::seats

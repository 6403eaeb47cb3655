#pragma once
// Reads newline-terminated lines from a file descriptor with a size limit, so that one enormous
// line cannot exhaust memory: an over-long line is consumed and reported as too long.
#include <cstddef>
#include <optional>
#include <string>

namespace broadside::seats {

struct Line {
    std::string text;       // without the newline (and without a trailing '\r')
    bool too_long = false;  // the line exceeded the limit; `text` holds only its start
};

class LineReader {
public:
    LineReader(int fd, std::size_t max_bytes) : fd_(fd), max_(max_bytes) {}
    // The next line, or nothing at end of input. A final line without a newline still counts.
    std::optional<Line> next();
    // Like next(), but gives up at `deadline_ms` from now (returns nothing and sets timed_out).
    std::optional<Line> next_within(int timeout_ms, bool& timed_out);

private:
    bool fill(int timeout_ms, bool& timed_out);
    int fd_;
    std::size_t max_;
    std::string buffer_;
    std::size_t pos_ = 0;
    bool eof_ = false;
};

}  // namespace broadside::seats

#include "server/connection.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "protocol/hello.h"

namespace broadside::server {

Connection::Connection(ConnectionLimits limits, Clock::time_point now)
    : limits_(limits), tokens_(static_cast<double>(limits.message_burst)), refilled_(now) {}

bool Connection::rate_ok(Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - refilled_).count();
    refilled_ = now;
    tokens_ = std::min(static_cast<double>(limits_.message_burst),
                       tokens_ + std::max(0.0, elapsed) * limits_.messages_per_second);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

ConnectionStep Connection::opened() {
    open_ = true;
    return next_step();
}

ReadOutcome Connection::read(std::string_view text, bool binary, Clock::time_point now) {
    ReadOutcome out;
    // Once the close is asked for, nothing more is read (the close handshake reads what is left).
    if (finished_ || aborted_ || closing_) {
        out.keep_reading = false;
        return out;
    }
    if (!rate_ok(now)) {
        FrameError limited;
        limited.code = "rate_limited";
        limited.message =
            fmt::format("Too many messages: at most {:g} a second; this one was not handled.",
                        limits_.messages_per_second);
        out.refused = limited.code;
        out.step = refuse(limited);
    } else {
        DecodedFrame frame = decode_frame(text, binary);
        if (!frame.error && !greeted_) {
            // Until a hello is accepted, every message is checked as one (one place for it).
            if (auto refusal = protocol::hello_refusal(frame.request)) {
                frame.error =
                    FrameError{refusal->code, refusal->message, std::nullopt, refusal->close,
                               refusal->close ? "unsupported protocol" : ""};
                if (!frame.raw_id.empty()) frame.error->raw_id = frame.raw_id;
            }
        }
        if (frame.error) {
            out.refused = frame.error->code;
            out.step = refuse(*frame.error);
        } else {
            greeted_ = true;
            out.request = std::move(frame.request);
            out.raw_id = std::move(frame.raw_id);
        }
    }
    out.keep_reading = !(finished_ || aborted_ || closing_);
    return out;
}

ConnectionStep Connection::refuse(const FrameError& error) {
    ConnectionStep step = send(frame_error_text(error));
    if (step.abort) return step;
    // A client that keeps sending what cannot be answered is cut off; nobody else notices.
    if (++strikes_ >= limits_.max_strikes) {
        const ConnectionStep closing = close("too many bad messages");
        step.start_close = step.start_close || closing.start_close;
    }
    if (error.close) {
        const ConnectionStep closing = close(error.close_reason);
        step.start_close = step.start_close || closing.start_close;
    }
    return step;
}

ConnectionStep Connection::send(std::string text) {
    if (finished_ || aborted_ || close_started_) return {};
    queued_bytes_ += text.size();
    queue_.push_back(std::move(text));
    if (queued_bytes_ + in_flight_.size() > limits_.max_queued_bytes) {
        // A client that does not read never grows the server's memory. The message in flight
        // stays where it is: its write is still using it.
        ++overflows_;
        aborted_ = true;
        drop_queue();
        ConnectionStep step;
        step.abort = true;
        return step;
    }
    return next_step();
}

ConnectionStep Connection::write_done(bool ok) {
    writing_ = false;
    std::string().swap(in_flight_);  // the write no longer uses it: free it now
    if (!ok) {
        // The socket failed under the write: nothing more can be sent.
        drop_queue();
        if (aborted_ || finished_) return {};
        aborted_ = true;
        ConnectionStep step;
        step.abort = true;
        return step;
    }
    return next_step();
}

ConnectionStep Connection::close(std::string reason) {
    if (finished_ || aborted_ || closing_) return {};
    closing_ = true;
    close_reason_ = std::move(reason);
    return next_step();
}

ConnectionStep Connection::close_timed_out() {
    ConnectionStep step;
    if (finished_ || aborted_) return step;
    aborted_ = true;
    drop_queue();
    step.abort = true;
    return step;
}

bool Connection::finished() {
    if (finished_) return false;
    finished_ = true;
    drop_queue();
    return true;
}

void Connection::drop_queue() {
    std::vector<std::string>().swap(queue_);
    head_ = 0;
    queued_bytes_ = 0;
}

ConnectionStep Connection::next_step() {
    ConnectionStep step;
    if (!open_ || writing_ || close_started_ || aborted_ || finished_) return step;
    if (head_ < queue_.size()) {
        in_flight_ = std::move(queue_[head_++]);
        if (head_ == queue_.size()) {
            queue_.clear();  // keeps its (small) capacity for the next burst
            head_ = 0;
        } else if (head_ >= 32 && head_ * 2 >= queue_.size()) {
            // A queue that never drains must not keep its sent (emptied) slots forever.
            queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
        queued_bytes_ -= in_flight_.size();
        writing_ = true;
        step.start_write = true;
    } else if (closing_) {
        close_started_ = true;
        step.start_close = true;
    }
    return step;
}

}  // namespace broadside::server

#pragma once
// How late an event loop runs what is ready: a timer is set every `period`, and each time it
// fires, how long after its due time is reported. A loop that is busy (or a thread that waits
// for its core) runs everything that late: a socket's bytes, a timer, a posted answer. Used by
// the server (`broadside_loop_lag_seconds`) and the load generator (its report's `loop_lag_ms`),
// so that a slow answer can be placed: in the server's loop, in the generator's, or between.
#include <chrono>
#include <functional>
#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace broadside::eventloop {

// Owned through a shared_ptr (start() and stop() need one), destroyed once its io_context no
// longer runs (after its threads are joined) and before the context itself.
class LoopLagProbe : public std::enable_shared_from_this<LoopLagProbe> {
public:
    using Report = std::function<void(std::chrono::steady_clock::duration late)>;
    LoopLagProbe(boost::asio::any_io_executor executor, std::chrono::milliseconds period,
                 Report report)
        : timer_(boost::asio::make_strand(std::move(executor))),
          period_(period),
          report_(std::move(report)) {}

    void start() {
        due_ = std::chrono::steady_clock::now() + period_;
        arm();
    }
    // From any thread: the timer and its handler live on their own strand, so stopping waits
    // its turn there instead of racing a handler that runs on another network thread.
    void stop() {
        boost::asio::post(timer_.get_executor(), [weak = weak_from_this()] {
            if (auto self = weak.lock()) {
                self->stopped_ = true;
                self->timer_.cancel();
            }
        });
    }

private:
    void arm() {
        timer_.expires_at(due_);
        // A weak pointer: the owner decides how long the probe lives (it must go before its
        // executor's context), and a wait still queued then finds it gone.
        timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
            auto self = weak.lock();
            if (ec || !self || self->stopped_) return;
            const auto now = std::chrono::steady_clock::now();
            self->report_(now - self->due_);
            // The next due time is a period from now, not from the missed one: a stall is
            // reported once, not as a run of catching-up samples.
            self->due_ = now + self->period_;
            self->arm();
        });
    }

    boost::asio::steady_timer timer_;
    std::chrono::milliseconds period_;
    Report report_;
    std::chrono::steady_clock::time_point due_;
    bool stopped_ = false;
};

}  // namespace broadside::eventloop

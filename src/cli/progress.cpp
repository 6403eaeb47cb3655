#include "cli/progress.h"

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/common.h"

namespace broadside::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string duration(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char buf[32];
    if (s >= 3600) {
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    }
    return buf;
}

// Erases the progress line (carriage return, then clear to the end of the line).
constexpr const char* kClear = "\r\x1b[K";

}  // namespace

std::string Progress::line(long done, long total, const std::string& unit, double elapsed_s) {
    const long percent = total > 0 ? 100 * done / total : 100;
    std::string text = "  " + std::to_string(done) + "/" + std::to_string(total) + " " + unit +
                       " (" + std::to_string(percent) + "%), " + duration(elapsed_s) + " elapsed";
    if (done > 0 && done < total) {
        const double left =
            elapsed_s * static_cast<double>(total - done) / static_cast<double>(done);
        text += ", about " + duration(left) + " left";
    }
    return text;
}

Progress::Progress(const std::atomic<long>& done, long total, std::string unit)
    : done_(done), total_(total), unit_(std::move(unit)) {
    if (!stderr_is_terminal() || total < 1) return;
    active_ = true;
    thread_ = std::thread([this] { run(); });
}

void Progress::run() {
    const auto start = Clock::now();
    std::unique_lock lock(mutex_);
    // Nothing for the first second: most runs end before anyone wonders.
    if (wake_.wait_until(lock, start + std::chrono::seconds(1), [this] { return stop_; })) return;
    while (!stop_) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        std::cerr << kClear << line(done_.load(), total_, unit_, elapsed) << std::flush;
        shown_ = true;
        wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stop_; });
    }
    std::cerr << kClear << std::flush;
}

void Progress::note(const std::string& text) {
    std::lock_guard lock(mutex_);
    if (shown_) std::cerr << kClear;
    std::cerr << text << "\n" << std::flush;
    // The progress line comes back on the next tick.
}

Progress::~Progress() {
    if (!active_) return;
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

}  // namespace broadside::cli

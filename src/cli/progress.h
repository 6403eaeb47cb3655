#pragma once
// A progress line on stderr for the long commands (sim, bench, referee, solve), shown only when
// stderr is a terminal and only once a run has lasted a second: short runs and pipes see
// nothing. It says how far, how long so far, and about how long is left:
//   "  1234/10000 games (12%), 0:15 elapsed, about 1:50 left"
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace broadside::cli {

class Progress {
public:
    // Follows `done` (updated by any thread) as it climbs to `total` `unit`s.
    Progress(const std::atomic<long>& done, long total, std::string unit = "games");
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Prints a whole line on stderr without tearing the progress line (it is drawn again).
    void note(const std::string& line);

    // The line as drawn, for `done` of `total` after `elapsed_s` seconds (exposed for tests).
    static std::string line(long done, long total, const std::string& unit, double elapsed_s);

private:
    void run();
    const std::atomic<long>& done_;
    long total_;
    std::string unit_;
    bool active_ = false;
    bool stop_ = false;
    bool shown_ = false;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread thread_;
};

}  // namespace broadside::cli

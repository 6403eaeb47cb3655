#pragma once
// Pieces every `sim` subcommand shares: splitting bot lists, formatting figures, and a progress
// bar on stderr.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace broadside::cli {

std::vector<std::string> split_names(const std::string& text);
std::string percent(double p);  // 0.4312 -> "43.1%"
std::string fixed(double v, int digits = 2);

// Shows progress on stderr while `done` climbs to `total`, if stderr is a terminal.
class Progress {
public:
    Progress(const std::atomic<long>& done, long total);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

private:
    const std::atomic<long>& done_;
    long total_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace broadside::cli

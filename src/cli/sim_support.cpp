#include "cli/sim_support.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/common.h"

namespace broadside::cli {

std::vector<std::string> split_names(const std::string& text) {
    std::vector<std::string> names;
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) names.push_back(name);
    return names;
}

std::ofstream open_output_file(const std::string& path, const std::string& flag) {
    std::ofstream file(path);
    if (!file) throw unwritable_file(flag, path);
    return file;
}

void close_output_file(std::ofstream& file, const std::string& path) {
    file.close();
    if (!file) throw std::runtime_error("could not write all of " + path);
}

std::vector<std::pair<long, long>> series_blocks(long length) {
    std::vector<std::pair<long, long>> blocks;
    long first = 1;
    for (const long last : {10L, 25L, 50L, 100L, 250L, 500L, 1000L}) {
        if (first > length) return blocks;
        blocks.emplace_back(first, std::min(last, length));
        first = last + 1;
    }
    if (first <= length) blocks.emplace_back(first, length);
    return blocks;
}

std::string percent(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100 * p);
    return buf;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

Progress::Progress(const std::atomic<long>& done, long total) : done_(done), total_(total) {
    if (!stderr_is_terminal() || total < 2000) return;
    thread_ = std::thread([this] {
        while (!stop_.load()) {
            const long d = done_.load();
            const int filled = static_cast<int>(30 * d / total_);
            std::cerr << "\r  [" << std::string(static_cast<std::size_t>(filled), '#')
                      << std::string(static_cast<std::size_t>(30 - filled), ' ') << "] " << d << "/"
                      << total_ << std::flush;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    });
}

Progress::~Progress() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

}  // namespace broadside::cli

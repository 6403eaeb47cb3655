#include "cli/sim_support.h"

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <utility>

#include "cli/common.h"

namespace broadside::cli {

std::vector<std::string> split_names(const std::string& text) {
    std::vector<std::string> names;
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) names.push_back(name);
    return names;
}

namespace {

// The temporary files of this process, removed by the signal handler: fixed storage, because
// a signal handler may only call async-signal-safe functions (unlink, signal, raise).
constexpr int kMaxTemps = 8;
constexpr std::size_t kMaxTempPath = 4096;
char g_temps[kMaxTemps][kMaxTempPath];
volatile std::sig_atomic_t g_temp_used[kMaxTemps];

extern "C" void remove_temps_and_stop(int signal) {
    for (int i = 0; i < kMaxTemps; ++i) {
        if (g_temp_used[i]) unlink(g_temps[i]);
    }
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void track_temp(const std::string& temp, bool on) {
    for (int i = 0; i < kMaxTemps; ++i) {
        if (on && !g_temp_used[i] && temp.size() < kMaxTempPath) {
            std::memcpy(g_temps[i], temp.c_str(), temp.size() + 1);
            g_temp_used[i] = 1;
            static const bool installed = [] {
                std::signal(SIGINT, remove_temps_and_stop);
                std::signal(SIGTERM, remove_temps_and_stop);
                std::signal(SIGHUP, remove_temps_and_stop);
                return true;
            }();
            (void)installed;
            return;
        }
        if (!on && g_temp_used[i] && temp == g_temps[i]) {
            g_temp_used[i] = 0;
            return;
        }
    }
}

}  // namespace

OutputFile::OutputFile(const std::string& path, const std::string& temp)
    : std::ofstream(temp, std::ios::trunc | std::ios::binary), path_(path), temp_(temp) {
    if (is_open()) track_temp(temp_, true);
}

OutputFile::~OutputFile() {
    if (temp_.empty()) return;
    close();
    std::remove(temp_.c_str());
    track_temp(temp_, false);
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : std::ofstream(std::move(other)),
      path_(std::move(other.path_)),
      temp_(std::exchange(other.temp_, std::string())) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
    if (this != &other) {
        if (!temp_.empty()) {
            close();
            std::remove(temp_.c_str());
            track_temp(temp_, false);
        }
        std::ofstream::operator=(std::move(other));
        path_ = std::move(other.path_);
        temp_ = std::exchange(other.temp_, std::string());
    }
    return *this;
}

void OutputFile::commit() {
    close();
    const bool written = !fail();
    if (!written || std::rename(temp_.c_str(), path_.c_str()) != 0) {
        std::remove(temp_.c_str());
        track_temp(temp_, false);
        temp_.clear();
        throw std::runtime_error("could not write all of " + path_);
    }
    track_temp(temp_, false);
    temp_.clear();
}

OutputFile open_output_file(const std::string& path, const std::string& flag) {
    OutputFile file(path, path + ".tmp-" + std::to_string(getpid()));
    if (!file.is_open()) throw unwritable_file(flag, path);
    // An existing file that cannot be replaced is refused now too.
    if (access(path.c_str(), F_OK) == 0 && access(path.c_str(), W_OK) != 0) {
        throw unwritable_file(flag, path);
    }
    return file;
}

void close_output_file(OutputFile& file, const std::string&) {
    file.commit();
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

}  // namespace broadside::cli

#pragma once
// Pieces every `sim` subcommand shares: splitting bot lists, formatting figures, and a progress
// bar on stderr.
#include <algorithm>
#include <atomic>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "seats/parallel_games.h"

namespace broadside::cli {

std::vector<std::string> split_names(const std::string& text);
std::string percent(double p);  // 0.4312 -> "43.1%"
std::string fixed(double v, int digits = 2);

// Opens `path` for writing an output file of a long run (`flag` is the option that named it,
// e.g. "--save"): before the games, so a path that cannot be written is a usage error at once,
// not after an hour of simulation. Throws UsageError.
std::ofstream open_output_file(const std::string& path, const std::string& flag);
// Closes a file from open_output_file; throws std::runtime_error if any write failed (a full
// disk), so a partial file is never reported as written.
void close_output_file(std::ofstream& file, const std::string& path);

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

// Runs games 0..count-1 on `threads` threads with a progress bar on stderr; see
// seats::run_games for how games are spread over threads.
template <class MakeWorker>
void run_games(long count, int threads, MakeWorker make_worker) {
    std::atomic<long> done{0};
    Progress progress(done, count);
    seats::run_games(count, threads, std::move(make_worker), &done);
}

// One bot per seat, made by make_bot(name) (which returns a Result of a unique_ptr), for one
// thread of run_games: `seats` is what play_game takes; `owned` keeps them alive, shared so the
// play function that captures it can be copied.
template <class Bot>
struct SeatBots {
    std::shared_ptr<std::vector<std::unique_ptr<Bot>>> owned;
    std::vector<Bot*> seats;
};
template <class Bot, class MakeBot>
SeatBots<Bot> make_seat_bots(const std::vector<std::string>& names, MakeBot make_bot) {
    SeatBots<Bot> bots{std::make_shared<std::vector<std::unique_ptr<Bot>>>(), {}};
    for (const auto& name : names) {
        bots.owned->push_back(std::move(make_bot(name).value()));
        bots.seats.push_back(bots.owned->back().get());
    }
    return bots;
}

// Series of games (seats::run_series) with a progress bar on stderr that counts series.
template <class MakeWorker>
void run_series(long count, long length, int threads, MakeWorker make_worker) {
    const long series = (count + length - 1) / length;
    std::atomic<long> done{0};
    Progress progress(done, series);
    seats::run_series(count, length, threads, std::move(make_worker), &done);
}

// The blocks of positions within a series (1-based, inclusive) that reports break figures into:
// 1-10, 11-25, 26-50, 51-100, 101-250, 251-500, 501-1000, 1001 on, cut at the series length.
std::vector<std::pair<long, long>> series_blocks(long length);

}  // namespace broadside::cli

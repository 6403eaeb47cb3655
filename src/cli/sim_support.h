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

#include "cli/progress.h"
#include "seats/parallel_games.h"

namespace broadside::cli {

std::vector<std::string> split_names(const std::string& text);
std::string percent(double p);  // 0.4312 -> "43.1%"
std::string fixed(double v, int digits = 2);

// An output file of a long run, written whole or not at all: the text goes to a temporary file
// beside the path, renamed over it by close_output_file. If the run fails, or is interrupted
// (Ctrl-C, SIGTERM), first, the temporary file is removed and the path is left as it was: no
// empty or half-written output is ever left behind.
class OutputFile : public std::ofstream {
public:
    OutputFile() = default;
    OutputFile(const std::string& path, const std::string& temp);
    ~OutputFile() override;
    OutputFile(OutputFile&& other) noexcept;
    OutputFile& operator=(OutputFile&& other) noexcept;
    // Renames the temporary file over the path; throws std::runtime_error if a write failed.
    void commit();

private:
    std::string path_;
    std::string temp_;
};

// Opens an output file (`flag` is the option that named it, e.g. "--save") before the games, so
// a path that cannot be written is a usage error at once, not after an hour of simulation; the
// path itself is not touched until close_output_file. Throws UsageError.
OutputFile open_output_file(const std::string& path, const std::string& flag);
// Writes the file whole (OutputFile::commit): a partial file is never reported as written.
void close_output_file(OutputFile& file, const std::string& path);

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
    Progress progress(done, series, length > 1 ? "series" : "games");
    seats::run_series(count, length, threads, std::move(make_worker), &done);
}

// The blocks of positions within a series (1-based, inclusive) that reports break figures into:
// 1-10, 11-25, 26-50, 51-100, 101-250, 251-500, 501-1000, 1001 on, cut at the series length.
std::vector<std::pair<long, long>> series_blocks(long length);

}  // namespace broadside::cli

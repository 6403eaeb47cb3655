#pragma once
// Runs N seeded games on T threads: the one loop behind every `sim`, `bench shooter` and, later,
// the Python module's batches. Which thread plays a game never changes its result: game i's seed
// is the caller's to derive from i, and each thread owns its bots.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace broadside::seats {

// Runs games 0..count-1 on `threads` threads (thread t plays t, t + threads, ...). make_worker(t)
// runs on thread t and returns the function that plays one game there, so each thread owns its
// bots. `done`, if given, counts finished games (for a progress bar). The first exception any
// game throws is rethrown here, after every thread has stopped.
template <class MakeWorker>
void run_games(long count, int threads, MakeWorker make_worker, std::atomic<long>* done = nullptr) {
    threads = std::max(1, static_cast<int>(std::min<long>(threads, count)));
    std::vector<std::thread> pool;
    std::exception_ptr failure;
    std::mutex failure_mutex;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            try {
                auto play = make_worker(t);
                for (long i = t; i < count; i += threads) {
                    play(i);
                    if (done != nullptr) ++*done;
                }
            } catch (...) {
                std::lock_guard lock(failure_mutex);
                if (!failure) failure = std::current_exception();
            }
        });
    }
    for (auto& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
}

// Games grouped into series of `length` consecutive games (the last may be shorter): series s is
// games s*length to min((s+1)*length, count)-1, played in order on one thread by the same bots,
// so learning carries over within a series. Threads split series, never a series, so results
// do not depend on the thread count. make_worker(t) returns play(game, position), where position
// counts from 0 within the series; play must start a new series at position 0. `done` counts
// finished series.
template <class MakeWorker>
void run_series(long count, long length, int threads, MakeWorker make_worker,
                std::atomic<long>* done = nullptr) {
    const long series = (count + length - 1) / length;
    run_games(
        series, threads,
        [&](int t) {
            auto play = make_worker(t);
            return [count, length, play](long s) mutable {
                for (long i = s * length; i < std::min(count, (s + 1) * length); ++i) {
                    play(i, i - s * length);
                }
            };
        },
        done);
}

}  // namespace broadside::seats

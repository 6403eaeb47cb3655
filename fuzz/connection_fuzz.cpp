// libFuzzer harness for a connection's state machine (server/connection.h) without Beast: the
// input is a sequence of events a socket and a room can produce, in any order, and a model of
// the socket checks every step the state machine asks for. This is where the orderings that
// crashed `serve` live (a reply queued while a write is in flight, an overflow during a write,
// a close asked for while writing, a read error after an abort), so the fuzzer explores them.
//
// Input: one event per line.
//   o            the WebSocket handshake completed
//   r TEXT       the client sent a text frame (rb TEXT: a binary frame)
//   s N          the room queues a message of N bytes (1 to 20000)
//   w            the write in flight completes (ignored when none is in flight)
//   wf           the write in flight fails (the socket was reset)
//   c REASON     the room closes the connection after what is queued
//   t            the close grace timer fires
//   x            the read fails (the client went away, or the idle timeout)
//   + MS         MS milliseconds pass (for the rate limit)
// Anything else is skipped. Limits are small (4 KiB queue, 5 messages a second, bursts of 10,
// 8 strikes) so that inputs reach every edge.
//
// The model checks, after every event:
// - at most one write in flight, and its buffer (address and bytes) untouched until it completes;
// - no write after the close frame started, no close frame while a write is in flight, the close
//   frame and an abort each at most once, nothing at all before the handshake or after the end;
// - unsent bytes never above the limit while the connection lives;
// - the messages the room queued are written in order, each once, with none skipped while the
//   connection lives and is not closing;
// - a refused frame is answered with one error object, and a closed or finished connection reads
//   nothing more.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/connection.h"

namespace {

namespace srv = broadside::server;
using Clock = srv::Connection::Clock;

constexpr std::size_t kMaxQueued = 4096;

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "connection_fuzz: %s\n", what);
    std::abort();
}

void check(bool ok, const char* what) {
    if (!ok) fail(what);
}

// The socket as the network layer would drive it.
struct Model {
    srv::Connection connection;
    Clock::time_point now;
    bool opened = false;
    bool writing = false;
    const char* in_flight_data = nullptr;  // where the write in flight reads from
    std::string in_flight_copy;            // what it must still find there
    bool close_started = false;
    bool aborted = false;
    bool finished = false;
    int aborts = 0;
    int closes = 0;
    // Messages the room queued (tagged "m<number>:"), and how many of them have been written.
    std::vector<std::string> queued;
    std::size_t written = 0;
    std::size_t lost_from = SIZE_MAX;  // messages from here may be dropped (abort, close)
    std::uint64_t next_tag = 0;

    explicit Model(Clock::time_point start) : connection(limits(), start), now(start) {}

    static srv::ConnectionLimits limits() {
        srv::ConnectionLimits l;
        l.max_queued_bytes = kMaxQueued;
        l.messages_per_second = 5;
        l.message_burst = 10;
        l.max_strikes = 8;
        return l;
    }

    void apply(const srv::ConnectionStep& step) {
        const int actions = int(step.start_write) + int(step.start_close) + int(step.abort);
        check(actions <= 1, "a step asks for more than one thing");
        if (step.abort) {
            check(!aborted, "aborted twice");
            check(!finished, "aborted after the end");
            aborted = true;
            ++aborts;
            lost_from = std::min(lost_from, written);
            // The network layer closes the socket; the write in flight (if any) will fail.
            finished = connection.finished() || finished;
            return;
        }
        if (step.start_write) {
            check(opened, "a write before the handshake");
            check(!writing, "two writes in flight");
            check(!close_started, "a write after the close frame");
            check(!finished && !aborted, "a write after the end");
            writing = true;
            in_flight_data = connection.in_flight().data();
            in_flight_copy = connection.in_flight();
            check(!in_flight_copy.empty(), "an empty write");
            if (in_flight_copy.front() == 'm') {
                check(written < queued.size() && in_flight_copy == queued[written],
                      "a message written out of order, twice, or never queued");
                ++written;
            } else {
                const auto reply = nlohmann::json::parse(in_flight_copy, nullptr, false);
                check(reply.is_object() && reply.value("type", "") == "error",
                      "a refusal that is not one error object");
            }
        }
        if (step.start_close) {
            check(opened, "a close before the handshake");
            check(!writing, "the close frame while a write is in flight");
            check(!close_started, "the close frame twice");
            check(!finished && !aborted, "a close after the end");
            close_started = true;
            ++closes;
            lost_from = std::min(lost_from, written);
        }
    }

    void invariants() {
        if (writing) {
            check(connection.in_flight().data() == in_flight_data &&
                      connection.in_flight() == in_flight_copy,
                  "the buffer of the write in flight changed");
        }
        check(connection.writing() == writing, "the connection and the socket disagree on writing");
        if (!connection.aborted() && !connection.is_finished()) {
            check(connection.queued_bytes() <= kMaxQueued, "unsent bytes over the limit");
        }
        check(aborts <= 1 && closes <= 1, "closed more than once");
        // While the connection lives and nothing closed it, what was queued is written or waits.
        if (lost_from == SIZE_MAX && !connection.closing() && !finished) {
            std::size_t waiting = 0;
            for (std::size_t i = written; i < queued.size(); ++i) waiting += queued[i].size();
            check(connection.queued_bytes() >= waiting, "a queued message was dropped");
        }
    }

    void event(std::string_view line) {
        const std::string_view op = line.substr(0, line.find(' '));
        const std::string_view arg =
            line.size() > op.size() ? line.substr(op.size() + 1) : std::string_view();
        if (op == "o") {
            if (opened) return;
            opened = true;
            apply(connection.opened());
        } else if (op == "r" || op == "rb") {
            if (!opened) return;  // nothing is read before the handshake
            const bool was_closing = connection.closing() || finished || aborted;
            const auto outcome = connection.read(arg, op == "rb", now);
            if (was_closing) {
                check(!outcome.request && !outcome.keep_reading && !outcome.step.start_write &&
                          !outcome.step.start_close,
                      "a frame read after the close or the end did something");
            }
            check(!outcome.request || outcome.refused.empty(), "a frame both refused and taken");
            if (outcome.request) check(outcome.request->is_object(), "a request not an object");
            apply(outcome.step);
        } else if (op == "s") {
            const long n = std::strtol(std::string(arg).c_str(), nullptr, 10);
            const std::size_t size = static_cast<std::size_t>(std::clamp(n, 1L, 20000L));
            std::string text = "m" + std::to_string(next_tag++) + ":";
            text.resize(std::max(size, text.size()), '.');
            const bool accepts = !finished && !aborted && !connection.close_started();
            if (accepts) queued.push_back(text);
            apply(connection.send(std::move(text)));
        } else if (op == "w" || op == "wf") {
            if (!writing) return;
            writing = false;
            in_flight_data = nullptr;
            apply(connection.write_done(op == "w"));
        } else if (op == "c") {
            apply(connection.close(std::string(arg)));
        } else if (op == "t") {
            apply(connection.close_timed_out());
        } else if (op == "x") {
            const bool first = connection.finished();
            check(first != finished, "finished() told the room twice, or not at all");
            finished = true;
            lost_from = std::min(lost_from, written);
        } else if (op == "+") {
            const long ms = std::strtol(std::string(arg).c_str(), nullptr, 10);
            now += std::chrono::milliseconds(std::clamp(ms, 0L, 3'600'000L));
        }
        invariants();
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    Model model(Clock::time_point{} + std::chrono::hours(1));
    std::size_t start = 0;
    while (start <= input.size()) {
        auto end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        model.event(input.substr(start, end - start));
        start = end + 1;
    }
    // The socket finishes whatever is in flight, as a real one does.
    while (model.writing) {
        model.writing = false;
        model.apply(model.connection.write_done(true));
        model.invariants();
    }
    return 0;
}

#include "seats/process_agent.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "protocol/engine.h"
#include "protocol/errors.h"

namespace broadside::seats {

ProcessAgent::ProcessAgent(std::string command, std::string stderr_path, int startup_grace_ms)
    : command_(std::move(command)),
      stderr_path_(std::move(stderr_path)),
      startup_grace_ms_(startup_grace_ms) {}

ProcessAgent::~ProcessAgent() {
    stop();
}

bool ProcessAgent::ensure_running() {
    if (pid_ > 0) return true;
    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0) return false;
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        return false;
    }
    const pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        setpgid(0, 0);  // its own group, so the whole tree can be killed at once
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        const char* err = stderr_path_.empty() ? "/dev/null" : stderr_path_.c_str();
        const int err_fd = open(err, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (err_fd >= 0) dup2(err_fd, STDERR_FILENO);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid);  // also from the parent, to win the race with the child's own call
    close(in_pipe[0]);
    close(out_pipe[1]);
    pid_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    fcntl(to_child_, F_SETFL, fcntl(to_child_, F_GETFL) | O_NONBLOCK);
    reader_ = std::make_unique<LineReader>(from_child_, protocol::kMaxLineBytes);
    fresh_ = true;
    return true;
}

std::string ProcessAgent::ended_how() {
    // A child that closed its pipes is usually a moment away from exiting: wait briefly so the
    // report can say how it ended (a missing command is exit code 127).
    int status = 0;
    for (int i = 0; i < 40; ++i) {
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            reaped_ = true;
            std::string how = WIFEXITED(status)
                                  ? "it exited with code " + std::to_string(WEXITSTATUS(status))
                                  : "it was killed by signal " + std::to_string(WTERMSIG(status));
            if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
                how += " (the shell could not find the command: check the --seat text)";
            }
            return how;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "";
}

void ProcessAgent::stop() {
    if (pid_ <= 0) return;
    if (reaped_) {
        // Already waited for; only what it left behind in its group may remain.
        kill(-pid_, SIGKILL);
        pid_ = -1;
        reaped_ = false;
    }
    if (to_child_ >= 0) close(to_child_);  // EOF first: a polite bot exits by itself
    to_child_ = -1;
    for (int i = 0; i < 20 && pid_ > 0; ++i) {  // never waitpid(-1): that is any child
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
            kill(-pid_, SIGKILL);  // anything it left behind in its group
            pid_ = -1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (pid_ > 0) {
        kill(-pid_, SIGKILL);
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    if (from_child_ >= 0) close(from_child_);
    from_child_ = -1;
    reader_.reset();
}

bool ProcessAgent::send(const nlohmann::json& message, int timeout_ms) {
    if (to_child_ < 0) return false;
    const std::string line =
        message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    std::size_t sent = 0;
    while (sent < line.size()) {
        const ssize_t n = write(to_child_, line.data() + sent, line.size() - sent);
        if (n > 0) {
            sent += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR) return false;  // EPIPE: it is gone
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) return false;  // it stopped reading its input
        pollfd p{to_child_, POLLOUT, 0};
        poll(&p, 1, static_cast<int>(left));
    }
    return true;
}

void ProcessAgent::start(const Match& match, int seat, const std::string& match_id) {
    match_id_ = match_id;
    start_failure_.clear();
    if (!ensure_running()) return;
    nlohmann::json hello{{"type", "start"},
                         {"protocol", protocol::kProtocolVersion},
                         {"match", match_id},
                         {"game", match.game()},
                         {"options", match.options()},
                         {"seat", seat},
                         {"seats", match.seat_count()}};
    if (!send(hello, 1000)) {
        start_failure_ = ended_how();
        stop();
    }
}

protocol::Reply ProcessAgent::act(const Match& match, int seat, std::int64_t seen_events,
                                  int time_ms) {
    auto fault = [](std::string kind, std::string detail) {
        return protocol::Reply{nullptr, protocol::Fault{std::move(kind), std::move(detail)}};
    };
    if (pid_ <= 0) {
        return fault("crash", start_failure_.empty()
                                  ? "the bot is not running (it exited or could not start)"
                                  : "the bot ended before its first turn: " + start_failure_);
    }
    nlohmann::json request{{"type", "act"},
                           {"match", match_id_},
                           {"seat", seat},
                           {"time_ms", time_ms},
                           {"events", match.events_for(seat, seen_events)},
                           {"observation", match.observation(seat)},
                           {"legal", match.legal_actions(seat)}};
    const int budget = time_ms + (fresh_ ? startup_grace_ms_ : 0);
    fresh_ = false;
    if (!send(request, budget)) {
        const std::string how = ended_how();
        stop();
        return fault("crash", how.empty() ? "the bot stopped reading its input"
                                          : "the bot ended before answering: " + how);
    }
    bool timed_out = false;
    auto line = reader_->next_within(budget, timed_out);
    if (timed_out) {
        stop();
        return fault("timeout", "no answer within " + std::to_string(budget) + " ms");
    }
    if (!line) {
        const std::string how = ended_how();
        stop();
        return fault("crash", "the bot ended before answering: " +
                                  (how.empty() ? std::string("it closed its output") : how));
    }
    if (line->too_long) {
        stop();
        return fault("garbage", "the answer was longer than the line limit");
    }
    auto answer = nlohmann::json::parse(line->text, nullptr, false);
    if (answer.is_discarded() || !answer.is_object() || !answer.contains("action")) {
        std::string shown = line->text.substr(0, 80);
        for (auto& ch : shown)
            if (static_cast<unsigned char>(ch) < 32 || static_cast<unsigned char>(ch) > 126)
                ch = '?';
        return fault("garbage", "expected {\"action\": ...} on one line, got \"" + shown + "\"");
    }
    return {answer["action"], std::nullopt};
}

void ProcessAgent::rejected(const Error& error) {
    // The same shape as the engine's answer to a refused action: "illegal_action" with the
    // game's code as "reason" (docs/protocol.md, "Errors").
    send({{"type", "rejected"},
          {"match", match_id_},
          {"error", protocol::action_refused(error.code, error.message)["error"]}},
         200);
}

void ProcessAgent::end(const Match& /*match*/, int seat, const std::string& match_id,
                       const nlohmann::json& result) {
    if (pid_ <= 0) return;
    // The game is over for every seat, whether its rules ended it or a seat forfeited it.
    nlohmann::json message{
        {"type", "end"}, {"match", match_id}, {"seat", seat}, {"over", true}, {"result", result}};
    if (!send(message, 1000)) stop();
}

}  // namespace broadside::seats

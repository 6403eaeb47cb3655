#include "support/interactive.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

#include "support/test_support.h"

namespace broadside::testing {

Interactive::Interactive(const std::vector<std::string>& args) {
    signal(SIGPIPE, SIG_IGN);  // typing to a program that has ended fails, it does not kill us
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    const ExecLine line = broadside_line(args);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        line.exec();
    }
    close(in[0]);
    close(out[1]);
    in_ = in[1];
    from_ = out[0];
}

Interactive::~Interactive() {
    if (in_ >= 0) close(in_);
    if (from_ >= 0) close(from_);
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
}

// False once the program's output has ended.
bool Interactive::read_some(int timeout_ms) {
    pollfd p{from_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return true;
    char buffer[4096];
    const ssize_t n = read(from_, buffer, sizeof buffer);
    if (n <= 0) return false;
    out_.append(buffer, static_cast<std::size_t>(n));
    return true;
}

bool Interactive::wait_for(const std::string& text, int times, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (count_of(out_, text) < times) {
        if (std::chrono::steady_clock::now() >= end) return false;
        if (!read_some(100)) return count_of(out_, text) >= times;
    }
    return true;
}

void Interactive::type(const std::string& line) {
    const std::string text = line + "\n";
    if (write(in_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
        throw std::runtime_error("could not type into broadside");
    }
}

int Interactive::finish() {
    close(in_);
    in_ = -1;
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (read_some(100) && std::chrono::steady_clock::now() < end) {
    }
    if (std::chrono::steady_clock::now() >= end) kill(pid_, SIGKILL);  // hung: fail, not hang
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace broadside::testing

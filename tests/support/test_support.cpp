#include "support/test_support.h"

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

namespace broadside::testing {

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Every directory temp_dir() made, removed when the test program exits: a test may still read
// its files after the call that wrote them, so they cannot go sooner. Tests call it from several
// threads at once (Screens80x24 runs its games in parallel), so the list is locked.
class TempDirs {
public:
    ~TempDirs() {
        for (const auto& dir : dirs_) {
            std::error_code ignored;
            std::filesystem::remove_all(dir, ignored);
        }
    }
    std::string make() {
        char tmpl[] = "/tmp/broadside-test-XXXXXX";
        if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
        const std::lock_guard<std::mutex> lock(mutex_);
        dirs_.emplace_back(tmpl);
        return tmpl;
    }

private:
    std::mutex mutex_;
    std::vector<std::string> dirs_;
};

TempDirs& temp_dirs() {
    static TempDirs dirs;
    return dirs;
}

// Everything written to a pseudo-terminal, read from its master side until the child has closed
// its end (EIO on Linux once no process holds the slave); closes the master.
std::string read_terminal(int master) {
    std::string text;
    char buf[4096];
    for (;;) {
        const ssize_t n = read(master, buf, sizeof buf);
        if (n > 0) {
            text.append(buf, static_cast<std::size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            break;
        }
    }
    close(master);
    return text;
}

}  // namespace

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string read_file(const std::string& path) {
    return slurp(path);
}

std::string temp_dir() {
    return temp_dirs().make();
}

ExecLine::ExecLine(std::vector<std::string> args) : args_(std::move(args)), parent_(getpid()) {
    for (auto& a : args_) argv_.push_back(a.data());
    argv_.push_back(nullptr);
}

void ExecLine::exec() const {
    // The child dies with the test: a test program killed (a ctest timeout, a crash) left its
    // servers and cluster nodes running, holding ports and CPU for the tests after it (a fault
    // run's three nodes ran an hour). The signal comes when the thread that forked ends; every
    // test forks from a thread that waits for the child or outlives it. The parent may already
    // have gone before the request: then no signal would come.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent_) _exit(127);
    execvp(argv_[0], argv_.data());
    _exit(127);
}

ExecLine broadside_line(const std::vector<std::string>& args) {
    std::vector<std::string> line{BROADSIDE_BINARY};
    line.insert(line.end(), args.begin(), args.end());
    return ExecLine(std::move(line));
}

CommandResult run_broadside(const std::vector<std::string>& args, const std::string& input) {
    const std::string dir = temp_dir();
    const std::string in_path = dir + "/stdin", out_path = dir + "/stdout",
                      err_path = dir + "/stderr";
    std::ofstream(in_path) << input;
    const ExecLine line = broadside_line(args);
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        const int in = open(in_path.c_str(), O_RDONLY);
        const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        line.exec();
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CommandResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);  // nothing else reads these three files
    return r;
}

namespace {

// Runs `line` with stdin from `in_path`, stderr on a pseudo-terminal, and stdout on it too or,
// when `out_path` is not empty, in that file. `terminal` is everything written to the terminal.
struct TerminalRun {
    int exit_code = -1;
    std::string terminal;
};
TerminalRun run_on_terminal(const ExecLine& line, const std::string& in_path,
                            const std::string& out_path) {
    int master = -1, slave = -1;
    if (openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) {
        throw std::runtime_error("openpty failed");
    }
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        close(master);
        const int in = open(in_path.c_str(), O_RDONLY);
        dup2(in, 0);
        if (out_path.empty()) {
            dup2(slave, 1);
        } else {
            const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            dup2(out, 1);
        }
        dup2(slave, 2);
        line.exec();
    }
    close(slave);
    TerminalRun run;
    run.terminal = read_terminal(master);
    int status = 0;
    waitpid(pid, &status, 0);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return run;
}

}  // namespace

CommandResult run_broadside_stderr_on_terminal(const std::vector<std::string>& args) {
    const std::string dir = temp_dir();
    const std::string out_path = dir + "/stdout";
    const auto run = run_on_terminal(broadside_line(args), "/dev/null", out_path);
    CommandResult r;
    r.exit_code = run.exit_code;
    r.err = run.terminal;
    r.out = slurp(out_path);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return r;
}

CommandResult run_broadside_on_terminal(const std::vector<std::string>& args,
                                        const std::string& input,
                                        const std::vector<std::string>& env_args) {
    const std::string dir = temp_dir();
    const std::string in_path = dir + "/stdin";
    std::ofstream(in_path) << input;
    std::vector<std::string> line{"env"};
    line.insert(line.end(), env_args.begin(), env_args.end());
    line.push_back(BROADSIDE_BINARY);
    line.insert(line.end(), args.begin(), args.end());
    const auto run = run_on_terminal(ExecLine(std::move(line)), in_path, "");
    CommandResult r;
    r.exit_code = run.exit_code;
    r.out = run.terminal;
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return r;
}

}  // namespace broadside::testing

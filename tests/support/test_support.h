#pragma once
// Helpers shared by the tests: running the real `broadside` binary, and small builders.
#include <sys/types.h>

#include <string>
#include <vector>

namespace broadside::testing {

struct CommandResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs the built `broadside` program with `args`, feeding `input` on stdin (no terminal).
CommandResult run_broadside(const std::vector<std::string>& args, const std::string& input = "");
// A command line made ready before fork(). Between fork() and exec() the child of a threaded
// test may not allocate: another thread may hold the allocator's lock at the fork, and the child
// would wait for it forever (it did: a `join` that never started, one run in five). So the
// strings and argv are built here, in the parent, and the child only calls exec().
class ExecLine {
public:
    explicit ExecLine(std::vector<std::string> args);  // args[0]: the program (PATH searched)
    ExecLine(const ExecLine&) = delete;                // argv_ points into args_
    ExecLine& operator=(const ExecLine&) = delete;
    // In the forked child: becomes the program (exits 127 if it cannot), which is killed when the
    // test program ends, however it ends. Allocates nothing.
    [[noreturn]] void exec() const;

private:
    std::vector<std::string> args_;
    std::vector<char*> argv_;
    pid_t parent_;  // the test program, which forks the child
};

// The built `broadside` with `args`.
ExecLine broadside_line(const std::vector<std::string>& args);

// The same with stderr on a pseudo-terminal (stdout still a file): how a person running a long
// command sees it. `err` is everything written to the terminal.
CommandResult run_broadside_stderr_on_terminal(const std::vector<std::string>& args);

// The same with stdout and stderr on a pseudo-terminal and stdin read from `input` (a file, so
// not a terminal), run through `env` with `env_args` first (e.g. {"-u", "NO_COLOR", "TERM=xterm"}):
// what the program draws for a terminal under that environment. `out` is every byte written to
// the terminal, escape sequences included.
CommandResult run_broadside_on_terminal(const std::vector<std::string>& args,
                                        const std::string& input,
                                        const std::vector<std::string>& env_args);

// How many times `what` occurs in `text` (overlapping occurrences count).
int count_of(const std::string& text, const std::string& what);

// The whole contents of a file ("" if it cannot be read).
std::string read_file(const std::string& path);

// A fresh empty directory for a test's files, removed with everything in it when the test
// program exits.
std::string temp_dir();

}  // namespace broadside::testing

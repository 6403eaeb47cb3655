// The test support's children die with the test program that started them: a test killed by a
// ctest timeout or a crash must not leave servers, cluster nodes or Redis running for the tests
// after it (a fault run's three cluster nodes once ran an hour after their test).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "support/test_support.h"

namespace broadside::testing {
namespace {

// Whether `pid` is still a running process (a zombie waiting for a reaper counts as gone).
bool runs(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const auto close = line.rfind(')');  // the state follows the command name in parentheses
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
}

TEST(ExecLine, AChildDiesWithTheTestProgramThatStartedIt) {
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    const pid_t test_program = fork();
    ASSERT_GE(test_program, 0);
    if (test_program == 0) {
        // The stand-in for a test program (this test runs in a process of its own, with no other
        // thread, so the stand-in may allocate): starts its child, waits until the child has
        // become `sleep`, says which process that is (-1 if it did not), and is killed.
        close(pipe_fds[0]);
        const ExecLine sleeper({"sleep", "60"});
        int exec_fds[2];
        if (pipe2(exec_fds, O_CLOEXEC) != 0) _exit(1);
        pid_t child = fork();
        if (child == 0) {
            close(exec_fds[0]);
            sleeper.exec();
        }
        close(exec_fds[1]);
        char byte;
        while (read(exec_fds[0], &byte, 1) > 0) {
        }  // end of file: the child's exec() closed its end (or the child ended)
        if (read_file("/proc/" + std::to_string(child) + "/comm") != "sleep\n") child = -1;
        (void)!write(pipe_fds[1], &child, sizeof child);
        raise(SIGKILL);
    }
    close(pipe_fds[1]);
    pid_t child = -1;
    ASSERT_EQ(read(pipe_fds[0], &child, sizeof child), static_cast<ssize_t>(sizeof child));
    close(pipe_fds[0]);
    ASSERT_GT(child, 0) << "the child did not become `sleep`";
    int status = 0;
    waitpid(test_program, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (runs(child) && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const bool outlived = runs(child);
    if (outlived) ::kill(child, SIGKILL);  // this test's own mess, whatever it finds
    EXPECT_FALSE(outlived) << "the child of a killed test program still runs 5 s later";
}

}  // namespace
}  // namespace broadside::testing

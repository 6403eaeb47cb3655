#pragma once
// A throwaway redis-server for cluster tests: on a unix socket in a temp directory, no TCP port,
// no persistence (a restart starts empty, as the tests want), killed when the object goes.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include "support/test_support.h"

namespace broadside::testing {

class ThrowawayRedis {
public:
    ThrowawayRedis() : dir_(temp_dir()) { start(); }
    ~ThrowawayRedis() { kill9(); }
    ThrowawayRedis(const ThrowawayRedis&) = delete;
    ThrowawayRedis& operator=(const ThrowawayRedis&) = delete;
    std::string url() const { return "unix:" + dir_ + "/redis.sock"; }
    // One command through redis-cli (`args` as a shell would split them: keys without spaces),
    // its answer without the last newline; "" when Redis is down.
    std::string cli(const std::string& args) const {
        std::string out;
        if (FILE* pipe = popen(
                ("redis-cli -s " + dir_ + "/redis.sock " + args + " 2>/dev/null").c_str(), "r")) {
            char buffer[256];
            while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
            pclose(pipe);
        }
        while (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
    }
    void start() {
        const ExecLine line({"redis-server", "--port", "0", "--unixsocket", dir_ + "/redis.sock",
                             "--save", "", "--appendonly", "no", "--dir", dir_});
        pid_ = fork();
        if (pid_ == 0) line.exec();
        for (int i = 0; i < 100 && access((dir_ + "/redis.sock").c_str(), F_OK) != 0; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    void kill9() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
        unlink((dir_ + "/redis.sock").c_str());
    }

private:
    std::string dir_;
    pid_t pid_ = -1;
};

}  // namespace broadside::testing

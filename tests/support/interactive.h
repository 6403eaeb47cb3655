#pragma once
// The built `broadside` run as a person runs it: lines typed one at a time on its standard input
// (a pipe), each after the output it answers has appeared, so a test does not race the program.
#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace broadside::testing {

class Interactive {
public:
    explicit Interactive(const std::vector<std::string>& args);
    ~Interactive();  // SIGKILL if still running
    Interactive(const Interactive&) = delete;
    Interactive& operator=(const Interactive&) = delete;

    // Reads standard output until `text` has appeared `times` times in all of it (true), or the
    // program ended or `limit` passed (false).
    bool wait_for(const std::string& text, int times = 1,
                  std::chrono::milliseconds limit = std::chrono::seconds(30));
    // Types one line (a newline is added).
    void type(const std::string& line);
    // Closes standard input, reads the rest and waits for the program: its exit code.
    int finish();
    // Everything it printed on standard output so far.
    const std::string& out() const { return out_; }

private:
    bool read_some(int timeout_ms);
    pid_t pid_ = -1;
    int in_ = -1, from_ = -1;
    std::string out_;
};

}  // namespace broadside::testing

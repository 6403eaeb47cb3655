#pragma once
// Helpers shared by the tests: running the real `broadside` binary, and small builders.
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

// A fresh empty directory for a test's files, removed with everything in it when the test
// program exits.
std::string temp_dir();

}  // namespace broadside::testing

// `broadside replay FILE`: re-runs saved records and fails loudly if any event differs.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "match/match.h"

namespace broadside::cli {

namespace {

int run_replay(const std::string& path, bool quiet) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "error: cannot read " << path << "\n";
        return kExitFailure;
    }
    // A file holds one record (any layout) or many, one JSON object per line (as `sim --save`).
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<nlohmann::json> records;
    auto whole = nlohmann::json::parse(text, nullptr, false);
    if (!whole.is_discarded()) {
        records.push_back(std::move(whole));
    } else {
        std::istringstream lines(text);
        long line_number = 0;
        for (std::string line; std::getline(lines, line);) {
            ++line_number;
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_discarded()) {
                std::cerr << "error: " << path << " line " << line_number << " is not valid JSON\n";
                return kExitFailure;
            }
            records.push_back(std::move(j));
        }
    }
    if (records.empty()) {
        std::cerr << "error: " << path << " holds no record\n";
        return kExitFailure;
    }
    long index = 0;
    for (const auto& record : records) {
        ++index;
        auto m = replay(record);
        if (!m) {
            std::cerr << "error: record " << index << ": " << m.error().message << " ["
                      << m.error().code << "]\n";
            return kExitFailure;
        }
        if (!quiet) {
            std::cout << "record " << index << ": " << m->game() << ", seed " << m->seed() << ", "
                      << m->last_event_number() << " events replayed identically";
            if (m->is_over()) std::cout << "; result " << m->result().dump();
            std::cout << "\n";
        }
    }
    std::cout << records.size() << " record(s) replayed, all events identical\n";
    return kExitOk;
}

}  // namespace

void add_replay_command(CLI::App& app, Runner& run) {
    auto path = std::make_shared<std::string>();
    auto quiet = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand("replay", "Re-run saved records and check every event");
    cmd->add_option("file", *path, "A record saved by play --save or sim --save")->required();
    cmd->add_flag("--quiet", *quiet, "Only print the total");
    cmd->callback(
        [path, quiet, &run] { run = [path, quiet] { return run_replay(*path, *quiet); }; });
}

}  // namespace broadside::cli

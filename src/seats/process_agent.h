#pragma once
// A bot in any language: a child process that reads referee messages on stdin and answers on
// stdout, one JSON object per line (docs/protocol.md, "The bot side"). It runs in its own
// process group, every read and write has a deadline, and it is killed when the agent is done,
// so a misbehaving bot can neither hang the referee nor outlive it.
#include <sys/types.h>

#include <memory>
#include <string>

#include "protocol/agent.h"
#include "seats/line_reader.h"

namespace broadside::seats {

class ProcessAgent final : public protocol::Agent {
public:
    // `command` runs through /bin/sh -c. `stderr_path` receives the bot's stderr ("" = discard).
    ProcessAgent(std::string command, std::string stderr_path, int startup_grace_ms = 2000);
    ~ProcessAgent() override;
    ProcessAgent(const ProcessAgent&) = delete;
    ProcessAgent& operator=(const ProcessAgent&) = delete;

    std::string describe() const override { return command_; }
    void start(const Match& match, int seat, const std::string& match_id) override;
    protocol::Reply act(const Match& match, int seat, std::int64_t seen_events,
                        int time_ms) override;
    void end(const Match& match, int seat, const std::string& match_id,
             const nlohmann::json& result) override;
    void rejected(const Error& error) override;

private:
    bool ensure_running();
    void stop();
    bool send(const nlohmann::json& message, int timeout_ms);
    // How the child ended, if it exits within a moment ("" if it is still running).
    std::string ended_how();

    std::string command_;
    std::string stderr_path_;
    int startup_grace_ms_;
    pid_t pid_ = -1;
    bool reaped_ = false;  // pid_ has been waited for; only its process group may remain
    int to_child_ = -1;
    int from_child_ = -1;
    std::unique_ptr<LineReader> reader_;
    // How the bot ended if it was already gone when the game's start message was sent (a missing
    // command makes the shell exit at once, sometimes before that message is written).
    std::string start_failure_;
    bool fresh_ = false;  // started for this game: the first answer gets the start-up grace
    std::string match_id_;
};

}  // namespace broadside::seats

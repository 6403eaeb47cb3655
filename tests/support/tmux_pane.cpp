#include "support/tmux_pane.h"

#include <cstdlib>

#include "support/test_support.h"

namespace broadside::testing {
namespace {

int sh(const std::string& command) {
    return std::system(command.c_str());
}

}  // namespace

bool TmuxPane::available() {
    return sh("command -v tmux > /dev/null 2>&1") == 0;
}

TmuxPane::TmuxPane(const std::string& command, int rows, int cols) : dir_(temp_dir()) {
    tmux_ = "tmux -S '" + dir_ + "/tmux.sock' ";
    // The trailing sleep keeps the pane (and what the command printed last) for the test to read.
    ok_ = sh(tmux_ + "new-session -d -s t -x " + std::to_string(cols) + " -y " +
             std::to_string(rows) + " \"env LANG=C.UTF-8 TERM=xterm XDG_STATE_HOME='" + dir_ +
             "' " + command + "; sleep 30\"") == 0;
}

TmuxPane::~TmuxPane() {
    sh(tmux_ + "kill-server 2> /dev/null");
}

void TmuxPane::keys(const std::string& keys) {
    sh(tmux_ + "send-keys -t t " + keys);
}

void TmuxPane::resize(int cols, int rows) {
    sh(tmux_ + "resize-window -t t -x " + std::to_string(cols) + " -y " + std::to_string(rows));
}

void TmuxPane::wipe() {
    sh(tmux_ + "send-keys -R -t t");
}

std::string TmuxPane::screen() {
    const std::string file = dir_ + "/pane.txt";
    sh(tmux_ + "capture-pane -p -t t > '" + file + "'");
    return read_file(file);
}

bool TmuxPane::wait_for(const std::string& text) {
    return !wait_for_all({text}).empty();  // a screen showing `text` is never empty
}

std::string TmuxPane::wait_for_all(const std::vector<std::string>& texts) {
    for (int i = 0; i < 200; ++i) {
        std::string shown = screen();
        bool all = true;
        for (const auto& text : texts) all = all && shown.find(text) != std::string::npos;
        if (all) return shown;
        sh("sleep 0.05");
    }
    return "";
}

}  // namespace broadside::testing

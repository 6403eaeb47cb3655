#pragma once
// A detached tmux session running one command: a real terminal for tests of full-screen
// drawing (clearing, redrawing, resizing), which a pipe cannot show.
#include <string>
#include <vector>

namespace broadside::testing {

class TmuxPane {
public:
    // Whether tmux is installed (tests skip without it).
    static bool available();
    // Runs `command` (a shell command line) in a `cols` x `rows` terminal, with LANG=C.UTF-8,
    // TERM=xterm and XDG_STATE_HOME in a fresh directory (nothing saved outside the test).
    explicit TmuxPane(const std::string& command, int rows = 30, int cols = 90);
    ~TmuxPane();
    TmuxPane(const TmuxPane&) = delete;
    TmuxPane& operator=(const TmuxPane&) = delete;

    bool ok() const { return ok_; }
    // tmux send-keys arguments, e.g. "auto Enter".
    void keys(const std::string& keys);
    void resize(int cols, int rows);
    // Clears the pane's screen behind the program's back (tmux resets its terminal; the program
    // is not told): what shows afterwards is only what the program draws from then on.
    void wipe();
    std::string screen();
    // Polls the screen for `text` for up to 10 s.
    bool wait_for(const std::string& text);
    // Polls for up to 10 s until the screen shows every one of `texts` at once (a redraw seen
    // half done shows some of them), and returns that screen; empty if it never did.
    std::string wait_for_all(const std::vector<std::string>& texts);

private:
    std::string dir_, tmux_;
    bool ok_ = false;
};

}  // namespace broadside::testing

#pragma once
// The terminal as every `play` front end uses it: screens, prompts with line editing and a
// history per player, the hot-seat pass screen, Ctrl-C and resizing. When stdin is not a
// terminal (a pipe, a test) it reads plain lines and echoes each after its prompt, so a
// transcript reads like a session.
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace broadside::cli {

// What the terminal can do, found once when a command starts.
struct TerminalInfo {
    bool screen = false;        // stdout is a terminal: screens are cleared and redrawn in place
    bool line_editing = false;  // stdin and stdout are terminals: libedit reads the lines
    bool colour = false;        // ANSI colour wanted (see detect_terminal)
    bool utf8 = false;          // the locale's character set is UTF-8
    bool echo_input = false;    // stdin is not a terminal: echo each line read after its prompt
    bool cannot_clear = false;  // stdout is a terminal that cannot clear (TERM=dumb)
};

// Colour only on a terminal, never with `no_colour_flag` (--no-color), a non-empty NO_COLOR or
// TERM=dumb. UTF-8 when the first set of LC_ALL, LC_CTYPE, LANG names it; otherwise (LANG=C,
// POSIX, unset) every screen is plain ASCII.
TerminalInfo detect_terminal(bool no_colour_flag);

// Text that has a UTF-8 form and an ASCII fallback.
struct Glyphs {
    bool utf8 = false;
    const char* dash() const { return utf8 ? "\u2014" : "-"; }   // an em dash
    const char* times() const { return utf8 ? "\u00d7" : "x"; }  // 6 x 6
};

class Console {
public:
    // Reads `in` and writes `out`. With info.line_editing (only ever set for std::cin and
    // std::cout on a terminal) lines are read through libedit from the terminal, with editing
    // and a history per player; otherwise plain lines from `in`.
    Console(std::istream& in, std::ostream& out, TerminalInfo info);
    ~Console();
    Console(const Console&) = delete;
    Console& operator=(const Console&) = delete;

    std::ostream& out() { return out_; }
    const TerminalInfo& info() const { return info_; }
    Glyphs glyphs() const { return Glyphs{info_.utf8}; }
    // The terminal's size (80x24 when it cannot be known, as for a pipe).
    int columns() const;
    int rows() const;

    // Starts a new screen: a terminal is cleared (the scrollback too when `wipe_scrollback`);
    // a pipe gets a blank line.
    void begin_screen(bool wipe_scrollback = false);

    // Whose line history the next prompts use: each player has their own, so pressing Up
    // never shows one player what another typed.
    void set_player(int player);

    // While waiting at a prompt, a resized terminal calls `redraw` (which should draw the
    // screen again); the prompt and the half-typed line come back after it.
    void on_resize(std::function<void()> redraw);

    // Shows `prompt` and reads one line (control characters removed). Nothing at end of input
    // or on Ctrl-C (then interrupted() is true), which callers treat as leaving.
    std::optional<std::string> ask(const std::string& prompt);

    // The hot-seat pass screen: clears the screen and the scrollback, throws away anything
    // typed ahead, and shows "Pass to NAME - press Enter" until Enter is pressed. False at end
    // of input or on Ctrl-C. In a pipe it prints the line `Pass to NAME - press Enter` and
    // reads one line.
    bool pass_to(const std::string& name);

    // Ctrl-C was pressed (SIGINT) while this console was open.
    bool interrupted() const;

    // The line that marks a pass screen in a transcript, for tests: "Pass to NAME".
    static std::string pass_marker(const std::string& name) { return "Pass to " + name; }

private:
    struct Editor;
    std::optional<std::string> read_plain(const std::string& prompt);
    std::istream& in_;
    std::ostream& out_;
    TerminalInfo info_;
    std::unique_ptr<Editor> editor_;  // libedit, when interactive
    std::function<void()> redraw_;
};

// Removes control characters (stray escape sequences from function keys would otherwise be
// echoed back to the terminal inside error messages).
std::string strip_controls(std::string line);

}  // namespace broadside::cli

#include "cli/console.h"

#include <fcntl.h>
#include <histedit.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cwchar>
#include <iostream>
#include <map>

namespace broadside::cli {

namespace {

// Signals reach the console through a self-pipe: a handler may only do async-signal-safe work,
// and a byte in a pipe wakes the poll() that waits for the next key.
std::atomic<bool> g_interrupted{false};
int g_wake_pipe[2] = {-1, -1};

void on_signal(int sig) {
    const int saved = errno;
    if (sig == SIGINT) g_interrupted = true;
    const char byte = sig == SIGINT ? 'i' : 'w';
    if (g_wake_pipe[1] >= 0) (void)!write(g_wake_pipe[1], &byte, 1);
    errno = saved;
}

bool names_utf8(const char* value) {
    if (value == nullptr) return false;
    std::string v(value);
    std::transform(v.begin(), v.end(), v.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
}

// The locale's character set as POSIX chooses it: the first of LC_ALL, LC_CTYPE, LANG that is
// set and not empty.
bool locale_is_utf8() {
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(name);
        if (value != nullptr && *value != '\0') return names_utf8(value);
    }
    return false;
}

// The size of the terminal stdout is on, when it says.
std::optional<winsize> stdout_size() {
    winsize size{};
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) {
        return std::nullopt;
    }
    return size;
}

}  // namespace

TerminalInfo detect_terminal(bool no_colour_flag) {
    TerminalInfo info;
    const bool in_tty = isatty(STDIN_FILENO) != 0;
    const bool out_tty = isatty(STDOUT_FILENO) != 0;
    const char* no_colour = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    const bool dumb = term != nullptr && std::string(term) == "dumb";
    info.screen = out_tty && !dumb;
    info.cannot_clear = out_tty && dumb;
    info.line_editing = in_tty && out_tty && !dumb;
    info.colour =
        out_tty && !no_colour_flag && (no_colour == nullptr || *no_colour == '\0') && !dumb;
    info.utf8 = locale_is_utf8();
    info.echo_input = !in_tty;
    return info;
}

std::string strip_controls(std::string line) {
    std::erase_if(line, [](char ch) {
        return (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') || ch == 0x7f;
    });
    return line;
}

// libedit on the terminal, with one history per player and a read function that also wakes for
// Ctrl-C and for a resized window.
struct Console::Editor {
    EditLine* el = nullptr;
    std::map<int, History*> histories;
    int player = 0;
    std::string prompt;  // escape sequences wrapped in \1 so libedit knows they take no room
    bool resized = false;
    std::mbstate_t decode{};

    Editor() {
        // libedit decodes keys as wide characters in the locale's character set.
        std::setlocale(LC_CTYPE, "");
        el = el_init("broadside", stdin, stdout, stderr);
        el_set(el, EL_EDITOR, "emacs");
        el_set(el, EL_CLIENTDATA, this);
        el_set(el, EL_GETCFN, &Editor::read_key);
        el_set(el, EL_PROMPT_ESC, &Editor::prompt_of, '\1');
        use_player(0);
    }
    ~Editor() {
        el_end(el);
        for (auto& [player_, h] : histories) history_end(h);
    }

    void use_player(int p) {
        player = p;
        auto& h = histories[p];
        if (h == nullptr) {
            h = history_init();
            HistEvent ev;
            history(h, &ev, H_SETSIZE, 200);
            history(h, &ev, H_SETUNIQUE, 1);
        }
        el_set(el, EL_HIST, history, h);
    }

    void remember(const std::string& line) {
        if (line.empty()) return;
        HistEvent ev;
        history(histories[player], &ev, H_ENTER, line.c_str());
    }

    static char* prompt_of(EditLine* el) {
        Editor* self = nullptr;
        el_get(el, EL_CLIENTDATA, &self);
        return self->prompt.data();
    }

    // One key for libedit: 1 with a character, 0 at end of input, -1 to make el_gets return
    // (Ctrl-C, or a resize that the console answers by drawing the screen again).
    static int read_key(EditLine* el, wchar_t* out) {
        Editor* self = nullptr;
        el_get(el, EL_CLIENTDATA, &self);
        while (true) {
            pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {g_wake_pipe[0], POLLIN, 0}};
            if (poll(fds, 2, -1) < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
            if (fds[1].revents & POLLIN) {
                char byte;
                while (read(g_wake_pipe[0], &byte, 1) == 1) {
                    if (byte == 'w') self->resized = true;
                }
                if (g_interrupted || self->resized) return -1;
            }
            if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
                char byte;
                const ssize_t n = read(STDIN_FILENO, &byte, 1);
                if (n == 0) return 0;
                if (n < 0) {
                    if (errno == EINTR) continue;
                    return -1;
                }
                wchar_t wc;
                const std::size_t k = std::mbrtowc(&wc, &byte, 1, &self->decode);
                if (k == static_cast<std::size_t>(-2)) continue;  // more bytes of one character
                if (k == static_cast<std::size_t>(-1)) {
                    self->decode = {};
                    continue;
                }
                *out = k == 0 ? L'\0' : wc;
                return 1;
            }
        }
    }
};

Console::Console(std::istream& in, std::ostream& out, TerminalInfo info)
    : in_(in), out_(out), info_(info) {
    if (g_wake_pipe[0] < 0 && pipe(g_wake_pipe) == 0) {
        for (int fd : g_wake_pipe) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    g_interrupted = false;
    // No SA_RESTART: a read blocked on stdin returns, so Ctrl-C ends the prompt and the game
    // can save before it leaves.
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGWINCH, &action, nullptr);
    if (info_.line_editing) editor_ = std::make_unique<Editor>();
}

Console::~Console() {
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGWINCH, &action, nullptr);
}

int Console::columns() const {
    const auto size = stdout_size();
    return info_.screen && size ? size->ws_col : 80;
}

int Console::rows() const {
    const auto size = stdout_size();
    return info_.screen && size ? size->ws_row : 24;
}

void Console::begin_screen(bool wipe_scrollback) {
    if (info_.screen) {
        // Home, clear the screen, and (ED 3) the scrollback, which xterm, tmux and most
        // terminals honour.
        out_ << "\x1b[H\x1b[2J" << (wipe_scrollback ? "\x1b[3J" : "");
    } else {
        out_ << "\n";
    }
}

void Console::set_player(int player) {
    if (editor_) editor_->use_player(player);
}

void Console::on_resize(std::function<void()> redraw) {
    redraw_ = std::move(redraw);
}

bool Console::interrupted() const {
    return g_interrupted;
}

std::optional<std::string> Console::read_plain(const std::string& prompt) {
    out_ << prompt << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
        out_ << "\n";
        return std::nullopt;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    line = strip_controls(std::move(line));
    if (info_.echo_input) out_ << line << "\n";
    return line;
}

std::optional<std::string> Console::ask(const std::string& prompt) {
    if (g_interrupted) return std::nullopt;
    if (!editor_) return read_plain(prompt);
    out_ << std::flush;
    // libedit counts the prompt's width; escape sequences between \1 marks take no room.
    std::string wrapped;
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        if (prompt[i] == '\x1b') {
            const auto end = prompt.find('m', i);
            if (end == std::string::npos) break;
            wrapped += '\1' + prompt.substr(i, end - i + 1) + '\1';
            i = end;
        } else {
            wrapped += prompt[i];
        }
    }
    editor_->prompt = wrapped;
    std::string pending;  // what was typed before a resize, typed again after the redraw
    while (true) {
        if (!pending.empty()) el_push(editor_->el, pending.c_str());
        int count = 0;
        const char* text = el_gets(editor_->el, &count);
        if (text != nullptr && count > 0) {
            std::string line(text, static_cast<std::size_t>(count));
            while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
            line = strip_controls(std::move(line));
            editor_->remember(line);
            return line;
        }
        if (g_interrupted) {
            out_ << "\n";
            return std::nullopt;
        }
        if (editor_->resized) {
            editor_->resized = false;
            const LineInfo* info = el_line(editor_->el);
            pending.assign(info->buffer, info->lastchar);
            if (redraw_) redraw_();
            out_ << std::flush;
            continue;
        }
        out_ << "\n";
        return std::nullopt;  // end of input
    }
}

bool Console::pass_to(const std::string& name) {
    if (g_interrupted) return false;
    begin_screen(true);
    if (info_.line_editing) tcflush(STDIN_FILENO, TCIFLUSH);  // an early Enter must not count
    const std::string text = pass_marker(name) + " " + glyphs().dash() + " press Enter";
    if (info_.screen) out_ << "\n\n\n\n\n\n\n\n\n\n";
    // A terminal that cannot clear (TERM=dumb) would leave the last person's screen in view
    // above the pass screen: blank lines push it out of sight (its scrollback keeps it).
    if (info_.cannot_clear) {
        const auto size = stdout_size();
        out_ << std::string(size ? size->ws_row : 50U, '\n');
    }
    out_ << "  " << (info_.colour ? "\x1b[1m" + text + "\x1b[0m" : text) << "\n\n";
    const bool had_editor = editor_ != nullptr;
    // The pass screen's Enter goes into nobody's history.
    std::optional<std::string> line;
    if (had_editor) {
        const int player = editor_->player;
        editor_->use_player(-1);
        line = ask("  ");
        editor_->use_player(player);
    } else {
        line = read_plain("  ");
    }
    if (!line) return false;
    begin_screen(true);
    return true;
}

}  // namespace broadside::cli

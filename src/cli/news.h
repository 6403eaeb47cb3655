#pragma once
// The news area under a game's boards (classic, Salvo, Royale, crew): what happened since the
// viewer's last screen, cut to the rows the terminal has left. The viewer's own latest move is
// never the part cut: the lines hidden are the others', oldest first.
#include <string>
#include <vector>

namespace broadside::cli {

struct NewsItem {
    std::string text;
    bool own = false;  // says what the viewer's own latest move did: never cut
};

struct FittedNews {
    std::vector<std::string> lines;  // wrapped, in the order they happened
    int note = -1;                   // the index in `lines` of "(N earlier lines not shown)", or -1
};

// Wraps `items` to `width` columns and keeps what fits in `rows` rows: everything when it fits;
// otherwise every line of the viewer's own move, then the newest of the other lines, with one
// line saying how many were left out ("(3 earlier lines not shown)", or "(3 lines not shown)"
// when some of them came after the viewer's own move). The viewer's own lines are kept even
// when they alone need more than `rows`.
FittedNews fit_news(const std::vector<NewsItem>& items, int rows, int width);

}  // namespace broadside::cli

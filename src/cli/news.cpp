#include "cli/news.h"

#include "cli/classic/play_render.h"

namespace broadside::cli {

FittedNews fit_news(const std::vector<NewsItem>& items, int rows, int width) {
    struct Line {
        std::string text;
        bool own;
    };
    std::vector<Line> lines;
    for (const auto& item : items) {
        for (auto& line : wrap(item.text, width)) lines.push_back({std::move(line), item.own});
    }
    FittedNews fitted;
    if (static_cast<int>(lines.size()) <= rows) {
        for (auto& line : lines) fitted.lines.push_back(std::move(line.text));
        return fitted;
    }
    // One row goes to the note; the viewer's own lines first, then the newest of the rest.
    std::vector<bool> keep(lines.size(), false);
    int room = rows - 1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].own) {
            keep[i] = true;
            --room;
        }
    }
    for (std::size_t i = lines.size(); i-- > 0 && room > 0;) {
        if (!keep[i]) {
            keep[i] = true;
            --room;
        }
    }
    int hidden = 0;
    bool hidden_after_kept = false;
    bool seen_kept = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (keep[i]) {
            seen_kept = true;
        } else {
            ++hidden;
            hidden_after_kept = hidden_after_kept || seen_kept;
        }
    }
    const std::string note = "(" + std::to_string(hidden) + (hidden_after_kept ? "" : " earlier") +
                             (hidden == 1 ? " line" : " lines") + " not shown)";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (keep[i]) {
            fitted.lines.push_back(std::move(lines[i].text));
        } else if (fitted.note < 0) {
            fitted.note = static_cast<int>(fitted.lines.size());
            fitted.lines.push_back(note);
        }
    }
    return fitted;
}

}  // namespace broadside::cli

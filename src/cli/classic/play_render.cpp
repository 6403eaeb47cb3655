#include "cli/classic/play_render.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace broadside::cli {

namespace {

const char* code_of(Tone tone) {
    switch (tone) {
        case Tone::kTitle: return "1";
        case Tone::kWater: return "34";
        case Tone::kShip: return "1;37;100";
        case Tone::kMiss: return "36";
        case Tone::kHit: return "1;31";
        case Tone::kSunk: return "1;97;41";
        case Tone::kGood: return "1;32";
        case Tone::kBad: return "1;31";
        case Tone::kWarn: return "33";
        case Tone::kDim: return "2";
        case Tone::kPrompt: return "1;36";
    }
    return "0";
}

char glyph(Mark m) {
    switch (m) {
        case Mark::kWater: return '.';
        case Mark::kShip: return '#';
        case Mark::kMiss: return 'o';
        case Mark::kHit: return 'X';
        case Mark::kSunk: return '*';
        case Mark::kPath: return '~';
    }
    return '?';
}

Tone tone_of(Mark m) {
    switch (m) {
        case Mark::kWater: return Tone::kWater;
        case Mark::kShip: return Tone::kShip;
        case Mark::kMiss: return Tone::kMiss;
        case Mark::kHit: return Tone::kHit;
        case Mark::kSunk: return Tone::kSunk;
        case Mark::kPath: return Tone::kMiss;
    }
    return Tone::kWater;
}

std::string pad(std::string text, int width) {
    const int w = visible_width(text);
    if (w < width) text += std::string(static_cast<std::size_t>(width - w), ' ');
    return text;
}

std::string right(const std::string& text, int width) {
    const int w = static_cast<int>(text.size());
    return w >= width ? text : std::string(static_cast<std::size_t>(width - w), ' ') + text;
}

std::string trim_right(std::string line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line;
}

}  // namespace

std::string Style::paint(std::string_view text, Tone tone, bool reverse) const {
    if (!colour_) return std::string(text);
    return std::string("\x1b[") + code_of(tone) + (reverse ? ";7m" : "m") + std::string(text) +
           "\x1b[0m";
}

Grid::Grid(BoardSize board)
    : size(board),
      marks(static_cast<std::size_t>(board.cells()), Mark::kWater),
      recent(static_cast<std::size_t>(board.cells()), false),
      letters(static_cast<std::size_t>(board.cells()), 0) {}

std::vector<char> ship_letters(const std::vector<std::string>& names) {
    std::vector<char> letters;
    const auto taken = [&](char c) {
        return std::find(letters.begin(), letters.end(), c) != letters.end();
    };
    for (const auto& name : names) {
        char pick = 0;
        for (char ch : name) {
            const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            if (up >= 'A' && up <= 'Z' && !taken(up)) {
                pick = up;
                break;
            }
        }
        for (char c = 'A'; pick == 0 && c <= 'Z'; ++c) {
            if (!taken(c)) pick = c;
        }
        letters.push_back(pick == 0 ? '#' : pick);
    }
    return letters;
}

std::vector<char> ship_letters(const std::vector<ShipSpec>& fleet) {
    std::vector<std::string> names;
    for (const auto& s : fleet) names.push_back(s.name);
    return ship_letters(names);
}

void Grid::mark(const std::string& cell, Mark m) {
    if (auto c = parse_cell(cell, size)) marks[static_cast<std::size_t>(cell_index(*c, size))] = m;
}

void Grid::mark_all(const nlohmann::json& cells, Mark m) {
    for (const auto& c : cells) mark(c.get<std::string>(), m);
}

void Grid::set_recent(const std::vector<std::string>& cells) {
    std::fill(recent.begin(), recent.end(), false);
    for (const auto& cell : cells) {
        if (auto c = parse_cell(cell, size))
            recent[static_cast<std::size_t>(cell_index(*c, size))] = true;
    }
}

namespace {

BoardSize board_of(const nlohmann::json& obs) {
    return BoardSize{obs["board"]["rows"].get<int>(), obs["board"]["cols"].get<int>()};
}

}  // namespace

Grid ocean_grid(const nlohmann::json& obs) {
    Grid grid(board_of(obs));
    std::vector<std::string> names;
    for (const auto& ship : obs["my_fleet"]) names.push_back(ship["name"].get<std::string>());
    const auto letters = ship_letters(names);
    std::size_t i = 0;
    for (const auto& ship : obs["my_fleet"]) {
        const char letter = letters[i++];
        if (ship.value("captured", false)) continue;  // it sails with the enemy now
        const bool sunk = ship["sunk"].get<bool>();
        for (const auto& c : ship["cells"]) {
            auto cell = parse_cell(c.get<std::string>(), grid.size);
            if (!cell) continue;
            const auto index = static_cast<std::size_t>(cell_index(*cell, grid.size));
            grid.marks[index] = sunk ? Mark::kSunk : Mark::kShip;
            if (!sunk) grid.letters[index] = letter;
        }
        if (!sunk) grid.mark_all(ship["hits"], Mark::kHit);
    }
    grid.mark_all(obs["incoming"]["misses"], Mark::kMiss);
    return grid;
}

Grid target_grid(const nlohmann::json& obs) {
    Grid grid(board_of(obs));
    std::map<std::string, bool> sunk;
    for (const auto& ship : obs["enemy_fleet"]) {
        sunk[ship["name"].get<std::string>()] = ship["sunk"].get<bool>();
        if (ship["sunk_by"].is_string()) grid.mark(ship["sunk_by"].get<std::string>(), Mark::kSunk);
    }
    grid.mark_all(obs["targets"]["misses"], Mark::kMiss);
    for (const auto& hit : obs["targets"]["hits"]) {
        const auto cell = hit["cell"].get<std::string>();
        // With hit-only announcements a hit is not named, so only the sinking shot is known
        // to belong to the sunk ship.
        const bool of_sunk = hit["ship"].is_string() && sunk[hit["ship"].get<std::string>()];
        auto c = parse_cell(cell, grid.size);
        if (!c) continue;
        auto& m = grid.marks[static_cast<std::size_t>(cell_index(*c, grid.size))];
        if (m != Mark::kSunk) m = of_sunk ? Mark::kSunk : Mark::kHit;
    }
    return grid;
}

std::string example_targets(const nlohmann::json& obs, int count, bool whole) {
    const Grid known = target_grid(obs);
    std::string text;
    int found = 0;
    const int shown = whole ? count : std::min(count, 3);
    for (int i = 0; i < known.size.cells() && found < shown; ++i) {
        if (known.marks[static_cast<std::size_t>(i)] != Mark::kWater) continue;
        text += (found ? " " : "") + to_string(cell_at(i, known.size));
        ++found;
    }
    if (found == 0) return "B7";
    return count > shown ? text + " ..." : text;
}

void draw_ships(Grid& base, const std::vector<ShipSpec>& fleet,
                const std::vector<std::string>& placements) {
    const auto letters = ship_letters(fleet);
    for (std::size_t i = 0; i < placements.size() && i < fleet.size(); ++i) {
        auto p = parse_placement(placements[i], base.size);
        if (!p) continue;
        auto cells = ship_cells(*p, fleet[i].length, base.size);
        if (!cells) continue;
        cells->for_each([&](int index) {
            auto& m = base.marks[static_cast<std::size_t>(index)];
            if (m == Mark::kWater) {
                m = Mark::kShip;
                base.letters[static_cast<std::size_t>(index)] = letters[i];
            }
        });
    }
}

void Block::add(std::string line) {
    width = std::max(width, visible_width(line));
    lines.push_back(std::move(line));
}

Block grid_block(const std::string& title, const Grid& grid, const Style& style) {
    const int rows = grid.size.rows, cols = grid.size.cols;
    // Three columns per cell read best; boards wider than 12 use two so that two fit in 80.
    const int cell_w = cols <= 12 ? 3 : 2;
    Block block;
    block.add(style.paint(title, Tone::kTitle));
    if (cell_w == 3 || cols < 10) {
        std::string header = " ";
        for (int c = 1; c <= cols; ++c) header += right(std::to_string(c), cell_w);
        block.add(style.paint(header, Tone::kDim));
    } else {
        std::string tens = " ", units = " ";
        for (int c = 1; c <= cols; ++c) {
            tens += std::string(1, ' ') + (c >= 10 ? static_cast<char>('0' + c / 10) : ' ');
            units += std::string(1, ' ') + static_cast<char>('0' + c % 10);
        }
        block.add(style.paint(tens, Tone::kDim));
        block.add(style.paint(units, Tone::kDim));
    }
    for (int r = 0; r < rows; ++r) {
        std::string line = style.paint(std::string(1, static_cast<char>('A' + r)), Tone::kDim);
        for (int c = 0; c < cols; ++c) {
            const auto index = static_cast<std::size_t>(r * cols + c);
            const Mark m = grid.marks[index];
            const char letter = grid.letters[index];
            const char shown = m == Mark::kShip && letter != 0 ? letter : glyph(m);
            const std::string cell =
                style.paint(std::string(1, shown), tone_of(m), grid.recent[index]);
            line += std::string(static_cast<std::size_t>(cell_w - 1), ' ') + cell;
        }
        block.add(line);
    }
    return block;
}

std::string join_blocks(const Block& left, const Block& right, int columns) {
    constexpr int kIndent = 2, kGap = 5;
    std::string out;
    const std::string indent(kIndent, ' ');
    if (kIndent + left.width + kGap + right.width > columns) {
        for (const auto& line : left.lines) out += trim_right(indent + line) + "\n";
        out += "\n";
        for (const auto& line : right.lines) out += trim_right(indent + line) + "\n";
        return out;
    }
    const std::size_t n = std::max(left.lines.size(), right.lines.size());
    for (std::size_t i = 0; i < n; ++i) {
        std::string line = indent;
        line += pad(i < left.lines.size() ? left.lines[i] : "", left.width + kGap);
        if (i < right.lines.size()) line += right.lines[i];
        out += trim_right(line) + "\n";
    }
    return out;
}

std::string legend(const Style& style, bool weapons) {
    std::vector<std::pair<Mark, const char*>> items = {{Mark::kWater, "water"},
                                                       {Mark::kShip, "ship (by letter)"},
                                                       {Mark::kMiss, "miss"},
                                                       {Mark::kHit, "hit"},
                                                       {Mark::kSunk, "sunk"}};
    if (weapons) {
        items[1].second = "ship";
        items.emplace_back(Mark::kPath, "torpedo run");
    }
    std::string out = "  Legend:";
    for (const auto& [m, name] : items) {
        const char shown = m == Mark::kShip ? 'C' : glyph(m);
        out += "  " + style.paint(std::string(1, shown), tone_of(m)) + " " + name;
    }
    if (style.colour()) out += "  " + style.paint("last shots", Tone::kDim, true);
    return out + "\n";
}

Block fleet_status(const nlohmann::json& ships, bool mine, int width, const Style& style,
                   const std::string& enemy) {
    int afloat = 0;
    std::string lost, captured;
    for (const auto& ship : ships) {
        if (ship.value("captured", false)) {
            captured += (captured.empty() ? "" : ", ") + ship["name"].get<std::string>();
        } else if (!ship["sunk"].get<bool>()) {
            ++afloat;
        } else {
            lost += (lost.empty() ? "" : ", ") + ship["name"].get<std::string>();
        }
    }
    Block block;
    const std::string count = std::to_string(afloat) + " of " + std::to_string(ships.size());
    block.add((mine ? std::string("Your ships afloat: ") : enemy + " ships afloat: ") +
              style.paint(count, Tone::kTitle));
    const std::string sunk_text = lost.empty() ? (mine ? "None lost yet." : "None sunk yet.")
                                               : (mine ? "Lost: " : "Sunk: ") + lost;
    for (auto& line : wrap(sunk_text, width)) block.add(line);
    if (!captured.empty()) {
        for (auto& line :
             wrap((mine ? "Held by the enemy: " : "Your prizes: ") + captured, width)) {
            block.add(line);
        }
    }
    return block;
}

std::vector<std::string> torpedo_run(const nlohmann::json& event, BoardSize board) {
    std::vector<std::string> run;
    if (event.value("weapon", "") != "torpedo" || !event.contains("cell")) return run;
    auto start = parse_cell(event["cell"].get<std::string>(), board);
    if (!start) return run;
    const std::string heading = event.value("heading", "");
    const int dr = heading == "down" ? 1 : heading == "up" ? -1 : 0;
    const int dc = heading == "right" ? 1 : heading == "left" ? -1 : 0;
    if (dr == 0 && dc == 0) return run;
    std::set<std::string> struck;
    for (const auto& shot : event.value("shots", nlohmann::json::array())) {
        struck.insert(shot["cell"].get<std::string>());
    }
    for (Cell c = *start; on_board(c, board); c = Cell{c.row + dr, c.col + dc}) {
        const std::string name = to_string(c);
        if (struck.count(name)) break;  // it struck here: the hit is drawn, not the run
        run.push_back(name);
    }
    return run;
}

Block weapons_status(const nlohmann::json& obs, bool mine, int width, const Style& style,
                     const std::string& enemy, bool compact) {
    std::string line;
    for (const char* name : {"nuke", "scuba", "torpedo", "experimental", "bomber"}) {
        if (!obs["weapons"].contains(name)) continue;
        const auto& uses = obs["weapons"][name];
        const int left = uses[mine ? "mine" : "enemy"].get<int>();
        std::string item = std::string(name) + " " + std::to_string(left);
        const bool gone = uses["ship_lost"][mine ? "mine" : "enemy"].get<bool>();
        if (left > 0 && gone) item += " (ship lost)";
        line += (line.empty() ? "" : ", ") + (left > 0 ? item : style.paint(item, Tone::kDim));
    }
    const int me = obs["seat"].get<int>();
    const int prizes = obs["prizes"][mine ? me : 1 - me].get<int>();
    Block block;
    if (compact) {
        // A short terminal: the title and the prizes fold into the list, rows saved for the news.
        if (prizes > 0) line += "; prizes held " + std::to_string(prizes);
        for (auto& l : wrap("Weapons: " + line, width)) block.add(l);
        return block;
    }
    block.add(mine ? std::string("Your weapons left:") : enemy + " weapons left:");
    for (auto& l : wrap(line, width)) block.add(l);
    if (prizes > 0) block.add(style.paint("Prizes held: " + std::to_string(prizes), Tone::kTitle));
    return block;
}

int visible_width(std::string_view text) {
    int w = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b') {
            while (i < text.size() && text[i] != 'm') ++i;
            continue;
        }
        ++w;
    }
    return w;
}

std::vector<std::string> wrap(const std::string& text, int width) {
    std::vector<std::string> lines;
    std::string line, word;
    auto flush_word = [&] {
        if (word.empty()) return;
        if (!line.empty() && visible_width(line) + 1 + visible_width(word) > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        word.clear();
    };
    for (char ch : text) {
        if (ch == ' ') {
            flush_word();
        } else {
            word += ch;
        }
    }
    flush_word();
    if (!line.empty()) lines.push_back(line);
    return lines;
}

}  // namespace broadside::cli

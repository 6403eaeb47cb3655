// `broadside sheet party|classic`: a printable blank player sheet as SVG, for games on paper
// (the party host mode calls the torpedoes; each player marks a sheet). A4 portrait, in mm.
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "games/party/options.h"

namespace broadside::cli {

namespace {

struct SheetArgs {
    std::string game;
    std::string edition = "rainbow";
    std::string out;  // empty: stdout
};

std::string escape(const std::string& text) {
    std::string out;
    for (char ch : text) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += ch;
        }
    }
    return out;
}

class Svg {
public:
    Svg() {
        out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" "
                "viewBox=\"0 0 210 297\" font-family=\"sans-serif\">\n"
             << "<rect x=\"0\" y=\"0\" width=\"210\" height=\"297\" fill=\"white\"/>\n";
    }
    void text(double x, double y, double size, const std::string& t, const char* anchor = "start",
              const char* weight = "normal") {
        out_ << "<text x=\"" << x << "\" y=\"" << y << "\" font-size=\"" << size
             << "\" text-anchor=\"" << anchor << "\" font-weight=\"" << weight << "\">" << escape(t)
             << "</text>\n";
    }
    void box(double x, double y, double w, double h, double stroke = 0.3,
             const std::string& fill = "none") {
        out_ << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
             << "\" fill=\"" << fill << "\" stroke=\"black\" stroke-width=\"" << stroke << "\"/>\n";
    }
    void line(double x1, double y1, double x2, double y2) {
        out_ << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
             << "\" stroke=\"black\" stroke-width=\"0.3\"/>\n";
    }
    // A grid of `rows` x `cols` squares of `cell` mm at (x, y), with its labels outside.
    void grid(double x, double y, int rows, int cols, double cell,
              const std::vector<std::string>& row_labels,
              const std::vector<std::string>& col_labels) {
        for (int c = 0; c < cols; ++c) {
            text(x + (c + 0.5) * cell, y - 2, cell * 0.45, col_labels[static_cast<std::size_t>(c)],
                 "middle", "bold");
        }
        for (int r = 0; r < rows; ++r) {
            text(x - 2.5, y + (r + 0.68) * cell, cell * 0.45,
                 row_labels[static_cast<std::size_t>(r)], "end", "bold");
            for (int c = 0; c < cols; ++c) box(x + c * cell, y + r * cell, cell, cell);
        }
        box(x, y, cols * cell, rows * cell, 0.8);
    }
    std::string finish() {
        out_ << "</svg>\n";
        return out_.str();
    }

private:
    std::ostringstream out_;
};

std::vector<std::string> labels(char first, int n) {
    std::vector<std::string> l;
    for (int i = 0; i < n; ++i) l.emplace_back(1, static_cast<char>(first + i));
    return l;
}

std::vector<std::string> numbers(int n) {
    std::vector<std::string> l;
    for (int i = 1; i <= n; ++i) l.push_back(std::to_string(i));
    return l;
}

// A ship to tick: its name, one box per segment (tick when hit), and a "sunk" box.
void ship_row(Svg& svg, double x, double y, const std::string& name, int length,
              const std::string& colour = "") {
    if (!colour.empty()) svg.box(x, y - 4, 4, 4, 0.3, colour);
    svg.text(x + (colour.empty() ? 0 : 6), y, 4.2, name);
    for (int i = 0; i < length; ++i) svg.box(x + 88 + i * 7, y - 5, 6, 6);
    svg.text(x + 88 + 5 * 7 + 4, y, 3.5, "sunk");
    svg.box(x + 88 + 5 * 7 + 14, y - 5, 6, 6);
}

std::string party_sheet(const std::string& edition_key) {
    const auto edition =
        edition_key == "european" ? party::Edition::kEuropean : party::Edition::kRainbow;
    Svg svg;
    svg.text(105, 20, 9, "Battleships: " + party::edition_name(edition), "middle", "bold");
    svg.text(20, 34, 5, "Name: ______________________________");
    svg.text(20, 44, 3.6,
             "Draw your six ships on the sea, each across or down (they may touch). Cross");
    svg.text(20, 49, 3.6,
             "off every square the host calls. Say \"miss\", \"hit\" or \"sunk\" out loud.");
    svg.grid(52, 64, 6, 6, 17, numbers(6), labels('A', 6));
    svg.text(20, 180, 5, "Your fleet: tick a box for each hit", "start", "bold");
    const auto& themes = party::ship_themes(edition);
    for (int i = 0; i < party::kShips; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        ship_row(svg, 20, 192 + i * 11,
                 themes[idx].name + " (" + std::to_string(party::kShipLengths[idx]) + ")",
                 party::kShipLengths[idx], themes[idx].colour);
    }
    svg.text(20, 265, 4, "Ships afloat after 30 torpedoes: ______");
    svg.text(20, 275, 3.2,
             "A tie for the most goes to the 6 super torpedoes: a ship hit by one puts you out.");
    svg.text(105, 290, 2.8, "Printed by broadside sheet party", "middle");
    return svg.finish();
}

std::string classic_sheet() {
    Svg svg;
    svg.text(105, 18, 9, "Battleship", "middle", "bold");
    svg.text(20, 30, 5, "Name: ______________________________");
    svg.text(20, 42, 4.2, "My ocean: my ships, and the shots fired at me", "start", "bold");
    svg.grid(40, 50, 10, 10, 9, labels('A', 10), numbers(10));
    svg.text(20, 152, 4.2, "Target grid: my shots (o miss, X hit)", "start", "bold");
    svg.grid(40, 160, 10, 10, 9, labels('A', 10), numbers(10));
    const std::pair<const char*, int> fleet[] = {{"Carrier (5)", 5},
                                                 {"Battleship (4)", 4},
                                                 {"Cruiser (3)", 3},
                                                 {"Submarine (3)", 3},
                                                 {"Destroyer (2)", 2}};
    svg.text(140, 50, 3.8, "Enemy ships sunk:", "start", "bold");
    int i = 0;
    for (const auto& [name, length] : fleet) {
        svg.box(140, 54 + i * 8, 5, 5);
        svg.text(147, 58 + i * 8, 3.5, name);
        (void)length;
        ++i;
    }
    svg.text(105, 290, 2.8, "Printed by broadside sheet classic", "middle");
    return svg.finish();
}

int run_sheet(const SheetArgs& args) {
    const std::string svg = args.game == "party" ? party_sheet(args.edition) : classic_sheet();
    if (args.out.empty()) {
        std::cout << svg;
        return kExitOk;
    }
    write_text_file(args.out, svg, "sheet");
    std::cerr << "Wrote " << args.out << " (print it on A4, one per player).\n";
    return kExitOk;
}

}  // namespace

void add_sheet_command(CLI::App& app, Runner& run) {
    auto* sheet =
        app.add_subcommand("sheet", "A printable blank player sheet (SVG) for playing on paper");
    require_named_subcommand(*sheet);
    for (const char* game : {"party", "classic"}) {
        auto args = std::make_shared<SheetArgs>();
        args->game = game;
        auto* cmd = sheet->add_subcommand(
            game, std::string(game) == "party"
                      ? "The party game's sheet: the 6x6 sea and the six ships to tick"
                      : "Classic Battleship's sheet: your ocean, the target grid, the fleet");
        cmd->add_option("--out", args->out, "Write the SVG to FILE (default: standard output)");
        if (std::string(game) == "party") {
            cmd->add_option("--edition", args->edition,
                            "rainbow (Rainbow Armada) or european (European Navy)")
                ->check(CLI::IsMember({"rainbow", "european"}))
                ->capture_default_str();
        }
        cmd->callback([args, &run] { run = [args] { return run_sheet(*args); }; });
    }
}

}  // namespace broadside::cli

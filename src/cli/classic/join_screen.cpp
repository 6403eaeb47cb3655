// `broadside join`'s classic and Salvo screens (weapons too): the screens of `play` (the
// placement screen ship by ship, the two boards with the ships afloat, the weapons and the
// legend), drawn from this seat's observation as the server sends it. A watcher sees both
// sides' shots from the public view, by name.
#include <algorithm>
#include <sstream>

#include "cli/classic/play_narrate.h"
#include "cli/classic/play_placement.h"
#include "cli/classic/play_render.h"
#include "cli/join_front.h"
#include "cli/play_input.h"
#include "client/random_action.h"
#include "core/fleet_sampler.h"

namespace broadside::cli {

namespace {

using nlohmann::json;

constexpr int kColumns = 80;

BoardSize board_of(const json& obs) {
    const json& b = obs.value("board", json::object());
    return {b.value("rows", 10), b.value("cols", 10)};
}

std::vector<ShipSpec> fleet_of(const json& legal) {
    std::vector<ShipSpec> fleet;
    for (const auto& s : legal.value("ships", json::array())) {
        fleet.push_back({s.value("name", "ship"), s.value("length", 1)});
    }
    return fleet;
}

class ClassicJoinFront : public JoinFront {
public:
    std::vector<std::string> header(const JoinView& view) const override {
        return {view.room.value("game", std::string("classic")) + " " + view.name_of(0) +
                " against " + view.name_of(1)};
    }

    std::string body(const JoinView& view) const override {
        if (view.watching()) return watch_screen(view);
        if (placing(view)) return placement_screen(view);
        return battle_screen(view);
    }

    std::vector<std::string> narrate(const json& event, const JoinView& view) const override {
        if (event.value("redacted", false) && event.value("type", "") == "fleet_placed") return {};
        // Each side's last volley is picked out on the grids, as in play.
        const auto cells = event.contains("shots") && event["shots"].is_array()
                               ? shot_cells(event)
                               : std::vector<std::string>{};
        if (!cells.empty() && event.contains("seat") && event["seat"].is_number_integer()) {
            const int by = event["seat"].get<int>();
            (by == view.seat ? my_last_ : enemy_last_) = cells;
        }
        // The water this seat's torpedoes ran through, drawn '~' on the target grid, as in play.
        if (event.value("type", "") == "weapon" && event.value("seat", -2) == view.seat &&
            view.observation.contains("board")) {
            for (auto& cell : torpedo_run(event, board_of(view.observation))) {
                torpedo_runs_.push_back(std::move(cell));
            }
        }
        return cli::narrate(event, view.seat, view.style, view.names.names);
    }

    std::string prompt(const JoinView& view) const override {
        if (placing(view)) {
            ensure_draft(view);
            if (draft_->complete()) return "Sending your fleet...";
            const ShipSpec& ship = draft_->next();
            return "Place your " + ship.name + " (" + std::to_string(ship.length) +
                   " cells), e.g. " + example_placement() + ": ";
        }
        const json& obs = view.observation;
        const int blast = obs.value("blast_pending", 0);
        const int due = obs.value("shots_due", view.legal.value("count", 1));
        if (blast > 0) {
            return "Name your blast: " + std::to_string(blast) +
                   (blast == 1 ? " cell, e.g. " + example_targets(obs, 1) + ": "
                               : " touching cells: ");
        }
        if (due == 0) return "Nothing left to fire at: use a weapon (help lists them): ";
        if (due == 1)
            return "Your shot, e.g. " + example_targets(obs, 1) + " (help for commands): ";
        return "Your salvo: " + std::to_string(due) + " shots, e.g. " + example_targets(obs, due) +
               ": ";
    }

    std::string help(const JoinView& view) const override {
        if (placing(view)) {
            return "  Commands now:\n"
                   "    A1 right, C3 down   place the next ship by its top or left end\n"
                   "    C3                  a cell alone: the ship runs " +
                   direction() +
                   "\n"
                   "    rotate              switch that between right and down\n"
                   "    auto                place the rest at random (and send the fleet)\n"
                   "    undo                take back the last ship placed\n"
                   "    board               draw the screen again\n";
        }
        std::string text =
            "  Commands now:\n"
            "    B7                  fire at B7 (any case; 'fire B7' too)\n";
        if (view.legal.value("count", 1) > 1) {
            text += "    B7 C3 D4 ...        a Salvo volley: exactly as many cells as shots due\n";
        }
        if (view.observation.contains("weapons")) {
            text +=
                "  Weapons (instead of your shot or salvo; docs/rules/weapons.md):\n"
                "    nuke D4, bomber G6, torpedo F10, torpedo A1 down, scuba, experimental\n";
        }
        return text +
               "    auto                one shot at random\n"
               "    board               draw the boards again\n";
    }

    JoinInput read(const std::string& line, const JoinView& view, Rng& rng) override {
        const std::string text = trim(line);
        if (placing(view)) return read_placement(text, view, rng);
        if (lower(text) == "auto") {
            return {client::random_action(view.legal, view.seat, rng,
                                          view.room.value("game", std::string("classic"))),
                    "", false};
        }
        const BoardSize board = board_of(view.observation);
        switch (command_of(text)) {
            case PlayCommand::kUndo:
            case PlayCommand::kRotate:
                return {std::nullopt,
                        "The fleets are placed; now fire at a cell such as " +
                            example_targets(view.observation, 1) + ".",
                        false};
            default: break;
        }
        if (auto weapon = parse_weapon_command(text, board)) {
            if (!*weapon) return {std::nullopt, weapon->error().message, false};
            return {**weapon, "", false};
        }
        auto cells = parse_targets(
            command_of(text) == PlayCommand::kFire ? without_fire_word(text) : text, board);
        if (!cells) return {std::nullopt, cells.error().message, false};
        const bool blast = view.legal.value("type", "") == "blast";
        return {json{{"type", blast ? "blast" : "fire"}, {"cells", *cells}}, "", false};
    }

    std::optional<json> retry(const json& refused, const JoinView& view, Rng& rng) override {
        if (refused.value("type", "") != "place") return std::nullopt;
        if (refused == last_random_) {  // a random fleet the rules refused: another
            draft_->clear();
            return place_at_random(view, rng);
        }
        draft_->clear();  // placed again from the first ship, as play asks
        return std::nullopt;
    }

    std::string reveal(const json& record, const JoinView& view) const override {
        const json& reveal = record.value("reveal", json());
        if (!reveal.is_object() || !reveal.contains("fleets")) return "";
        const json options = record.value("options", json::object());
        std::vector<ShipSpec> fleet;
        for (const auto& s : options.value("fleet", json::array())) {
            fleet.push_back({s.value("name", "ship"), s.value("length", 1)});
        }
        const BoardSize size{options.value("rows", 10), options.value("cols", 10)};
        const auto placements = [&](int seat) {
            std::vector<std::string> out;
            for (const auto& p : reveal["fleets"][static_cast<std::size_t>(seat)]) {
                out.push_back(p.get<std::string>());
            }
            return out;
        };
        const auto caption = [&](int seat) {
            return view.names.who(seat) + "'s fleet, revealed" +
                   (placements(seat).empty() ? " (never placed)" : "");
        };
        if (view.seat == 0 || view.seat == 1) {
            // My boards as they stood, with the enemy's every ship drawn under my shots.
            const int enemy = 1 - view.seat;
            Grid theirs = target_grid(view.observation);
            draw_ships(theirs, fleet, placements(enemy));
            return join_blocks(grid_block("Your ocean", ocean_grid(view.observation), view.style),
                               grid_block(caption(enemy), theirs, view.style));
        }
        Grid first(size), second(size);
        draw_ships(first, fleet, placements(0));
        draw_ships(second, fleet, placements(1));
        return join_blocks(grid_block(caption(0), first, view.style),
                           grid_block(caption(1), second, view.style));
    }

private:
    static bool placing(const JoinView& view) {
        return view.legal.is_object() && view.legal.value("type", "") == "place";
    }

    void ensure_draft(const JoinView& view) const {
        if (draft_) return;
        board_size_ = board_of(view.observation);
        draft_.emplace(fleet_of(view.legal), board_of(view.observation),
                       view.legal.value("no_touch", false));
    }

    std::string direction() const { return across_ ? "right" : "down"; }

    // An example that is valid now: the first cell where the next ship fits.
    std::string example_placement() const {
        const BoardSize board = board_size_;
        for (int r = 0; r < board.rows; ++r) {
            for (int c = 0; c < board.cols; ++c) {
                const std::string cell = to_string(Cell{r, c});
                FleetDraft probe = *draft_;
                if (probe.add(cell + " " + direction())) return cell + " " + direction();
            }
        }
        return "A1 right";
    }

    json place_at_random(const JoinView& view, Rng& rng) {
        FleetSampler sampler(fleet_of(view.legal), board_of(view.observation),
                             view.legal.value("no_touch", false));
        json ships = json::array();
        if (auto layout = sampler.sample(rng, 1'000'000)) {
            for (const auto& p : *layout) ships.push_back(to_string(p));
        }
        last_random_ = {{"type", "place"}, {"ships", ships}};
        return last_random_;
    }

    // The fleet, ship by ship as in play (each checked at once); several placements on one
    // line, separated by commas, place several ships. The whole fleet goes as one action.
    JoinInput read_placement(const std::string& text, const JoinView& view, Rng& rng) {
        ensure_draft(view);
        const std::string word = lower(text);
        switch (command_of(word)) {
            case PlayCommand::kAuto:
                if (draft_->placed() == 0) return {place_at_random(view, rng), "", false};
                if (auto st = draft_->fill_randomly(rng); !st) {
                    return {std::nullopt, st.error().message, false};
                }
                break;
            case PlayCommand::kUndo:
                if (!draft_->undo())
                    return {std::nullopt, "There is no ship to take back yet.", false};
                return {std::nullopt, "", true};
            case PlayCommand::kRotate:
                across_ = !across_;
                return {std::nullopt,
                        "A ship given by its cell alone now runs " + direction() + ".", false};
            case PlayCommand::kFire:
                return {std::nullopt,
                        "First place your fleet; firing starts when both fleets are in position.",
                        false};
            default: {
                std::istringstream pieces(text);
                std::string piece;
                while (std::getline(pieces, piece, ',')) {
                    piece = trim(piece);
                    if (piece.empty()) continue;
                    if (parse_cell(piece, board_size_)) piece += " " + direction();
                    if (auto st = draft_->add(piece); !st) {
                        return {std::nullopt, st.error().message, !draft_->placements().empty()};
                    }
                }
                if (!draft_->complete()) return {std::nullopt, "", true};
            }
        }
        json ships = json::array();
        for (const auto& p : draft_->placements()) ships.push_back(p);
        return {json{{"type", "place"}, {"ships", ships}}, "", false};
    }

    std::string placement_screen(const JoinView& view) const {
        ensure_draft(view);
        const Style& style = view.style;
        Grid grid(board_of(view.observation));
        draw_ships(grid, draft_->fleet(), draft_->placements());
        Block fleet;
        fleet.add(style.paint("Your fleet", Tone::kTitle));
        fleet.add("");
        const auto letters = ship_letters(draft_->fleet());
        std::size_t name_width = 0;
        for (const auto& s : draft_->fleet()) name_width = std::max(name_width, s.name.size());
        for (std::size_t i = 0; i < draft_->fleet().size(); ++i) {
            const auto& s = draft_->fleet()[i];
            std::string line = i == draft_->placed() ? style.paint(">", Tone::kPrompt) + " " : "  ";
            line += s.name + std::string(name_width - s.name.size() + 2, ' ') +
                    style.paint(std::string(static_cast<std::size_t>(s.length), letters[i]),
                                Tone::kShip);
            line += std::string(static_cast<std::size_t>(7 - std::min(s.length, 6)), ' ');
            if (i < draft_->placed()) line += draft_->placements()[i];
            fleet.add(line);
        }
        if (view.legal.value("no_touch", false)) {
            fleet.add("");
            fleet.add("No-touch rule: ships may not");
            fleet.add("touch, not even at a corner.");
        }
        std::string text =
            join_blocks(grid_block("Your ocean", grid, style), fleet, kColumns) + "\n";
        for (const auto& line :
             wrap("Place your fleet ship by ship, each by its top or left end and a "
                  "direction: A1 right or C3 down (a cell alone runs " +
                      direction() +
                      "; rotate turns that). auto places the rest at random, "
                      "undo takes back the last ship, help lists every command.",
                  kColumns - 4)) {
            text += "  " + style.paint(line, Tone::kDim) + "\n";
        }
        return text;
    }

    // Both grids, the ships afloat on each side, the weapons left and the legend: play's
    // screen of the battle (and, while the other side still places, the fleet placed).
    std::string battle_screen(const JoinView& view) const {
        const json& obs = view.observation;
        if (!obs.contains("board")) return "";
        const Style& style = view.style;
        Grid ocean = ocean_grid(obs);
        ocean.set_recent(enemy_last_);
        Grid targets = target_grid(obs);
        for (const auto& cell : torpedo_runs_) {
            auto c = parse_cell(cell, targets.size);
            if (!c) continue;
            auto& m = targets.marks[static_cast<std::size_t>(cell_index(*c, targets.size))];
            if (m == Mark::kWater) m = Mark::kPath;
        }
        targets.set_recent(my_last_);
        Block left = grid_block("Your ocean", ocean, style);
        std::string text =
            join_blocks(left, grid_block("Target grid", targets, style), kColumns) + "\n";
        if (obs.contains("my_fleet") && obs.contains("enemy_fleet")) {
            Block mine = fleet_status(obs["my_fleet"], true, left.width, style);
            mine.width = std::max(mine.width, left.width);
            text += join_blocks(mine, fleet_status(obs["enemy_fleet"], false, left.width, style),
                                kColumns);
        }
        if (obs.contains("weapons")) {
            text += join_blocks(weapons_status(obs, true, left.width, style),
                                weapons_status(obs, false, left.width, style), kColumns);
        }
        text += legend(style, obs.contains("weapons")) + "\n";
        if (obs.value("phase", "") == "placement") {
            text += "  Your fleet is placed; waiting for " + view.name_of(1 - view.seat) +
                    " to place theirs.\n";
        }
        return text;
    }

    // A watcher's screen, from the public view: each side's shots at the other's waters, by
    // name (never an unsunk ship), and whose turn it is.
    std::string watch_screen(const JoinView& view) const {
        const json& obs = view.observation;
        if (!obs.contains("sides")) return "";
        Block grids[2] = {Block{}, Block{}};
        for (int s = 0; s < 2; ++s) {
            const json& side = obs["sides"][static_cast<std::size_t>(s)];
            json one{{"board", obs["board"]},
                     {"targets", side["targets"]},
                     {"enemy_fleet", side["enemy_fleet"]}};
            grids[s] = grid_block(view.name_of(s) + " fires at " + view.name_of(1 - s),
                                  target_grid(one), view.style);
        }
        std::string text = join_blocks(grids[0], grids[1]) + legend(view.style, false);
        const std::string phase = obs.value("phase", "");
        if (phase == "placement") text += "The fleets are being placed.\n";
        if (obs.contains("to_move") && obs["to_move"].is_number_integer() && phase != "over" &&
            phase != "placement") {
            text += view.name_of(obs["to_move"].get<int>()) + " to fire.\n";
        }
        return text;
    }

    mutable std::optional<FleetDraft> draft_;
    mutable BoardSize board_size_{10, 10};
    bool across_ = true;
    json last_random_;
    mutable std::vector<std::string> my_last_, enemy_last_;
    mutable std::vector<std::string> torpedo_runs_;  // water my torpedoes ran through
};

}  // namespace

std::unique_ptr<JoinFront> make_classic_join_front() {
    return std::make_unique<ClassicJoinFront>();
}

}  // namespace broadside::cli

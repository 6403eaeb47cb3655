// `broadside join`'s party screens, from the seat's observation as the server sends it: the
// fleet placed ship by ship on the 6x6 sea as in play, then each torpedo's call above the
// player's sea and the public scoreboard (play's screen for one person); a watcher (or the
// host's seat) gets the scoreboard alone, as play's screen for everyone.
#include <sstream>

#include "ai/party/bot.h"
#include "cli/join_front.h"
#include "cli/party/play.h"
#include "cli/play_input.h"
#include "games/party/board.h"
#include "games/party/options.h"

namespace broadside::cli {

namespace {

using nlohmann::json;

class PartyJoinFront : public JoinFront {
public:
    std::vector<std::string> header(const JoinView& view) const override {
        const json options = view.room.value("options", json::object());
        const auto edition = options.value("edition", std::string()) == "european"
                                 ? party::Edition::kEuropean
                                 : party::Edition::kRainbow;
        const int players = view.observation.value("players", 0);
        std::vector<std::string> parts{"party: " + party::edition_name(edition)};
        if (players > 0) {
            parts.push_back(std::to_string(players) + (players == 1 ? " player" : " players"));
        }
        return parts;
    }

    std::string body(const JoinView& view) const override {
        const json& obs = view.observation;
        if (placing(view)) return render_party_draft(ships_) + "\n";
        std::string text;
        if (obs.contains("torpedoes") && obs.contains("super_torpedoes")) {
            text += render_party_board(obs, view.style.colour());
        }
        if (obs.contains("scoreboard") && obs.contains("players")) {
            text += render_party_scoreboard(obs, seen_by(view), view.names.names);
        }
        return text;
    }

    std::vector<std::string> narrate(const json& event, const JoinView& view) const override {
        std::ostringstream out;
        narrate_party(event, seen_by(view), view.names.names, out);
        std::vector<std::string> lines;
        std::istringstream in(out.str());
        for (std::string line; std::getline(in, line);) {
            if (!line.empty()) lines.push_back(line);
        }
        return lines;
    }

    std::string prompt(const JoinView& view) const override {
        if (placing(view)) {
            const auto idx = ships_.size();
            if (idx >= party::ship_names().size()) return "Sending your fleet...";
            return party::ship_names()[idx] + " (" + std::to_string(party::kShipLengths[idx]) +
                   "): ";
        }
        return "[Enter] fires the next torpedo: ";
    }

    std::string help(const JoinView& view) const override {
        if (placing(view)) {
            return "  Place your fleet on the 6x6 sea (columns A-F, rows 1-6): a cell and a "
                   "direction for each ship,\n  e.g. \"A1 right\" or \"C3 down\"; a cell alone "
                   "runs " +
                   std::string(across_ ? "right" : "down") +
                   " (rotate turns that). auto places the\n  remaining ships at random, undo "
                   "takes back a ship, board draws the sea again.\n";
        }
        return "  Enter fires the next torpedo.\n";
    }

    JoinInput read(const std::string& line, const JoinView& view, Rng& rng) override {
        if (!placing(view)) return {json{{"type", "fire"}}, "", false};
        const std::string text = trim(line);
        switch (command_of(text)) {
            case PlayCommand::kAuto: return {random_fleet(rng), "", false};
            case PlayCommand::kUndo:
                if (ships_.empty())
                    return {std::nullopt, "There is no ship to take back yet.", false};
                ships_.pop_back();
                return {std::nullopt, "", true};
            case PlayCommand::kRotate:
                across_ = !across_;
                return {std::nullopt,
                        std::string("A ship given by its cell alone now runs ") +
                            (across_ ? "right." : "down."),
                        false};
            default: break;
        }
        std::istringstream pieces(text);
        std::string piece;
        while (std::getline(pieces, piece, ',')) {
            piece = trim(piece);
            if (piece.empty()) continue;
            if (piece.find(' ') == std::string::npos) piece += across_ ? " right" : " down";
            if (ships_.size() >= party::ship_names().size()) break;
            if (auto p = party::parse_placement(piece); !p) {
                return {std::nullopt, p.error().message, !ships_.empty()};
            }
            ships_.push_back(piece);
        }
        if (ships_.size() < party::ship_names().size()) return {std::nullopt, "", true};
        return {json{{"type", "place"}, {"ships", ships_}}, "", false};
    }

    std::optional<json> retry(const json& refused, const JoinView& view, Rng& rng) override {
        (void)view;
        ships_.clear();  // placed again from the first ship
        if (refused == last_random_) return random_fleet(rng);
        return std::nullopt;
    }

    std::string reveal(const json&, const JoinView&) const override { return ""; }

private:
    // Seat 0 is the host, who fires and has no sea: its screen is the one for everyone (-1),
    // every person's result by name, as play's screen for a table of people.
    static int seen_by(const JoinView& view) { return view.seat == 0 ? -1 : view.seat; }

    static bool placing(const JoinView& view) {
        return view.legal.is_object() && view.legal.value("type", "") == "place";
    }

    // The remaining ships at random around the ones placed (play's `auto`).
    json random_fleet(Rng& rng) {
        if (!placer_) placer_ = std::make_unique<party::RandomPlacer>();
        std::vector<Placement> placed;
        for (const auto& s : ships_) placed.push_back(party::parse_placement(s).value());
        auto layout = placer_->complete(placed, rng);
        if (!layout) layout = placer_->complete({}, rng);
        json ships = json::array();
        for (const auto& p : *layout) ships.push_back(party::placement_name(p));
        last_random_ = {{"type", "place"}, {"ships", ships}};
        ships_.clear();
        return last_random_;
    }

    std::vector<std::string> ships_;
    bool across_ = true;
    json last_random_;
    std::unique_ptr<party::RandomPlacer> placer_;
};

}  // namespace

std::unique_ptr<JoinFront> make_party_join_front() {
    return std::make_unique<PartyJoinFront>();
}

}  // namespace broadside::cli

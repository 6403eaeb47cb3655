#pragma once
// A game's terminal front end as `broadside join` uses it: the screens of `play` drawn from what
// this seat observes (the `observe` reply and the events the server sends: JSON as the protocol
// gives it, never a game state), the words for each event, the prompt, and the reading of a
// typed line. One front end per game folder of src/cli (join_fronts.cpp lists them), so that
// the join command itself knows no game by name.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/classic/play_render.h"
#include "cli/royale/render.h"
#include "cli/screen_header.h"
#include "core/rng.h"

namespace broadside::cli {

// What the seat knows at this moment, as the server sent it.
struct JoinView {
    const nlohmann::json& room;         // the room summary: game, options, seats
    const nlohmann::json& observation;  // this seat's (a watcher's: the public view)
    const nlohmann::json& legal;        // this seat's legal moves; null when it is not its move
    int seat = -1;                      // -1: watching
    const SeatNames& names;             // how each seat is called ("Ann", "Bot 1"; `me` is you)
    const Style& style;
    bool watching() const { return seat < 0; }
    std::string name_of(int s) const {
        return s >= 0 && s < static_cast<int>(names.names.size())
                   ? names.names[static_cast<std::size_t>(s)]
                   : "seat " + std::to_string(s);
    }
};

// What a line typed on this seat's move comes to.
struct JoinInput {
    std::optional<nlohmann::json> action;  // send this
    std::string say;                       // or say this (an error, a help text) and ask again
    bool redraw = false;                   // or draw the screen again (a ship placed, `board`)
};

class JoinFront {
public:
    virtual ~JoinFront() = default;
    // The header's parts after "BROADSIDE" (the game, as play's header names it, and more).
    virtual std::vector<std::string> header(const JoinView& view) const = 0;
    // The screen under the header, as play draws it for this game.
    virtual std::string body(const JoinView& view) const = 0;
    // What play draws under the news (the dice game's throws left and dice held); mostly none.
    virtual std::string below(const JoinView& view) const {
        (void)view;
        return "";
    }
    // One event in words, as this seat (or a watcher) saw it: the news under the screen.
    virtual std::vector<std::string> narrate(const nlohmann::json& event,
                                             const JoinView& view) const = 0;
    // The question under the screen on this seat's move.
    virtual std::string prompt(const JoinView& view) const = 0;
    // The commands of the moment, for `help`.
    virtual std::string help(const JoinView& view) const = 0;
    // A command that only shows something (the dice game's `tally`), answered at any time, by a
    // player or a watcher: the text to print, or "" when `word` is no such command.
    virtual std::string look(const std::string& word, const JoinView& view) const {
        (void)word, (void)view;
        return "";
    }
    // A line typed on this seat's move. `rng` chooses for `auto`.
    virtual JoinInput read(const std::string& line, const JoinView& view, Rng& rng) = 0;
    // A move of this seat's the rules refused, which the front end may answer itself (another
    // random fleet for one it drew); nullopt: say the refusal and ask again.
    virtual std::optional<nlohmann::json> retry(const nlohmann::json& refused, const JoinView& view,
                                                Rng& rng) {
        (void)refused, (void)view, (void)rng;
        return std::nullopt;
    }
    // At the end, the secrets the record reveals (fleets, hands), drawn: `record` is the
    // room's record, `view` the seat's last observation.
    virtual std::string reveal(const nlohmann::json& record, const JoinView& view) const = 0;
};

// The front end of `game` (a name of the game registry), or null for a game with none.
std::unique_ptr<JoinFront> make_join_front(const std::string& game);

// Each game folder's front end (src/cli/GAME/join_screen.cpp).
std::unique_ptr<JoinFront> make_classic_join_front();
std::unique_ptr<JoinFront> make_royale_join_front();
std::unique_ptr<JoinFront> make_crew_join_front();
std::unique_ptr<JoinFront> make_party_join_front();

}  // namespace broadside::cli

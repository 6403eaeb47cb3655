#include "cli/classic/play_session.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ai/classic/self_play.h"
#include "cli/classic/play_narrate.h"
#include "cli/classic/play_placement.h"
#include "cli/classic/play_render.h"
#include "cli/common.h"
#include "cli/news.h"
#include "cli/play_input.h"
#include "cli/screen_header.h"
#include "games/classic/instance.h"
#include "seats/builtin_agent.h"

namespace broadside::cli {

namespace {

constexpr int kColumns = 80;
constexpr int kRows = 24;

// The generator behind `auto`: derived from the match seed, so the same seed and the same
// input give the same game, without touching the match's or the bot's generator. Each seat
// has its own stream, so one person's `again` never changes what the other is offered.
constexpr std::uint64_t kAutoPlaceStream = 0xA070;

// The running score of a session of several games.
struct SessionScore {
    int game = 1;          // the number of the game being played, from 1
    int wins[2] = {0, 0};  // games won by seat 0 and seat 1
};

// What one person has been told: the events of their seat already narrated, the news since
// their last screen, and each side's last volley (highlighted on the grids).
struct View {
    std::int64_t seen = 0;
    std::vector<NewsItem> news;
    std::vector<NewsItem> shown;  // the news on the screen now, drawn again after a resize
    std::vector<std::string> my_last, enemy_last;
    std::vector<std::string> torpedo_runs;  // water my torpedoes ran through, drawn '~'
    bool instructions_shown = false;
};

// Forwards everything to the terminal's stream and counts the lines, so that a screen can tell
// how many rows are left for its news (every turn's screen fits 24 rows).
class LineCounter : public std::streambuf {
public:
    explicit LineCounter(std::streambuf* to) : to_(to) {}
    int lines = 0;

protected:
    int_type overflow(int_type ch) override {
        if (ch == '\n') ++lines;
        return ch == traits_type::eof() ? traits_type::not_eof(ch)
                                        : to_->sputc(static_cast<char>(ch));
    }
    std::streamsize xsputn(const char* text, std::streamsize n) override {
        lines += static_cast<int>(std::count(text, text + n, '\n'));
        return to_->sputn(text, n);
    }
    int sync() override { return to_->pubsync(); }

private:
    std::streambuf* to_;
};

// How a prompt ended: an answer, or the player leaving (quit confirmed, end of input, Ctrl-C).
enum class Leave { kStay, kLeave };

class PlaySession {
public:
    PlaySession(Match& match, classic::Bot* bot, const PlaySettings& settings,
                const SessionScore& score, Console& console)
        : match_(match),
          score_(score),
          bot_(bot),
          settings_(settings),
          console_(console),
          style_(console.info().colour),
          counter_(console.out().rdbuf()),
          out_(&counter_),
          options_(classic::parse_options(match.options(), match.game() == "salvo").value()),
          bot_rng_(classic::bot_seed(match.seed(), 1)),
          auto_rng_{Rng(derive_seed(match.seed(), kAutoPlaceStream)),
                    Rng(derive_seed(match.seed(), kAutoPlaceStream + 1))} {}

    // The console outlives this game: it must not call back into it.
    ~PlaySession() { console_.on_resize(nullptr); }
    PlaySession(const PlaySession&) = delete;
    PlaySession& operator=(const PlaySession&) = delete;

    // Plays the game to its end (true) or until a player leaves (false), and saves it.
    bool run() {
        if (bot_ != nullptr) bot_->new_game();
        if (score_.game == 1 && settings_.resume_actions.is_array()) resume();
        const bool finished = place_fleets() && fight();
        // Saved first, so that the end screen knows how many rows the saying so takes.
        const std::vector<std::string> saved = save();
        if (finished) {
            draw_end(saved);
        } else {
            say_left();
            for (const auto& line : saved) out_ << line << "\n";
        }
        return finished;
    }

private:
    bool hot_seat() const { return settings_.names.size() == 2; }
    bool is_human(int seat) const { return seat < static_cast<int>(settings_.names.size()); }
    const std::string& name(int seat) const {
        return settings_.names[static_cast<std::size_t>(seat)];
    }
    // Who "the enemy" is in one person's sentences.
    std::string opponent_of(int seat) const {
        return hot_seat() ? name(1 - seat) : "the " + settings_.bot_name + " bot";
    }

    // --- talking to the match -------------------------------------------------------------

    // Plays the saved actions again. The bot chooses again at each of its turns, from its own
    // observation, so that its generator and memory end where they were when the game was
    // saved; the saved action is the one played.
    void resume() {
        for (const auto& a : settings_.resume_actions) {
            const int seat = a["seat"].get<int>();
            if (seat == kBotSeat && bot_ != nullptr) {
                const auto& game = dynamic_cast<const classic::ClassicGame&>(match_.instance());
                const classic::Observation obs = game.observe_seat(kBotSeat);
                if (obs.phase() == classic::Phase::kPlacement) {
                    (void)bot_->place(obs, bot_rng_);
                } else {
                    (void)bot_->decide(obs, bot_rng_);
                }
            }
            auto r = match_.act(seat, a["action"]);
            if (!r)
                throw std::runtime_error("the saved game does not replay: " + r.error().message);
        }
        // What happened before is on the boards, not news.
        for (auto& view : views_) {
            view.seen = match_.last_event_number();
            view.news.push_back({"Resumed: the game goes on from where it was saved."});
        }
    }

    // With two people, "the enemy" of a sentence is the other person, by name.
    std::string named(std::string line, int seat) const {
        if (!hot_seat()) return line;
        const std::string other = name(1 - seat);
        const std::pair<const char*, std::string> swaps[] = {{"The enemy's", other + "'s"},
                                                             {"the enemy's", other + "'s"},
                                                             {"The enemy", other},
                                                             {"the enemy", other},
                                                             {"Enemy salvo", other + "'s salvo"},
                                                             {"Enemy fired", other + " fired"}};
        for (const auto& [from, to] : swaps) {
            for (auto at = line.find(from); at != std::string::npos;
                 at = line.find(from, at + to.size())) {
                line.replace(at, std::string(from).size(), to);
            }
        }
        // "Bob has placed its fleet" reads better with "their".
        if (auto at = line.find(other + " has placed its fleet"); at != std::string::npos) {
            line.replace(at + other.size() + 12, 3, "their");
        }
        return line;
    }

    // Sends one action; on success each person's new events go to their news, on error the
    // reason is returned and nothing changed.
    std::optional<Error> send(int seat, const json& action) {
        auto r = match_.act(seat, action);
        if (!r) return r.error();
        for (int h = 0; h < static_cast<int>(settings_.names.size()); ++h) {
            View& view = views_[h];
            for (const auto& event : match_.events_for(h, view.seen)) {
                const std::string type = event.value("type", "");
                // The news of this person's own move is never cut from their screen: only the
                // latest such move is kept that way.
                const bool own = event.value("seat", -1) == h &&
                                 (type == "shots" || type == "blast" || type == "weapon");
                if (own) {
                    for (auto& item : view.news) item.own = false;
                }
                for (auto& line : narrate(event, h, style_)) {
                    view.news.push_back({named(line, h), own});
                }
                if (type == "shots" || type == "blast" ||
                    (type == "weapon" && event.contains("shots") && !event["shots"].empty())) {
                    const int seat_fired = event["seat"].get<int>();
                    (seat_fired == h ? view.my_last : view.enemy_last) = shot_cells(event);
                }
                if (type == "weapon" && event["seat"] == h) {
                    for (auto& cell : torpedo_run(event, options_.board)) {
                        view.torpedo_runs.push_back(std::move(cell));
                    }
                }
            }
            view.seen = match_.last_event_number();
        }
        return std::nullopt;
    }

    // The bot sees only its own typed observation, never the state.
    void bot_move() {
        const auto& game = dynamic_cast<const classic::ClassicGame&>(match_.instance());
        const classic::Observation obs = game.observe_seat(kBotSeat);
        classic::Action action;
        if (obs.phase() == classic::Phase::kPlacement) {
            action = classic::PlaceAction{bot_->place(obs, bot_rng_)};
        } else {
            action = bot_->decide(obs, bot_rng_);
        }
        if (auto err = send(kBotSeat, classic::to_json(action))) {
            throw std::runtime_error("the " + settings_.bot_name +
                                     " bot made an illegal move: " + err->message);
        }
    }

    bool to_act(int seat) const {
        const auto seats = match_.seats_to_act();
        return std::find(seats.begin(), seats.end(), seat) != seats.end();
    }

    json observation(int seat) const { return match_.observation(seat); }

    // Hands the terminal to `seat`: with two people, the pass screen first whenever the last
    // screen belonged to the other one (or to nobody yet). False if they leave.
    bool show_to(int seat) {
        if (hot_seat() && viewer_ != seat) {
            if (!console_.pass_to(name(seat))) return false;
            console_.set_player(seat);
            summary_due_ = true;
        }
        viewer_ = seat;
        return true;
    }

    // --- placement ------------------------------------------------------------------------

    bool placing() const { return observation(0)["phase"] == "placement"; }

    bool place_fleets() {
        if (!placing()) return true;  // a resumed game past its placement
        if (bot_ != nullptr && to_act(kBotSeat)) bot_move();
        for (int seat = 0; seat < static_cast<int>(settings_.names.size()); ++seat) {
            if (!to_act(seat)) continue;  // placed before the game was saved
            if (!show_to(seat) || !place_fleet(seat)) return false;
        }
        return true;
    }

    bool place_fleet(int seat) {
        FleetDraft draft(options_.fleet, options_.board, options_.no_touch);
        draw_placement(seat, draft);
        while (true) {
            while (!draft.complete()) {
                const ShipSpec& ship = draft.next();
                auto line = ask("Place your " + ship.name + " (" + std::to_string(ship.length) +
                                " cells), e.g. " + example_placement(draft) + ": ");
                if (!line) return false;
                switch (command_of(*line)) {
                    case PlayCommand::kQuit:
                        if (confirm_quit() == Leave::kLeave) return false;
                        break;
                    case PlayCommand::kHelp: help(seat, &draft); break;
                    case PlayCommand::kBoard: draw_placement(seat, draft); break;
                    case PlayCommand::kUndo:
                        if (draft.undo()) {
                            draw_placement(seat, draft);
                        } else {
                            warn("There is no ship to take back yet.");
                        }
                        break;
                    case PlayCommand::kRotate:
                        across_ = !across_;
                        say("A ship given by its cell alone now runs " + direction() + ".");
                        break;
                    case PlayCommand::kAuto:
                        if (!auto_place(seat, draft)) return false;
                        break;
                    case PlayCommand::kFire:
                        warn(
                            "First place your fleet; firing starts when both fleets are in "
                            "position.");
                        break;
                    case PlayCommand::kNone:
                        if (auto st = draft.add(with_direction(trim(*line))); !st) {
                            warn(st.error().message);
                        } else if (!draft.complete()) {
                            draw_placement(seat, draft);
                        }
                        break;
                }
            }
            // The whole layout goes to the rules once more, through the match.
            auto err =
                send(seat, classic::to_json(classic::Action{classic::PlaceAction{draft.layout()}}));
            if (!err) return true;
            warn(err->message + " Please place your fleet again.");
            draft.clear();
        }
    }

    // `auto`: places the rest at random, shows the fleet and asks ok or again. False if the
    // player leaves.
    bool auto_place(int seat, FleetDraft& draft) {
        const std::size_t kept = draft.placed();
        while (true) {
            if (auto st = draft.fill_randomly(auto_rng_[seat]); !st) {
                warn(st.error().message);
                return true;
            }
            draw_placement(seat, draft);
            while (true) {
                auto answer = ask("Keep this fleet? ok, or again for another: ");
                if (!answer) return false;
                const std::string word = lower(trim(*answer));
                if (word == "ok" || word == "yes" || word == "y" || word == "o") return true;
                if (word == "again" || word == "a" || command_of(word) == PlayCommand::kAuto) {
                    break;
                }
                if (command_of(word) == PlayCommand::kUndo) {
                    draft.undo();
                    draw_placement(seat, draft);
                    return true;
                }
                if (command_of(word) == PlayCommand::kQuit) {
                    if (confirm_quit() == Leave::kLeave) return false;
                    continue;
                }
                warn(
                    "Type ok to keep this fleet, again for another, or undo to place the last "
                    "ship yourself.");
            }
            while (draft.placed() > kept) draft.undo();
        }
    }

    std::string direction() const { return across_ ? "right" : "down"; }

    // A ship given by its cell alone ("C3") runs the way `rotate` last set.
    std::string with_direction(const std::string& text) const {
        if (parse_cell(text, options_.board)) return text + " " + direction();
        return text;
    }

    // An example that is valid now (the prompt's and help's): the first cell where the next
    // ship fits the way a cell alone runs, else the first where it fits the other way.
    std::string example_placement(const FleetDraft& draft) const {
        for (const std::string& way : {direction(), std::string(across_ ? "down" : "right")}) {
            for (int r = 0; r < options_.board.rows; ++r) {
                for (int c = 0; c < options_.board.cols; ++c) {
                    const std::string placement = to_string(Cell{r, c}) + " " + way;
                    FleetDraft probe = draft;
                    if (probe.add(placement)) return placement;
                }
            }
        }
        return "A1 right";
    }

    // --- firing ---------------------------------------------------------------------------

    bool fight() {
        while (!match_.is_over()) {
            if (bot_ != nullptr && to_act(kBotSeat)) {
                bot_move();
                continue;
            }
            const int seat = match_.seats_to_act().front();
            if (!show_to(seat)) return false;
            draw_battle(seat);
            if (!take_shot(seat)) return false;
            // Two people: the mover sees what the turn did, then hands over. Nothing of their
            // screen survives the pass screen that follows.
            if (hot_seat() && !match_.is_over() && !to_act(seat)) {
                draw_battle(seat);
                auto line = ask("Your turn is over. Press Enter to pass the terminal to " +
                                name(1 - seat) + ": ");
                if (!line) return false;
                if (command_of(*line) == PlayCommand::kQuit && confirm_quit() == Leave::kLeave) {
                    return false;
                }
            }
        }
        return true;
    }

    // Asks until the player's volley (or weapon, or blast) is accepted; false if they leave.
    bool take_shot(int seat) {
        while (true) {
            const json obs = observation(seat);
            const int due = obs["shots_due"].get<int>();
            const int blast = obs.value("blast_pending", 0);
            const std::string example = example_targets(obs, std::max(due, 1));
            const std::string prompt =
                blast > 0 ? "Name your blast: " + std::to_string(blast) +
                                (blast == 1 ? " cell, e.g. " + example_targets(obs, 1) + ": "
                                            : " touching cells: ")
                : due == 1 ? "Your shot, e.g. " + example + " (help for commands): "
                : due == 0
                    ? "Nothing left to fire at: use a weapon (help lists them): "
                    : "Your salvo: " + std::to_string(due) + " shots, e.g. " + example + ": ";
            auto line = ask(prompt);
            if (!line) return false;
            std::string text = *line;
            switch (command_of(text)) {
                case PlayCommand::kQuit:
                    if (confirm_quit() == Leave::kLeave) return false;
                    continue;
                case PlayCommand::kHelp: help(seat, nullptr); continue;
                case PlayCommand::kBoard: draw_battle(seat); continue;
                case PlayCommand::kAuto:
                case PlayCommand::kUndo:
                case PlayCommand::kRotate:
                    warn("The fleets are placed; now fire at a cell such as " +
                         example_targets(obs, 1) + ".");
                    continue;
                case PlayCommand::kFire: text = without_fire_word(text); break;
                case PlayCommand::kNone: break;
            }
            if (auto weapon = parse_weapon_command(text, options_.board)) {
                if (!*weapon) {
                    warn(weapon->error().message);
                    continue;
                }
                if (auto err = send(seat, **weapon)) {
                    warn(err->message);
                    continue;
                }
                return true;
            }
            auto cells = parse_targets(text, options_.board);
            if (!cells) {
                warn(cells.error().message);
                continue;
            }
            if (auto err =
                    send(seat, json{{"type", blast > 0 ? "blast" : "fire"}, {"cells", *cells}})) {
                warn(err->message);
                continue;
            }
            return true;
        }
    }

    // --- drawing --------------------------------------------------------------------------

    // The header: the game, who plays, whose screen, the seed and the session's score, on one
    // line when it fits the 80 columns and on two (in place of the blank line under it) when
    // it does not, as with long names or from game 2 of a session.
    void begin_screen(int seat, bool compact = false) {
        console_.begin_screen();
        counter_.lines = 0;
        std::vector<std::string> parts;
        parts.push_back(match_.game() + " " +
                        (hot_seat() ? name(0) + " against " + name(1)
                                    : "against the " + settings_.bot_name + " bot"));
        if (hot_seat()) parts.push_back(name(seat) + "'s screen");
        parts.push_back("seed " + std::to_string(match_.seed()));
        if (score_.game > 1) {
            parts.push_back("game " + std::to_string(score_.game) + " (" + score_text() + ")");
        }
        const std::vector<std::string> painted = screen_header(parts, style_, kColumns);
        for (const auto& line : painted) out_ << line << "\n";
        if (painted.size() == 1 && !compact) out_ << "\n";
    }

    std::string score_text() const {
        if (hot_seat()) {
            return name(0) + " " + std::to_string(score_.wins[0]) + ", " + name(1) + " " +
                   std::to_string(score_.wins[1]);
        }
        return "you " + std::to_string(score_.wins[0]) + ", bot " + std::to_string(score_.wins[1]);
    }

    // What happened since this person's last screen; with two people it opens with "Since
    // your last turn", the summary they read after the pass screen. It takes the terminal's
    // rows left (`extra` rows are still to come below it); when it does not fit, the lines of
    // the person's own latest move stay and the others' oldest lines go (news.h).
    void print_news(int seat, int extra = 1) {
        auto& view = views_[seat];
        if (!redrawing_) {
            view.shown = std::move(view.news);
            view.news.clear();
        }
        const bool summary =
            hot_seat() && (redrawing_ ? shown_summary_ : summary_due_) && !view.shown.empty();
        if (!redrawing_) shown_summary_ = summary;
        summary_due_ = false;
        if (summary) out_ << "  " << style_.paint("Since your last turn:", Tone::kTitle) << "\n";
        const int room = std::max(1, console_.rows() - extra - counter_.lines);
        const FittedNews fitted = fit_news(view.shown, room, kColumns - 4);
        for (std::size_t i = 0; i < fitted.lines.size(); ++i) {
            out_ << "  "
                 << (static_cast<int>(i) == fitted.note ? style_.paint(fitted.lines[i], Tone::kDim)
                                                        : fitted.lines[i])
                 << "\n";
        }
    }

    // The rows this person's news needs at the least: their own latest move, and one more
    // line for the rest (or for the note saying how many lines are not shown).
    int news_rows_needed(int seat) const {
        const auto& items = redrawing_ ? views_[seat].shown : views_[seat].news;
        int own = 0, others = 0;
        for (const auto& item : items) {
            (item.own ? own : others) += static_cast<int>(wrap(item.text, kColumns - 4).size());
        }
        return own + std::min(others, 1) + (hot_seat() && !items.empty() ? 1 : 0);
    }

    void draw_placement(int seat, const FleetDraft& draft) {
        redraw_on_resize([this, seat, &draft] { draw_placement(seat, draft); });
        begin_screen(seat);
        Grid grid(options_.board);
        draw_ships(grid, draft.fleet(), draft.placements());
        Block fleet;
        fleet.add(style_.paint(hot_seat() ? name(seat) + "'s fleet" : "Your fleet", Tone::kTitle));
        fleet.add("");
        const auto letters = ship_letters(draft.fleet());
        std::size_t name_width = 0;
        for (const auto& s : draft.fleet()) name_width = std::max(name_width, s.name.size());
        for (std::size_t i = 0; i < draft.fleet().size(); ++i) {
            const auto& s = draft.fleet()[i];
            std::string line = i == draft.placed() ? style_.paint(">", Tone::kPrompt) + " " : "  ";
            line += s.name + std::string(name_width - s.name.size() + 2, ' ') +
                    style_.paint(std::string(static_cast<std::size_t>(s.length), letters[i]),
                                 Tone::kShip);
            line += std::string(static_cast<std::size_t>(7 - std::min(s.length, 6)), ' ');
            if (i < draft.placed()) line += to_string(draft.layout()[i]);
            fleet.add(line);
        }
        if (options_.no_touch) {
            fleet.add("");
            fleet.add("No-touch rule: ships may not");
            fleet.add("touch, not even at a corner.");
        }
        out_ << join_blocks(grid_block("Your ocean", grid, style_), fleet, kColumns) << "\n";
        const bool instructions = console_.info().screen || !views_[seat].instructions_shown;
        print_news(seat, instructions ? 1 + 1 + static_cast<int>(instruction_lines().size()) : 1);
        // A terminal clears the screen, so the instructions come back; a transcript needs them
        // once per person.
        if (!console_.info().screen && views_[seat].instructions_shown) return;
        views_[seat].instructions_shown = true;
        for (const auto& line : instruction_lines()) {
            out_ << "  " << style_.paint(line, Tone::kDim) << "\n";
        }
        out_ << "\n";
    }

    std::vector<std::string> instruction_lines() const {
        return wrap(
            "Place each ship by its top or left end and a direction: A1 right or C3 down "
            "(a cell alone runs " +
                direction() +
                "; rotate turns that). auto places the rest at random, undo takes back "
                "the last ship, help lists every command.",
            kColumns - 4);
    }

    // Both grids, then (during the battle) the ships afloat on each side and the legend.
    // `compact` (a short terminal, whose news would not fit) leaves out the blank lines and
    // the legend.
    void draw_boards(int seat, const json& obs, const std::string& right_title,
                     const Grid& right_grid, bool with_status, bool compact = false) {
        Grid ocean = ocean_grid(obs);
        ocean.set_recent(views_[seat].enemy_last);
        Block left = grid_block("Your ocean", ocean, style_);
        out_ << join_blocks(left, grid_block(right_title, right_grid, style_), kColumns)
             << (compact ? "" : "\n");
        if (!with_status) return;
        Block mine = fleet_status(obs["my_fleet"], true, left.width, style_);
        mine.width = std::max(mine.width, left.width);
        const std::string enemy = hot_seat() ? name(1 - seat) + "'s" : "Enemy";
        out_ << join_blocks(
            mine, fleet_status(obs["enemy_fleet"], false, left.width, style_, enemy), kColumns);
        if (obs.contains("weapons")) {
            out_ << join_blocks(weapons_status(obs, true, left.width, style_, "Enemy", compact),
                                weapons_status(obs, false, left.width, style_, enemy, compact),
                                kColumns);
        }
        if (!compact) out_ << legend(style_, options_.weapons != 0) << "\n";
    }

    // A resized terminal draws the same screen again, news and all (Console::on_resize).
    template <typename Draw>
    void redraw_on_resize(Draw draw) {
        // Not while redrawing: that would replace the very function being run.
        if (redrawing_) return;
        console_.on_resize([this, draw] {
            redrawing_ = true;
            draw();
            redrawing_ = false;
        });
    }

    void draw_battle(int seat) {
        redraw_on_resize([this, seat] { draw_battle(seat); });
        const json obs = observation(seat);
        Grid targets = target_grid(obs);
        mark_torpedo_runs(seat, targets);
        targets.set_recent(views_[seat].my_last);
        const std::string title = hot_seat() ? name(1 - seat) + "'s ocean" : "Target grid";
        // The boards as they are drawn, counted, so that a short terminal gets the compact
        // boards when the news of this person's own move would not fit under the full ones.
        // (The header takes two rows: a line and a blank one, or two lines.)
        const int full_rows = board_rows(seat, obs, title, targets);
        const bool compact = 2 + full_rows + news_rows_needed(seat) + 1 > console_.rows();
        begin_screen(seat, compact);
        draw_boards(seat, obs, title, targets, true, compact);
        print_news(seat);
    }

    // How many rows the full boards take, drawn aside.
    int board_rows(int seat, const json& obs, const std::string& title, const Grid& targets) {
        std::stringbuf aside;
        std::streambuf* const screen = out_.rdbuf(&aside);
        draw_boards(seat, obs, title, targets, true);
        out_.rdbuf(screen);
        const std::string text = aside.str();
        return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    }

    // The water my torpedoes ran through (where nothing else has been marked since).
    void mark_torpedo_runs(int seat, Grid& grid) const {
        for (const auto& cell : views_[seat].torpedo_runs) {
            auto c = parse_cell(cell, grid.size);
            if (!c) continue;
            auto& m = grid.marks[static_cast<std::size_t>(cell_index(*c, grid.size))];
            if (m == Mark::kWater) m = Mark::kPath;
        }
    }

    // The end: the game is over, so every fleet may be shown. With two people the screen is
    // seat 0's boards with seat 1's fleet revealed on the right: nothing is secret any more.
    // `saved`: the lines saying where the record went, printed under the result; the session
    // then adds the score and asks to play again, and the whole fits the terminal's rows.
    void draw_end(const std::vector<std::string>& saved) {
        const int seat = hot_seat() ? 0 : kHumanSeat;
        const int other = 1 - seat;
        begin_screen(seat);
        const json obs = observation(seat);
        const json reveal = match_.record().value()["reveal"];
        std::vector<std::string> other_fleet;
        for (const auto& p : reveal["fleets"][other]) other_fleet.push_back(p.get<std::string>());
        Grid enemy = target_grid(obs);
        draw_ships(enemy, options_.fleet, other_fleet);
        enemy.set_recent(views_[seat].my_last);
        // A finished game fits an 80x24 terminal without the status lines, which the result
        // sentences replace.
        draw_boards(
            seat, obs,
            (hot_seat() ? name(other) + "'s ocean" : std::string("Enemy ocean")) + ", revealed",
            enemy, false, true);
        const std::vector<std::string> result = result_lines(other_fleet);
        if (hot_seat()) {
            // Each person's own news is theirs; at the end only the last moves matter.
            for (auto& v : views_) v.news.clear();
        } else {
            // Below the news: the result, the saving, the session's score and its question.
            print_news(seat, static_cast<int>(result.size() + saved.size()) + 2);
        }
        for (const auto& line : result) out_ << line << "\n";
        for (const auto& line : saved) out_ << line << "\n";
    }

    // The result in a few lines: who won after how many turns, the shots, the enemy fleet.
    std::vector<std::string> result_lines(const std::vector<std::string>& other_fleet) const {
        std::vector<std::string> lines;
        const auto add = [&](const std::string& text, Tone tone, bool painted) {
            for (const auto& line : wrap(text, kColumns - 4)) {
                lines.push_back("  " + (painted ? style_.paint(line, tone) : line));
            }
        };
        const json result = match_.result();
        if (result["winner"].is_null()) {
            add("Game over: a draw. Neither side had anything left to do.", Tone::kTitle, true);
            return lines;
        }
        const int winner = result["winner"].get<int>();
        const int loser = 1 - winner;
        const int winner_shots = result["shots"][winner].get<int>();
        const int loser_shots = result["shots"][loser].get<int>();
        const std::string who_won =
            hot_seat() ? name(winner)
                       : (winner == kHumanSeat ? "you" : "the " + settings_.bot_name + " bot");
        add("Game over: " + who_won + " won after " + turns_text(winner) + ".",
            winner == kHumanSeat || hot_seat() ? Tone::kGood : Tone::kBad, true);
        const json winner_obs = observation(winner);
        int afloat = 0;
        for (const auto& s : winner_obs["my_fleet"]) {
            afloat += s["sunk"].get<bool>() || s.value("captured", false) ? 0 : 1;
        }
        // "The density bot fired 45 shots, you 44; 4 of its 5 ships are still afloat."
        const std::string winner_name = hot_seat() ? name(winner)
                                        : winner == kHumanSeat
                                            ? std::string("You")
                                            : "The " + settings_.bot_name + " bot";
        const std::string loser_name = hot_seat()            ? name(loser)
                                       : loser == kHumanSeat ? std::string("you")
                                                             : "the " + settings_.bot_name + " bot";
        add(winner_name + " fired " + shots_text(winner_shots) + ", " + loser_name + " " +
                std::to_string(loser_shots) + "; " + std::to_string(afloat) + " of " +
                (hot_seat()             ? name(winner) + "'s "
                 : winner == kHumanSeat ? "your "
                                        : "its ") +
                ships_text(static_cast<int>(options_.fleet.size())) + " " +
                (afloat == 1 ? "is" : "are") + " still afloat.",
            Tone::kTitle, false);
        const int other = hot_seat() ? 1 : 1 - kHumanSeat;
        std::string fleet_text =
            hot_seat() ? name(other) + "'s fleet was:" : "The enemy fleet was:";
        for (std::size_t i = 0; i < other_fleet.size() && i < options_.fleet.size(); ++i) {
            fleet_text += (i ? ", " : " ") + options_.fleet[i].name + " " + other_fleet[i];
        }
        add(fleet_text + ".", Tone::kTitle, false);
        return lines;
    }

    // How long the game took, in turns as docs/play.md defines them (one player's move: a shot,
    // a Salvo volley or a weapon; both players' turns count, as in the record's "turns"), and
    // how many of them were the winner's.
    std::string turns_text(int winner) const {
        const int turns = match_.result()["turns"].get<int>();
        const int own = own_turns(winner);
        std::string whose = hot_seat()             ? name(winner) + "'s"
                            : winner == kHumanSeat ? std::string("yours")
                                                   : std::string("its own");
        std::string text = std::to_string(turns) + (turns == 1 ? " turn" : " turns") + " (" +
                           std::to_string(own) + " of them " + whose;
        if (options_.weapons != 0 && weapon_turns(winner) > 0) {
            const int w = weapon_turns(winner);
            text += ", " + std::to_string(w) + (w == 1 ? " with a weapon" : " with weapons");
        }
        return text + ")";
    }

    // The turns `seat` took: its moves in the record (an Experimental Weapon's roll and its
    // blast are one turn; placing is not a turn).
    int own_turns(int seat) const {
        int n = 0;
        const json record = match_.record_unchecked();
        for (const auto& a : record["actions"]) {
            const std::string type = a["action"].value("type", "");
            if (a["seat"].get<int>() == seat && type != "place" && type != "blast") ++n;
        }
        return n;
    }

    int weapon_turns(int seat) const {
        const json result = match_.result();
        if (!result.contains("weapon_turns")) return 0;
        return result["weapon_turns"][seat].get<int>();
    }

    // A help row's command, then at least one space, so its words line up at `width`.
    static std::string padded(const std::string& text, int width) {
        return text + std::string(static_cast<std::size_t>(
                                      std::max(1, width - static_cast<int>(text.size()))),
                                  ' ');
    }
    static std::string shots_text(int n) {
        return std::to_string(n) + (n == 1 ? " shot" : " shots");
    }
    static std::string ships_text(int n) {
        return std::to_string(n) + (n == 1 ? " ship" : " ships");
    }

    void say_left() {
        out_ << "\n";
        // With two people the screen may belong to either: only the leaving is said.
        if (!hot_seat()) print_news(kHumanSeat);
        const std::string who = hot_seat() ? "The game was left" : "You left the game";
        out_ << "  " << (console_.interrupted() ? "Interrupted. " : "") << who << " (seed "
             << match_.seed() << ").\n";
    }

    // `placing`: the fleet being placed, or null once firing has begun.
    void help(int seat, const FleetDraft* placing) {
        const json obs = observation(seat);
        // An example valid now: in Salvo a volley of exactly the shots due.
        const int due = placing ? 1 : std::max(obs.value("shots_due", 1), 1);
        const std::string shot = placing ? "B7" : example_targets(obs, due, true);
        out_ << "\n  Commands now:\n";
        if (placing) {
            // The example is one the next ship fits now, as the prompt's is.
            const std::string example = example_placement(*placing);
            const std::string cell = example.substr(0, example.find(' '));
            const bool runs_alone = example == cell + " " + direction();
            out_ << "    " << padded(example, 20)
                 << "place the next ship by its top or left end (also: r, d)\n"
                 << "    " << padded(runs_alone ? cell : "a cell alone", 20)
                 << (runs_alone ? "a cell alone: the ship runs " : "the ship runs ") << direction()
                 << "\n"
                 << "    rotate              switch that between right and down\n"
                 << "    auto                place the rest at random (then ok or again)\n"
                 << "    undo                take back the last ship placed\n";
        } else {
            out_ << "    " << shot
                 << std::string(
                        static_cast<std::size_t>(std::max(1, 20 - static_cast<int>(shot.size()))),
                        ' ')
                 << (due > 1 ? "fire these " + std::to_string(due) +
                                   " shots, your volley ('fire ...' too)"
                             : "fire at " + shot + " (any case; spaces allowed; 'fire " + shot +
                                   "' too)")
                 << "\n";
            if (options_.salvo) {
                out_ << "    B7 C3 D4 ...        a Salvo volley: exactly as many cells as shots "
                        "due\n";
            }
            if (options_.weapons != 0) {
                out_ << "  Weapons (instead of your shot or salvo; docs/rules/weapons.md):\n"
                     << "    nuke D4             Tactical Nuke centred on D4 (once per game)\n"
                     << "    bomber G6           Bomber Flight over the 3x3 square around G6\n"
                     << "    torpedo F10         torpedo from an edge cell, away from that edge\n"
                     << "    torpedo A1 down     from a corner, say which way it runs\n"
                     << "    scuba               SCUBA attack on the enemy's smallest ship\n"
                     << "    experimental        roll the D6, then name that many touching cells\n";
            }
        }
        out_ << "    board               draw the boards again\n"
             << "    help                this list\n"
             << "    quit                leave the game (asks first"
             << (settings_.save_path.empty() ? "" : "; the game so far is saved") << ")\n\n";
    }

    // `quit` asks first: a stray word should not end a game. The end of input (or Ctrl-C) at
    // this question leaves, as it would anywhere.
    Leave confirm_quit() {
        // Where the game goes is said on a line of its own, so that the question stays short
        // (a long file name would wrap it, leaving its ':' alone on the next row).
        if (!settings_.save_path.empty()) {
            say("The game so far is saved to " + settings_.save_path + " if you leave.");
        }
        while (true) {
            auto answer = ask("Really leave the game? (yes or no): ");
            if (!answer) return Leave::kLeave;
            if (auto yes = parse_yes_no(*answer)) {
                if (*yes || command_of(*answer) == PlayCommand::kQuit) return Leave::kLeave;
                say("Carry on.");
                return Leave::kStay;
            }
            warn("Please answer yes or no.");
        }
    }

    void warn(const std::string& message) {
        for (const auto& line : wrap(message, kColumns - 4)) {
            out_ << "  " << style_.paint(line, Tone::kWarn) << "\n";
        }
    }

    void say(const std::string& message) {
        for (const auto& line : wrap(message, kColumns - 4)) out_ << "  " << line << "\n";
    }

    std::optional<std::string> ask(const std::string& prompt) {
        return console_.ask("  " + style_.paint(prompt, Tone::kPrompt));
    }

    // Writes the record (with --save) and returns the lines that say so.
    std::vector<std::string> save() {
        if (settings_.save_path.empty()) return {};
        json record = match_.is_over() ? match_.record().value() : match_.record_unchecked();
        // What `play --resume` needs beyond the match: who sat where.
        // `seats`: each seat's name as the screens said it, for `replay` (docs/play.md).
        const json seats = hot_seat() ? json(settings_.names)
                                      : json::array({"You", "the " + settings_.bot_name + " bot"});
        record["play"] = {
            {"names", settings_.names}, {"bot", settings_.bot_name}, {"seats", seats}};
        // A session's games go one record per line, the first replacing what the file held.
        write_record(settings_.save_path, record);
        // With the way to check it when that fits one line (the end screen is short of rows).
        const std::string said = std::string("Saved the ") +
                                 (match_.is_over() ? "" : "unfinished ") + "game record to " +
                                 settings_.save_path;
        const std::string check = " (check it with: broadside replay " + settings_.save_path + ")";
        std::vector<std::string> lines;
        for (const auto& line :
             wrap(said + (said.size() + check.size() + 1 <= kColumns - 4 ? check : std::string()) +
                      ".",
                  kColumns - 4)) {
            lines.push_back("  " + line);
        }
        return lines;
    }

    static constexpr int kHumanSeat = 0;
    static constexpr int kBotSeat = 1;

    Match& match_;
    const SessionScore& score_;
    classic::Bot* bot_;
    const PlaySettings& settings_;
    Console& console_;
    Style style_;
    LineCounter counter_;  // counts the rows of the screen being drawn
    std::ostream out_;
    classic::Options options_;  // the match's public options, typed
    Rng bot_rng_;
    Rng auto_rng_[2];
    View views_[2];
    int viewer_ = -1;  // whose screen is showing: with two people, the pass screen comes between
    bool summary_due_ = false;    // the first screen after a pass screen opens with a summary
    bool shown_summary_ = false;  // the news on screen is that summary
    bool redrawing_ = false;      // drawing the same screen again after a resize
    bool across_ = true;          // `rotate`: which way a ship given by its cell alone runs
};

}  // namespace

int run_play_session(const std::function<Match(std::uint64_t seed)>& new_match, std::uint64_t seed,
                     classic::Bot* bot, const PlaySettings& settings, Console& console) {
    const Style style(console.info().colour);
    std::ostream& out = console.out();
    SessionScore score;
    if (bot != nullptr) bot->new_series();  // one opponent, the player, for the whole session
    const bool two = settings.names.size() == 2;
    for (;; ++score.game) {
        // Game k of the session plays seed + k - 1.
        Match match = new_match(seed + static_cast<std::uint64_t>(score.game - 1));
        if (!PlaySession(match, bot, settings, score, console).run()) return 0;
        const json result = match.result();
        if (!result["winner"].is_null()) ++score.wins[result["winner"].get<int>()];
        // The bot learns the player's habits: where the fleet was, where the shots went first.
        if (bot != nullptr) seats::tell_game_end(*bot, match, 1);
        out << "  Games: "
            << (two ? settings.names[0] + " " + std::to_string(score.wins[0]) + ", " +
                          settings.names[1] + " " + std::to_string(score.wins[1])
                    : "you " + std::to_string(score.wins[0]) + ", the " + settings.bot_name +
                          " bot " + std::to_string(score.wins[1]))
            << ".\n";
        while (true) {
            const auto answer =
                console.ask("  " + style.paint("Play again? (yes or no): ", Tone::kPrompt));
            if (!answer) return 0;
            const auto again = parse_yes_no(*answer);
            if (again) {
                if (!*again) return 0;
                break;
            }
            out << "  " << style.paint("Please answer yes or no.", Tone::kWarn) << "\n";
        }
    }
}

}  // namespace broadside::cli

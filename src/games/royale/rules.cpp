#include "games/royale/rules.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "core/dice.h"

namespace broadside::royale {

using nlohmann::json;

namespace {

Error illegal(const std::string& code, const std::string& message) {
    return make_error(code, message);
}

void emit(std::vector<GameEvent>* out, json content) {
    if (out) out->push_back({std::move(content), std::nullopt, json()});
}

std::string source_name(SonarSource s) {
    return s == SonarSource::kOwn ? "own" : "bonus";
}

int next_seat(const State& s, int seat) {
    const int n = s.seat_count();
    for (int k = 1; k <= n; ++k) {
        const int t = (seat + k) % n;
        if (!s.players[t].eliminated) return t;
    }
    return seat;
}

void roll_die(State& s, Rng& rng, std::vector<GameEvent>* out) {
    s.roll = roll_royale_die(rng);
    s.rolls.push_back({s.to_move, s.roll});
    s.shots_left = std::min(s.roll, open_cells(s).count());
    s.phase = Phase::kShooting;
    emit(out, {{"type", "roll"}, {"seat", s.to_move}, {"value", s.roll}});
}

// A turn begins: Standard rolls at once; Advanced waits for sonar unless there is none to use.
void begin_turn(State& s, int seat, Rng& rng, std::vector<GameEvent>* out) {
    s.to_move = seat;
    ++s.turn;
    s.roll = 0;
    s.shots_left = 0;
    s.fresh_sonars = 0;
    s.phase = Phase::kTurnStart;
    emit(out, {{"type", "turn"}, {"seat", seat}, {"turn", s.turn}});
    if (!may_sonar_now(s, seat)) roll_die(s, rng, out);
}

void end_turn(State& s, Rng& rng, std::vector<GameEvent>* out) {
    s.fresh_sonars = 0;
    begin_turn(s, next_seat(s, s.to_move), rng, out);
}

bool all_sunk(const State& s, int seat) {
    return std::all_of(s.players[seat].kept.begin(), s.players[seat].kept.end(),
                       [&](int c) { return s.sunk_by[c] >= 0; });
}

// After a volley (Standard: a single shot) by `shooter`: sink, claim, eliminate, maybe end.
void settle(State& s, int shooter, Rng& rng, std::vector<GameEvent>* out) {
    const Deck& deck = s.deck();
    s.fresh_sonars = 0;
    for (std::size_t c = 0; c < deck.cards.size(); ++c) {
        const int holder = s.holder[c];
        if (holder < 0 || s.sunk_by[c] >= 0 || !s.shot.contains_all(deck.cards[c].mask)) continue;
        s.sunk_by[c] = shooter;
        const Card& card = deck.cards[c];
        // Sinking your own card claims it without a bonus (ruling in docs/rules/royale.md).
        // Standard: one bonus shot; Advanced: the printed number, or one sonar for a Submarine.
        int bonus = 0;
        if (holder != shooter) bonus = card.submarine ? 1 : card.bonus;
        s.players[shooter].claimed.push_back({static_cast<int>(c), bonus});
        if (card.submarine && bonus > 0) ++s.fresh_sonars;
        json e{{"type", "sunk"},
               {"seat", holder},
               {"by", shooter},
               {"card", card_json(card, deck.mode)}};
        if (card.submarine) {
            e["bonus_sonar"] = bonus;
        } else {
            e["bonus_shots"] = bonus;
        }
        emit(out, std::move(e));
    }
    std::vector<int> fallen;
    for (int p = 0; p < s.seat_count(); ++p) {
        Player& pl = s.players[p];
        if (pl.eliminated || !all_sunk(s, p)) continue;
        pl.eliminated = true;
        // Banked bonuses are lost with the player.
        for (auto& claim : pl.claimed) claim.bonus_left = 0;
        s.elimination_order.push_back(p);
        fallen.push_back(p);
        emit(out, {{"type", "eliminated"}, {"seat", p}});
    }
    if (s.players[shooter].eliminated) s.fresh_sonars = 0;
    const int left = players_left(s);
    if (left <= 1) {
        if (left == 1) {
            for (int p = 0; p < s.seat_count(); ++p)
                if (!s.players[p].eliminated) s.winners = {p};
        } else {
            // One volley sank everyone left, the shooter included: they share the win.
            s.winners = fallen;
        }
        s.phase = Phase::kOver;
        s.shots_left = 0;
        emit(out, {{"type", "game_over"}, {"winners", s.winners}});
        return;
    }
    const bool nothing_left =
        s.shots_left == 0 && bonus_shots(s, shooter) == 0 && s.fresh_sonars == 0;
    if (s.players[shooter].eliminated || open_cells(s).empty() || nothing_left) {
        end_turn(s, rng, out);
    }
}

// Marks shots and reports, per coordinate, the seats whose cards it hit (one entry per card:
// a Ship and a Submarine on one coordinate are two hit pegs).
json fire_cells(State& s, int shooter, const std::vector<Cell>& cells) {
    const Deck& deck = s.deck();
    json shots = json::array();
    for (const auto& cell : cells) {
        const int i = cell_index(cell, kBoard);
        s.shot.set(i);
        ++s.shots_fired[shooter];
        json hit = json::array();
        for (std::size_t c = 0; c < deck.cards.size(); ++c) {
            if (s.holder[c] >= 0 && deck.cards[c].mask.test(i)) hit.push_back(s.holder[c]);
        }
        shots.push_back({{"cell", to_string(cell)}, {"hit", hit}});
    }
    return shots;
}

Status check_cells(const State& s, const std::vector<Cell>& cells, int expected,
                   const std::string& what) {
    if (static_cast<int>(cells.size()) != expected) {
        return illegal("wrong_shot_count", what + " " + std::to_string(expected) +
                                               (expected == 1 ? " coordinate" : " coordinates") +
                                               ", not " + std::to_string(cells.size()) + ".");
    }
    Bitboard seen;
    for (const auto& c : cells) {
        if (!on_board(c, kBoard)) {
            return illegal("off_board", to_string(c) + " is off the grid (A1 to J10).");
        }
        const int i = cell_index(c, kBoard);
        if (seen.test(i)) {
            return illegal("duplicate_shot", to_string(c) + " is named twice.");
        }
        if (s.shot.test(i)) {
            return illegal("cell_already_fired",
                           to_string(c) +
                               " has already been shot at; no coordinate may be "
                               "shot twice in a game, by anyone.");
        }
        seen.set(i);
    }
    return {};
}

Status discard(State& s, int seat, const DiscardAction& a, Rng& rng, std::vector<GameEvent>* out) {
    Player& p = s.players[seat];
    if (p.has_discarded) {
        return illegal("already_discarded", "You have already chosen your discards.");
    }
    if (static_cast<int>(a.cards.size()) != kDiscards) {
        return illegal("wrong_card_count", "Discard exactly two cards (you named " +
                                               std::to_string(a.cards.size()) + ").");
    }
    if (a.cards[0] == a.cards[1]) {
        return illegal("duplicate_card", "Name two different cards to discard.");
    }
    for (int c : a.cards) {
        if (std::find(p.dealt.begin(), p.dealt.end(), c) == p.dealt.end()) {
            return illegal("not_your_card",
                           "You were not dealt " +
                               (c >= 0 && c < static_cast<int>(s.deck().cards.size())
                                    ? s.deck().cards[c].id
                                    : std::string("that card")) +
                               ".");
        }
        if (c == p.submarine) {
            return illegal("cannot_discard_submarine", "You cannot discard the Submarine card.");
        }
    }
    p.has_discarded = true;
    p.discarded = a.cards;
    std::sort(p.discarded.begin(), p.discarded.end());
    for (int c : p.dealt) {
        if (std::find(a.cards.begin(), a.cards.end(), c) == a.cards.end()) {
            p.kept.push_back(c);
            s.holder[c] = seat;
        }
    }
    if (out) {
        json ids = json::array();
        for (int c : p.discarded) ids.push_back(s.deck().cards[c].id);
        const json visible{{"type", "discarded"}, {"seat", seat}};
        json mine = visible;
        mine["cards"] = ids;
        out->push_back({mine, std::vector<int>{seat}, visible});
    }
    const bool everyone = std::all_of(s.players.begin(), s.players.end(),
                                      [](const Player& q) { return q.has_discarded; });
    if (everyone) {
        json kept = json::array();
        for (const auto& q : s.players) kept.push_back(q.kept.size());
        emit(out, {{"type", "play_starts"}, {"first", s.first}, {"cards_kept", kept}});
        begin_turn(s, s.first, rng, out);
    }
    return {};
}

Status sonar(State& s, int seat, const SonarAction& a, Rng& rng, std::vector<GameEvent>* out) {
    if (!s.advanced()) return illegal("wrong_phase", "Sonar is for the Advanced game only.");
    if (!may_sonar_now(s, seat)) {
        return illegal("no_sonar",
                       s.phase == Phase::kShooting
                           ? "Sonar is used at the start of your turn, before the roll (or a "
                             "bonus sonar right after the volley that sank a Submarine)."
                           : "You have no sonar to use: your own is used once per game while "
                             "your Submarine is afloat; bonus sonars come from sinking "
                             "Submarine cards.");
    }
    const bool own_ok = s.phase == Phase::kTurnStart && can_use_own_sonar(s, seat);
    const bool bonus_ok =
        bonus_sonars(s, seat) > 0 && (s.phase == Phase::kTurnStart || s.fresh_sonars > 0);
    SonarSource source = own_ok ? SonarSource::kOwn : SonarSource::kBonus;
    if (a.source) source = *a.source;
    if ((source == SonarSource::kOwn && !own_ok) || (source == SonarSource::kBonus && !bonus_ok)) {
        return illegal("no_sonar", "You have no " + source_name(source) + " sonar to use now.");
    }
    Player& p = s.players[seat];
    if (source == SonarSource::kOwn) {
        p.own_sonar_used = true;
    } else {
        for (auto& claim : p.claimed) {
            if (s.deck().cards[claim.card].submarine && claim.bonus_left > 0) {
                --claim.bonus_left;
                break;
            }
        }
        if (s.fresh_sonars > 0) --s.fresh_sonars;
    }
    const Bitboard line = a.line.mask();
    SonarMark mark{seat, a.line, source, {}};
    for (int q = 0; q < s.seat_count(); ++q) {
        if (s.players[q].eliminated) continue;
        for (int c : s.players[q].kept) {
            // A hit coordinate still counts while its card is afloat.
            if (s.sunk_by[c] < 0 && s.deck().cards[c].mask.intersects(line)) {
                mark.pinged.push_back(q);
                break;
            }
        }
    }
    emit(out, {{"type", "sonar"},
               {"seat", seat},
               {"line", to_string(a.line)},
               {"source", source_name(source)},
               {"ping", !mark.pinged.empty()},
               {"pinged", mark.pinged}});
    s.sonar.push_back(std::move(mark));
    if (s.phase == Phase::kTurnStart) {
        if (!may_sonar_now(s, seat)) roll_die(s, rng, out);
    } else if (s.shots_left == 0 && bonus_shots(s, seat) == 0 && s.fresh_sonars == 0) {
        end_turn(s, rng, out);
    }
    return {};
}

Status fire(State& s, int seat, const FireAction& a, Rng& rng, std::vector<GameEvent>* out) {
    if (s.shots_left == 0) {
        return illegal("no_shots_left", bonus_shots(s, seat) > 0
                                            ? "Your die shots are spent: use a bonus shot or "
                                              "end your turn."
                                            : "Your die shots are spent.");
    }
    const int open = open_cells(s).count();
    const int expected = s.advanced() ? std::min(s.shots_left, open) : 1;
    if (auto st = check_cells(s, a.cells, expected,
                              s.advanced() ? "Declare all your die shots at once:"
                                           : "Call one coordinate at a time:");
        !st) {
        return st;
    }
    s.shots_left = s.advanced() ? 0 : s.shots_left - 1;
    json shots = fire_cells(s, seat, a.cells);
    emit(out, {{"type", "shots"}, {"seat", seat}, {"source", "die"}, {"shots", shots}});
    settle(s, seat, rng, out);
    return {};
}

Status bonus(State& s, int seat, const BonusAction& a, Rng& rng, std::vector<GameEvent>* out) {
    Player& p = s.players[seat];
    Claim* use = nullptr;
    for (auto& claim : p.claimed) {
        const bool shots_card = !s.deck().cards[claim.card].submarine;
        if (shots_card && claim.bonus_left > 0 && (a.card < 0 || a.card == claim.card)) {
            use = &claim;
            break;
        }
    }
    if (!use) {
        return illegal("no_bonus", a.card < 0 ? "You have no bonus shots."
                                              : "That card gives you no bonus shots now (it is "
                                                "not one you claimed, or its bonus is used).");
    }
    const int open = open_cells(s).count();
    const int expected = s.advanced() ? std::min(use->bonus_left, open) : 1;
    const std::string& id = s.deck().cards[use->card].id;
    if (auto st = check_cells(s, a.cells, expected,
                              s.advanced() ? "Declare all of " + id + "'s bonus shots at once:"
                                           : "A bonus shot is one coordinate:");
        !st) {
        return st;
    }
    use->bonus_left = s.advanced() ? 0 : use->bonus_left - 1;
    json shots = fire_cells(s, seat, a.cells);
    emit(out,
         {{"type", "shots"}, {"seat", seat}, {"source", "bonus"}, {"card", id}, {"shots", shots}});
    settle(s, seat, rng, out);
    return {};
}

}  // namespace

Bitboard Line::mask() const {
    Bitboard m;
    for (int k = 0; k < 10; ++k) {
        m.set(row ? cell_index(Cell{index, k}, kBoard) : cell_index(Cell{k, index}, kBoard));
    }
    return m;
}

std::string to_string(Line l) {
    return l.row ? std::string(1, static_cast<char>('A' + l.index)) : std::to_string(l.index + 1);
}

Result<Line> parse_line(const std::string& text) {
    std::string t;
    for (char ch : text)
        if (ch != ' ') t += ch;
    if (t.size() == 1 && std::isalpha(static_cast<unsigned char>(t[0]))) {
        const int r = std::toupper(static_cast<unsigned char>(t[0])) - 'A';
        if (r >= 0 && r < 10) return Line{true, r};
    }
    if (t == "10") return Line{false, 9};
    if (t.size() == 1 && t[0] >= '1' && t[0] <= '9') return Line{false, t[0] - '1'};
    return make_error("bad_line", "\"" + text +
                                      "\" is not a line: name a row (a letter A to J) or a "
                                      "column (a number 1 to 10).");
}

State new_game_with_deal(std::shared_ptr<const Options> options,
                         std::vector<std::vector<int>> dealt, int first) {
    State s;
    s.options = std::move(options);
    const auto cards = s.options->deck->cards.size();
    s.holder.assign(cards, -1);
    s.sunk_by.assign(cards, -1);
    s.players.resize(dealt.size());
    s.shots_fired.assign(dealt.size(), 0);
    for (std::size_t p = 0; p < dealt.size(); ++p) {
        s.players[p].dealt = std::move(dealt[p]);
        if (s.advanced() && !s.players[p].dealt.empty()) {
            s.players[p].submarine = s.players[p].dealt.front();
        }
    }
    s.first = first;
    s.to_move = first;
    s.phase = Phase::kDiscard;
    return s;
}

State new_game(std::shared_ptr<const Options> options, Rng& rng) {
    const Deck& deck = *options->deck;
    std::vector<int> ships, subs;
    for (std::size_t c = 0; c < deck.cards.size(); ++c) {
        (deck.cards[c].submarine ? subs : ships).push_back(static_cast<int>(c));
    }
    rng.shuffle(std::span<int>(ships));
    rng.shuffle(std::span<int>(subs));
    const int n = options->players;
    std::vector<std::vector<int>> dealt(static_cast<std::size_t>(n));
    const bool advanced = options->mode == Mode::kAdvanced;
    for (int p = 0; p < n; ++p) {
        if (advanced) dealt[p].push_back(subs[p]);
    }
    // Dealt one at a time around the table, as cards are.
    std::size_t next = 0;
    for (int round = 0; round < options->ship_cards_dealt(); ++round) {
        for (int p = 0; p < n; ++p) dealt[p].push_back(ships[next++]);
    }
    const int first = options->first >= 0 ? options->first : static_cast<int>(rng.below(n));
    return new_game_with_deal(std::move(options), std::move(dealt), first);
}

std::vector<int> seats_to_act(const State& s) {
    switch (s.phase) {
        case Phase::kDiscard: {
            std::vector<int> seats;
            for (int p = 0; p < s.seat_count(); ++p)
                if (!s.players[p].has_discarded) seats.push_back(p);
            return seats;
        }
        case Phase::kTurnStart:
        case Phase::kShooting: return {s.to_move};
        case Phase::kOver: return {};
    }
    return {};
}

bool card_sunk(const State& s, int card) {
    return s.sunk_by[card] >= 0;
}
bool card_in_play(const State& s, int card) {
    return s.holder[card] >= 0;
}

int cards_afloat(const State& s, int seat) {
    int n = 0;
    for (int c : s.players[seat].kept) n += s.sunk_by[c] < 0 ? 1 : 0;
    return n;
}

int players_left(const State& s) {
    int n = 0;
    for (const auto& p : s.players) n += p.eliminated ? 0 : 1;
    return n;
}

bool can_use_own_sonar(const State& s, int seat) {
    const Player& p = s.players[seat];
    return s.advanced() && !p.own_sonar_used && p.submarine >= 0 && s.holder[p.submarine] == seat &&
           s.sunk_by[p.submarine] < 0;
}

int bonus_sonars(const State& s, int seat) {
    int n = 0;
    for (const auto& c : s.players[seat].claimed)
        if (s.deck().cards[c.card].submarine) n += c.bonus_left;
    return n;
}

bool may_sonar_now(const State& s, int seat) {
    if (!s.advanced() || s.to_move != seat || s.players[seat].eliminated) return false;
    if (s.phase == Phase::kTurnStart)
        return can_use_own_sonar(s, seat) || bonus_sonars(s, seat) > 0;
    if (s.phase == Phase::kShooting) return s.fresh_sonars > 0 && bonus_sonars(s, seat) > 0;
    return false;
}

int bonus_shots(const State& s, int seat) {
    int n = 0;
    for (const auto& c : s.players[seat].claimed)
        if (!s.deck().cards[c.card].submarine) n += c.bonus_left;
    return n;
}

Status apply(State& s, int seat, const Action& action, Rng& rng, std::vector<GameEvent>* out) {
    if (seat < 0 || seat >= s.seat_count()) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; seats are 0 to " +
                                          std::to_string(s.seat_count() - 1) + ".");
    }
    if (s.phase == Phase::kOver) return make_error("game_over", "The game is over.");
    if (s.phase == Phase::kDiscard) {
        const auto* d = std::get_if<DiscardAction>(&action);
        if (!d) {
            return illegal("wrong_phase",
                           "Everyone first chooses two cards to discard ({\"type\": "
                           "\"discard\", \"cards\": [id, id]}).");
        }
        return discard(s, seat, *d, rng, out);
    }
    if (seat != s.to_move) {
        return make_error("not_your_turn", "It is seat " + std::to_string(s.to_move) + "'s turn.");
    }
    // Every check below comes before any change, so an error leaves the state untouched.
    if (std::holds_alternative<DiscardAction>(action)) {
        return illegal("wrong_phase", "The discards are done; the game is under way.");
    }
    if (std::holds_alternative<SonarAction>(action)) {
        return sonar(s, seat, std::get<SonarAction>(action), rng, out);
    }
    if (std::holds_alternative<RollAction>(action)) {
        if (s.phase != Phase::kTurnStart) {
            return illegal("wrong_phase", "You have already rolled this turn.");
        }
        roll_die(s, rng, out);
        return {};
    }
    if (s.phase == Phase::kTurnStart) {
        return illegal("wrong_phase", "Roll the die first (or use sonar, then roll).");
    }
    if (const auto* f = std::get_if<FireAction>(&action)) return fire(s, seat, *f, rng, out);
    if (const auto* b = std::get_if<BonusAction>(&action)) return bonus(s, seat, *b, rng, out);
    // End of turn.
    if (s.shots_left > 0) {
        return illegal("shots_remaining", "Fire your remaining " + std::to_string(s.shots_left) +
                                              " die shot" + (s.shots_left == 1 ? "" : "s") +
                                              " first.");
    }
    end_turn(s, rng, out);
    return {};
}

}  // namespace broadside::royale

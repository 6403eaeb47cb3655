#include "games/crew/rules.h"

#include <algorithm>

#include "core/dice.h"

namespace broadside::crew {

namespace {

int roll_five(Rng& rng) {
    int total = 0;
    for (int d = 0; d < kDice; ++d) total += roll_d6(rng);
    return total;
}

void start_round(State& s, std::vector<int> seats, bool playoff, int number) {
    RoundRecord r;
    r.number = number;
    r.playoff = playoff;
    r.scores.assign(seats.size(), -1);
    r.seats = std::move(seats);
    s.rounds.push_back(std::move(r));
    s.turn_index = 0;
    s.turn = {};
}

// The seats among `seats` (in that order) whose value is the highest.
std::vector<int> leaders(const std::vector<int>& seats, const std::vector<int>& values) {
    int best = -1;
    for (std::size_t i = 0; i < seats.size(); ++i) best = std::max(best, values[i]);
    std::vector<int> out;
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (values[i] == best) out.push_back(seats[i]);
    return out;
}

void finish_turn(State& s, int score, Progress& out) {
    auto& r = s.rounds.back();
    const int seat = s.to_move();
    r.scores[static_cast<std::size_t>(s.turn_index)] = score;
    if (!r.playoff) {
        s.totals[static_cast<std::size_t>(seat)] += score;
        if (s.options.mode == Mode::kTarget &&
            s.totals[static_cast<std::size_t>(seat)] >= s.options.target) {
            s.target_reached = true;
        }
    }
    out.turn_over = true;
    out.turn_score = score;
    out.qualified = s.turn.held == kQualified;
    ++s.turn_index;
    if (static_cast<std::size_t>(s.turn_index) < r.seats.size()) {
        s.turn = {};
        return;
    }
    out.round_over = true;
    std::vector<int> contenders;
    if (!r.playoff) {
        const bool last =
            s.options.mode == Mode::kRounds ? r.number >= s.options.rounds : s.target_reached;
        if (!last) {
            start_round(s, r.seats, false, r.number + 1);
            return;
        }
        std::vector<int> totals;
        for (int seat_i : r.seats) totals.push_back(s.totals[static_cast<std::size_t>(seat_i)]);
        contenders = leaders(r.seats, totals);
    } else {
        contenders = leaders(r.seats, r.scores);
    }
    if (contenders.size() == 1) {
        s.winner = contenders.front();
        s.phase = Phase::kOver;
        out.game_over = true;
        return;
    }
    const int number = r.playoff ? r.number + 1 : 1;
    start_round(s, std::move(contenders), true, number);
    out.playoff_starts = true;
}

Status check_turn(const State& s, int seat) {
    if (s.phase == Phase::kOver) return make_error("game_over", "The game is over.");
    if (seat != s.to_move()) {
        return make_error("not_your_turn", "It is seat " + std::to_string(s.to_move()) +
                                               "'s turn, not seat " + std::to_string(seat) + "'s.");
    }
    return {};
}

// The number of dice a throw keeping `keep` throws, or why it is not allowed.
Result<int> throw_size(const State& s, const std::vector<int>& keep) {
    const Turn& t = s.turn;
    if (t.held < kQualified) {
        if (!keep.empty()) {
            return make_error("keep_before_crew",
                              "Nothing can be kept before ship, captain and mate are held: every "
                              "die not set aside is thrown.");
        }
        return kDice - t.held;
    }
    if (s.options.crew_reroll == Reroll::kNone) {
        return make_error("no_reroll", "The crew_reroll house rule is \"none\": the crew stands.");
    }
    if (s.options.crew_reroll == Reroll::kBoth && !keep.empty()) {
        return make_error("keep_not_allowed",
                          "The crew_reroll house rule is \"both\": the two crew dice are thrown "
                          "together or not at all.");
    }
    if (keep.size() >= 2) {
        return make_error("keep_all",
                          "Keeping both crew dice throws nothing: send {\"type\": \"stop\"} to "
                          "keep this crew.");
    }
    if (keep.size() == 1 && keep[0] != t.crew[0] && keep[0] != t.crew[1]) {
        return make_error("not_in_crew", "The crew is " + std::to_string(t.crew[0]) + " and " +
                                             std::to_string(t.crew[1]) + "; there is no " +
                                             std::to_string(keep[0]) + " to keep.");
    }
    return static_cast<int>(2 - keep.size());
}

}  // namespace

std::vector<int> seat_order(int first, int players) {
    std::vector<int> order;
    for (int i = 0; i < players; ++i) order.push_back((first + i) % players);
    return order;
}

State new_game(const Options& options, Rng& rng) {
    State s;
    s.options = options;
    s.totals.assign(static_cast<std::size_t>(options.players), 0);
    std::vector<int> rolling;
    for (int seat = 0; seat < options.players; ++seat) rolling.push_back(seat);
    while (rolling.size() > 1) {
        OrderRoll roll;
        roll.seats = rolling;
        for (std::size_t i = 0; i < rolling.size(); ++i) roll.totals.push_back(roll_five(rng));
        const int lowest = *std::min_element(roll.totals.begin(), roll.totals.end());
        rolling.clear();
        for (std::size_t i = 0; i < roll.seats.size(); ++i)
            if (roll.totals[i] == lowest) rolling.push_back(roll.seats[i]);
        s.order_rolls.push_back(std::move(roll));
    }
    s.first = rolling.front();
    start_round(s, seat_order(s.first, options.players), false, 1);
    return s;
}

int dice_to_throw(const State& s, const std::vector<int>& keep) {
    if (s.phase == Phase::kOver) return 0;
    auto n = throw_size(s, keep);
    return n ? *n : 0;
}

Status throw_given(State& s, int seat, const std::vector<int>& keep, const std::vector<int>& faces,
                   Progress& out) {
    if (auto st = check_turn(s, seat); !st) return st;
    auto n = throw_size(s, keep);
    if (!n) return n.error();
    if (faces.size() != static_cast<std::size_t>(*n) ||
        std::any_of(faces.begin(), faces.end(), [](int f) { return f < 1 || f > 6; })) {
        return make_error("bad_dice",
                          "This throw needs " + std::to_string(*n) + " dice with faces 1 to 6.");
    }
    out = Progress{};
    out.seat = seat;
    out.thrown = faces;
    Turn& t = s.turn;
    ++t.throws;
    t.last_throw = faces;
    t.kept = keep;
    if (t.held < kQualified) {
        out.throw_result = set_aside(t.held, faces);
        t.held = out.throw_result.held;
        if (t.held == kQualified) t.crew = {out.throw_result.rest[0], out.throw_result.rest[1]};
    } else {
        // The kept die stays in its place on the table; the other takes the new face.
        std::size_t next = 0;
        const int keep_slot = keep.empty() ? -1 : (t.crew[0] == keep[0] ? 0 : 1);
        for (int slot = 0; slot < 2; ++slot)
            if (slot != keep_slot) t.crew[static_cast<std::size_t>(slot)] = faces[next++];
    }
    out.throw_number = t.throws;
    out.held = t.held;
    out.crew = t.crew;
    out.kept = keep;
    if (t.held == kQualified &&
        (t.throws == kThrowsPerTurn || s.options.crew_reroll == Reroll::kNone)) {
        finish_turn(s, t.crew[0] + t.crew[1], out);
    } else if (t.held < kQualified && t.throws == kThrowsPerTurn) {
        finish_turn(s, 0, out);
    }
    return {};
}

Status throw_dice(State& s, int seat, const std::vector<int>& keep, Rng& rng, Progress& out) {
    if (auto st = check_turn(s, seat); !st) return st;
    auto n = throw_size(s, keep);
    if (!n) return n.error();
    std::vector<int> faces;
    for (int i = 0; i < *n; ++i) faces.push_back(roll_d6(rng));
    return throw_given(s, seat, keep, faces, out);
}

Status stop(State& s, int seat, Progress& out) {
    if (auto st = check_turn(s, seat); !st) return st;
    if (s.turn.held < kQualified) {
        return make_error("no_crew",
                          "You can stop only once ship, captain and mate (6, 5, 4) are held; "
                          "throw again.");
    }
    out = Progress{};
    out.seat = seat;
    finish_turn(s, s.turn.crew[0] + s.turn.crew[1], out);
    return {};
}

int pot(const State& s) {
    return s.options.stake * s.options.players;
}

std::vector<int> payouts(const State& s) {
    std::vector<int> out(static_cast<std::size_t>(s.options.players), 0);
    if (s.phase == Phase::kOver) out[static_cast<std::size_t>(s.winner)] = pot(s);
    return out;
}

}  // namespace broadside::crew

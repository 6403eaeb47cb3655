#include "games/party/events.h"

#include <algorithm>

#include "games/party/codec.h"

namespace broadside::party {

namespace {

json afloat_counts_json(const State& s) {
    return json(std::vector<int>(s.afloat_counts.begin(), s.afloat_counts.end()));
}

// One code per seat: '-' for the host and removed or unseated players, `code(p)` otherwise.
template <class Code>
std::string codes_for(const State& s, Code&& code) {
    std::string out(static_cast<std::size_t>(s.players) + 1, '-');
    for (int p = 0; p < s.players; ++p) {
        const auto i = static_cast<std::size_t>(p);
        if (!s.removed[i] && s.placed[i]) out[i + 1] = code(p);
    }
    return out;
}

std::string afloat_digits(const State& s) {
    return codes_for(
        s, [&](int p) { return static_cast<char>('0' + s.afloat[static_cast<std::size_t>(p)]); });
}

bool in_sorted(const std::vector<int>& players, int p) {
    return std::binary_search(players.begin(), players.end(), p);
}

}  // namespace

json listed_seats(const std::vector<int>& players) {
    if (players.size() > static_cast<std::size_t>(kListedPlayers)) return nullptr;
    return seats_json(players);
}

void SeatCodes::add_to(json& view, int seat) const {
    if (seat < 1 || static_cast<std::size_t>(seat) >= codes_.size()) return;
    const char c = codes_[static_cast<std::size_t>(seat)];
    if (c == '-') return;
    const auto afloat = [&] { return afloat_[static_cast<std::size_t>(seat)] - '0'; };
    switch (kind_) {
        case Kind::kTorpedo:
            view["you"] = c == 'm' ? "miss" : (c == 'h' ? "hit" : "sunk");
            view["you_afloat"] = afloat();
            break;
        case Kind::kCount:
            view["you_afloat"] = afloat();
            view["you_tied"] = c == 't';
            break;
        case Kind::kTiebreak: view["you_tied"] = c == 't'; break;
        case Kind::kSuper: view["you"] = c == 'e' ? "eliminated" : "still_in"; break;
        case Kind::kGameOver: view["you_won"] = c == 'w'; break;
    }
}

GameEvent torpedo_event(const State& s, const TorpedoReport& r) {
    std::string results =
        codes_for(s, [&](int p) { return outcome_letter(s.last[static_cast<std::size_t>(p)]); });
    json pub{{"type", "torpedo"},
             {"number", r.number},
             {"cell", cell_name(r.cell)},
             {"counts", {{"miss", r.misses}, {"hit", r.hits}, {"sunk", r.sinkings}}},
             {"afloat_counts", afloat_counts_json(s)},
             {"leaders", seats_json(s.leaders)}};
    json full = pub;
    // The record keeps one letter per seat (index = seat, '-' for the host): 10 kB at 10,000
    // players, which is why seats get only their own.
    full["results"] = results;
    return {full, std::nullopt, pub,
            std::make_shared<SeatCodes>(SeatCodes::Kind::kTorpedo, std::move(results),
                                        afloat_digits(s))};
}

GameEvent super_torpedo_event(const State& s, const TorpedoReport& r,
                              const std::vector<int>& in_before) {
    json pub{{"type", "super_torpedo"},
             {"number", r.number},
             {"cell", cell_name(r.cell)},
             {"eliminated", listed_seats(r.eliminated)},
             {"eliminated_count", r.eliminated.size()},
             {"remaining_count", s.remaining.size()}};
    json full = pub;
    full["eliminated"] = seats_json(r.eliminated);
    full["remaining"] = seats_json(s.remaining);
    std::vector<int> out = r.eliminated;
    std::sort(out.begin(), out.end());
    std::string codes(static_cast<std::size_t>(s.players) + 1, '-');
    for (int p : in_before) codes[static_cast<std::size_t>(p) + 1] = in_sorted(out, p) ? 'e' : 'i';
    return {full, std::nullopt, pub,
            std::make_shared<SeatCodes>(SeatCodes::Kind::kSuper, std::move(codes))};
}

GameEvent count_event(const State& s) {
    json pub{{"type", "count"},
             {"most", s.most},
             {"tied", listed_seats(s.tied)},
             {"tied_count", s.tied.size()},
             {"afloat_counts", afloat_counts_json(s)}};
    json full = pub;
    full["afloat"] = afloat_json(s);
    full["tied"] = seats_json(s.tied);
    return {full, std::nullopt, pub,
            std::make_shared<SeatCodes>(
                SeatCodes::Kind::kCount,
                codes_for(s, [&](int p) { return in_sorted(s.tied, p) ? 't' : 'n'; }),
                afloat_digits(s))};
}

GameEvent tiebreak_event(const State& s) {
    json pub{{"type", "tiebreak_starts"},
             {"players", listed_seats(s.tied)},
             {"tied_count", s.tied.size()}};
    json full = pub;
    full["players"] = seats_json(s.tied);
    return {full, std::nullopt, pub,
            std::make_shared<SeatCodes>(SeatCodes::Kind::kTiebreak, codes_for(s, [&](int p) {
                                            return in_sorted(s.tied, p) ? 't' : 'n';
                                        }))};
}

GameEvent game_over_event(const State& s) {
    std::vector<int> winners = s.winners;
    std::sort(winners.begin(), winners.end());
    json pub{{"type", "game_over"},
             {"winners", listed_seats(winners)},
             {"winners_count", winners.size()},
             {"how", finish_name(s.finish)}};
    json full = pub;
    full["winners"] = seats_json(winners);
    return {full, std::nullopt, pub,
            std::make_shared<SeatCodes>(SeatCodes::Kind::kGameOver, codes_for(s, [&](int p) {
                                            return in_sorted(winners, p) ? 'w' : 'l';
                                        }))};
}

}  // namespace broadside::party

#include "ai/royale/evidence.h"

#include <algorithm>

namespace broadside::royale {

Evidence weigh_evidence(const Observation& obs) {
    const Deck& deck = obs.deck();
    const int n = static_cast<int>(deck.cards.size());
    const int me = obs.seat();
    Evidence ev;
    ev.card_odds.assign(n, 0.0);
    for (int c : obs.kept()) ev.mine |= deck.cards[c].mask;

    // 0: ruled out; 1: surely held afloat by someone else; 2: unknown.
    std::vector<int> status(n, 2);
    std::vector<double> weight(n, 1.0);
    auto is_mine = [&](int c) {
        return std::find(obs.dealt().begin(), obs.dealt().end(), c) != obs.dealt().end();
    };
    for (int c = 0; c < n; ++c) {
        if (obs.card_sunk(c) || is_mine(c)) status[c] = 0;
    }
    // Shot coordinates: pegs count the held cards on them; my own cards account for some.
    obs.shot().for_each([&](int cell) {
        int pegs = obs.hit_pegs(cell);
        std::vector<int> covering;
        for (int c = 0; c < n; ++c) {
            if (!deck.cards[c].mask.test(cell)) continue;
            if (is_mine(c)) {
                if (std::find(obs.kept().begin(), obs.kept().end(), c) != obs.kept().end()) --pegs;
                continue;
            }
            if (!obs.card_sunk(c)) covering.push_back(c);
            // A sunk card on it is held too (its peg is part of the count).
            if (obs.card_sunk(c) && obs.known_holder(c) >= 0) --pegs;
        }
        if (pegs <= 0) {
            for (int c : covering) status[c] = 0;
        } else if (pegs >= static_cast<int>(covering.size())) {
            for (int c : covering)
                if (status[c] != 0) status[c] = 1;
        } else {
            for (int c : covering) weight[c] *= 3.0;  // one of these is held
        }
    });
    // Sonar: cards crossing a line nobody else pinged cannot be held afloat by anyone else
    // (they were afloat then if they are afloat now); a line others pinged favours them.
    for (const auto& mark : obs.sonar()) {
        const Bitboard line = mark.line.mask();
        const bool others =
            std::any_of(mark.pinged.begin(), mark.pinged.end(), [&](int p) { return p != me; });
        for (int c = 0; c < n; ++c) {
            if (status[c] != 2 || !deck.cards[c].mask.intersects(line)) continue;
            if (!others) {
                status[c] = 0;
            } else {
                weight[c] *= 2.0;
            }
        }
    }
    // Cards afloat in other hands, per layer: sinkings are public, and in Advanced each player
    // keeps exactly one Submarine card.
    auto submarine_sunk = [&](int p) {
        for (int q = 0; q < obs.players(); ++q) {
            for (const auto& claim : obs.claimed(q)) {
                if (deck.cards[claim.card].submarine && obs.known_holder(claim.card) == p) {
                    return true;
                }
            }
        }
        return false;
    };
    int ships_afloat = 0;
    int subs_afloat = 0;
    for (int p = 0; p < obs.players(); ++p) {
        if (p == me || obs.eliminated(p)) continue;
        const int sub = obs.advanced() && !submarine_sunk(p) ? 1 : 0;
        subs_afloat += sub;
        ships_afloat += obs.cards_afloat(p) - sub;
    }
    for (int layer = 0; layer < (obs.advanced() ? 2 : 1); ++layer) {
        const bool subs = layer == 1;
        int afloat = subs ? subs_afloat : ships_afloat;
        double unknown_weight = 0;
        for (int c = 0; c < n; ++c) {
            if (deck.cards[c].submarine != subs) continue;
            if (status[c] == 1) --afloat;
            if (status[c] == 2) unknown_weight += weight[c];
        }
        for (int c = 0; c < n; ++c) {
            if (deck.cards[c].submarine != subs) continue;
            if (status[c] == 1) ev.card_odds[c] = 1.0;
            if (status[c] == 2 && unknown_weight > 0 && afloat > 0) {
                ev.card_odds[c] = std::min(1.0, afloat * weight[c] / unknown_weight);
            }
        }
    }
    const Bitboard open = obs.open();
    for (int c = 0; c < n; ++c) {
        if (ev.card_odds[c] <= 0) continue;
        (deck.cards[c].mask & open).for_each([&](int cell) {
            ev.cell_odds[cell] += ev.card_odds[c];
            if (ev.card_odds[c] >= 0.999) ev.any_certain = true;
        });
    }
    return ev;
}

std::vector<Cell> best_cells(const Observation& obs, const Evidence& ev, int count, Rng& rng) {
    std::vector<int> cells;
    Bitboard pool = obs.open().without(ev.mine);
    if (pool.count() < count) pool = obs.open();
    pool.for_each([&](int i) { cells.push_back(i); });
    rng.shuffle(std::span<int>(cells));
    std::stable_sort(cells.begin(), cells.end(),
                     [&](int a, int b) { return ev.cell_odds[a] > ev.cell_odds[b]; });
    std::vector<Cell> out;
    for (int k = 0; k < count && k < static_cast<int>(cells.size()); ++k) {
        out.push_back(cell_at(cells[k], kBoard));
    }
    return out;
}

}  // namespace broadside::royale

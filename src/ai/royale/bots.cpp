#include <algorithm>

#include "ai/royale/bot.h"
#include "ai/royale/evidence.h"

namespace broadside::royale {

namespace {

std::vector<Cell> random_cells(const Observation& obs, int count, Rng& rng) {
    std::vector<int> cells;
    obs.open().for_each([&](int i) { cells.push_back(i); });
    rng.shuffle(std::span<int>(cells));
    std::vector<Cell> out;
    for (int k = 0; k < count && k < static_cast<int>(cells.size()); ++k) {
        out.push_back(cell_at(cells[k], kBoard));
    }
    return out;
}

// The first claimed card with bonus shots left, and how many coordinates its volley takes.
std::pair<int, int> bonus_card(const Observation& obs) {
    for (const auto& claim : obs.claimed(obs.seat())) {
        if (claim.bonus_left > 0 && !obs.deck().cards[claim.card].submarine) {
            const int count = obs.advanced() ? std::min(claim.bonus_left, obs.open().count()) : 1;
            return {claim.card, count};
        }
    }
    return {-1, 0};
}

int fire_count(const Observation& obs) {
    return obs.advanced() ? std::min(obs.shots_left(), obs.open().count()) : 1;
}

// Uniformly random among reasonable moves: random discards, sonar half the time, random
// coordinates, bonus shots half the time.
class RandomBot final : public Bot {
public:
    std::string name() const override { return "random"; }
    Action choose(const Observation& obs, Rng& rng) override {
        if (obs.phase() == Phase::kDiscard) {
            std::vector<int> pool;
            for (int c : obs.dealt())
                if (c != obs.my_submarine()) pool.push_back(c);
            rng.shuffle(std::span<int>(pool));
            return DiscardAction{{pool[0], pool[1]}};
        }
        if (obs.may_sonar_now() && rng.coin()) {
            return SonarAction{Line{rng.coin(), static_cast<int>(rng.below(10))}, std::nullopt};
        }
        if (obs.phase() == Phase::kTurnStart) return RollAction{};
        if (obs.shots_left() > 0) return FireAction{random_cells(obs, fire_count(obs), rng)};
        const auto [card, count] = bonus_card(obs);
        if (card >= 0 && rng.coin()) return BonusAction{card, random_cells(obs, count, rng)};
        return EndAction{};
    }
};

// Plays from the public evidence (see evidence.h): keeps its shortest cards (hardest to find,
// and the smallest bonus for whoever sinks them), shoots the likeliest coordinates, never its
// own, uses sonar when it has no sure target, and spends bonus shots on sure or likely hits
// (or at once when it is close to elimination, as banked bonuses die with it).
class RoyaleBot final : public Bot {
public:
    // `eager`: spend every bonus at once (the variant "royale-eager", kept to measure the
    // banking policy against).
    explicit RoyaleBot(bool eager = false) : eager_(eager) {}
    std::string name() const override { return eager_ ? "royale-eager" : "royale"; }
    Action choose(const Observation& obs, Rng& rng) override {
        const Deck& deck = obs.deck();
        if (obs.phase() == Phase::kDiscard) {
            std::vector<int> pool;
            for (int c : obs.dealt())
                if (c != obs.my_submarine()) pool.push_back(c);
            rng.shuffle(std::span<int>(pool));
            std::stable_sort(pool.begin(), pool.end(), [&](int a, int b) {
                return deck.cards[a].cells.size() > deck.cards[b].cells.size();
            });
            return DiscardAction{{pool[0], pool[1]}};
        }
        const Evidence ev = weigh_evidence(obs);
        if (obs.may_sonar_now() && !ev.any_certain) return sonar(obs, ev, rng);
        if (obs.phase() == Phase::kTurnStart) return RollAction{};
        if (obs.shots_left() > 0) return FireAction{best_cells(obs, ev, fire_count(obs), rng)};
        const auto [card, count] = bonus_card(obs);
        if (card >= 0) {
            auto cells = best_cells(obs, ev, count, rng);
            double expected = 0;
            for (const auto& c : cells) expected += ev.cell_odds[cell_index(c, kBoard)];
            const bool in_danger = obs.cards_afloat(obs.seat()) <= 1;
            if (eager_ || in_danger || expected >= 0.5 * static_cast<double>(cells.size())) {
                return BonusAction{card, std::move(cells)};
            }
        }
        return EndAction{};
    }

private:
    // The line crossing the most cards whose whereabouts are uncertain: a "no ping" rules them
    // all out, a ping narrows the search to them.
    static Action sonar(const Observation& obs, const Evidence& ev, Rng& rng) {
        const Deck& deck = obs.deck();
        double best = -1;
        Line choice;
        for (int k = 0; k < 20; ++k) {
            const Line line{k < 10, k % 10};
            const Bitboard mask = line.mask();
            double score = 0;
            for (std::size_t c = 0; c < deck.cards.size(); ++c) {
                const double p = ev.card_odds[c];
                if (p > 0 && p < 0.999 && deck.cards[c].mask.intersects(mask)) score += 1;
            }
            score += 0.01 * rng.below(10);  // break ties at random
            if (score > best) {
                best = score;
                choice = line;
            }
        }
        return SonarAction{choice, std::nullopt};
    }

    bool eager_;
};

}  // namespace

std::vector<std::string> bot_names() {
    return {"random", "royale", "royale-eager"};
}

std::string default_bot_name() {
    return "royale";
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name) {
    if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
    if (name == "royale") return std::unique_ptr<Bot>(std::make_unique<RoyaleBot>());
    if (name == "royale-eager") return std::unique_ptr<Bot>(std::make_unique<RoyaleBot>(true));
    std::string names;
    for (const auto& n : bot_names()) names += (names.empty() ? "" : ", ") + n;
    return make_error("unknown_bot", "Unknown bot \"" + name +
                                         "\"; the Battleship Royale bots are " + names + ".");
}

std::uint64_t bot_seed(std::uint64_t game_seed, int seat) {
    return derive_seed(game_seed, 0xB07000ULL + static_cast<std::uint64_t>(seat));
}

}  // namespace broadside::royale

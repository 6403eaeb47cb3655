#pragma once
// Hunt and target with parity: hunts at random on a lattice that every remaining ship must
// cross, and once a hit belongs to a ship still afloat fires next to it, extending lines of hits.
#include <array>
#include <vector>

#include "ai/classic/bot.h"
#include "ai/classic/enemy_knowledge.h"

namespace broadside::classic {

class HuntBot final : public Bot {
public:
    std::string name() const override { return "hunt"; }
    void new_game() override { lattice_offset_ = -1; }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override;

private:
    // Appends target cells next to `hits`, best first (ties in random order).
    void add_targets(const Bitboard& hits, const Bitboard& chosen, Rng& rng);
    // Appends the unfired cells of `pool` not already chosen, in random order.
    void add_random(const Bitboard& pool, Bitboard& chosen, Rng& rng);

    EnemyKnowledge k_;
    int lattice_offset_ = -1;  // which lattice class wins ties this game (drawn on first shot)
    std::array<int, kMaxCells> score_{};
    std::vector<int> picks_;  // cells in firing order, reused between shots
    std::vector<int> scratch_;
};

}  // namespace broadside::classic

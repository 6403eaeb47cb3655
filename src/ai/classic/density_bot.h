#pragma once
// Probability density: for every enemy ship still afloat, every placement consistent with what
// has been seen (misses, hits and the ships they named, sinkings, no_touch); each cell scores
// the probability that some ship covers it, and the bot fires at the best unfired cell.
#include <array>
#include <optional>
#include <vector>

#include "ai/classic/bot.h"
#include "ai/classic/enemy_knowledge.h"
#include "ai/classic/tie_order.h"

namespace broadside::classic {

class DensityBot final : public Bot {
public:
    // With `use_weapons`, it weighs the optional weapons (when the game has them) against each
    // plain turn using its cell scores (weapon_planner.h); without, it only ever fires.
    explicit DensityBot(bool use_weapons = true) : use_weapons_(use_weapons) {}
    std::string name() const override { return use_weapons_ ? "density" : "density-plain"; }
    void new_game() override { fresh_ = true; }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override;
    Action decide(const Observation& obs, Rng& rng) override;

    // The score of every cell of the board for the next shot (0 for cells already fired at),
    // exposed for tests and for anyone who wants to draw it.
    const std::array<double, kMaxCells>& density() const { return density_; }
    // The order this game's ties are broken in (tie_order.h), drawn at the game's first shot.
    const TieOrder& tie_order() const { return order_; }

private:
    struct Position {
        Bitboard cells;
        Bitboard around;  // the cells touching it (for no_touch)
        int start = 0;
        int step = 1;
    };
    struct Candidate {
        const Position* position;
        double weight;
    };

    void build_tables(const Options& options);
    // Narrows valid_[ship] to the placements consistent with the knowledge and weighs them;
    // `others` are cells known to belong to other ships. Returns the number left.
    int collect(int ship, const Bitboard& others);
    // Adds every candidate placement not covering `chosen` to density_.
    void accumulate(const Bitboard& chosen);

    bool use_weapons_ = true;
    std::optional<Options> built_for_;
    std::vector<std::vector<Position>> tables_;  // per distinct ship length
    std::vector<int> table_of_;                  // per ship: its index in tables_
    EnemyKnowledge k_;
    // Per ship: the placements still possible. Kept between shots of one game and narrowed.
    std::vector<std::vector<Candidate>> valid_;
    bool fresh_ = true;
    TieOrder order_;  // drawn each game: equally good cells go in this order (tie_order.h)
    int last_seat_ = -1;
    Bitboard last_fired_;
    Bitboard last_hits_;
    std::vector<double> scale_;      // per ship: 1 / number of valid placements
    std::vector<Bitboard> certain_;  // per ship: cells it certainly covers
    std::array<double, kMaxCells> density_{};
    std::vector<int> ties_;
};

}  // namespace broadside::classic

#pragma once
// A classic/Salvo bot. It sees one seat's Observation and nothing else.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/fleet_sampler.h"
#include "core/rng.h"
#include "games/classic/codec.h"
#include "games/classic/observation.h"

namespace broadside::classic {

// What a finished game makes public to one seat, for bots that learn over a series of games
// against the same opponent. After game over both fleets are public (the match record reveals
// them), and every shot was public the moment it was fired.
struct GameEnd {
    const Options* options = nullptr;    // the game's options (valid during the call only)
    std::vector<Placement> enemy_fleet;  // the opponent's layout, fleet order; empty if none
    std::vector<Cell> enemy_shots;       // the cells the opponent fired at this seat, in order
    std::vector<Placement> own_fleet;    // this seat's own layout (what those shots met)
};

class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string name() const = 0;

    // Called before each game, so that bots keeping per-game memory can forget it.
    virtual void new_game() {}

    // Called after each game with what the game revealed. Consecutive games against the same
    // opponent form a series; bots that learn the opponent's habits keep them until
    // new_series(). Bots that do not learn ignore both.
    virtual void end_game(const GameEnd& end) { (void)end; }
    virtual void new_series() {}

    // A whole fleet, one placement per ship in fleet order. The default is exactly uniform over
    // all legal layouts (rejection sampling; see core/fleet_sampler.h).
    virtual std::vector<Placement> place(const Observation& obs, Rng& rng);

    // Exactly obs.shots_due() different cells not yet fired at.
    virtual void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) = 0;

    // One whole turn, for games with the optional weapons: a FireAction, a WeaponAction, or
    // (after an Experimental Weapon's roll) a BlastAction. The default never uses a weapon: it
    // fires with shoot(), and names a blast of cells not yet fired at when it must.
    virtual Action decide(const Observation& obs, Rng& rng);

protected:
    // A sampler for the observation's rules, built once and reused while the rules stay the same.
    const FleetSampler& sampler_for(const Observation& obs);

private:
    std::optional<FleetSampler> sampler_;
    // What the sampler was built for: it depends only on the board, no_touch and the ships'
    // lengths, and comparing those is much cheaper than comparing whole Options (ship names are
    // strings) before every placement.
    BoardSize sampler_board_{0, 0};
    bool sampler_no_touch_ = false;
    std::vector<int> sampler_lengths_;
    std::vector<Placement> layout_;  // reused by place(), so sampling allocates nothing
};

// Places uniformly at random, shoots uniformly at random among cells not yet fired at.
class RandomBot final : public Bot {
public:
    std::string name() const override { return "random"; }
    void new_game() override { fresh_ = true; }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override;

private:
    [[gnu::noinline]] void shoot_general(const Observation& obs, Rng& rng, std::vector<Cell>& out);
    [[gnu::noinline]] void reshuffle(const Observation& obs, Rng& rng);
    // Cell indices (a board has at most 676 cells) rather than whole cells: the per-game shuffle
    // moves 2 bytes per swap instead of 12.
    std::vector<std::uint16_t> order_;  // a random permutation of the open cells, consumed in order
    std::size_t next_ = 0;
    std::vector<Cell> cell_of_;  // cell_of_[i] is the cell of index i on `board_`
    BoardSize board_{0, 0};      // the board `cell_of_` describes
    bool fresh_ = true;          // a new game: draw a new permutation
};

}  // namespace broadside::classic

#pragma once
// A classic/Salvo bot. It sees one seat's Observation and nothing else.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/fleet_sampler.h"
#include "core/rng.h"
#include "games/classic/observation.h"

namespace broadside::classic {

class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string name() const = 0;

    // Called before each game, so that bots keeping per-game memory can forget it.
    virtual void new_game() {}

    // A whole fleet, one placement per ship in fleet order. The default is exactly uniform over
    // all legal layouts (rejection sampling; see core/fleet_sampler.h).
    virtual std::vector<Placement> place(const Observation& obs, Rng& rng);

    // Exactly obs.shots_due() different cells not yet fired at.
    virtual void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) = 0;

protected:
    // A sampler for the observation's rules, built once and reused while the rules stay the same.
    const FleetSampler& sampler_for(const Observation& obs);

private:
    std::optional<FleetSampler> sampler_;
    std::optional<Options> sampler_options_;
};

// Places uniformly at random, shoots uniformly at random among cells not yet fired at.
class RandomBot final : public Bot {
public:
    std::string name() const override { return "random"; }
    void new_game() override { fresh_ = true; }
    void shoot(const Observation& obs, Rng& rng, std::vector<Cell>& out) override;

private:
    struct OpenCell {
        int index;
        Cell cell;
    };
    [[gnu::noinline]] void reshuffle(const Observation& obs, Rng& rng);
    std::vector<OpenCell> order_;  // a random permutation of the open cells, consumed in order
    std::size_t next_ = 0;
    std::vector<OpenCell> every_cell_;  // every cell of `board_`, in index order
    BoardSize board_{0, 0};             // the board `every_cell_` describes
    bool fresh_ = true;                 // a new game: draw a new permutation
};

}  // namespace broadside::classic

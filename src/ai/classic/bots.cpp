#include "ai/classic/bots.h"

#include "ai/classic/best_bot.h"
#include "ai/classic/density_bot.h"
#include "ai/classic/hunt_bot.h"
#include "ai/classic/placement.h"

namespace broadside::classic {

std::vector<std::string> bot_names() {
    return {"random",    "hunt",   "density",    "density-plain", "best",
            "best-fast", "border", "sequential", "best-counter",  "best-salvo"};
}
std::string default_bot_name() {
    return "best";
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name) {
    if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
    if (name == "hunt") return std::unique_ptr<Bot>(std::make_unique<HuntBot>());
    if (name == "density") return std::unique_ptr<Bot>(std::make_unique<DensityBot>());
    // 3,000 fleets a shot with Rao-Blackwellised chances (docs/ai.md); best-fast draws 300 and
    // answers in about a tenth of the time.
    if (name == "best") return std::unique_ptr<Bot>(std::make_unique<BestBot>(3000, "best"));
    if (name == "best-fast") {
        return std::unique_ptr<Bot>(std::make_unique<BestBot>(300, "best-fast"));
    }
    // `best` expecting an opponent that places like `best` (docs/ai.md, "Session 11").
    if (name == "best-counter") {
        auto bot = std::make_unique<BestBot>(3000, "best-counter");
        bot->set_expected_placer_fleets(BestBot::kExpectedPlacerFleets);
        return std::unique_ptr<Bot>(std::move(bot));
    }
    // `best` with Salvo volleys planned by information while it finishes a ship it has hit
    // (docs/ai.md, "Session 14"); its hunting volleys and single shots are best's.
    if (name == "best-salvo") {
        auto bot = std::make_unique<BestBot>(3000, "best-salvo");
        bot->set_volley_planner(BestBot::VolleyPlanner::kByInformationWhileFinishing);
        return std::unique_ptr<Bot>(std::move(bot));
    }
    // Places every ship along the edge (a habit for `best` to learn); shoots like `density`.
    if (name == "border") return std::unique_ptr<Bot>(std::make_unique<BorderBot>());
    // Places one ship at a time, the way most programs do (not uniform over layouts).
    if (name == "sequential") return std::unique_ptr<Bot>(std::make_unique<SequentialBot>());
    if (name == "density-plain") return std::unique_ptr<Bot>(std::make_unique<DensityBot>(false));
    std::string names;
    for (const auto& n : bot_names()) names += (names.empty() ? "" : ", ") + n;
    return make_error("unknown_bot", "Unknown bot \"" + name + "\"; the bots are " + names + ".");
}

}  // namespace broadside::classic

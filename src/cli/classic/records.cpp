#include "cli/classic/records.h"

#include <stdexcept>

#include "match/match.h"

namespace broadside::cli {

nlohmann::json classic_record(const std::string& game, const nlohmann::json& options,
                              std::uint64_t seed,
                              const std::vector<std::pair<int, classic::Action>>& actions) {
    auto match = Match::create(game, options, seed);
    if (!match) throw std::runtime_error(match.error().message);
    for (const auto& [seat, action] : actions) {
        auto r = match->act(seat, classic::to_json(action));
        if (!r) throw std::logic_error("record rebuild rejected an action: " + r.error().message);
    }
    return match->record_unchecked();
}

}  // namespace broadside::cli

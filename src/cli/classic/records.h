#pragma once
// Records of games played through the typed fast path, rebuilt through the match layer so that
// they carry the same numbered events a protocol match would (and replay checks them).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/classic/codec.h"

namespace broadside::cli {

nlohmann::json classic_record(const std::string& game, const nlohmann::json& options,
                              std::uint64_t seed,
                              const std::vector<std::pair<int, classic::Action>>& actions);

}  // namespace broadside::cli

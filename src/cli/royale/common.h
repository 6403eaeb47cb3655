#pragma once
// Flags shared by `play royale` and `sim royale`: mode, players, starting seat, deck file.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "games/royale/options.h"

namespace broadside::cli {

struct RoyaleFlags {
    std::string mode = "standard";
    int players = 4;
    std::string first = "random";
    std::string deck_file;
};

void add_royale_flags(CLI::App& cmd, RoyaleFlags& flags);
// Validated options (the deck file read and checked here); throws UsageError.
std::shared_ptr<const royale::Options> royale_options(const RoyaleFlags& flags);
nlohmann::json royale_options_json(const RoyaleFlags& flags);

}  // namespace broadside::cli

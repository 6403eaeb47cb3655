#pragma once
// `broadside replay FILE --show`: steps through a game move by move with the same screens as
// `play`, one front end per game family. Each shows a record that Match::replay accepted; once the
// game is over, every seat's board is shown. With `all`, every step is printed without waiting
// for Enter. Returns the exit code.
#include <nlohmann/json.hpp>

#include "cli/console.h"

namespace broadside::cli {

int show_classic_replay(const nlohmann::json& record, Console& console, bool all);  // and salvo
int show_royale_replay(const nlohmann::json& record, Console& console, bool all);
int show_crew_replay(const nlohmann::json& record, Console& console, bool all);
int show_party_replay(const nlohmann::json& record, Console& console, bool all);

}  // namespace broadside::cli

#pragma once
// The built-in classic/Salvo bots by name.
#include <memory>
#include <string>
#include <vector>

#include "ai/classic/bot.h"

namespace broadside::classic {

std::vector<std::string> bot_names();
// The strongest bot, used by default in `play`.
std::string default_bot_name();
Result<std::unique_ptr<Bot>> make_bot(const std::string& name);

}  // namespace broadside::classic

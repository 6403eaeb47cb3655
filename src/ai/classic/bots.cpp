#include "ai/classic/bots.h"


namespace broadside::classic {

std::vector<std::string> bot_names() { return {"random"}; }
std::string default_bot_name() { return "random"; }

Result<std::unique_ptr<Bot>> make_bot(const std::string& name) {
    if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
    std::string names;
    for (const auto& n : bot_names()) names += (names.empty() ? "" : ", ") + n;
    return make_error("unknown_bot", "Unknown bot \"" + name + "\"; the bots are " + names + ".");
}

}  // namespace broadside::classic

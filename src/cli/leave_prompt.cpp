#include "cli/leave_prompt.h"

#include "cli/classic/play_render.h"
#include "cli/play_input.h"

namespace broadside::cli {

bool confirm_leave(Console& console, const std::string& save_path) {
    if (!save_path.empty()) {
        for (const auto& line :
             wrap("The game so far is saved to " + save_path + " if you leave.", 76)) {
            console.out() << "  " << line << "\n";
        }
    }
    auto answer = console.ask("Really leave the game? (yes or no): ");
    return !answer || parse_yes_no(*answer).value_or(false);
}

}  // namespace broadside::cli

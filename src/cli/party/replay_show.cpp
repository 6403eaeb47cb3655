// `replay --show` for the party front end. Not written yet: says so plainly (see the issue's
// notes).
#include "cli/replay_show.h"
#include "cli/common.h"

namespace broadside::cli {

int show_party_replay(const nlohmann::json&, Console&, bool) {
    throw UsageError(
        "replay --show cannot show party games yet; replay without --show checks them.");
}

}  // namespace broadside::cli

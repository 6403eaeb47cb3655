#pragma once
// The header line of every `play` screen (and `join`'s, which draws play's screens).
#include <string>
#include <vector>

#include "cli/classic/play_render.h"

namespace broadside::cli {

// "BROADSIDE  part  |  part  |  ...", on one line when it fits `columns` and on more (each part
// that does not fit on a line of its own) when it does not, as with long names.
std::vector<std::string> screen_header(const std::vector<std::string>& parts, const Style& style,
                                       int columns = 80);

}  // namespace broadside::cli

#pragma once
// The Python object behind broadside.Match, shared by the bindings that take a match.
#include "match/match.h"

namespace broadside::python {

struct MatchHandle {
    Match match;
};

MatchHandle clone_match(const Match& m);

}  // namespace broadside::python

#pragma once
// Engine errors as Python exceptions: broadside.BroadsideError carries the protocol's error code
// (docs/protocol.md, "Errors"), the engine's message and, for a rejected action, the reason.
#include <pybind11/pybind11.h>

#include "core/error.h"

namespace broadside::python {

// Raises the error of a rejected request (`code` as the protocol reports it).
[[noreturn]] void raise_error(const Error& error);
// Raises the error of a rejected action: illegal_action with the game's code as the reason,
// except the codes about who acts, which keep their own (as the protocol engine does).
[[noreturn]] void raise_action_error(const Error& error);

// The value of a Result, or the Python exception.
template <class T>
T value_or_raise(Result<T>&& result) {
    if (!result) raise_error(result.error());
    return std::move(result).value();
}

}  // namespace broadside::python

#include "errors.h"

#include "bindings.h"

#include <pybind11/eval.h>

#include "protocol/engine.h"

namespace py = pybind11;

namespace broadside::python {

namespace {

py::object& error_class() {
    // Lives as long as the module; leaked on purpose so that no Python object is destroyed
    // after the interpreter has finalised.
    static auto* cls = new py::object();
    return *cls;
}

[[noreturn]] void raise(const std::string& code, const std::string& message,
                        const py::object& reason) {
    py::object instance = error_class()(code, message, reason);
    PyErr_SetObject(error_class().ptr(), instance.ptr());
    throw py::error_already_set();
}

}  // namespace

void bind_errors(py::module_& m) {
    // Defined in Python so that it is an ordinary Exception subclass with typed attributes.
    py::dict scope;
    py::exec(R"(
class BroadsideError(Exception):
    """An error from the engine: `code` is stable (docs/protocol.md, "Errors"), `message` is for
    people, `reason` names the broken rule when `code` is "illegal_action"."""

    def __init__(self, code, message, reason=None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.reason = reason
)",
             py::globals(), scope);
    error_class() = scope["BroadsideError"];
    error_class().attr("__module__") = "broadside._engine";
    m.attr("BroadsideError") = error_class();
}

void raise_error(const Error& error) {
    raise(error.code, error.message, py::none());
}

void raise_action_error(const Error& error) {
    if (protocol::is_turn_error(error.code)) raise_error(error);
    raise("illegal_action", error.message, py::str(error.code));
}

}  // namespace broadside::python

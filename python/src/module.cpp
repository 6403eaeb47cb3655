// broadside._engine: the C++ engine for Python. The public package is `broadside`
// (python/broadside/__init__.py), which re-exports this and adds the pure-Python parts.
#include "bindings.h"

PYBIND11_MODULE(_engine, m) {
    m.doc() = "The Broadside engine: matches, built-in bots, batches and solvers.";
    m.attr("__version__") = BROADSIDE_VERSION;
    using namespace broadside::python;
    bind_errors(m);
    bind_registry(m);
    bind_match(m);
    bind_policy(m);
    bind_batch(m);
    bind_solvers(m);
}

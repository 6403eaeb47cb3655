#pragma once
// One function per part of the module, each in its own file; module.cpp calls them in order.
#include <pybind11/pybind11.h>

namespace broadside::python {

void bind_errors(pybind11::module_& m);    // errors.cpp
void bind_registry(pybind11::module_& m);  // registry_binding.cpp: games and bots by name
void bind_match(pybind11::module_& m);     // match_binding.cpp
void bind_policy(pybind11::module_& m);    // policy_binding.cpp: built-in bots as policies
void bind_batch(pybind11::module_& m);     // batch_binding.cpp: N games in C++
void bind_solvers(pybind11::module_& m);   // solvers_binding.cpp: crew solver, party odds

}  // namespace broadside::python

#pragma once
// JSON (the engine's actions, observations, events and records) to Python objects and back:
// objects become dicts, arrays lists, integers ints (64-bit unsigned seeds included).
#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

namespace broadside::python {

pybind11::object to_python(const nlohmann::json& j);
// Raises TypeError naming the first value that has no JSON form.
nlohmann::json to_json(pybind11::handle object);

}  // namespace broadside::python

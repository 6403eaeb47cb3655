// The games and built-in bots by name, from the same registries `hello`, `play --help` and the
// server use.
#include "bindings.h"
#include "json_convert.h"
#include "match/registry.h"
#include "seats/bot_registry.h"

namespace py = pybind11;

namespace broadside::python {

void bind_registry(py::module_& m) {
    m.def(
        "games",
        [] {
            py::list out;
            for (const auto& g : game_registry()) {
                py::dict d;
                d["name"] = g.name;
                d["summary"] = g.summary;
                d["options"] = to_python(g.describe_options());
                out.append(d);
            }
            return out;
        },
        "Every game with its summary and its options (default and allowed values).");
    m.def(
        "bots",
        [](const std::string& game) {
            py::list out;
            for (const auto& b : seats::bots_for(game)) {
                py::dict d;
                d["name"] = b.name;
                d["plays"] = b.plays;
                d["strength"] = b.strength;
                out.append(d);
            }
            return out;
        },
        py::arg("game"), "The built-in bots of a game, with how each plays and how strong it is.");
}

}  // namespace broadside::python

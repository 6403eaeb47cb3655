// broadside.Match: the type-erased match of src/match/ (numbered events, per-seat redaction,
// records and replay), with actions, observations and events as Python dicts.
#include <pybind11/stl.h>

#include "bindings.h"
#include "errors.h"
#include "json_convert.h"
#include "match/match.h"
#include "match_handle.h"

namespace py = pybind11;

namespace broadside::python {

namespace {

MatchHandle create_match(const std::string& game, py::handle options, std::uint64_t seed) {
    const nlohmann::json opts = options.is_none() ? nlohmann::json::object() : to_json(options);
    if (!opts.is_object()) raise_error(make_error("bad_request", "options must be a dict."));
    return MatchHandle{value_or_raise(Match::create(game, opts, seed))};
}

// A seat that exists, or -1 (the spectator) where `spectator_ok`; otherwise bad_seat.
int checked_seat(const Match& m, int seat, bool spectator_ok) {
    if ((spectator_ok && seat == -1) || (seat >= 0 && seat < m.seat_count())) return seat;
    raise_error(make_error("bad_seat", "Seat " + std::to_string(seat) +
                                           " does not exist; seats are 0 to " +
                                           std::to_string(m.seat_count() - 1) + "."));
}

py::list json_list(const std::vector<nlohmann::json>& items) {
    py::list out;
    for (const auto& j : items) out.append(to_python(j));
    return out;
}

}  // namespace

MatchHandle clone_match(const Match& m) {
    // Re-playing seed + actions rebuilds the exact state through the rules themselves, for every
    // game, without a copy constructor per game; its cost grows with the number of actions.
    return MatchHandle{value_or_raise(replay(m.record_unchecked()))};
}

void bind_match(py::module_& m) {
    py::class_<MatchHandle>(m, "Match",
                            "A match of any game: seats act in turn, every event is numbered.")
        .def(py::init(&create_match), py::arg("game"), py::arg("options") = py::none(),
             py::arg("seed") = 0)
        .def_property_readonly("game", [](const MatchHandle& h) { return h.match.game(); })
        .def_property_readonly("options",
                               [](const MatchHandle& h) { return to_python(h.match.options()); })
        .def_property_readonly("seed", [](const MatchHandle& h) { return h.match.seed(); })
        .def_property_readonly("seats", [](const MatchHandle& h) { return h.match.seat_count(); })
        .def_property_readonly("to_act",
                               [](const MatchHandle& h) { return h.match.seats_to_act(); })
        .def_property_readonly("over", [](const MatchHandle& h) { return h.match.is_over(); })
        .def_property_readonly("last_event",
                               [](const MatchHandle& h) { return h.match.last_event_number(); })
        .def_property_readonly("result",
                               [](const MatchHandle& h) { return to_python(h.match.result()); })
        .def(
            "observe",
            [](const MatchHandle& h, int seat) {
                return to_python(h.match.observation(checked_seat(h.match, seat, true)));
            },
            py::arg("seat"), "What `seat` may know now (-1: a spectator's public view).")
        .def(
            "legal",
            [](const MatchHandle& h, int seat) {
                return to_python(h.match.legal_actions(checked_seat(h.match, seat, false)));
            },
            py::arg("seat"), "The seat's legal actions now, as in the protocol, or None.")
        .def(
            "act",
            [](MatchHandle& h, int seat, py::handle action) {
                const nlohmann::json a = to_json(action);
                if (!a.is_object())
                    raise_error(make_error("bad_request", "action must be a dict."));
                auto events = h.match.act(seat, a);
                if (!events) raise_action_error(events.error());
                return json_list(*events);
            },
            py::arg("seat"), py::arg("action"),
            "Applies an action; returns the new events as that seat sees them.")
        .def(
            "events",
            [](const MatchHandle& h, int seat, std::int64_t after) {
                return json_list(h.match.events_for(checked_seat(h.match, seat, true), after));
            },
            py::arg("seat"), py::arg("after") = 0,
            "Every event numbered above `after`, as `seat` sees it.")
        .def(
            "record",
            [](const MatchHandle& h) { return to_python(value_or_raise(h.match.record())); },
            "The full record with every secret; only once the match is over.")
        .def(
            "clone", [](const MatchHandle& h) { return clone_match(h.match); },
            "An independent copy in the same state (for search).")
        .def("__copy__", [](const MatchHandle& h) { return clone_match(h.match); })
        .def("__deepcopy__", [](const MatchHandle& h, py::handle) { return clone_match(h.match); })
        .def("__repr__", [](const MatchHandle& h) {
            return "<broadside.Match " + h.match.game() +
                   " seed=" + std::to_string(h.match.seed()) +
                   " events=" + std::to_string(h.match.last_event_number()) +
                   (h.match.is_over() ? " over>" : ">");
        });

    m.def(
        "replay",
        [](py::handle record) { return MatchHandle{value_or_raise(replay(to_json(record)))}; },
        py::arg("record"),
        "Re-runs a record and checks every event; raises replay_mismatch on a difference.");
}

}  // namespace broadside::python

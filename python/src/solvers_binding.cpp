// The exact solvers: the dice game's optimal turn (as `broadside solve crew`) and the party
// game's odds (as `broadside solve party`). Exact values come back as fractions.Fraction.
#include <pybind11/stl.h>

#include "bindings.h"
#include "core/stats.h"
#include "errors.h"
#include "games/crew/solver.h"
#include "games/party/odds.h"

namespace py = pybind11;

namespace broadside::python {

namespace {

py::object fraction(const crew::Rational& r) {
    // 128-bit parts, through their decimal text: Python integers have no width.
    static const py::object kFraction = py::module_::import("fractions").attr("Fraction");
    const py::object num = py::int_(py::str(crew::to_string(r.num())));
    const py::object den = py::int_(py::str(crew::to_string(r.den())));
    return kFraction(num, den);
}

py::dict crew_solution(const std::string& rule_name) {
    const auto rule = value_or_raise(crew::parse_reroll(rule_name));
    const auto s = crew::solve(rule);
    py::list distribution;
    for (const auto& p : s.distribution) distribution.append(fraction(p));
    // The best choice for each crew with throws left, as `solve crew` prints it.
    py::dict table;
    for (int t = 1; t < crew::kThrowsPerTurn; ++t) {
        for (int a = 1; a <= 6; ++a) {
            for (int b = a; b <= 6; ++b) {
                table[py::make_tuple(t, a, b)] = crew::describe(s.plan.best({a, b}, t, rule));
            }
        }
    }
    py::dict d;
    d["rule"] = crew::to_string(rule);
    d["expected_score"] = fraction(s.expected_score);
    d["qualify_probability"] = fraction(s.qualify_probability);
    d["distribution"] = distribution;
    d["choices"] = table;
    return d;
}

py::dict party_odds(int players) {
    if (players < 1) raise_error(make_error("bad_option", "players must be at least 1."));
    py::list afloat;
    for (auto count : party::afloat_count_sets()) afloat.append(count);
    py::dict d;
    d["unfired_sets"] = party::kUnfiredSets;
    d["afloat_sets"] = afloat;  // index k: the unfired sets leaving exactly k ships afloat
    d["expected_afloat"] = party::expected_afloat();
    d["tie_probability_independent"] = party::tie_probability_independent(players);
    return d;
}

py::dict party_tie_simulated(int players, std::int64_t trials, std::uint64_t seed) {
    if (players < 1 || trials < 1) {
        raise_error(make_error("bad_option", "players and trials must be at least 1."));
    }
    party::TieEstimate e;
    {
        py::gil_scoped_release release;
        Rng rng(seed);
        e = party::tie_probability_simulated(players, trials, rng);
    }
    py::dict d;
    d["trials"] = e.trials;
    d["ties"] = e.ties;
    d["probability"] = e.probability;
    d["ci"] = py::make_tuple(e.ci.low, e.ci.high);
    return d;
}

}  // namespace

void bind_solvers(py::module_& m) {
    m.def("crew_solution", &crew_solution, py::arg("crew_reroll") = "each",
          "The dice game's turn solved exactly: expected score, chance of 6-5-4, the score "
          "distribution and the best choice for each crew (throws left, low die, high die).");
    m.def("party_odds", &party_odds, py::arg("players") = 2,
          "The party game's exact odds: ships afloat after 30 torpedoes, and the chance of a tie "
          "for the most if the players' counts were independent.");
    m.def("party_tie_simulated", &party_tie_simulated, py::arg("players"), py::arg("trials"),
          py::arg("seed") = 1,
          "The chance of a tie for the most among randomly placed fleets, by simulation, with a "
          "95% Wilson interval.");
}

}  // namespace broadside::python

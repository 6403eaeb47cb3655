// broadside.Policy: a built-in bot as a policy. It is the referee's seat agent (src/seats/), so
// it reads only its seat's observation and draws from its own generator, seeded from the match
// seed and the seat exactly as in `referee` and `sim`.
#include <memory>

#include "bindings.h"
#include "errors.h"
#include "json_convert.h"
#include "match_handle.h"
#include "seats/builtin_agent.h"

namespace py = pybind11;

namespace broadside::python {

namespace {

std::string family(const std::string& game) {
    return game == "salvo" ? "classic" : game;
}

class Policy {
public:
    Policy(std::string game, const std::string& name)
        : game_(std::move(game)), agent_(value_or_raise(seats::make_builtin_agent(game_, name))) {}

    std::string name() const { return agent_->describe().substr(std::string("builtin:").size()); }
    const std::string& game() const { return game_; }

    void start(const MatchHandle& h, int seat) {
        check(h, seat);
        agent_->start(h.match, seat, "py");
    }
    py::object act(const MatchHandle& h, int seat) {
        check(h, seat);
        const auto to_act = h.match.seats_to_act();
        if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) {
            raise_error(
                make_error("not_your_turn", "Seat " + std::to_string(seat) + " may not act now."));
        }
        auto reply = agent_->act(h.match, seat, 0, 0);
        return to_python(reply.action);
    }
    void end(const MatchHandle& h, int seat) {
        check(h, seat);
        if (!h.match.is_over()) raise_error(make_error("match_not_over", "The match is not over."));
        agent_->end(h.match, seat, "py", h.match.result());
    }

private:
    void check(const MatchHandle& h, int seat) const {
        if (family(h.match.game()) != family(game_)) {
            raise_error(make_error("unknown_bot",
                                   "This policy plays " + game_ + ", not " + h.match.game() + "."));
        }
        if (seat < 0 || seat >= h.match.seat_count()) {
            raise_error(
                make_error("bad_seat", "Seat " + std::to_string(seat) + " does not exist."));
        }
    }

    std::string game_;
    std::unique_ptr<protocol::Agent> agent_;
};

}  // namespace

void bind_policy(py::module_& m) {
    py::class_<Policy>(m, "Policy", "A built-in bot of a game, choosing whole actions for a seat.")
        .def(py::init<std::string, const std::string&>(), py::arg("game"), py::arg("name"))
        .def_property_readonly("name", &Policy::name)
        .def_property_readonly("game", &Policy::game)
        .def("start", &Policy::start, py::arg("match"), py::arg("seat"),
             "A new game: seeds the bot's generator from the match seed and the seat.")
        .def("act", &Policy::act, py::arg("match"), py::arg("seat"),
             "The bot's action for `seat`, which must be one of the seats to act.")
        .def("end", &Policy::end, py::arg("match"), py::arg("seat"),
             "The game is over: bots that learn their opponent are told what it revealed.");
}

}  // namespace broadside::python

// broadside.play_batch: N games between built-in bots in C++, with the GIL released, on T
// threads. Game i is seeded derive_seed(seed, i), as in `broadside sim`, so results depend on
// neither the thread count nor how a tournament splits the games into chunks.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>

#include "ai/classic/bots.h"
#include "ai/classic/self_play.h"
#include "bindings.h"
#include "core/stats.h"
#include "errors.h"
#include "json_convert.h"
#include "match/registry.h"
#include "protocol/referee.h"
#include "seats/builtin_agent.h"
#include "seats/parallel_games.h"

namespace py = pybind11;

namespace broadside::python {

namespace {

// What every game reports, one row per game; columns a game does not have stay absent.
struct BatchColumns {
    long games = 0;
    int seats = 0;
    std::vector<std::int16_t> winner;   // -1: a draw or a shared win
    std::vector<std::uint8_t> winners;  // games x seats: 1 for each winning seat
    std::vector<std::int32_t> turns;
    std::vector<std::int32_t> shots;   // games x seats
    std::vector<std::int32_t> totals;  // games x seats (the dice game's scores)
    bool has_turns = false, has_shots = false, has_totals = false;

    void resize() {
        const auto n = static_cast<std::size_t>(games);
        const auto cells = n * static_cast<std::size_t>(seats);
        winner.assign(n, -1);
        winners.assign(cells, 0);
        turns.assign(n, 0);
        shots.assign(cells, 0);
        totals.assign(cells, 0);
    }
    void set_winners(long game, const std::vector<int>& seats_won) {
        const auto row = static_cast<std::size_t>(game) * static_cast<std::size_t>(seats);
        for (int s : seats_won) winners[row + static_cast<std::size_t>(s)] = 1;
        if (seats_won.size() == 1)
            winner[static_cast<std::size_t>(game)] = static_cast<std::int16_t>(seats_won[0]);
    }
};

std::vector<std::string> bots_per_seat(std::vector<std::string> bots, int seats) {
    if (bots.size() == 1) bots.assign(static_cast<std::size_t>(seats), bots[0]);
    if (static_cast<int>(bots.size()) != seats) {
        raise_error(make_error("bad_request", "This game has " + std::to_string(seats) +
                                                  " seats: name one bot for each, or one for "
                                                  "all."));
    }
    return bots;
}

// Classic and Salvo through the typed rules (no JSON): the speed of `sim`.
void play_classic(const std::string& game, const nlohmann::json& options,
                  const std::vector<std::string>& bots, std::uint64_t seed, std::uint64_t first,
                  int threads, BatchColumns& out) {
    auto typed = classic::parse_options(options, game == "salvo");
    const auto opts = std::make_shared<const classic::Options>(value_or_raise(std::move(typed)));
    for (const auto& name : bots) value_or_raise(classic::make_bot(name));
    out.has_turns = out.has_shots = true;
    py::gil_scoped_release release;
    seats::run_games(out.games, threads, [&](int) {
        auto a = std::shared_ptr<classic::Bot>(classic::make_bot(bots[0]).value().release());
        auto b = std::shared_ptr<classic::Bot>(classic::make_bot(bots[1]).value().release());
        return [&, a, b](long i) {
            // Every game is a series of its own: no bot carries what it learnt to the next.
            a->new_series();
            b->new_series();
            const auto s = classic::play_game(
                opts, {a.get(), b.get()}, derive_seed(seed, first + static_cast<std::uint64_t>(i)));
            const auto row = static_cast<std::size_t>(i);
            if (s.winner >= 0) out.set_winners(i, {s.winner});
            out.turns[row] = s.turns;
            out.shots[row * 2] = s.shots[0];
            out.shots[row * 2 + 1] = s.shots[1];
        };
    });
}

// Reads a list of seat numbers in a game's result into `row`.
void copy_per_seat(const nlohmann::json& list, std::int32_t* row, int seats) {
    if (!list.is_array()) return;
    for (int s = 0; s < seats && s < static_cast<int>(list.size()); ++s) {
        if (list[static_cast<std::size_t>(s)].is_number()) {
            row[s] = list[static_cast<std::size_t>(s)].get<std::int32_t>();
        }
    }
}

// Every other game through the referee and the seat agents, exactly as `referee` plays them.
void play_refereed(const std::string& game, const nlohmann::json& options,
                   const std::vector<std::string>& bots, std::uint64_t seed, std::uint64_t first,
                   int threads, BatchColumns& out) {
    for (const auto& name : bots) value_or_raise(seats::make_builtin_agent(game, name));
    const protocol::RefereeConfig config{game, options};
    py::gil_scoped_release release;
    seats::run_games(out.games, threads, [&](int) {
        // The agents of these games keep nothing from one game to the next.
        auto agents = std::make_shared<std::vector<std::unique_ptr<protocol::Agent>>>();
        std::vector<protocol::Agent*> seat_agents;
        for (const auto& name : bots) {
            agents->push_back(seats::make_builtin_agent(game, name).value());
            seat_agents.push_back(agents->back().get());
        }
        return [&, agents, seat_agents](long i) {
            const auto o = protocol::referee_match(
                config, derive_seed(seed, first + static_cast<std::uint64_t>(i)), seat_agents,
                seat_agents, "batch");
            out.set_winners(i, o.winners);
            const auto row = static_cast<std::size_t>(i);
            const auto wide = row * static_cast<std::size_t>(out.seats);
            if (o.result.contains("turns") && o.result["turns"].is_number()) {
                out.turns[row] = o.result["turns"].get<std::int32_t>();
            }
            if (o.result.contains("shots")) {
                copy_per_seat(o.result["shots"], &out.shots[wide], out.seats);
            }
            if (o.result.contains("totals")) {
                copy_per_seat(o.result["totals"], &out.totals[wide], out.seats);
            }
        };
    });
    out.has_turns = game == "royale";
    out.has_shots = game == "royale";
    out.has_totals = game == "crew";
}

template <class T>
py::array_t<T> column(const std::vector<T>& data, long rows, int width) {
    if (width == 0) {
        py::array_t<T> a(static_cast<py::ssize_t>(rows));
        std::copy(data.begin(), data.end(), a.mutable_data());
        return a;
    }
    py::array_t<T> a({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(width)});
    std::copy(data.begin(), data.end(), a.mutable_data());
    return a;
}

py::dict play_batch(const std::string& game, const std::vector<std::string>& bot_names, long games,
                    std::uint64_t seed, py::handle options, int threads, std::uint64_t first) {
    if (games < 0) raise_error(make_error("bad_request", "games must be 0 or more."));
    if (threads < 1) raise_error(make_error("bad_request", "threads must be 1 or more."));
    const auto* def = value_or_raise(find_game(game));
    const nlohmann::json opts = value_or_raise(
        def->normalize_options(options.is_none() ? nlohmann::json::object() : to_json(options)));
    BatchColumns out;
    out.games = games;
    // The seat count depends on the options (Royale's players, the party's players + host).
    out.seats = value_or_raise(Match::create(game, opts, seed)).seat_count();
    const auto bots = bots_per_seat(bot_names, out.seats);
    out.resize();
    if (game == "classic" || game == "salvo") {
        play_classic(game, opts, bots, seed, first, threads, out);
    } else {
        play_refereed(game, opts, bots, seed, first, threads, out);
    }
    py::dict d;
    d["winner"] = column(out.winner, games, 0);
    d["winners"] = column(out.winners, games, out.seats).attr("astype")("bool");
    if (out.has_turns) d["turns"] = column(out.turns, games, 0);
    if (out.has_shots) d["shots"] = column(out.shots, games, out.seats);
    if (out.has_totals) d["totals"] = column(out.totals, games, out.seats);
    return d;
}

}  // namespace

void bind_batch(py::module_& m) {
    m.def("play_batch", &play_batch, py::arg("game"), py::arg("bots"), py::arg("games"),
          py::arg("seed") = 1, py::arg("options") = py::none(), py::arg("threads") = 1,
          py::arg("first") = 0,
          "Plays games first .. first + games - 1 (game i seeded derive_seed(seed, i)) between "
          "built-in bots (one name per seat, or one for all) in C++ and returns their results as "
          "NumPy arrays.");
    m.def("derive_seed", &derive_seed, py::arg("seed"), py::arg("index"),
          "The seed of game `index` of a run seeded `seed` (SplitMix64), as `sim` derives it.");
    m.def(
        "wilson_interval",
        [](std::int64_t successes, std::int64_t trials) {
            const auto ci = wilson_interval(successes, trials);
            return py::make_tuple(ci.low, ci.high);
        },
        py::arg("successes"), py::arg("trials"), "The 95% Wilson interval, as `sim` reports it.");
}

}  // namespace broadside::python

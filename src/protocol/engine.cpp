#include "protocol/engine.h"

#include <set>

#include "match/registry.h"

namespace broadside::protocol {

using nlohmann::json;

namespace {

// Game errors that are about who acts rather than what is done keep their own code; every other
// rejection of an action is "illegal_action" with the game's code as the reason.
const std::set<std::string> kTopLevelCodes{"bad_seat", "not_your_turn", "game_over"};

struct RequestError {
    std::string code;
    std::string message;
};

const json& field(const json& req, const char* name) {
    if (!req.contains(name)) {
        throw RequestError{"bad_request", std::string("This request needs \"") + name + "\"."};
    }
    return req[name];
}

std::string string_field(const json& req, const char* name) {
    const json& v = field(req, name);
    if (!v.is_string())
        throw RequestError{"bad_request", std::string("\"") + name + "\" must be text."};
    return v.get<std::string>();
}

int seat_field(const json& req) {
    const json& v = field(req, "seat");
    if (!v.is_number_integer()) {
        throw RequestError{"bad_seat", "\"seat\" must be a whole number (0 for the first seat)."};
    }
    const auto seat = v.get<std::int64_t>();
    if (seat < -1 || seat > 1'000'000) throw RequestError{"bad_seat", "No such seat."};
    return static_cast<int>(seat);
}

}  // namespace

json error_response(const std::string& code, const std::string& message) {
    return {{"type", "error"}, {"error", {{"code", code}, {"message", message}}}};
}

Engine::Engine(std::function<std::uint64_t()> fresh_seed) : fresh_seed_(std::move(fresh_seed)) {}

json Engine::handle_line(std::string_view line) {
    if (line.size() > kMaxLineBytes) {
        return error_response("line_too_long", "A request line may be at most " +
                                                   std::to_string(kMaxLineBytes) + " bytes.");
    }
    json request = json::parse(line, nullptr, false);
    if (request.is_discarded()) {
        return error_response("malformed_json",
                              "That line is not valid JSON; send one JSON "
                              "object per line.");
    }
    return handle(request);
}

json Engine::hello() const {
    json games = json::array();
    for (const auto& g : game_registry()) {
        games.push_back(
            {{"name", g.name}, {"summary", g.summary}, {"options", g.describe_options()}});
    }
    return {{"type", "hello"},
            {"protocol", kProtocolVersion},
            {"engine", "broadside 0.1.0"},
            {"games", games}};
}

json Engine::create(const json& req) {
    if (matches_.size() >= kMaxMatches) {
        throw RequestError{"too_many_matches", "This engine already hosts " +
                                                   std::to_string(kMaxMatches) +
                                                   " matches; close some first."};
    }
    const std::string game = string_field(req, "game");
    std::uint64_t seed = 0;
    if (!req.contains("seed") || req["seed"].is_null()) {
        seed = fresh_seed_();
    } else if (req["seed"].is_number_unsigned() ||
               (req["seed"].is_number_integer() && req["seed"].get<std::int64_t>() >= 0)) {
        // Parsed text gives unsigned numbers; JSON built in code may hold the same value signed.
        seed = req["seed"].get<std::uint64_t>();
    } else if (req["seed"].is_string()) {
        // Seeds above 2^53 do not survive JavaScript's numbers, so text is accepted too.
        const std::string text = req["seed"].get<std::string>();
        std::size_t used = 0;
        try {
            seed = std::stoull(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != text.size()) {
            throw RequestError{"bad_request",
                               "\"seed\" must be a whole number from 0 to "
                               "18446744073709551615, as a number or as text."};
        }
    } else {
        throw RequestError{"bad_request",
                           "\"seed\" must be a whole number from 0 to "
                           "18446744073709551615, as a number or as text."};
    }
    auto match = Match::create(game, req.value("options", json::object()), seed);
    if (!match) throw RequestError{match.error().code, match.error().message};
    const std::string id = "m" + std::to_string(next_match_++);
    json response{{"type", "created"},
                  {"match", id},
                  {"game", game},
                  {"options", match->options()},
                  {"seed", seed},
                  {"seats", match->seat_count()},
                  {"to_act", match->seats_to_act()}};
    matches_.emplace(id, std::make_unique<Match>(std::move(*match)));
    return response;
}

json Engine::handle(const json& request) {
    json id = nullptr;
    if (request.is_object() && request.contains("id")) id = request["id"];
    json response;
    try {
        if (!request.is_object()) {
            throw RequestError{"bad_request", "A request is a JSON object with a \"cmd\"."};
        }
        const std::string cmd = string_field(request, "cmd");
        auto find_entry = [&] {
            const std::string name = string_field(request, "match");
            auto it = matches_.find(name);
            if (it == matches_.end()) {
                throw RequestError{"unknown_match", "There is no match \"" + name + "\"."};
            }
            return it;
        };
        auto find_match = [&]() -> Match& { return *find_entry()->second; };
        auto checked_seat = [&](const Match& m, bool allow_spectator) {
            const int seat = seat_field(request);
            if ((seat == -1 && !allow_spectator) || seat >= m.seat_count() || seat < -1) {
                throw RequestError{"bad_seat", "Seat " + std::to_string(seat) +
                                                   " does not exist; this match has seats 0 to " +
                                                   std::to_string(m.seat_count() - 1) + "."};
            }
            return seat;
        };
        if (cmd == "hello") {
            response = hello();
        } else if (cmd == "create") {
            response = create(request);
        } else if (cmd == "observe") {
            Match& m = find_match();
            const int seat = checked_seat(m, false);
            response = {{"type", "observation"},
                        {"match", request["match"]},
                        {"seat", seat},
                        {"observation", m.observation(seat)},
                        {"legal", m.legal_actions(seat)},
                        {"to_act", m.seats_to_act()},
                        {"over", m.is_over()},
                        {"last_event", m.last_event_number()}};
        } else if (cmd == "legal") {
            Match& m = find_match();
            const int seat = checked_seat(m, false);
            response = {{"type", "legal"},
                        {"match", request["match"]},
                        {"seat", seat},
                        {"legal", m.legal_actions(seat)},
                        {"to_act", m.seats_to_act()}};
        } else if (cmd == "act") {
            Match& m = find_match();
            const int seat = checked_seat(m, false);
            auto events = m.act(seat, field(request, "action"));
            if (!events) {
                const auto& e = events.error();
                if (kTopLevelCodes.count(e.code)) throw RequestError{e.code, e.message};
                response = error_response("illegal_action", e.message);
                response["error"]["reason"] = e.code;
            } else {
                response = {
                    {"type", "acted"},   {"match", request["match"]},  {"seat", seat},
                    {"events", *events}, {"to_act", m.seats_to_act()}, {"over", m.is_over()}};
                if (m.is_over()) response["result"] = m.result();
            }
        } else if (cmd == "events") {
            Match& m = find_match();
            const int seat = checked_seat(m, true);
            std::int64_t after = 0;
            if (request.contains("after")) {
                if (!request["after"].is_number_integer() ||
                    request["after"].get<std::int64_t>() < 0) {
                    throw RequestError{"bad_request",
                                       "\"after\" must be an event number (0 or more)."};
                }
                after = request["after"].get<std::int64_t>();
            }
            response = {{"type", "events"},
                        {"match", request["match"]},
                        {"seat", seat},
                        {"events", m.events_for(seat, after)},
                        {"last_event", m.last_event_number()}};
        } else if (cmd == "record") {
            Match& m = find_match();
            auto record = m.record();
            if (!record) throw RequestError{record.error().code, record.error().message};
            response = {{"type", "record"}, {"match", request["match"]}, {"record", *record}};
        } else if (cmd == "close") {
            matches_.erase(find_entry());
            response = {{"type", "closed"}, {"match", request["match"]}};
        } else if (cmd == "quit") {
            quit_ = true;
            response = {{"type", "bye"}};
        } else {
            throw RequestError{"unknown_command",
                               "Unknown command \"" + cmd +
                                   "\"; the commands are hello, create, observe, legal, act, "
                                   "events, record, close, quit."};
        }
    } catch (const RequestError& e) {
        response = error_response(e.code, e.message);
    }
    if (!id.is_null()) response["id"] = id;
    return response;
}

}  // namespace broadside::protocol

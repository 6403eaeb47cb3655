#include "protocol/engine.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "match/registry.h"
#include "protocol/fields.h"
#include "protocol/raw_id.h"
#include "protocol/replies.h"

namespace broadside::protocol {

using nlohmann::json;

namespace {

struct RequestError {
    std::string code;
    std::string message;
};

// A field `field_problem` has passed, or null when it was left out (or sent as null).
const json* given(const json& req, const char* name) {
    if (!req.contains(name) || req[name].is_null()) return nullptr;
    return &req[name];
}

std::string dump_line(const json& response) {
    return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The request's "id" as the client wrote it. Parsing rounds an integer beyond 64 bits to a
// double, so the raw text is cut from the line; it is used only when it parses to the very id
// the parser kept (a key spelled with escapes, "\u0069d", is "id" to the parser but not to
// find_raw_id).
std::optional<std::string> echoed_id(const json& request, std::string_view line) {
    if (!request.is_object() || !request.contains("id")) return std::nullopt;
    if (const auto raw = find_raw_id(line)) {
        const json again = json::parse(*raw, nullptr, false);
        if (!again.is_discarded() && again == request["id"]) {
            std::string text(*raw);
            // A carriage return can only be blank space between tokens here (JSON strings
            // cannot hold one unescaped); some readers would take it for a line break.
            std::erase(text, '\r');
            return text;
        }
    }
    return dump_line(request["id"]);
}

}  // namespace

Engine::Engine(std::function<std::uint64_t()> fresh_seed) : fresh_seed_(std::move(fresh_seed)) {}

std::string Engine::handle_line(std::string_view line) {
    if (line.size() > kMaxLineBytes) {
        return dump_line(error_response(
            "line_too_long",
            "A request line may be at most " + std::to_string(kMaxLineBytes) + " bytes."));
    }
    // The JSON parser stops at a NUL byte as if the line ended there; whatever follows it would
    // be dropped unseen, so the whole line is refused instead.
    if (const auto nul = line.find('\0'); nul != std::string_view::npos) {
        return dump_line(error_response(
            "malformed_json", "The line contains a NUL byte (byte " + std::to_string(nul + 1) +
                                  "), which JSON text cannot hold; nothing was done."));
    }
    if (nested_deeper_than(line, kMaxRequestDepth)) {
        return dump_line(error_response("bad_request", "Arrays and objects may nest at most " +
                                                           std::to_string(kMaxRequestDepth) +
                                                           " levels deep; nothing was done."));
    }
    const json request = json::parse(line, nullptr, false);
    if (request.is_discarded()) {
        return dump_line(error_response("malformed_json",
                                        "That line is not valid JSON; send one JSON "
                                        "object per line."));
    }
    const json response = handle(request);
    const auto id = echoed_id(request, line);
    return dump_with_id(response, id ? std::optional<std::string_view>(*id) : std::nullopt);
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
    const std::string game = req["game"].get<std::string>();
    const json* options = given(req, "options");
    const json* seed_given = given(req, "seed");
    const std::uint64_t seed = seed_given != nullptr ? seed_value(*seed_given) : fresh_seed_();
    if (matches_.size() >= kMaxMatches) {
        throw RequestError{"too_many_matches", "This engine already hosts " +
                                                   std::to_string(kMaxMatches) +
                                                   " matches; close some first."};
    }
    auto match = Match::create(game, options != nullptr ? *options : json::object(), seed);
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
    json response;
    try {
        if (!request.is_object()) {
            throw RequestError{"bad_request", "A request is a JSON object with a \"cmd\"."};
        }
        // Every field's type is checked before anything is looked up, so a mistyped field is
        // "bad_request" whether or not the match exists (the same table as the server's).
        if (auto problem = field_problem(Endpoint::kEngine, request)) {
            throw RequestError{"bad_request", *problem};
        }
        const std::string cmd = request["cmd"].get<std::string>();
        auto text_field = [&](const char* name) { return request[name].get<std::string>(); };
        auto seat_field = [&] { return whole_value(request["seat"]); };
        auto find_entry = [&](const std::string& name) {
            auto it = matches_.find(name);
            if (it == matches_.end()) {
                throw RequestError{"unknown_match", "There is no match \"" + name + "\"."};
            }
            return it;
        };
        auto find_match = [&](const std::string& name) -> Match& {
            return *find_entry(name)->second;
        };
        auto checked_seat = [&](const Match& m, std::int64_t seat, bool allow_spectator) {
            if ((seat == -1 && !allow_spectator) || seat >= m.seat_count() || seat < -1) {
                throw RequestError{"bad_seat", "Seat " + std::to_string(seat) +
                                                   " does not exist; this match has seats 0 to " +
                                                   std::to_string(m.seat_count() - 1) +
                                                   (allow_spectator ? " (and -1 to watch)." : ".")};
            }
            return static_cast<int>(seat);
        };
        if (cmd == "hello") {
            response = hello();
        } else if (cmd == "create") {
            response = create(request);
        } else if (cmd == "observe") {
            const std::string name = text_field("match");
            const std::int64_t wanted = seat_field();
            Match& m = find_match(name);
            const int seat = checked_seat(m, wanted, true);  // -1: the spectator's public view
            response = observation_reply(m, seat, seat >= 0 ? m.legal_actions(seat) : json(),
                                         m.seats_to_act());
            response["match"] = name;
        } else if (cmd == "legal") {
            const std::string name = text_field("match");
            const std::int64_t wanted = seat_field();
            Match& m = find_match(name);
            const int seat = checked_seat(m, wanted, false);
            response = legal_reply(seat, m.legal_actions(seat), m.seats_to_act());
            response["match"] = name;
        } else if (cmd == "act") {
            const std::string name = text_field("match");
            const std::int64_t wanted = seat_field();
            const json& action = request["action"];
            Match& m = find_match(name);
            const int seat = checked_seat(m, wanted, false);
            auto events = m.act(seat, action);
            if (!events) {
                response = action_refused(events.error().code, events.error().message);
            } else {
                response = acted_reply(m, seat, std::move(*events), m.seats_to_act(), m.is_over());
                response["match"] = name;
            }
        } else if (cmd == "events") {
            const std::string name = text_field("match");
            const std::int64_t wanted = seat_field();
            const json* after_given = given(request, "after");
            const std::int64_t after = after_given != nullptr ? whole_value(*after_given) : 0;
            Match& m = find_match(name);
            const int seat = checked_seat(m, wanted, true);
            response = events_reply(m, seat, after);
            response["match"] = name;
            response["seat"] = seat;
        } else if (cmd == "record") {
            const std::string name = text_field("match");
            auto record = find_match(name).record();
            if (!record) throw RequestError{record.error().code, record.error().message};
            response = {{"type", "record"}, {"match", name}, {"record", *record}};
        } else if (cmd == "close") {
            const std::string name = text_field("match");
            matches_.erase(find_entry(name));
            response = {{"type", "closed"}, {"match", name}};
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
    // Any JSON value, null included, comes back as the request's "id" (handle_line echoes the
    // very text that was sent).
    if (request.is_object() && request.contains("id")) response["id"] = request["id"];
    return response;
}

}  // namespace broadside::protocol

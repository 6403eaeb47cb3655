#include "server/replay_http.h"

#include <charconv>
#include <limits>

#include "match/replay_view.h"
#include "protocol/errors.h"

namespace broadside::server {

namespace {

std::pair<int, std::string> refuse(const std::string& code, const std::string& message) {
    return {400, protocol::error_response(code, message).dump()};
}

// The `seat` of the query string; -1 (the public view) when there is none.
bool seat_of(const std::string& target, int& seat) {
    seat = -1;
    const auto query = target.find('?');
    if (query == std::string::npos) return true;
    const std::string q = target.substr(query + 1);
    const auto at = q.find("seat=");
    if (at == std::string::npos || (at > 0 && q[at - 1] != '&')) return true;
    const char* first = q.data() + at + 5;
    const char* last = q.data() + q.size();
    const char* end = first;
    while (end != last && *end != '&') ++end;
    long long number = 0;
    const auto [ptr, ec] = std::from_chars(first, end, number);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range)) return false;
    // A whole number too large for any seat is a seat the game lacks (`bad_seat`), not a
    // malformed one: it is clamped to one no game has.
    if (ec == std::errc::result_out_of_range || number > std::numeric_limits<int>::max() ||
        number < std::numeric_limits<int>::min()) {
        number = std::numeric_limits<int>::max();
    }
    seat = static_cast<int>(number);
    return true;
}

}  // namespace

bool is_replay_target(std::string_view target) {
    return target.substr(0, target.find('?')) == "/api/replay";
}

std::pair<int, std::string> replay_answer(const std::string& target, const std::string& body) {
    int seat = -1;
    if (!seat_of(target, seat)) {
        return refuse("bad_request", "seat must be a seat number, or -1 for the public view.");
    }
    json record;
    try {
        record = json::parse(body);
    } catch (const json::exception&) {
        return refuse("bad_record", "The body is not JSON: send a Broadside record file.");
    }
    // replay() checks each field's type before reading it; should a check ever be missing, the
    // reading's exception is this request's refusal, not the end of the server's thread.
    try {
        auto view = replay_view(record, seat);
        if (!view) return refuse(view.error().code, view.error().message);
        return {200, view->dump()};
    } catch (const json::exception& e) {
        return refuse("bad_record", std::string("The record could not be read: ") + e.what());
    }
}

}  // namespace broadside::server

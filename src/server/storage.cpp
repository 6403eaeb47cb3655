#include "server/storage.h"

namespace broadside::server {

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string parse_problem(const nlohmann::json::exception& e) {
    std::string what = e.what();
    const auto bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

}  // namespace

void read_json_column(StoredRoom& room, nlohmann::json& into, const std::string& text,
                      const std::string& column) {
    try {
        into = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        if (room.unreadable.empty())
            room.unreadable = column + ": not JSON (" + parse_problem(e) + ")";
    }
}

void read_log_entry(StoredRoom& room, std::int64_t number, const std::string& body) {
    if (!room.unreadable.empty()) return;  // the room is left out: the rest of its log is moot
    const auto expected = static_cast<std::int64_t>(room.log.size()) + 1;
    const std::string entry = "entry " + std::to_string(expected);
    if (number != expected) {
        room.unreadable =
            entry + ": missing (the log goes on at entry " + std::to_string(number) + ")";
        return;
    }
    nlohmann::json parsed;
    read_json_column(room, parsed, body, entry);
    if (room.unreadable.empty()) room.log.push_back(std::move(parsed));
}

}  // namespace broadside::server

#include "protocol/raw_id.h"

#include <cctype>

namespace broadside::protocol {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The end of the string starting at `i` (which is '"'): the index after its closing quote.
std::size_t skip_string(std::string_view s, std::size_t i) {
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\') {
            ++i;
        } else if (s[i] == '"') {
            return i + 1;
        }
    }
    return s.size();
}

// The end of the value starting at `i`: strings, nested containers and scalars.
std::size_t skip_value(std::string_view s, std::size_t i) {
    if (i >= s.size()) return i;
    if (s[i] == '"') return skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == '"') {
                i = skip_string(s, i);
                continue;
            }
            if (c == '{' || c == '[') ++depth;
            if (c == '}' || c == ']') {
                if (--depth == 0) return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && !is_space(s[i])) ++i;
    return i;
}

}  // namespace

std::optional<std::string_view> find_raw_id(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && is_space(s[i])) ++i;
    if (i >= s.size() || s[i] != '{') return std::nullopt;
    ++i;
    std::optional<std::string_view> found;
    while (i < s.size()) {
        while (i < s.size() && (is_space(s[i]) || s[i] == ',')) ++i;
        if (i >= s.size() || s[i] != '"') break;
        const std::size_t key_end = skip_string(s, i);
        const std::string_view key = s.substr(i, key_end - i);
        i = key_end;
        while (i < s.size() && (is_space(s[i]) || s[i] == ':')) ++i;
        const std::size_t value_end = skip_value(s, i);
        // The last duplicate wins, as it does for the parser.
        if (key == "\"id\"") found = s.substr(i, value_end - i);
        i = value_end;
    }
    return found;
}

std::string dump_with_id(const nlohmann::json& response, std::optional<std::string_view> raw) {
    if (raw && response.is_object() && response.contains("id")) {
        nlohmann::json copy = response;
        copy.erase("id");
        return dump_with_id(copy, raw);
    }
    // Invalid UTF-8 (say, a truncated message) is replaced rather than thrown on: every request
    // gets its one answer.
    std::string text = response.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (!raw || text.size() < 2 || text[0] != '{') return text;
    std::string id = "\"id\":" + std::string(*raw);
    if (text.size() > 2) id += ",";
    text.insert(1, id);
    return text;
}

// Whether arrays and objects nest deeper than `limit` anywhere in `text` (strings skipped; the
// text need not be valid JSON).
bool nested_deeper_than(std::string_view text, std::size_t limit) {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}

}  // namespace broadside::protocol

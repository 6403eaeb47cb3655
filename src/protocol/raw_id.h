#pragma once
// A request's "id" echoed exactly as the client wrote it. Parsing would turn an integer beyond
// 64 bits into a rounded double, and 1.0 into 1; a client matching answers to questions must get
// back the very text it sent, so the id is cut out of the raw line instead.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace broadside::protocol {

// The raw text of the top-level "id" member's value in `line`, a JSON object that parsed
// successfully; nullopt when it has no "id".
std::optional<std::string_view> find_raw_id(std::string_view line);

// `response` serialised with `"id": raw` as its first member (when `raw` is given).
std::string dump_with_id(const nlohmann::json& response, std::optional<std::string_view> raw);

// Whether arrays and objects nest deeper than `limit` anywhere in `text` (strings skipped; the
// text need not be valid JSON). nlohmann::json copies and destroys recursively, so a request of a
// few hundred kilobytes nested all the way down would overflow the stack: such lines are refused
// before they are parsed (found by fuzz/).
bool nested_deeper_than(std::string_view text, std::size_t limit);
inline constexpr std::size_t kMaxRequestDepth = 64;

}  // namespace broadside::protocol

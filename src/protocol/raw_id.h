#pragma once
// A request's "id" echoed exactly as the client wrote it. Parsing would turn an integer beyond
// 64 bits into a rounded double, and 1.0 into 1; a client matching answers to questions must get
// back the very text it sent, so the id is cut out of the raw line instead.
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

}  // namespace broadside::protocol

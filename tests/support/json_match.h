#pragma once
// Documented examples against real answers: every field the document shows must be in the
// answer with that value (the document may leave fields out); arrays match element-wise and
// have the same length. With `bindings`, a text "<name>" in the document stands for a value
// the server chose (a room code, a token): the first occurrence binds it, later ones must equal
// it. "<any>" matches anything.
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::testing {

bool json_matches(const nlohmann::json& expected, const nlohmann::json& actual, std::string& where,
                  std::map<std::string, nlohmann::json>* bindings = nullptr);

// `text` with every "<name>" bound in `bindings` replaced by its value's text.
std::string substitute(std::string text, const std::map<std::string, nlohmann::json>& bindings);

}  // namespace broadside::testing

#include "support/json_match.h"

namespace broadside::testing {

using nlohmann::json;

namespace {

bool is_placeholder(const json& v) {
    if (!v.is_string()) return false;
    const auto& s = v.get_ref<const std::string&>();
    return s.size() > 2 && s.front() == '<' && s.back() == '>' && s.find(' ') == std::string::npos;
}

}  // namespace

bool json_matches(const json& expected, const json& actual, std::string& where,
                  std::map<std::string, json>* bindings) {
    if (bindings && is_placeholder(expected)) {
        const std::string name = expected.get<std::string>();
        if (name == "<any>") return true;
        auto [it, fresh] = bindings->emplace(name, actual);
        if (!fresh && it->second != actual)
            return where += " (not the " + name + " seen before)", false;
        return true;
    }
    if (expected.is_object()) {
        if (!actual.is_object()) return where += " (not an object)", false;
        for (const auto& [key, value] : expected.items()) {
            if (!actual.contains(key)) return where += "." + key + " (missing)", false;
            std::string inner = where + "." + key;
            if (!json_matches(value, actual[key], inner, bindings)) return where = inner, false;
        }
        return true;
    }
    if (expected.is_array()) {
        if (!actual.is_array() || actual.size() != expected.size()) {
            return where += " (array length)", false;
        }
        for (std::size_t i = 0; i < expected.size(); ++i) {
            std::string inner = where + "[" + std::to_string(i) + "]";
            if (!json_matches(expected[i], actual[i], inner, bindings)) return where = inner, false;
        }
        return true;
    }
    return expected == actual;
}

std::string substitute(std::string text, const std::map<std::string, json>& bindings) {
    for (const auto& [name, value] : bindings) {
        const std::string plain = value.is_string() ? value.get<std::string>() : value.dump();
        for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
            text.replace(at, name.size(), plain);
            at += plain.size();
        }
    }
    return text;
}

}  // namespace broadside::testing

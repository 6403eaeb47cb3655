#include "protocol/fields.h"

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "match/fairness.h"

namespace broadside::protocol {

using nlohmann::json;

namespace {

enum class Kind {
    kText,
    kWhole,
    kBool,
    kObject,
    kList,
    kActionId,
    kNonce,
    kDevice,
    kSeatList,
    kBots,
    kTokenList,
    kSeed,
    kEventNumber
};

struct Rule {
    const char* name;
    Kind kind;
    bool required = false;
};

using Rules = std::map<std::string, std::vector<Rule>>;

const Rules& engine_rules() {
    static const Rules rules{
        {"create",
         {{"game", Kind::kText, true}, {"options", Kind::kObject}, {"seed", Kind::kSeed}}},
        {"observe", {{"match", Kind::kText, true}, {"seat", Kind::kWhole, true}}},
        {"legal", {{"match", Kind::kText, true}, {"seat", Kind::kWhole, true}}},
        {"act",
         {{"match", Kind::kText, true},
          {"seat", Kind::kWhole, true},
          {"action", Kind::kObject, true}}},
        {"events",
         {{"match", Kind::kText, true},
          {"seat", Kind::kWhole, true},
          {"after", Kind::kEventNumber}}},
        {"record", {{"match", Kind::kText, true}}},
        {"close", {{"match", Kind::kText, true}}},
    };
    return rules;
}

// Digits only: stoull would also take leading blanks and a sign.
bool is_seed_text(const std::string& text) {
    if (text.empty() || text.size() > 20 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return false;
    }
    try {
        std::stoull(text);
    } catch (const std::exception&) {
        return false;  // beyond 2^64 - 1
    }
    return true;
}

const Rules& lobby_rules() {
    static const Rules rules{
        {"hello", {{"protocol", Kind::kWhole, true}}},
        {"create",
         {{"game", Kind::kText, true},
          {"options", Kind::kObject},
          {"name", Kind::kText},
          {"nonce", Kind::kNonce},
          {"seat", Kind::kWhole},
          {"bots", Kind::kBots},
          {"public", Kind::kBool}}},
        {"quick", {{"game", Kind::kText, true}, {"name", Kind::kText}, {"nonce", Kind::kNonce}}},
        {"my_rooms", {{"tokens", Kind::kTokenList, true}}},
    };
    return rules;
}

const Rules& room_rules() {
    static const Rules rules{
        {"hello",
         {{"protocol", Kind::kWhole, true},
          {"token", Kind::kText},
          {"after", Kind::kEventNumber},
          {"quiet", Kind::kBool}}},
        {"join",
         {{"name", Kind::kText},
          {"seat", Kind::kWhole},
          {"nonce", Kind::kNonce},
          {"device", Kind::kDevice}}},
        {"nonce", {{"nonce", Kind::kNonce, true}}},
        {"add_bot", {{"seat", Kind::kWhole}, {"level", Kind::kText}, {"bot", Kind::kText}}},
        {"remove", {{"seat", Kind::kWhole, true}}},
        {"start", {{"fill", Kind::kBool}}},
        {"act", {{"action_id", Kind::kActionId, true}, {"action", Kind::kObject, true}}},
        {"events", {{"after", Kind::kEventNumber}}},
        {"lock", {{"locked", Kind::kBool}}},
        {"names", {{"seats", Kind::kSeatList, true}}},
    };
    return rules;
}

bool fits(Kind kind, const json& v) {
    switch (kind) {
        case Kind::kText: return v.is_string();
        case Kind::kWhole: return v.is_number_integer();  // unsigned integers included
        case Kind::kBool: return v.is_boolean();
        case Kind::kObject: return v.is_object();
        case Kind::kList: return v.is_array();
        case Kind::kActionId:
            return v.is_number_integer() ||
                   (v.is_string() && !v.get_ref<const std::string&>().empty() &&
                    v.get_ref<const std::string&>().size() <= 64);
        case Kind::kNonce:
            return v.is_string() && !v.get_ref<const std::string&>().empty() &&
                   match::is_nonce(v.get_ref<const std::string&>());
        case Kind::kDevice:
            return v.is_string() && !v.get_ref<const std::string&>().empty() &&
                   v.get_ref<const std::string&>().size() <= 64;
        case Kind::kSeatList: return v.is_array() && v.size() <= 200;
        case Kind::kBots:
            if (!v.is_array()) return false;
            for (const auto& bot : v) {
                if (!bot.is_object() || !bot.contains("seat") || !bot["seat"].is_number_integer())
                    return false;
                for (const char* key : {"level", "bot"}) {
                    if (bot.contains(key) && !bot[key].is_null() && !bot[key].is_string())
                        return false;
                }
            }
            return true;
        case Kind::kTokenList:
            if (!v.is_array() || v.size() > 200) return false;
            for (const auto& held : v) {
                if (!held.is_object() || !held.contains("room") || !held["room"].is_string() ||
                    !held.contains("token") || !held["token"].is_string())
                    return false;
            }
            return true;
        case Kind::kSeed:
            if (v.is_number_unsigned()) return true;
            if (v.is_number_integer()) return v.get<std::int64_t>() >= 0;
            return v.is_string() && is_seed_text(v.get_ref<const std::string&>());
        case Kind::kEventNumber:
            return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
    }
    return false;
}

std::string what(Kind kind) {
    switch (kind) {
        case Kind::kText: return "text";
        case Kind::kWhole: return "a whole number (7, not \"7\" or 7.5)";
        case Kind::kBool: return "true or false";
        case Kind::kObject: return "a JSON object";
        case Kind::kList: return "a list";
        case Kind::kActionId:
            return "text of 1 to 64 bytes or a whole number, unique for your seat (so that "
                   "a resent action is never applied twice)";
        case Kind::kNonce: return "1 to 64 hexadecimal digits";
        case Kind::kDevice: return "text of 1 to 64 bytes";
        case Kind::kSeatList: return "a list of up to 200 seat numbers";
        case Kind::kBots:
            return "a list like [{\"seat\": 1, \"level\": \"hard\"}] (each bot: a whole-number "
                   "\"seat\", and a \"level\" or a \"bot\" name as text)";
        case Kind::kTokenList:
            return "a list of up to 200 {\"room\": CODE, \"token\": TOKEN} (both text), the "
                   "seat tokens you hold";
        case Kind::kSeed:
            return "a whole number from 0 to 18446744073709551615, as a number or as text";
        case Kind::kEventNumber: return "an event number (0 or more)";
    }
    return "";
}

}  // namespace

std::optional<std::string> field_problem(Endpoint where, const json& request) {
    if (!request.is_object()) return "Each message is one JSON object with a \"cmd\" (text).";
    if (!request.contains("cmd") || !request["cmd"].is_string()) {
        return "Each message is one JSON object with a \"cmd\" (text).";
    }
    const auto& rules = where == Endpoint::kEngine  ? engine_rules()
                        : where == Endpoint::kLobby ? lobby_rules()
                                                    : room_rules();
    const auto it = rules.find(request["cmd"].get<std::string>());
    if (it == rules.end()) return std::nullopt;
    for (const auto& rule : it->second) {
        const bool given = request.contains(rule.name) && !request[rule.name].is_null();
        if (!given) {
            if (rule.required) {
                return "\"" + it->first + "\" needs \"" + rule.name + "\": " + what(rule.kind) +
                       ".";
            }
            continue;
        }
        if (!fits(rule.kind, request[rule.name])) {
            return "\"" + std::string(rule.name) + "\" must be " + what(rule.kind) + ".";
        }
    }
    return std::nullopt;
}

std::int64_t whole_value(const json& field) {
    if (field.is_number_unsigned() &&
        field.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return std::numeric_limits<std::int64_t>::max();
    }
    return field.get<std::int64_t>();
}

std::uint64_t seed_value(const json& field) {
    // Parsed text gives unsigned numbers; JSON built in code may hold the same value signed.
    if (field.is_number()) return field.get<std::uint64_t>();
    return std::stoull(field.get<std::string>());
}

}  // namespace broadside::protocol

#include "server/room_log.h"

#include <limits>
#include <type_traits>

namespace broadside::server {

using nlohmann::json;

namespace entries {

RoomEntry join(int member, std::string name, int seat, std::string token_sha256, std::string nonce,
               bool owner, std::optional<std::string> device_sha256) {
    entry::Join e;
    e.member = member;
    e.name = std::move(name);
    e.seat = seat;
    e.token_sha256 = std::move(token_sha256);
    e.nonce = std::move(nonce);
    e.owner = owner;
    e.device_sha256 = std::move(device_sha256);
    return e;
}

RoomEntry sit(int member, int seat, std::string nonce) {
    entry::Sit e;
    e.member = member;
    e.seat = seat;
    e.nonce = std::move(nonce);
    return e;
}

RoomEntry nonce(int member, std::string nonce) {
    entry::Nonce e;
    e.member = member;
    e.nonce = std::move(nonce);
    return e;
}

RoomEntry bot(int seat, std::string bot) {
    entry::Bot e;
    e.seat = seat;
    e.bot = std::move(bot);
    return e;
}

RoomEntry open(int seat) {
    entry::Open e;
    e.seat = seat;
    return e;
}

RoomEntry leave(int member) {
    entry::Leave e;
    e.member = member;
    return e;
}

RoomEntry start(std::uint64_t seed, std::vector<std::string> nonces) {
    entry::Start e;
    e.seed = seed;
    e.nonces = std::move(nonces);
    return e;
}

RoomEntry act(int seat, json action, json action_id, std::optional<std::string> stand_in) {
    entry::Act e;
    e.seat = seat;
    e.action = std::move(action);
    e.action_id = std::move(action_id);
    e.stand_in = std::move(stand_in);
    return e;
}

RoomEntry resign(int seat) {
    entry::Resign e;
    e.seat = seat;
    return e;
}

RoomEntry timeout(int seat) {
    entry::Timeout e;
    e.seat = seat;
    return e;
}

RoomEntry claim(int seat) {
    entry::Claim e;
    e.seat = seat;
    return e;
}

RoomEntry takeover(int seat, std::string bot, std::optional<std::string> why) {
    entry::Takeover e;
    e.seat = seat;
    e.bot = std::move(bot);
    e.why = std::move(why);
    return e;
}

RoomEntry abort(int member) {
    entry::Abort e;
    e.member = member;
    return e;
}

RoomEntry rematch(std::string room) {
    entry::Rematch e;
    e.room = std::move(room);
    return e;
}

RoomEntry seat_player() {
    return entry::SeatPlayer{};
}

RoomEntry lock(bool locked) {
    entry::Lock e;
    e.locked = locked;
    return e;
}

RoomEntry bar(int member) {
    entry::Bar e;
    e.member = member;
    return e;
}

}  // namespace entries

namespace {

// How each kind's fields are written and read, in one place so that the two can never disagree.
// `Io` is a Writer (to JSON; `E` const) or a Reader (from JSON).
template <class Io, class E>
void fields(Io& io, E& e) {
    using T = std::remove_const_t<E>;
    using namespace entry;
    if constexpr (std::is_same_v<T, Join>) {
        io.opt("member", e.member);
        io.req("name", e.name);
        io.req("seat", e.seat);
        io.req("token_sha256", e.token_sha256);
        io.def("nonce", e.nonce);  // missing: "" (as the room has always read it)
        io.def("owner", e.owner);
        io.opt("device_sha256", e.device_sha256);
    } else if constexpr (std::is_same_v<T, Sit>) {
        io.req("member", e.member);
        io.req("seat", e.seat);
        io.def("nonce", e.nonce);
    } else if constexpr (std::is_same_v<T, Nonce>) {
        io.req("member", e.member);
        io.req("nonce", e.nonce);
    } else if constexpr (std::is_same_v<T, Bot>) {
        io.req("seat", e.seat);
        io.req("bot", e.bot);
    } else if constexpr (std::is_same_v<T, Start>) {
        io.seed("seed", e.seed);
        io.def("nonces", e.nonces);
    } else if constexpr (std::is_same_v<T, Act>) {
        io.req("seat", e.seat);
        io.object("action", e.action);
        io.action_id("action_id", e.action_id);
        io.opt("stand_in", e.stand_in);
    } else if constexpr (std::is_same_v<T, Takeover>) {
        io.req("seat", e.seat);
        io.req("bot", e.bot);
        io.opt("why", e.why);
    } else if constexpr (std::is_same_v<T, Open> || std::is_same_v<T, Resign> ||
                         std::is_same_v<T, Timeout> || std::is_same_v<T, Claim>) {
        io.req("seat", e.seat);
    } else if constexpr (std::is_same_v<T, Leave> || std::is_same_v<T, Abort> ||
                         std::is_same_v<T, Bar>) {
        io.req("member", e.member);
    } else if constexpr (std::is_same_v<T, Rematch>) {
        io.req("room", e.room);
    } else if constexpr (std::is_same_v<T, Lock>) {
        io.req("locked", e.locked);
    } else {
        static_assert(std::is_same_v<T, SeatPlayer>, "every kind lists its fields here");
    }
}

template <class T>
constexpr const char* kind_name() {
    using namespace entry;
    if constexpr (std::is_same_v<T, Join>) return "join";
    if constexpr (std::is_same_v<T, Sit>) return "sit";
    if constexpr (std::is_same_v<T, Nonce>) return "nonce";
    if constexpr (std::is_same_v<T, Bot>) return "bot";
    if constexpr (std::is_same_v<T, Open>) return "open";
    if constexpr (std::is_same_v<T, Leave>) return "leave";
    if constexpr (std::is_same_v<T, Start>) return "start";
    if constexpr (std::is_same_v<T, Act>) return "act";
    if constexpr (std::is_same_v<T, Resign>) return "resign";
    if constexpr (std::is_same_v<T, Timeout>) return "timeout";
    if constexpr (std::is_same_v<T, Claim>) return "claim";
    if constexpr (std::is_same_v<T, Takeover>) return "takeover";
    if constexpr (std::is_same_v<T, Abort>) return "abort";
    if constexpr (std::is_same_v<T, Rematch>) return "rematch";
    if constexpr (std::is_same_v<T, SeatPlayer>) return "seat_player";
    if constexpr (std::is_same_v<T, Lock>) return "lock";
    if constexpr (std::is_same_v<T, Bar>) return "bar";
}

struct Writer {
    json& out;
    template <class T>
    void req(const char* key, const T& v) {
        out[key] = v;
    }
    template <class T>
    void def(const char* key, const T& v) {
        out[key] = v;
    }
    template <class T>
    void opt(const char* key, const std::optional<T>& v) {
        if (v) out[key] = *v;
    }
    void seed(const char* key, std::uint64_t v) { out[key] = std::to_string(v); }
    void object(const char* key, const json& v) { out[key] = v; }
    void action_id(const char* key, const json& v) { out[key] = v; }
};

// Reads fields, keeping the first thing wrong (with the field's name) in `problem`.
struct Reader {
    const json& in;
    std::string problem;

    template <class T>
    bool get(const char* key, const json& v, T& into) {
        if constexpr (std::is_same_v<T, std::string>) {
            if (!v.is_string()) return fail(key, "text");
            into = v.get<std::string>();
        } else if constexpr (std::is_same_v<T, bool>) {
            if (!v.is_boolean()) return fail(key, "true or false");
            into = v.get<bool>();
        } else if constexpr (std::is_same_v<T, int>) {
            if (!v.is_number_integer() || v.get<std::int64_t>() < std::numeric_limits<int>::min() ||
                v.get<std::int64_t>() > std::numeric_limits<int>::max()) {
                return fail(key, "a whole number");
            }
            into = v.get<int>();
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            if (!v.is_number_integer()) return fail(key, "a whole number");
            into = v.get<std::int64_t>();
        } else {
            static_assert(std::is_same_v<T, std::vector<std::string>>);
            if (!v.is_array()) return fail(key, "a list of text");
            into.clear();
            for (const auto& item : v) {
                if (!item.is_string()) return fail(key, "a list of text");
                into.push_back(item.get<std::string>());
            }
        }
        return true;
    }
    bool fail(const char* key, const std::string& want) {
        if (problem.empty()) problem = std::string("\"") + key + "\" must be " + want;
        return false;
    }
    template <class T>
    void req(const char* key, T& into) {
        if (!in.contains(key)) {
            if (problem.empty()) problem = std::string("\"") + key + "\" is missing";
            return;
        }
        get(key, in[key], into);
    }
    template <class T>
    void def(const char* key, T& into) {
        if (in.contains(key)) get(key, in[key], into);
    }
    template <class T>
    void opt(const char* key, std::optional<T>& into) {
        if (!in.contains(key)) return;
        T v{};
        if (get(key, in[key], v)) into = std::move(v);
    }
    void seed(const char* key, std::uint64_t& into) {
        std::string text;
        req(key, text);
        if (!problem.empty()) return;
        // Decimal digits of an unsigned 64-bit number, as written by to_json.
        const bool digits = !text.empty() && text.size() <= 20 &&
                            text.find_first_not_of("0123456789") == std::string::npos;
        try {
            if (!digits) throw std::out_of_range(text);
            into = std::stoull(text);
        } catch (const std::exception&) {
            fail(key, "a 64-bit number in decimal digits");
        }
    }
    void object(const char* key, json& into) {
        if (!in.contains(key) || !in[key].is_object()) {
            fail(key, "an object");
            return;
        }
        into = in[key];
    }
    void action_id(const char* key, json& into) {
        if (!in.contains(key)) {
            fail(key, "present (null for a bot's move)");
            return;
        }
        const json& v = in[key];
        if (!v.is_null() && !v.is_string() && !v.is_number_integer()) {
            fail(key, "text, a whole number or null");
            return;
        }
        into = v;
    }
};

template <class T>
Result<RoomEntry> read_as(const json& stored) {
    T e;
    Reader reader{stored, {}};
    fields(reader, e);
    if (stored.contains("at")) reader.get("at", stored["at"], e.at.emplace());
    if (!reader.problem.empty()) {
        return make_error("corrupt_room",
                          std::string("a \"") + kind_name<T>() + "\" entry: " + reader.problem);
    }
    return RoomEntry(std::move(e));
}

template <std::size_t I = 0>
Result<RoomEntry> read_kind(const std::string& kind, const json& stored) {
    if constexpr (I == std::variant_size_v<RoomEntry>) {
        return make_error("corrupt_room", "unknown log entry \"" + kind + "\"");
    } else {
        using T = std::variant_alternative_t<I, RoomEntry>;
        if (kind == kind_name<T>()) return read_as<T>(stored);
        return read_kind<I + 1>(kind, stored);
    }
}

}  // namespace

const char* kind_of(const RoomEntry& entry) {
    return std::visit([](const auto& e) { return kind_name<std::decay_t<decltype(e)>>(); }, entry);
}

std::optional<std::int64_t> time_of(const RoomEntry& entry) {
    return std::visit([](const auto& e) { return e.at; }, entry);
}

void stamp(RoomEntry& entry, std::int64_t at_ms) {
    std::visit(
        [&](auto& e) {
            if (!e.at) e.at = at_ms;
        },
        entry);
}

json to_json(const RoomEntry& entry) {
    json out = json::object();
    std::visit(
        [&](const auto& e) {
            using T = std::decay_t<decltype(e)>;
            out["kind"] = kind_name<T>();
            Writer writer{out};
            fields(writer, e);
            if (e.at) out["at"] = *e.at;
        },
        entry);
    return out;
}

Result<RoomEntry> parse_entry(const json& stored) {
    if (!stored.is_object()) return make_error("corrupt_room", "a log entry must be an object");
    if (stored.contains("v")) {
        const json& v = stored["v"];
        if (!v.is_number_integer() || v.get<std::int64_t>() < 1 ||
            v.get<std::int64_t>() > kRoomLogVersion) {
            return make_error("corrupt_room", "log entry version " + v.dump() +
                                                  " is not one this server reads (it reads up "
                                                  "to " +
                                                  std::to_string(kRoomLogVersion) + ")");
        }
    }
    if (!stored.contains("kind") || !stored["kind"].is_string()) {
        return make_error("corrupt_room", "a log entry needs a \"kind\"");
    }
    return read_kind(stored["kind"].get<std::string>(), stored);
}

}  // namespace broadside::server

#include "match/match.h"

#include <algorithm>

#include "match/registry.h"

namespace broadside {

Result<Match> Match::create(const std::string& game, const json& options, std::uint64_t seed) {
    auto def = find_game(game);
    if (!def) return def.error();
    auto normalized = (*def)->normalize_options(options);
    if (!normalized) return normalized.error();
    Match m;
    m.game_ = *def;
    m.options_ = *normalized;
    m.seed_ = seed;
    m.rng_ = std::make_unique<Rng>(seed);
    m.instance_ = m.game_->create(m.options_, *m.rng_);
    for (auto& e : m.instance_->opening_events()) {
        m.append(std::move(e));
    }
    return m;
}

namespace {

std::string pack(const json& j) {
    const auto bytes = json::to_msgpack(j);
    return {bytes.begin(), bytes.end()};
}

json unpack(std::string_view bytes) {
    return json::from_msgpack(bytes.begin(), bytes.end());
}

}  // namespace

json Match::view_of(const json& content, const json& redacted,
                    const std::optional<std::vector<int>>& audience, const PersonalPart* personal,
                    std::int64_t number, int seat) {
    if (personal) {
        json j = redacted;
        personal->add_to(j, seat);
        j["n"] = number;
        return j;
    }
    const bool sees =
        !audience || std::find(audience->begin(), audience->end(), seat) != audience->end();
    json j = sees ? content : redacted;
    if (!sees) j["redacted"] = true;
    j["n"] = number;
    return j;
}

json Match::view(std::size_t i, int seat) const {
    const auto number = PackedLog::number(i);
    if (const auto* personal = log_.personal(i)) {
        json j = unpack(log_.redacted(i));
        personal->add_to(j, seat);
        j["n"] = number;
        return j;
    }
    // Only the part the seat gets is unpacked.
    if (log_.sees(i, seat)) {
        json j = unpack(log_.content(i));
        j["n"] = number;
        return j;
    }
    json j = unpack(log_.redacted(i));
    j["redacted"] = true;
    j["n"] = number;
    return j;
}

Result<std::vector<json>> Match::act(int seat, const json& action) {
    if (seat < 0 || seat >= seat_count()) {
        return make_error("bad_seat", "Seat " + std::to_string(seat) +
                                          " does not exist; seats "
                                          "are 0 to " +
                                          std::to_string(seat_count() - 1) + ".");
    }
    if (instance_->is_over()) return make_error("game_over", "The match is over.");
    auto events = instance_->act(seat, action, *rng_);
    if (!events) return events.error();
    actions_.push_back({seat, action_bytes_.append(pack(action))});
    std::vector<json> seen;
    for (auto& e : *events) {
        // The acting seat's view is made from the event at hand, before it is packed.
        seen.push_back(view_of(e.content, e.redacted, e.audience, e.personal.get(),
                               last_event_number() + 1, seat));
        append(std::move(e));
    }
    return seen;
}

void Match::append(GameEvent e) {
    const auto index = static_cast<std::int64_t>(log_.size());
    if (!e.collapsible) {
        uncollapsible_.push_back(index);
    } else if (e.audience) {
        for (int seat : *e.audience) own_collapsible_[seat].push_back(index);
    }
    log_.push(pack(e.content), pack(e.redacted), e.audience, std::move(e.personal), e.collapsible);
}

// Where the run of events `seat` may receive as one skipped entry, starting at index i (a
// collapsible event it does not see), ends: at the next event that is not collapsible or the
// next collapsible one it does see. Two binary searches, so that ten thousand phones catching
// up after ten thousand placements cost ten thousand small answers, not 10^8 steps.
std::size_t Match::run_end(std::size_t i, int seat) const {
    auto end = log_.size();
    const auto next_open = std::lower_bound(uncollapsible_.begin(), uncollapsible_.end(),
                                            static_cast<std::int64_t>(i));
    if (next_open != uncollapsible_.end()) end = static_cast<std::size_t>(*next_open);
    if (auto own = own_collapsible_.find(seat); own != own_collapsible_.end()) {
        const auto next_own =
            std::lower_bound(own->second.begin(), own->second.end(), static_cast<std::int64_t>(i));
        if (next_own != own->second.end()) {
            end = std::min(end, static_cast<std::size_t>(*next_own));
        }
    }
    return end;
}

std::vector<json> Match::events_for(int seat, std::int64_t after) const {
    std::vector<json> out;
    const auto end = log_.size();
    for (auto i = static_cast<std::size_t>(std::max<std::int64_t>(after, 0)); i < end;) {
        if (log_.collapsible(i) && !log_.sees(i, seat)) {
            // A run of events this seat may not see, sent as one entry that covers its numbers.
            const auto last = run_end(i, seat) - 1;
            out.push_back({{"n", PackedLog::number(last)},
                           {"type", "skipped"},
                           {"from", PackedLog::number(i)},
                           {"redacted", true}});
            i = last + 1;
            continue;
        }
        out.push_back(view(i, seat));
        ++i;
    }
    return out;
}

bool Match::visible_after(int seat, std::int64_t after) const {
    const auto i = static_cast<std::size_t>(std::max<std::int64_t>(after, 0));
    if (i >= log_.size()) return false;
    if (!log_.collapsible(i) || log_.sees(i, seat)) return true;
    return run_end(i, seat) < log_.size();
}

std::vector<json> Match::full_events(std::int64_t after) const {
    std::vector<json> out;
    for (auto i = static_cast<std::size_t>(std::max<std::int64_t>(after, 0)); i < log_.size();
         ++i) {
        json j = unpack(log_.content(i));
        j["n"] = PackedLog::number(i);
        out.push_back(std::move(j));
    }
    return out;
}

std::pair<int, json> Match::action(std::size_t i) const {
    const auto& a = actions_.at(i);
    return {a.seat, unpack(action_bytes_.view(a.action))};
}

json Match::record_unchecked() const {
    json actions = json::array();
    for (const auto& a : actions_) {
        actions.push_back({{"seat", a.seat}, {"action", unpack(action_bytes_.view(a.action))}});
    }
    json events = json::array();
    for (std::size_t i = 0; i < log_.size(); ++i) {
        json j = unpack(log_.content(i));
        j["n"] = PackedLog::number(i);
        events.push_back(std::move(j));
    }
    return {{"format", "broadside-record"},
            {"version", 1},
            {"game", game_->name},
            {"options", options_},
            {"seed", seed_},
            {"actions", actions},
            {"events", events},
            {"over", instance_->is_over()},
            {"result", instance_->result()},
            {"reveal", instance_->is_over() ? instance_->reveal() : json(nullptr)}};
}

Result<json> Match::record() const {
    if (!instance_->is_over()) {
        return make_error("match_not_over",
                          "The full record is revealed only when the match is "
                          "over.");
    }
    return record_unchecked();
}

Result<Match> replay(const json& record) {
    auto bad = [](const std::string& why) { return make_error("bad_record", why); };
    // Every field is type-checked before it is read: a record comes from anyone (a file, a POST
    // to the server's /api/replay), and reading a field of another type throws. `"format": 1`
    // stopped the whole server that way.
    if (!record.is_object() || !record.contains("format") ||
        record["format"] != "broadside-record") {
        return bad("Not a Broadside record (expected \"format\": \"broadside-record\").");
    }
    // A seed is a non-negative integer; JSON built in code may hold it signed.
    const bool seed_ok =
        record.contains("seed") &&
        (record["seed"].is_number_unsigned() ||
         (record["seed"].is_number_integer() && record["seed"].get<std::int64_t>() >= 0));
    if (!record.contains("game") || !record["game"].is_string() || !seed_ok ||
        !record.contains("actions") || !record["actions"].is_array()) {
        return bad("A record needs \"game\", \"seed\" and \"actions\".");
    }
    if (record.contains("options") && !record["options"].is_object()) {
        return bad("A record's \"options\" must be an object.");
    }
    if (record.contains("events") && !record["events"].is_array()) {
        return bad("A record's \"events\" must be a list.");
    }
    auto m =
        Match::create(record["game"].get<std::string>(), record.value("options", json::object()),
                      record["seed"].get<std::uint64_t>());
    if (!m) return m.error();
    std::size_t index = 0;
    for (const auto& a : record["actions"]) {
        ++index;
        if (!a.is_object() || !a.contains("seat") || !a["seat"].is_number_integer() ||
            !a.contains("action")) {
            return bad("Action " + std::to_string(index) + " needs \"seat\" and \"action\".");
        }
        // Checked before narrowing to int, so that 2^32 does not wrap to seat 0.
        const auto seat = a["seat"].get<std::int64_t>();
        if (seat < 0 || seat >= m->seat_count()) {
            return bad("Action " + std::to_string(index) + " names seat " + std::to_string(seat) +
                       ", which does not exist.");
        }
        auto r = m->act(a["seat"].get<int>(), a["action"]);
        if (!r) {
            return make_error("replay_mismatch",
                              "Action " + std::to_string(index) +
                                  " was rejected on replay: " + r.error().message);
        }
    }
    // What the record says came out of the match must be what comes out of the replay.
    json replayed = m->record_unchecked();
    // A game that ended outside the rules (a server's resignation, forfeit, claim or abort)
    // leaves the match unfinished, and its record reveals every secret as it stood; records
    // written before such records revealed anything say null.
    if (!m->is_over() && record.contains("reveal") && !record["reveal"].is_null()) {
        replayed["reveal"] = m->reveal_now();
    }
    for (const char* key : {"over", "result", "reveal"}) {
        if (record.contains(key) && record[key] != replayed[key]) {
            return make_error("replay_mismatch", std::string("The record's \"") + key +
                                                     "\" differs from the replay's: the record "
                                                     "says " +
                                                     record[key].dump() + ", the replay gives " +
                                                     replayed[key].dump() + ".");
        }
    }
    if (record.contains("events")) {
        const json expected = record["events"];
        const json& actual = replayed["events"];
        const std::size_t n = std::max(expected.size(), actual.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (i >= expected.size() || i >= actual.size() || expected[i] != actual[i]) {
                return make_error(
                    "replay_mismatch",
                    "Event " + std::to_string(i + 1) + " differs: the record says " +
                        (i < expected.size() ? expected[i].dump() : std::string("nothing")) +
                        ", the replay gives " +
                        (i < actual.size() ? actual[i].dump() : std::string("nothing")) + ".");
            }
        }
    }
    return m;
}

}  // namespace broadside

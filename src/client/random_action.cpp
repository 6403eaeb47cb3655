#include "client/random_action.h"

#include <stdexcept>

namespace broadside::client {

using nlohmann::json;

namespace {

json sample(const json& cells, int count, Rng& rng) {
    std::vector<json> pool(cells.begin(), cells.end());
    json out = json::array();
    for (int i = 0; i < count && !pool.empty(); ++i) {
        const auto k = rng.below(static_cast<std::uint32_t>(pool.size()));
        out.push_back(pool[k]);
        pool.erase(pool.begin() + k);
    }
    return out;
}

}  // namespace

json random_action(const json& legal, int seat, Rng& rng, const std::string& game) {
    if (legal.contains("choices")) {  // crew
        const auto& choices = legal["choices"];
        return choices[rng.below(static_cast<std::uint32_t>(choices.size()))];
    }
    if (legal.contains("actions")) {  // royale
        for (const auto& a : legal["actions"]) {
            const std::string type = a["type"];
            if (type == "discard") {
                json cards = sample(a["cards"], a["count"].get<int>(), rng);
                return {{"type", "discard"}, {"cards", cards}};
            }
            if (type == "fire") {
                return {{"type", "fire"},
                        {"cells", sample(legal["cells"], a.value("count", 1), rng)}};
            }
        }
        for (const auto& a : legal["actions"]) {
            if (a["type"] == "roll" || a["type"] == "end") return {{"type", a["type"]}};
        }
        return legal["actions"][0];
    }
    const std::string type = legal.value("type", "");
    if (type == "place" && game != "party" && legal.contains("ships") &&
        legal["ships"][0].is_object()) {
        // Classic: one ship per row, seats on different rows, so the seats' fleets differ.
        json ships = json::array();
        for (std::size_t i = 0; i < legal["ships"].size(); ++i) {
            // Column 2: the examples in the server's own texts use column 1 ("A1 right").
            const char row = static_cast<char>('A' + 2 * i + (seat % 2));
            ships.push_back(std::string(1, row) + "2 right");
        }
        return {{"type", "place"}, {"ships", ships}};
    }
    if (type == "place") {  // party: six ships
        if (seat % 2 == 1) {
            return {{"type", "place"},
                    {"ships",
                     {"A1 right", "A2 right", "A3 right", "A4 right", "A5 right", "A6 right"}}};
        }
        return {{"type", "place"},
                {"ships", {"A1 down", "B1 down", "C1 down", "D1 down", "E1 down", "F1 down"}}};
    }
    if (type == "fire" && legal.contains("cells")) {
        return {{"type", "fire"},
                {"cells", sample(legal["cells"], legal["count"].get<int>(), rng)}};
    }
    if (type == "fire") return {{"type", "fire"}};  // the party host
    throw std::runtime_error("no random action for " + legal.dump());
}

}  // namespace broadside::client

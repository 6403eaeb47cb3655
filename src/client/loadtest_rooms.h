#pragma once
// The rooms a load test made (from the lobby, and by rematch) and how each ended. A run ends
// every one of them before it returns (docs/performance.md, "A load test cleans up"): a room
// left unfinished would count against the server's --max-rooms-per-address for a day and lock
// the person who ran the test out of their own server.
#include <map>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

namespace broadside::client {

class LoadtestRooms {
public:
    void made(const std::string& code) {
        if (code.empty()) return;
        std::lock_guard lock(mutex_);
        rooms_.emplace(code, "");
    }
    // `by`: how it ended (`ended.by` of the server: game, abort, resign, ...).
    void ended(const std::string& code, const std::string& by) {
        if (code.empty()) return;
        std::lock_guard lock(mutex_);
        auto it = rooms_.find(code);
        if (it != rooms_.end() && it->second.empty()) it->second = by.empty() ? "game" : by;
    }
    bool is_over(const std::string& code) const {
        std::lock_guard lock(mutex_);
        auto it = rooms_.find(code);
        return it != rooms_.end() && !it->second.empty();
    }
    int unfinished() const {
        std::lock_guard lock(mutex_);
        int n = 0;
        for (const auto& [code, by] : rooms_) n += by.empty();
        return n;
    }
    // {"made": N, "ended": {"game": n, "abort": n, "resign": n, ...}, "unfinished": n}: the
    // three ways a load test's rooms usually end are always there (0 when none did), so a
    // reader can take them without checking; any other way (`timeout`, `claim`) as it occurs.
    nlohmann::json report() const {
        std::lock_guard lock(mutex_);
        nlohmann::json ended{{"game", 0}, {"abort", 0}, {"resign", 0}};
        int unfinished = 0;
        for (const auto& [code, by] : rooms_) {
            if (by.empty()) {
                ++unfinished;
            } else {
                ended[by] = ended.value(by, 0) + 1;
            }
        }
        return {{"made", rooms_.size()}, {"ended", ended}, {"unfinished", unfinished}};
    }

private:
    mutable std::mutex mutex_;
    std::map<std::string, std::string> rooms_;  // code -> how it ended ("" while it has not)
};

}  // namespace broadside::client

#include "server/failpoint.h"

#ifdef BROADSIDE_FAILPOINTS

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace broadside::server {

namespace {

struct Armed {
    std::string action;   // "exit", "pause=MS" or "fail"
    long from = 1;        // the first time reached (1, 2, ...) at which it fires
    long remaining = -1;  // times left to fire; -1: always
    long reached = 0;
};

// BROADSIDE_FAILPOINT parsed: NAME:ACTION[@K][*N],... (an entry it cannot read is ignored).
std::map<std::string, Armed> parse(const char* value) {
    std::map<std::string, Armed> points;
    std::stringstream list(value ? value : "");
    std::string entry;
    while (std::getline(list, entry, ',')) {
        const auto colon = entry.find(':');
        if (colon == std::string::npos) continue;
        Armed armed;
        armed.action = entry.substr(colon + 1);
        if (const auto star = armed.action.find('*'); star != std::string::npos) {
            armed.remaining = std::strtol(armed.action.c_str() + star + 1, nullptr, 10);
            armed.action.resize(star);
        }
        if (const auto at = armed.action.find('@'); at != std::string::npos) {
            armed.from = std::strtol(armed.action.c_str() + at + 1, nullptr, 10);
            armed.action.resize(at);
        }
        points[entry.substr(0, colon)] = armed;
    }
    return points;
}

}  // namespace

bool failpoint(const char* name) {
    static std::mutex mutex;  // points fire on the network, bot and writer threads
    static std::map<std::string, Armed> points = parse(std::getenv("BROADSIDE_FAILPOINT"));
    std::string action;
    {
        std::lock_guard lock(mutex);
        auto it = points.find(name);
        if (it == points.end()) return false;
        if (++it->second.reached < it->second.from || it->second.remaining == 0) return false;
        if (it->second.remaining > 0) --it->second.remaining;
        action = it->second.action;
    }
    // Tests wait for this line rather than for a time (the moment the server is in the window).
    std::fprintf(stderr, "failpoint %s: %s\n", name, action.c_str());
    std::fflush(stderr);
    if (action == "exit") {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        _exit(137);
    }
    if (action.rfind("pause=", 0) == 0) {
        std::this_thread::sleep_for(
            std::chrono::milliseconds(std::strtol(action.c_str() + 6, nullptr, 10)));
        return false;
    }
    return action == "fail";
}

bool failpoints_built() {
    return true;
}

}  // namespace broadside::server

#else

namespace broadside::server {

bool failpoint(const char*) {
    return false;
}

bool failpoints_built() {
    return false;
}

}  // namespace broadside::server

#endif

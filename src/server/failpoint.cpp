#include "server/failpoint.h"

#ifdef BROADSIDE_FAILPOINTS

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include <unistd.h>

namespace broadside::server {

void failpoint(const char* name) {
    static const std::string armed = [] {
        const char* value = std::getenv("BROADSIDE_FAILPOINT");
        return std::string(value ? value : "");
    }();
    if (armed != std::string(name) + ":exit") return;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    _exit(137);
}

}  // namespace broadside::server

#else

namespace broadside::server {

void failpoint(const char*) {}

}  // namespace broadside::server

#endif

#include "server/lan.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <cstdint>

namespace broadside::server {

namespace {

bool is_private(std::uint32_t host_order) {
    return (host_order >> 16) == 0xC0A8 ||       // 192.168.0.0/16
           (host_order >> 24) == 10 ||           // 10.0.0.0/8
           (host_order >> 20) == (0xAC10 >> 4);  // 172.16.0.0/12
}

}  // namespace

std::optional<std::string> lan_address() {
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return std::nullopt;
    std::optional<std::string> any;
    std::optional<std::string> best;
    for (ifaddrs* i = list; i != nullptr; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
        char text[INET_ADDRSTRLEN] = {};
        if (!inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) continue;
        if (!any) any = text;
        if (!best && is_private(ntohl(in->sin_addr.s_addr))) best = text;
    }
    freeifaddrs(list);
    return best ? best : any;
}

}  // namespace broadside::server

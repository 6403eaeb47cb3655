// `X-Forwarded-For` is believed only from a `--trusted-proxy` (docs/server.md, "Abuse"): from
// anyone else it is ignored, so writing a different address into it does not dodge a
// per-address cap. The cap used is the cheapest to reach, `--max-connections-per-address 2`.
// tests/mutants/forwarded_for_from_anyone.patch believes the header from every client, and
// the first test fails.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

#include "support/raw_ws.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

std::string forwarded_for(const std::string& address) {
    return "X-Forwarded-For: " + address + "\r\n";
}

// Opens a lobby WebSocket claiming to come from `address`; the HTTP status line when the
// server refuses the upgrade, "" when it accepts (the connection is kept in `open`).
std::string try_connect(unsigned short port, const std::string& address,
                        std::vector<std::unique_ptr<RawWs>>& open) {
    try {
        open.push_back(std::make_unique<RawWs>(port, "/ws", 0, forwarded_for(address)));
        return "";
    } catch (const std::runtime_error& e) {
        return e.what();
    }
}

TEST(TrustedProxy, AStrangersForwardedForIsIgnoredSoItsCapStillHolds) {
    ServerProcess server(temp_dir(), {"--max-connections-per-address", "2"});
    std::vector<std::unique_ptr<RawWs>> open;
    EXPECT_EQ(try_connect(server.port(), "198.51.100.1", open), "");
    EXPECT_EQ(try_connect(server.port(), "198.51.100.2", open), "");
    // Three different claimed addresses, one real one (127.0.0.1): the third is over its cap.
    const std::string third = try_connect(server.port(), "198.51.100.3", open);
    EXPECT_NE(third.find("429"), std::string::npos) << "accepted: " << third;
    // With no header at all, the same address is still full.
    std::string plain;
    try {
        RawWs ws(server.port(), "/ws");
    } catch (const std::runtime_error& e) {
        plain = e.what();
    }
    EXPECT_NE(plain.find("429"), std::string::npos) << plain;
    EXPECT_EQ(server.terminate(), 0);
}

TEST(TrustedProxy, ATrustedProxysForwardedAddressIsTheOneCapped) {
    ServerProcess server(temp_dir(),
                         {"--max-connections-per-address", "2", "--trusted-proxy", "127.0.0.1"});
    std::vector<std::unique_ptr<RawWs>> open;
    // Each forwarded address has a cap of its own: two each, more than two in all.
    EXPECT_EQ(try_connect(server.port(), "198.51.100.1", open), "");
    EXPECT_EQ(try_connect(server.port(), "198.51.100.2", open), "");
    EXPECT_EQ(try_connect(server.port(), "198.51.100.3", open), "");
    EXPECT_EQ(try_connect(server.port(), "198.51.100.1", open), "");
    // The last hop is the client's (a client may write anything before it).
    EXPECT_NE(try_connect(server.port(), "203.0.113.9, 198.51.100.1", open).find("429"),
              std::string::npos);
    EXPECT_EQ(try_connect(server.port(), "198.51.100.1, 198.51.100.2", open), "");
    EXPECT_NE(try_connect(server.port(), "198.51.100.2", open).find("429"), std::string::npos);
    EXPECT_EQ(open.size(), 5u);
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

// A room connection whose `hello` was refused (`bad_token`) is where a connection is before its
// hello, and its frames are checked in the documented order (docs/protocol.md, "Errors from the
// server"): `hello` first, then the field types. A mistyped request there is `hello_first`, like
// a well-typed one, and a hello with the right token then takes the seat.
#include <gtest/gtest.h>

#include "client/ws_client.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

TEST(ServerRefusedHello, TheConnectionMustSayHelloBeforeAnythingElseIsChecked) {
    ServerProcess server(temp_dir());
    const json created = create_room(server.port(), {{"game", "classic"}, {"name", "Ann"}});
    ASSERT_EQ(created["type"], "room_created") << created.dump();
    client::WsClient ws("127.0.0.1", server.port(), "/ws/" + created["room"].get<std::string>());
    const json refused = ws.request({{"cmd", "hello"}, {"protocol", 2}, {"token", "nope"}});
    ASSERT_EQ(refused["error"]["code"], "bad_token") << refused.dump();
    const json mistyped = ws.request({{"cmd", "act"}, {"action_id", json::array({1})}});
    EXPECT_EQ(mistyped["error"]["code"], "hello_first") << mistyped.dump();
    const json well_typed = ws.request({{"cmd", "join"}, {"name", "Bob"}});
    EXPECT_EQ(well_typed["error"]["code"], "hello_first") << well_typed.dump();
    // A hello with its own mistakes is checked as a hello: its field types.
    const json bad_hello = ws.request({{"cmd", "hello"}, {"protocol", 2}, {"token", 7}});
    EXPECT_EQ(bad_hello["error"]["code"], "bad_request") << bad_hello.dump();
    const json welcome =
        ws.request({{"cmd", "hello"}, {"protocol", 2}, {"token", created["token"]}});
    EXPECT_EQ(welcome["type"], "welcome") << welcome.dump();
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing

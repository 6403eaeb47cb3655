#pragma once
// The protocol's version, in one place: `broadside engine`'s hello, the referee's start message,
// the server's welcome and its hello check all say this number (docs/protocol.md, "Versions").
namespace broadside::protocol {

// 2: the party game's events are compact per seat (docs/protocol.md, "Versions").
inline constexpr int kProtocolVersion = 2;
// The oldest version the server still serves: 1 differs from 2 only in the party game, so
// protocol 1 clients are served everywhere but in party rooms (docs/server.md, "The wire
// protocol").
inline constexpr int kOldestProtocol = 1;

}  // namespace broadside::protocol
